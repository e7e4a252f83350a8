// SPDX-License-Identifier: GPL-3.0-or-later
// The status records as they cross from the WebAssembly module (numbers
// and one text: crates/js/src/compact.rs lays them out) made the engine
// protocol's objects again, their keys in the protocol's order, so that
// JSON.stringify of one is the command's --json line.

import * as wasm from "../pkg/drawrules_js.js";

// The names the numbers count in, from the module (filled by loaded()).
let names = null;

/** Called by the package's entries once the WebAssembly module is compiled. */
export function loadedNames() {
  names = JSON.parse(wasm.vocabulary());
}

/** The list packed in `bits`, three bits an entry, in its order. */
function unpacked(bits, table) {
  const list = [];
  for (let rest = bits; rest !== 0; rest >>>= 3) {
    list.push(table[(rest & 7) - 1]);
  }
  return list;
}

/** The moves of a list, from `start` to `end` in the text. */
function moves(text, start, end) {
  return start === end ? [] : text.slice(start, end).split(" ");
}

/** The records a `Records` of the module holds (freed here). */
export function records(crossing) {
  const numbers = crossing.numbers();
  const text = crossing.text();
  crossing.free();
  const { fields, endings, claims, results } = names;
  const made = new Array(numbers.length / fields);
  let start = 0;
  for (let index = 0, at = 0; at < numbers.length; index += 1, at += fields) {
    const fenEnd = numbers[at + 7];
    const threefoldEnd = numbers[at + 8];
    const fiftyEnd = numbers[at + 9];
    const ply = numbers[at];
    const fen = text.slice(start, fenEnd);
    const clock = numbers[at + 1];
    const repetition = numbers[at + 2];
    const ended = unpacked(numbers[at + 3], endings);
    const result = results[numbers[at + 5]];
    const claimed = unpacked(numbers[at + 6], claims);
    const onMove = {
      "threefold-repetition": moves(text, fenEnd, threefoldEnd),
      "fifty-moves": moves(text, threefoldEnd, fiftyEnd),
    };
    // One literal for each shape (`undetermined` only when some ending
    // is), so that every record of a shape is built alike.
    made[index] =
      numbers[at + 4] === 0
        ? { ply, fen, clock, repetition, ended, result, claims: claimed, claims_on_move: onMove }
        : {
            ply,
            fen,
            clock,
            repetition,
            ended,
            undetermined: unpacked(numbers[at + 4], endings),
            result,
            claims: claimed,
            claims_on_move: onMove,
          };
    start = fiftyEnd;
  }
  return made;
}
