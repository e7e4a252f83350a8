// SPDX-License-Identifier: GPL-3.0-or-later
// The drawrules package's API over its WebAssembly module (loaded by
// ../node.js or ../browser.js before any of this is called): a game
// played move by move, a whole game judged, Article 5.2.2 decided on a
// position. Every record is the engine protocol's status record, field
// for field what `drawrules explain --json` writes.

import * as wasm from "../pkg/drawrules_js.js";
import { InvalidOptionError, thrown } from "./errors.js";
import { records } from "./records.js";

/** Calls a WebAssembly function, its error thrown as the package's class. */
export function call(work) {
  try {
    return work();
  } catch (raised) {
    throw thrown(raised);
  }
}

/** The options object as the module reads it (JSON), checked to be one. */
export function optionsJson(options, where) {
  if (options === undefined || options === null) {
    return "{}";
  }
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new InvalidOptionError(`${where}: options must be an object, not ${describe(options)}`);
  }
  try {
    return JSON.stringify(options);
  } catch (err) {
    // A BigInt, or an object that holds itself.
    throw new InvalidOptionError(`${where}: options cannot be read: ${err.message}`);
  }
}

/** The moves (an array or any iterable of strings), checked, as an array. */
export function movesList(moves, where) {
  if (typeof moves === "string" || moves === null || typeof moves?.[Symbol.iterator] !== "function") {
    throw new InvalidOptionError(
      `${where}: moves must be an array of strings (UCI or SAN), not ${describe(moves)}`,
    );
  }
  const list = Array.isArray(moves) ? moves : Array.from(moves);
  for (let index = 0; index < list.length; index += 1) {
    if (typeof list[index] !== "string") {
      throw new InvalidOptionError(`${where}: move ${index + 1} is not a string but ${describe(list[index])}`);
    }
  }
  return list;
}

/**
 * The moves, checked, as the module reads them (crates/js/src/lib.rs,
 * `moves_of`): one a line, or a JSON array where lines would not read
 * them back (a move empty or holding a newline, the first starting with
 * `[`).
 */
export function movesText(moves, where) {
  const list = movesList(moves, where);
  const asLines =
    list.length === 0 || (!list[0].startsWith("[") && list.every((move) => move !== "" && !move.includes("\n")));
  return asLines ? list.join("\n") : JSON.stringify(list);
}

function describe(value) {
  if (value === null || value === undefined) {
    return String(value);
  }
  if (Array.isArray(value)) {
    return "an array";
  }
  if (typeof value === "string") {
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  }
  return `${typeof value === "object" ? "an" : "a"} ${typeof value}${typeof value === "number" ? ` (${value})` : ""}`;
}

/**
 * A game: a start position, the moves played, the status record of every
 * ply. `new Game({ fen, chess960, edition, dead, notation })`; every
 * option may be left out (the standard start, `fide-2018`, `material`,
 * `uci-or-san`).
 */
export class Game {
  #inner;
  #records;
  #options;

  constructor(options = {}) {
    const json = optionsJson(options, "new Game");
    this.#inner = call(() => new wasm.Game(json));
    this.#records = records(this.#inner.records());
    this.#options = {
      edition: options?.edition ?? "fide-2018",
      dead: options?.dead ?? "material",
      notation: options?.notation ?? "uci-or-san",
    };
  }

  /**
   * Plays one move, UCI (`g1f3`, `e1g1`) or SAN (`Nf3`, `O-O`), and
   * returns the new ply's record. A move that cannot be played throws
   * `IllegalMoveError` or `GameOverError` and leaves the game as it was.
   */
  play(move) {
    if (typeof move !== "string") {
      throw new InvalidOptionError(`play: a move must be a string, not ${describe(move)}`);
    }
    const [played] = records(call(() => this.#inner.play(move)));
    this.#records.push(played);
    return played;
  }

  /**
   * Plays each move in turn and returns the last record; stops at the
   * first that cannot be played, throwing its error (the moves before it
   * stay played).
   */
  extend(moves) {
    movesList(moves, "extend").forEach((move) => this.play(move));
    return this.status;
  }

  /** The record of the current ply. */
  get status() {
    return this.#records[this.#records.length - 1];
  }

  /** The records of every ply, ply 0 first (a copy). */
  get records() {
    return this.#records.slice();
  }

  /** The moves played, in UCI. */
  get moves() {
    return JSON.parse(this.#inner.moves());
  }

  /** Plies played. */
  get ply() {
    return this.#records.length - 1;
  }

  /** The current position's FEN (as the record's). */
  get fen() {
    return this.status.fen;
  }

  /** The start position's FEN. */
  get startFen() {
    return this.#inner.start();
  }

  /** Whether an ending holds (no move may follow). */
  get isOver() {
    return this.status.ended.length > 0;
  }

  /** The edition of the Laws: `fide-2018` or `fide-2014`. */
  get edition() {
    return this.#options.edition;
  }

  /** The 5.2.2 rule: `material` or `exact`. */
  get dead() {
    return this.#options.dead;
  }

  /** How moves are read: `uci-or-san` or `uci`. */
  get notation() {
    return this.#options.notation;
  }

  /** Frees the game's WebAssembly memory now (else when it is collected). */
  free() {
    this.#inner.free();
  }
}

/**
 * A whole game judged: the records of plies 0 to the last move. A move
 * that cannot be played throws `IllegalMoveError` or `GameOverError`,
 * whose `records` are those of the plies before it.
 */
export function judge(moves, options = {}) {
  const text = movesText(moves, "judge");
  const optionsText = optionsJson(options, "judge");
  return records(call(() => wasm.judge(text, optionsText)));
}

/**
 * Article 5.2.2 decided exactly on one position: the start `fen` (the
 * standard start when `undefined`) after `moves`. Its fields are those of
 * the object `drawrules dead --json` writes (`fen`, `deadness`, `white`,
 * `black`).
 */
export class Deadness {
  constructor(answer) {
    Object.assign(this, answer);
  }

  /** `dead`, `alive` or `undetermined`. */
  get verdict() {
    return this.deadness.verdict;
  }

  /** Whether the position was proved dead (the game is drawn). */
  get isDead() {
    return this.deadness.verdict === "dead";
  }

  /** For an alive position, the side whose helpmate `line` shows; else `null`. */
  get side() {
    return this.deadness.verdict === "alive" ? this.deadness.side : null;
  }

  /** For an alive position, UCI moves that replay to that side's checkmate; else `[]`. */
  get line() {
    return this.deadness.verdict === "alive" ? this.deadness.line : [];
  }
}

/**
 * Whether the position `moves` reach from `fen` (the standard start
 * when `undefined` or `null`) is dead, decided exactly within the default
 * budget (`options.chess960`: `true` reads the FEN in Chess960's
 * castling).
 */
export function dead(fen, moves = [], options = {}) {
  if (fen !== undefined && fen !== null && typeof fen !== "string") {
    throw new InvalidOptionError(`dead: fen must be a string, not ${describe(fen)}`);
  }
  const text = movesText(moves, "dead");
  const chosen = JSON.parse(optionsJson(options, "dead"));
  const optionsText = JSON.stringify(fen === undefined || fen === null ? chosen : { ...chosen, fen });
  return new Deadness(JSON.parse(call(() => wasm.dead(text, optionsText))));
}
