// SPDX-License-Identifier: GPL-3.0-or-later
// Types of the drawrules package (node.js and browser.js export the same).

/** An ending, in article order: 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2. */
export type Ending = "checkmate" | "stalemate" | "dead-position" | "fivefold-repetition" | "seventy-five-moves";
/** A draw the player to move may claim: 9.2.2, 9.3.2. */
export type Claim = "threefold-repetition" | "fifty-moves";
export type GameResult = "1-0" | "0-1" | "1/2-1/2" | "*";
export type Edition = "fide-2018" | "fide-2014";

/** The status record of one ply, as the engine protocol defines it (`drawrules docs protocol`). */
export interface Status {
  /** Plies played since the start position (ply 0). */
  ply: number;
  /** The position as FEN (an en passant square only when a capture is legal; the halfmove field is `clock`). */
  fen: string;
  /** Plies since the last pawn move or capture (9.3), plus the start FEN's count when none happened. */
  clock: number;
  /** How many positions from ply 0 to this one are the same as this one (9.2.3). */
  repetition: number;
  /** The endings that hold, in article order. */
  ended: Ending[];
  /** The endings decided neither way within the budget (the exact 5.2.2 rule only); absent when none. */
  undetermined?: Ending[];
  result: GameResult;
  /** The draws the player to move may claim as the position stands. */
  claims: Claim[];
  /** The written-move claims (9.2.1, 9.3.1): the moves (UCI, sorted) that would support each claim. */
  claims_on_move: { "threefold-repetition": string[]; "fifty-moves": string[] };
}

/** The options of `new Game`, `judge` and `dead`; every key may be left out. */
export interface Options {
  /** The start position's FEN (default: the standard start). */
  fen?: string | null;
  /** `true`: the FEN is read in Chess960's castling; a number from 0 to 959: that Chess960 start. */
  chess960?: boolean | number | null;
  /** The edition of the Laws (default `fide-2018`). */
  edition?: Edition;
  /** How 5.2.2 is decided (default `material`; `exact` searches, within a budget). */
  dead?: "material" | "exact";
  /** How moves are read (default `uci-or-san`). */
  notation?: "uci-or-san" | "uci";
}

/** A game: a start position, the moves played, the status record of every ply. */
export class Game {
  constructor(options?: Options);
  /** Plays one move (UCI or SAN); the new ply's record. Throws `IllegalMoveError` or `GameOverError`, the game unchanged. */
  play(move: string): Status;
  /** Plays each move in turn; the last record. Stops at the first that cannot be played, throwing its error. */
  extend(moves: Iterable<string>): Status;
  /** The record of the current ply. */
  readonly status: Status;
  /** The records of every ply, ply 0 first (a copy). */
  readonly records: Status[];
  /** The moves played, in UCI. */
  readonly moves: string[];
  readonly ply: number;
  readonly fen: string;
  /** The start position's FEN. */
  readonly startFen: string;
  /** Whether an ending holds (no move may follow). */
  readonly isOver: boolean;
  readonly edition: Edition;
  readonly dead: "material" | "exact";
  readonly notation: "uci-or-san" | "uci";
  /** Frees the game's WebAssembly memory now (else when it is collected). */
  free(): void;
}

/** A whole game judged: the records of plies 0 to the last move. */
export function judge(moves: Iterable<string>, options?: Options): Status[];

/** One side's answer to 5.2.2, as `drawrules dead --json` gives it. */
export type SideAnswer =
  | { verdict: "possible"; line: string[] }
  | { verdict: "impossible"; reason: string }
  | { verdict: "undetermined" };

/** Article 5.2.2 decided exactly on one position: the fields of `drawrules dead --json`'s object. */
export class Deadness {
  fen: string;
  deadness:
    | { verdict: "dead"; white: { reason: string }; black: { reason: string } }
    | { verdict: "alive"; side: "white" | "black"; line: string[] }
    | { verdict: "undetermined" };
  white: SideAnswer;
  black: SideAnswer;
  readonly verdict: "dead" | "alive" | "undetermined";
  readonly isDead: boolean;
  /** For an alive position, the side whose helpmate `line` shows; else `null`. */
  readonly side: "white" | "black" | null;
  /** For an alive position, UCI moves that replay to that side's checkmate; else `[]`. */
  readonly line: string[];
}

/** Whether the position `moves` reach from `fen` (the standard start when `undefined` or `null`) is dead. */
export function dead(fen?: string | null, moves?: Iterable<string>, options?: Pick<Options, "chess960">): Deadness;

export class DrawrulesError extends Error {}
export class InvalidOptionError extends DrawrulesError {}
export class InvalidFenError extends DrawrulesError {
  fen: string;
}
export class MoveError extends DrawrulesError {
  /** The ply the move would have made (1 for the first move). */
  ply: number;
  /** The move's text as given. */
  move: string;
  kind: "unreadable-move" | "illegal-move" | "game-over";
  /** The records of the plies before it. */
  records: Status[];
}
export class IllegalMoveError extends MoveError {}
export class GameOverError extends MoveError {}

/** Every situation the generators steer to (`drawrules docs situations`). */
export const SITUATIONS: readonly string[];

/** A game from the project's generators. */
export class GeneratedGame {
  readonly fen: string;
  readonly moves: string[];
  readonly edition: Edition;
  readonly chess960: boolean;
  /** The situation it was steered to; `null`: played freely. */
  readonly situation: string | null;
  /** The bytes it was made from. */
  readonly data: Uint8Array;
  /** The situations it reaches, found in what happened in it. */
  readonly reached: string[];
  static made(situation: string | null, data: ArrayLike<number>): GeneratedGame;
  /** The reference's records: plies 0 to its end (or its last move). */
  records(): Status[];
  compare(records: Partial<Status>[], options?: { name?: string }): Comparison;
  /** The `drawrules explain` command that replays it. */
  command(): string;
}

export const REFUSED: unique symbol;
export const ABSENT: unique symbol;
export const PLAYED: unique symbol;

/** Where a library's answer first departs from the reference's. */
export class Difference {
  readonly ply: number;
  /** A field of the record (`claims_on_move.fifty-moves` for a nested one), or `moves`. */
  readonly field: string;
  readonly reference: unknown;
  readonly library: unknown;
  readonly name: string;
}

/** A library's records of a game held to the reference's. */
export class Comparison {
  readonly plies: number;
  readonly difference: Difference | null;
  /** Each accepted reading the library followed, with the plies where it did. */
  readonly readings: Record<string, number[]>;
  readonly agrees: boolean;
}

/** A library's records of a game (any subset of each record's fields) held to the reference's. */
export function compare(
  records: Partial<Status>[],
  moves: Iterable<string>,
  options?: Pick<Options, "fen" | "chess960" | "edition"> & { name?: string },
): Comparison;
