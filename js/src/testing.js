// SPDX-License-Identifier: GPL-3.0-or-later
// Tools for a chess library's own tests: the project's generated games
// (GeneratedGame, also drawn by the fast-check arbitrary in
// ../fast-check.js) and compare(), which holds a library's answers to the
// reference's and words the first difference as `drawrules verify` does.
// The Python package's drawrules.testing does the same, in the same
// words.

import * as wasm from "../pkg/drawrules_js.js";
import { call, judge, movesList } from "./api.js";
import { InvalidOptionError, MoveError } from "./errors.js";
import { loadedNames } from "./records.js";

/**
 * The situations a game can be steered to: every one the project names
 * (`drawrules docs situations`), each where some implementation is known
 * to go wrong. (Filled by `loaded()` once the module is compiled: the
 * package's entries call it before their import completes.)
 */
export let SITUATIONS = Object.freeze([]);

/** Called by the package's entries once the WebAssembly module is compiled. */
export function loaded() {
  loadedNames();
  SITUATIONS = Object.freeze(JSON.parse(wasm.situations()));
}

/** `data` as bytes: an array (or array-like) of integers from 0 to 255. */
function bytesOf(data) {
  const list = data !== null && typeof data === "object" && typeof data.length === "number" ? Array.from(data) : null;
  const bad = list === null ? -1 : list.findIndex((byte) => !Number.isInteger(byte) || byte < 0 || byte > 255);
  if (list === null || bad >= 0) {
    const what = list === null ? `not ${data === null ? "null" : `a ${typeof data}`}` : `not ${JSON.stringify(list[bad])} at ${bad}`;
    throw new InvalidOptionError(`a generated game is made from bytes (integers from 0 to 255), ${what}`);
  }
  return Uint8Array.from(list);
}

/**
 * A game from the project's generators: where it starts (`fen`), what is
 * played (`moves`, UCI), under which `edition`, whether it is `chess960`.
 * The game may run on past its end (a mate, a stalemate, a fivefold
 * repetition...): every move after it must be refused, as the reference
 * refuses it. `situation` is the one it was steered to (`null`: played
 * freely) and `data` the bytes it was made from: `GeneratedGame.made(
 * situation, data)` makes it again. `reached` lists the situations the
 * game reaches, found in what happened in it.
 */
export class GeneratedGame {
  constructor({ fen, moves, edition, chess960, situation, data, reached }) {
    this.fen = fen;
    this.moves = moves;
    this.edition = edition;
    this.chess960 = chess960;
    this.situation = situation;
    this.data = data;
    this.reached = reached;
    Object.freeze(this);
  }

  /** The game `data` (bytes) makes, steered to `situation` (or free: `null`). */
  static made(situation, data) {
    if (situation !== null && typeof situation !== "string") {
      throw new InvalidOptionError(`a situation is a name or null, not ${typeof situation}`);
    }
    const bytes = data instanceof Uint8Array ? Uint8Array.from(data) : bytesOf(data);
    const game = JSON.parse(call(() => wasm.generate(situation ?? undefined, bytes)));
    return new GeneratedGame({ ...game, situation, data: bytes });
  }

  /**
   * The reference's records of the game: plies 0 to its end (or its last
   * move), the moves after the end refused.
   */
  records() {
    try {
      return judge(this.moves, this.#options());
    } catch (refused) {
      if (refused instanceof MoveError) {
        return refused.records;
      }
      throw refused;
    }
  }

  /** compare() on this game: a library's records of it against the reference's. */
  compare(records, { name = "the library" } = {}) {
    return compare(records, this.moves, { ...this.#options(), name });
  }

  /** The `drawrules explain` command line that replays it. */
  command() {
    const words = ["drawrules", "explain", "--rules", this.edition, "--fen", JSON.stringify(this.fen)];
    if (this.chess960) {
      words.push("--chess960");
    }
    return [...words, "--", ...this.moves].join(" ");
  }

  /** How a failing test names it: the call that makes it again. */
  toString() {
    const hex = Array.from(this.data, (byte) => byte.toString(16).padStart(2, "0")).join("");
    return `GeneratedGame.made(${JSON.stringify(this.situation)}, Buffer.from("${hex}", "hex")): ${this.command()}`;
  }

  #options() {
    return { fen: this.fen, edition: this.edition, chess960: this.chess960 };
  }
}

// The fields of the record, in its order, as verify names them.
const FIELDS = [
  "ply",
  "fen",
  "clock",
  "repetition",
  "ended",
  "result",
  "claims",
  "claims_on_move.threefold-repetition",
  "claims_on_move.fifty-moves",
];
// Lists whose order means nothing: compared as sets.
const UNORDERED = new Set([
  "ended",
  "claims",
  "claims_on_move.threefold-repetition",
  "claims_on_move.fifty-moves",
]);

// What stands where a record cannot: a move the reference refuses, a
// record the library did not give, a move the reference played.
export const REFUSED = Symbol("the move refused");
export const ABSENT = Symbol("no record");
export const PLAYED = Symbol("the move played");

function shown(value) {
  return typeof value === "symbol" ? value.description : JSON.stringify(value);
}

/** Where a library's answer first departs from the reference's. */
export class Difference {
  constructor(ply, field, reference, library, name = "the library") {
    this.ply = ply;
    this.field = field;
    this.reference = reference;
    this.library = library;
    this.name = name;
    Object.freeze(this);
  }

  toString() {
    const [ours, theirs] = [shown(this.reference), shown(this.library)];
    return (
      `${this.field} at ply ${this.ply}: expected ${ours}, got ${theirs} ` +
      `(${this.name} departs here on ${this.field}: the reference says ${ours}, ${this.name} says ${theirs})`
    );
  }
}

/**
 * A library's records of a game held to the reference's: `agrees` when
 * they agree on every field the library gives. `difference` is the first
 * departure (`null` when they agree); `readings` maps each accepted
 * reading of the Laws the library followed (one `drawrules verify`
 * accepts beside ours: a stalemate on the 150th ply reported without
 * `seventy-five-moves`, say) to the plies where it did: no departure, but
 * counted, as verify counts it.
 */
export class Comparison {
  constructor(plies, difference = null, readings = {}, explained = {}) {
    this.plies = plies;
    this.difference = difference;
    this.readings = readings;
    this.explained = explained;
    Object.freeze(this);
  }

  get agrees() {
    return this.difference === null;
  }

  toString() {
    if (this.difference !== null) {
      return this.difference.toString();
    }
    const followed = Object.entries(this.readings)
      .map(([name, plies]) => `; accepted reading ${name} at plies ${plies.join(", ")} (${this.explained[name]})`)
      .join("");
    return `agrees on ${this.plies} plies${followed}`;
  }
}

function valueOf(record, name) {
  if (name.startsWith("claims_on_move.")) {
    const lists = record.claims_on_move;
    if (lists === null || typeof lists !== "object") {
      return ABSENT;
    }
    const key = name.slice("claims_on_move.".length);
    return key in lists ? lists[key] : ABSENT;
  }
  return name in record ? record[name] : ABSENT;
}

function same(name, ours, theirs) {
  if (UNORDERED.has(name) && Array.isArray(ours) && Array.isArray(theirs)) {
    const sorted = (list) => JSON.stringify(list.map(String).sort());
    return ours.length === theirs.length && sorted(ours) === sorted(theirs);
  }
  return JSON.stringify(ours) === JSON.stringify(theirs);
}

/** The first field `theirs` gives that differs from `ours`: [field, ours, theirs]. */
function departure(ours, theirs) {
  for (const name of FIELDS) {
    const given = valueOf(theirs, name);
    if (given === ABSENT) {
      continue;
    }
    const expected = valueOf(ours, name);
    if (!same(name, expected, given)) {
      return [name, expected, given];
    }
  }
  return null;
}

/**
 * A library's records of a game held to the reference's.
 *
 * `records` are the library's answers for plies 0, 1, ... (objects of the
 * protocol's record); a field a record leaves out is not compared (a
 * library that has no fifty-move claim on a written move gives no
 * `claims_on_move["fifty-moves"]`), and `ended`, `claims` and the
 * written-move lists are compared as sets. Where the reference refuses a
 * move (after the end of the game, or an illegal one) the library must
 * give no record for that ply: a record there is a difference on `moves`,
 * and so is a record missing before it. `options`: `fen`, `chess960`,
 * `edition` as for `judge`, and the library's `name` for the wording.
 */
export function compare(records, moves, options = {}) {
  const { name = "the library", ...judged } = options;
  if (!Array.isArray(records)) {
    throw new InvalidOptionError("compare: records must be an array of status records");
  }
  const theirs = records.map((record, ply) => {
    if (record === null || typeof record !== "object") {
      throw new InvalidOptionError(`compare: the record of ply ${ply} is not an object`);
    }
    return record;
  });
  const played = movesList(moves, "compare");
  let ours;
  try {
    ours = judge(played, { ...judged, notation: "uci-or-san" });
  } catch (refused) {
    if (!(refused instanceof MoveError)) {
      throw refused;
    }
    ours = refused.records;
  }
  const followed = {};
  const explained = {};
  for (let ply = 0; ply < Math.max(ours.length, theirs.length); ply += 1) {
    if (ply >= ours.length) {
      return new Comparison(ply, new Difference(ply, "moves", REFUSED, PLAYED, name));
    }
    if (ply >= theirs.length) {
      return new Comparison(ply, new Difference(ply, "moves", PLAYED, ABSENT, name));
    }
    const found = departure(ours[ply], theirs[ply]);
    if (found === null) {
      continue;
    }
    const reading = JSON.parse(wasm.readings(JSON.stringify(ours[ply]))).find(
      (candidate) => departure(candidate.record, theirs[ply]) === null,
    );
    if (reading === undefined) {
      return new Comparison(ply, new Difference(ply, found[0], found[1], found[2], name));
    }
    (followed[reading.name] ??= []).push(ply);
    explained[reading.name] = reading.explain;
  }
  return new Comparison(ours.length, null, followed, explained);
}
