// SPDX-License-Identifier: GPL-3.0-or-later
// The drawrules package in Node: the WebAssembly module read from the
// package's folder and compiled at import, so every function is ready
// once `import ... from "drawrules"` returns.

import { readFileSync } from "node:fs";
import { initSync } from "./pkg/drawrules_js.js";
import { loaded } from "./src/testing.js";

initSync({ module: readFileSync(new URL("./pkg/drawrules_js_bg.wasm", import.meta.url)) });
loaded();

export * from "./src/index.js";
