-- Drives revl-lsp with Neovim's built-in LSP client (vim.lsp), headless.
-- Run by lsp/nvim_test.go:
--
--   REVL_LSP=path/to/revl-lsp REVL_FILE=file.rvl REVL_OUT=out.json \
--   REVL_HOVER=line:col REVL_DEF=line:col \
--     nvim --headless --clean -u NONE -i NONE -n -c 'luafile client.lua'
--
-- It opens the file, waits for diagnostics, asks for a hover and a
-- definition, saves (the server sweeps schedules on save) and waits for
-- the schedule finding, asks for code lenses, formats the buffer with the
-- server's edits applied by Neovim itself, types two lines above it all
-- and asks a definition there, shuts the server down, and
-- writes everything it saw to REVL_OUT as JSON. Written for Neovim 0.7
-- (Debian bookworm's) and later.

local out = assert(os.getenv('REVL_OUT'))
local results = { log = {} }

local function log(msg) table.insert(results.log, msg) end

local function finish()
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(results))
  f:close()
  vim.cmd('qa!')
end

local function pos(env)
  local l, c = string.match(os.getenv(env), '(%d+):(%d+)')
  return { line = tonumber(l), character = tonumber(c) }
end

local ok, err = pcall(function()
  local file = assert(os.getenv('REVL_FILE'))
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)

  local published = {}
  local client_id = vim.lsp.start_client({
    name = 'revl-lsp',
    cmd = { os.getenv('REVL_LSP'), '-seeds', '60' },
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(e, result, ctx, config)
        table.insert(published, result)
        return vim.lsp.diagnostic.on_publish_diagnostics(e, result, ctx, config)
      end,
    },
  })
  assert(client_id, 'the client did not start')
  assert(vim.lsp.buf_attach_client(buf, client_id), 'attach failed')
  local client = vim.lsp.get_client_by_id(client_id)

  assert(vim.wait(15000, function() return #published > 0 end, 20), 'no diagnostics after open')
  -- The first publication is the check's; the sweep's follows it, and
  -- may already be in by the time the wait looks (a fast sweep did).
  results.initial = published[1]
  results.server_name = client.name
  results.capabilities = {
    hover = client.resolved_capabilities and client.resolved_capabilities.hover or nil,
  }

  local function request(method, params)
    local resp, e = client.request_sync(method, params, 10000, buf)
    if not resp then error(method .. ': ' .. tostring(e)) end
    if resp.err then error(method .. ': ' .. vim.inspect(resp.err)) end
    return resp.result
  end

  results.hover = request('textDocument/hover', { textDocument = { uri = uri }, position = pos('REVL_HOVER') })
  results.definition = request('textDocument/definition', { textDocument = { uri = uri }, position = pos('REVL_DEF') })

  -- Saving sends didSave: the server sweeps the schedules and publishes
  -- the findings as diagnostics.
  vim.cmd('write')
  local function finding()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local code = d.code
      if code == nil and d.user_data and d.user_data.lsp then code = d.user_data.lsp.code end
      if code == 'S-unstable' then return d end
    end
  end
  assert(vim.wait(30000, function() return finding() ~= nil end, 20), 'no schedule finding after save')
  local f = finding()
  results.finding = { lnum = f.lnum, col = f.col, end_col = f.end_col, message = f.message, source = f.source }
  results.schedule_publish = published[#published]

  results.lenses = request('textDocument/codeLens', { textDocument = { uri = uri } })

  local edits = request('textDocument/formatting', {
    textDocument = { uri = uri },
    options = { tabSize = 2, insertSpaces = true },
  })
  results.formatting = edits
  vim.lsp.util.apply_text_edits(edits, buf, client.offset_encoding or 'utf-16')
  results.formatted = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'

  -- Two lines typed before every declaration: the server's new version
  -- moves the whole tree two lines down (it copies the declarations,
  -- moved, instead of parsing them). A definition on the moved text
  -- (REVL_DEF_MOVED, a position in the formatted text two lines down)
  -- must land on the moved declaration.
  -- The edit is made once the formatted version is published (parsed),
  -- so that the server edits that version's tree.
  local function published_current()
    local want = vim.lsp.util.buf_versions[buf]
    for _, p in ipairs(published) do
      if p.version == want then return true end
    end
    return false
  end
  assert(vim.wait(10000, published_current, 20), 'the formatted version was not published')
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { '// two lines typed', '// before every declaration' })
  assert(vim.wait(10000, published_current, 20), 'no diagnostics for the edited version')
  results.moved_publish = published[#published]
  results.moved_definition = request('textDocument/definition', { textDocument = { uri = uri }, position = pos('REVL_DEF_MOVED') })

  client.stop()
  results.stopped = vim.wait(10000, function() return client.is_stopped() end, 20)
end)

if not ok then results.error = tostring(err) end
finish()
