// SPDX-License-Identifier: GPL-3.0-or-later
// The status records as they cross from the WebAssembly module (numbers,
// the moves' codes and one text: crates/js/src/compact.rs lays them out)
// made the engine protocol's objects again, their keys in the protocol's
// order, so that JSON.stringify of one is the command's --json line.

import * as wasm from "../pkg/drawrules_js.js";

// The names the numbers count in (the moves' codes among them, from the
// module's own constants), and the module's memory, where the numbers are
// read (filled by loadedNames()).
let names = null;
let memory = null;

/** Called by the package's entries once the WebAssembly module is compiled. */
export function loadedNames() {
  names = JSON.parse(wasm.vocabulary());
  memory = wasm.moduleMemory();
  uci = new Array(names.spelled).fill(null);
}

/** The list packed in `bits`, three bits an entry, in its order. */
function unpacked(bits, table) {
  const list = [];
  for (let rest = bits; rest !== 0; rest >>>= 3) {
    list.push(table[(rest & 7) - 1]);
  }
  return list;
}

const FILES = "abcdefgh";

// The UCI text of each code met so far: one string a move, shared by
// every record that lists it (made by loadedNames(), as long as the
// codes of UCI moves go: to the first code spelled out).
let uci = [];

/** The UCI text of move code `code` (below names.spelled). */
function uciOf(code) {
  const known = uci[code];
  if (known !== null) {
    return known;
  }
  const square = (index) => `${FILES[index & 7]}${(index >>> 3) + 1}`;
  const promotion = code >>> 12 === 0 ? "" : names.promotions[(code >>> 12) - 1];
  const text = `${square(code & 63)}${square((code >>> 6) & 63)}${promotion}`;
  uci[code] = text;
  return text;
}

/** The `count` moves whose codes start at `start`. */
function moves(codes, start, count, spelled) {
  const first = names.spelled;
  const list = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const code = codes[start + index];
    list[index] = code < first ? uciOf(code) : spelled[code - first];
  }
  return list;
}

/** The records a `Records` of the module holds (freed here). */
export function records(crossing) {
  const text = crossing.text();
  // The numbers and codes read where they lie, no copy made: nothing
  // runs in the module (to grow its memory) before the records are freed.
  const [numbersAt, numbersLength, codesAt, codesLength] = crossing.layout();
  const made = laidOut(
    new Uint32Array(memory.buffer, numbersAt, numbersLength),
    new Uint32Array(memory.buffer, codesAt, codesLength),
    text,
  );
  crossing.free();
  return made;
}

/** The records `numbers`, `codes` and `text` lay out. */
export function laidOut(numbers, codes, text) {
  const { fields, endings, claims, results } = names;
  const made = new Array(numbers.length / fields);
  // The moves that cross as their text follow the last FEN, a newline
  // after each.
  const fensEnd = numbers.length === 0 ? 0 : numbers[numbers.length - fields + 7];
  const spelled = fensEnd === text.length ? [] : text.slice(fensEnd, -1).split("\n");
  let start = 0;
  let next = 0;
  for (let index = 0, at = 0; at < numbers.length; index += 1, at += fields) {
    const fenEnd = numbers[at + 7];
    const threefold = numbers[at + 8];
    const fifty = numbers[at + 9];
    const ply = numbers[at];
    const fen = text.slice(start, fenEnd);
    const clock = numbers[at + 1];
    const repetition = numbers[at + 2];
    const ended = unpacked(numbers[at + 3], endings);
    const result = results[numbers[at + 5]];
    const claimed = unpacked(numbers[at + 6], claims);
    const onMove = {
      "threefold-repetition": moves(codes, next, threefold, spelled),
      "fifty-moves": moves(codes, next + threefold, fifty, spelled),
    };
    next += threefold + fifty;
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
    start = fenEnd;
  }
  return made;
}
