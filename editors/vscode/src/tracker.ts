// What the extension logs about a revl-dap process. VS Code reports the
// end of the adapter's output as an error ("read error") every time the
// process exits, a normal session end included; only an end nobody asked
// for (no disconnect or terminate request, no terminated event) is a
// problem worth a line in the output channel. Nothing here imports vscode,
// so it is unit-tested under plain Node.

/** The DAP messages the tracker looks at. */
export interface TrackedMessage {
  type?: string;
  command?: string;
  event?: string;
  body?: unknown;
}

/** The shape of vscode.DebugAdapterTracker that this builds. */
export interface Tracker {
  onWillReceiveMessage(m: TrackedMessage): void;
  onDidSendMessage(m: TrackedMessage): void;
  onWillStopSession(): void;
  onError(e: Error): void;
  onExit(code: number | undefined, signal: string | undefined): void;
}

/**
 * adapterTracker follows one session: `onMessage` sees every message the
 * adapter sends; `log` gets the adapter's real errors and unexpected exits.
 */
export function adapterTracker(log: (line: string) => void, onMessage: (m: TrackedMessage) => void = () => undefined): Tracker {
  let ending = false; // the session is being ended on purpose
  return {
    onWillReceiveMessage(m) {
      if (m.type === 'request' && (m.command === 'disconnect' || m.command === 'terminate')) ending = true;
    },
    onDidSendMessage(m) {
      if (m.type === 'event' && (m.event === 'terminated' || m.event === 'exited')) ending = true;
      onMessage(m);
    },
    onWillStopSession() {
      ending = true;
    },
    onError(e) {
      // The adapter's stdout closed: expected once the session ends.
      if (e.message === 'read error') {
        if (!ending) log('revl-dap closed its output before the session ended (it exited or crashed; see the lines above)');
        return;
      }
      log(`debug adapter error: ${e.message}`);
    },
    onExit(code, signal) {
      if (ending && code === 0) return;
      log(`revl-dap exited (${signal ?? code})${ending ? '' : ' before the session ended'}`);
    },
  };
}
