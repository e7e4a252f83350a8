// SPDX-License-Identifier: GPL-3.0-or-later
// Everything the package exports, from both entries (../node.js,
// ../browser.js), which load the WebAssembly module first.

export { Deadness, Game, dead, judge } from "./api.js";
export * from "./errors.js";
export {
  ABSENT,
  Comparison,
  Difference,
  GeneratedGame,
  PLAYED,
  REFUSED,
  SITUATIONS,
  compare,
} from "./testing.js";
