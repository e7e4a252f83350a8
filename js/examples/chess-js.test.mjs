// SPDX-License-Identifier: GPL-3.0-or-later
// chess.js held to the reference inside its own kind of test: node's test
// runner, with games fast-check draws from drawrules' generators. Run it
// with
//   npm install drawrules chess.js fast-check
//   node --test chess-js.test.mjs
import assert from "node:assert/strict";
import { test } from "node:test";
import { Chess } from "chess.js";
import fc from "fast-check";
import { games } from "drawrules/fast-check";

// chess.js has no Article 9.6 (fivefold repetition, seventy-five moves):
// at a ply where only those end the game, it is not asked for the
// endings (`drawrules verify` calls that a part declared absent).
const ARTICLE_9_6 = new Set(["fivefold-repetition", "seventy-five-moves"]);

/**
 * chess.js's answers at one ply, as the protocol's record. Only the fields
 * given are compared: here those chess.js answers as the Laws do
 * (`drawrules verify` lists where it departs, and why).
 */
function record(chess, ply, reference) {
  const fen = chess.fen();
  const answer = { ply, fen, clock: Number(fen.split(" ")[4]) };
  const only96 = reference.ended.length > 0 && reference.ended.every((ending) => ARTICLE_9_6.has(ending));
  if (!only96) {
    answer.ended = [
      ["checkmate", chess.isCheckmate()],
      ["stalemate", chess.isStalemate()],
      ["dead-position", chess.isInsufficientMaterial()],
    ]
      .filter(([, holds]) => holds)
      .map(([name]) => name);
  }
  return answer;
}

test("chess.js agrees with the reference", () => {
  fc.assert(
    // chess.js plays standard chess.
    fc.property(games({ chess960: false }), (game) => {
      // The plies the reference judges: the game up to its end.
      const reference = game.records();
      const chess = new Chess(game.fen);
      const records = [record(chess, 0, reference[0])];
      for (const move of game.moves.slice(0, reference.length - 1)) {
        chess.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] });
        records.push(record(chess, records.length, reference[records.length]));
      }
      // Agrees when chess.js gives every field as the reference does, an
      // accepted reading of the Laws aside (counted in it); else it names
      // the first departure as `drawrules verify` does, with the command
      // that replays it.
      const agreed = game.compare(records, { name: "chess.js" });
      assert.ok(agreed.agrees, `${agreed}\n${game.command()}`);
    }),
    { numRuns: 200 },
  );
});
