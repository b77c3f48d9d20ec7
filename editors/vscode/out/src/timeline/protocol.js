"use strict";
// Messages between the extension and the timeline webview.
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=protocol.js.map