// SPDX-License-Identifier: GPL-3.0-or-later
// A fast-check arbitrary that draws games from the project's generators.
//
//   import fc from "fast-check";
//   import { games } from "drawrules/fast-check";
//   fc.assert(fc.property(games(), (game) => { ... }));  // a GeneratedGame
//
// Each game is steered to one of the situations where implementations
// break (en passant rights only on paper, castling rights lost during
// the count, mate on the 100th or 150th ply, a claim on a written move,
// ...), or played freely; it is made from bytes fast-check draws, so
// fast-check shrinks a failing game by shrinking its bytes, and the game
// it reports (`GeneratedGame.made(situation, data)`, its toString) makes
// it again, as does fast-check's seed. Needs fast-check (a peer
// dependency).

import fc from "fast-check";
import { GeneratedGame, InvalidOptionError, SITUATIONS } from "drawrules";

/** The generator reads up to this many bytes; games from fewer are shorter. */
export const MAX_BYTES = 1024;

const EDITIONS = ["fide-2018", "fide-2014"];

/**
 * Games steered to `situations` (default: every one in SITUATIONS) and,
 * with `free`, games played freely. With `chess960: false`, Chess960
 * games are filtered out (the free games are sometimes Chess960; the
 * steered ones never are); games of an edition not in `editions` too (a
 * library that follows only the 2018 Laws: `editions: ["fide-2018"]`).
 */
export function games({
  situations = SITUATIONS,
  free = true,
  chess960 = true,
  editions = EDITIONS,
  minBytes = 64,
} = {}) {
  const chosen = Array.from(situations);
  const unknown = chosen.filter((name) => !SITUATIONS.includes(name));
  if (unknown.length > 0) {
    throw new InvalidOptionError(
      `unknown situations ${JSON.stringify(unknown)} (expected some of ${SITUATIONS.join(", ")})`,
    );
  }
  if (chosen.length === 0 && !free) {
    throw new InvalidOptionError("no games to draw: no situation and free: false");
  }
  const kept = new Set(editions);
  if (kept.size === 0 || [...kept].some((edition) => !EDITIONS.includes(edition))) {
    throw new InvalidOptionError(`editions must be some of fide-2018 and fide-2014, not ${JSON.stringify([...kept])}`);
  }
  if (!Number.isInteger(minBytes) || minBytes < 0 || minBytes > MAX_BYTES) {
    throw new InvalidOptionError(`minBytes must be an integer from 0 to ${MAX_BYTES}, not ${minBytes}`);
  }
  const kinds = [...chosen, ...(free ? [null] : [])];
  return fc
    .tuple(fc.constantFrom(...kinds), fc.uint8Array({ minLength: minBytes, maxLength: MAX_BYTES }))
    .map(([situation, data]) => GeneratedGame.made(situation, data))
    .filter((game) => (chess960 || !game.chess960) && kept.has(game.edition));
}
