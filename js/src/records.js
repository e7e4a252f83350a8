// SPDX-License-Identifier: GPL-3.0-or-later
// The status records as they cross from the WebAssembly module (each an
// array of its fields, an empty list as null: crates/js/src/compact.rs)
// made the engine protocol's objects again, their keys in the protocol's
// order, so that JSON.stringify of one is the command's --json line.

/** One record from its fields. */
export function record(fields) {
  const [ply, fen, clock, repetition, ended, result, claims, threefold, fifty, undetermined] = fields;
  const made = { ply, fen, clock, repetition, ended: ended ?? [] };
  if (undetermined !== null) {
    made.undetermined = undetermined;
  }
  made.result = result;
  made.claims = claims ?? [];
  made.claims_on_move = { "threefold-repetition": threefold ?? [], "fifty-moves": fifty ?? [] };
  return made;
}

/** Records from the module's JSON text. */
export function records(text) {
  return JSON.parse(text).map(record);
}
