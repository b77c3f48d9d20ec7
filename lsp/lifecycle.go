package lsp

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/sourcegraph/jsonrpc2"
	"go.lsp.dev/protocol"
)

// Version is reported to clients in serverInfo.
const Version = "0.1.0"

// initialize answers the first request: the client's capabilities in, the
// server's out. Decoding is lenient: go.lsp.dev/protocol types the whole
// client capability tree, and a field some client sends with another
// shape must not make the session fail, so on a decode error only the few
// fields the server reads are taken.
func (s *Server) initialize(raw json.RawMessage) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state != stateNew {
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "initialize was already received"}
	}
	var params protocol.InitializeParams
	if err := json.Unmarshal(raw, &params); err != nil {
		s.logf("initialize: lenient decoding (%v)", err)
		var min struct {
			RootURI      protocol.DocumentURI `json:"rootUri"`
			Capabilities struct {
				Window struct {
					WorkDoneProgress bool `json:"workDoneProgress"`
				} `json:"window"`
			} `json:"capabilities"`
			WorkspaceFolders []protocol.WorkspaceFolder `json:"workspaceFolders"`
		}
		if err := json.Unmarshal(raw, &min); err != nil {
			return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: "invalid initialize params: " + err.Error()}
		}
		params.RootURI = min.RootURI
		params.WorkspaceFolders = min.WorkspaceFolders
		params.Capabilities.Window = &protocol.WindowClientCapabilities{WorkDoneProgress: min.Capabilities.Window.WorkDoneProgress}
	}
	if w := params.Capabilities.Window; w != nil {
		s.caps.workDoneProgress = w.WorkDoneProgress
	}
	if w := params.Capabilities.Workspace; w != nil && w.CodeLens != nil {
		s.caps.codeLensRefresh = w.CodeLens.RefreshSupport
	}
	for _, f := range params.WorkspaceFolders {
		s.roots = append(s.roots, uriPath(protocol.DocumentURI(f.URI)))
	}
	if len(s.roots) == 0 && params.RootURI != "" {
		s.roots = append(s.roots, uriPath(params.RootURI))
	}
	s.state = stateInitializing
	return &protocol.InitializeResult{
		Capabilities: serverCapabilities(),
		ServerInfo:   &protocol.ServerInfo{Name: "revl-lsp", Version: Version},
	}, nil
}

func serverCapabilities() protocol.ServerCapabilities {
	return protocol.ServerCapabilities{
		TextDocumentSync: &protocol.TextDocumentSyncOptions{
			OpenClose: true,
			Change:    protocol.TextDocumentSyncKindIncremental,
			Save:      &protocol.SaveOptions{},
		},
		HoverProvider:              true,
		DefinitionProvider:         true,
		ReferencesProvider:         true,
		DocumentHighlightProvider:  true,
		DocumentSymbolProvider:     true,
		WorkspaceSymbolProvider:    true,
		CompletionProvider:         &protocol.CompletionOptions{TriggerCharacters: []string{".", ":"}},
		RenameProvider:             &protocol.RenameOptions{PrepareProvider: true},
		FoldingRangeProvider:       true,
		DocumentFormattingProvider: true,
		CodeActionProvider: &protocol.CodeActionOptions{
			CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix},
		},
		CodeLensProvider: &protocol.CodeLensOptions{},
		ExecuteCommandProvider: &protocol.ExecuteCommandOptions{
			Commands: commandNames(),
		},
		SemanticTokensProvider: map[string]any{
			"legend": semanticLegend(),
			"full":   true,
			"range":  false,
		},
	}
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (s *Server) initialized(json.RawMessage) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == stateInitializing {
		s.state = stateRunning
	}
	return nil
}

// shutdownRequest stops background work; from now on only exit counts.
func (s *Server) shutdownRequest(context.Context, *Snapshot, json.RawMessage) (any, error) {
	s.mu.Lock()
	s.state = stateShutdown
	s.shutdown = true
	for _, r := range s.sweeps {
		r.cancel()
	}
	s.mu.Unlock()
	return nil, nil
}

// exit ends Serve. The connection is closed there.
func (s *Server) exit(json.RawMessage) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.exited:
	default:
		close(s.exited)
	}
	return nil
}
