// SPDX-License-Identifier: GPL-3.0-or-later
// The package's TypeScript types as a user's program meets them: checked
// by `tsc --noEmit` (js/tests/run.sh); a type error fails CI.

import fc from "fast-check";
import {
  type Comparison,
  type Status,
  Game,
  GameOverError,
  GeneratedGame,
  compare,
  dead,
  judge,
} from "drawrules";
import { games } from "drawrules/fast-check";

const game: Game = new Game({ fen: "k7/8/8/8/8/8/8/K6R w - - 98 80", edition: "fide-2014", dead: "exact" });
const status: Status = game.play("Kb1");
const claims: string[] = status.claims_on_move["fifty-moves"];
const over: boolean = game.isOver;
const records: Status[] = judge(["e4", "e5"], { chess960: 518 });
const verdict: "dead" | "alive" | "undetermined" = dead(null, ["e4"]).verdict;
try {
  judge(["f3", "e5", "g4", "Qh4", "a3"]);
} catch (err) {
  if (err instanceof GameOverError) {
    const before: Status[] = err.records;
    console.log(err.ply, err.move, err.kind, before.length);
  }
}
const made: GeneratedGame = GeneratedGame.made("mate-at-150", new Uint8Array(64));
const found: Comparison = compare([{ ply: 0, clock: 0 }], [], { name: "mine" });
const first: string | undefined = found.difference?.field;
fc.assert(fc.property(games({ editions: ["fide-2018"] }), (drawn) => drawn.compare(drawn.records()).agrees), {
  numRuns: 1,
});
console.log(claims, over, records, verdict, made.reached, first);
