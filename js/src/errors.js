// SPDX-License-Identifier: GPL-3.0-or-later
// The errors the drawrules package throws. Each is a DrawrulesError and
// names where the trouble is: the ply and the move, the FEN, the option.

/** Any error the drawrules package throws. */
export class DrawrulesError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}

/** An edition, 5.2.2 rule, start, situation or argument the package does not know. */
export class InvalidOptionError extends DrawrulesError {}

/** A start position's FEN that cannot be used; `fen` is the text. */
export class InvalidFenError extends DrawrulesError {
  constructor(message, fen) {
    super(message);
    this.fen = fen;
  }
}

/**
 * A move that was not played: `ply` is the ply it would have made (1 for
 * the first move), `move` its text as given, `kind` the protocol's name
 * of the refusal (`unreadable-move`, `illegal-move` or `game-over`) and
 * `records` the status records of the plies before it.
 */
export class MoveError extends DrawrulesError {
  constructor(message, ply, move, kind, records) {
    super(message);
    this.ply = ply;
    this.move = move;
    this.kind = kind;
    this.records = records;
  }
}

/** A move that names no legal move in its position (or no move at all). */
export class IllegalMoveError extends MoveError {}

/** A move given after the game was over by rule (no move may follow). */
export class GameOverError extends MoveError {}

/**
 * The error a WebAssembly call threw (the JSON of the module's error
 * object) as its class; anything else (the module trapped) as it was.
 */
export function thrown(raised) {
  if (typeof raised !== "string") {
    return raised;
  }
  let error;
  try {
    error = JSON.parse(raised);
  } catch {
    return new DrawrulesError(raised);
  }
  switch (error.error) {
    case "InvalidOptionError":
      return new InvalidOptionError(error.message);
    case "InvalidFenError":
      return new InvalidFenError(error.message, error.fen);
    case "IllegalMoveError":
      return new IllegalMoveError(error.message, error.ply, error.move, error.kind, error.records);
    case "GameOverError":
      return new GameOverError(error.message, error.ply, error.move, error.kind, error.records);
    default:
      return new DrawrulesError(raised);
  }
}
