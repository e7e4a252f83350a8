// SPDX-License-Identifier: GPL-3.0-or-later
// The drawrules package in a browser (or a bundler): the WebAssembly
// module fetched beside this file and compiled before the import
// completes (a top-level await), so every function is ready once
// `import ... from "drawrules"` returns.

import init from "./pkg/drawrules_js.js";
import { loaded } from "./src/testing.js";

await init({ module_or_path: new URL("./pkg/drawrules_js_bg.wasm", import.meta.url) });
loaded();

export * from "./src/index.js";
