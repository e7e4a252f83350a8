// SPDX-License-Identifier: GPL-3.0-or-later
// The JavaScript API's speed, as ratios (the figures: js/README.md and
// the book's speed chapter):
//
// * judging a game in process (`judge`, every record made a JavaScript
//   object) against the same games judged by the same pipeline in the
//   same WebAssembly with no record crossing to JavaScript, in the same
//   process: what the boundary costs;
// * both against the same pipeline compiled natively, on the same games:
//   `judged_natively` (crates/js/examples), the functions the WebAssembly
//   calls, in a process of its own run once a round (its own warm-up
//   round first), with the records made only, and made and laid out as
//   they cross to JavaScript: what WebAssembly costs, and WebAssembly and
//   the boundary together, per game. The sides take turns round after
//   round, and each ratio is the median of the rounds' own ratios (the
//   sides of a round ran at nearly the same time, so a machine whose
//   speed drifts slows both).
//
// usage: node js/benches/speed.mjs [--games N] [--rounds K]
// Needs judged_natively ($DRAWRULES_NATIVE, or target/release: cargo
// build --release -p drawrules-js --example judged_natively) for the
// native ratios.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { GeneratedGame, SITUATIONS, judge } from "drawrules";
import { judgedInWasm } from "../pkg/drawrules_js.js";

const { values } = parseArgs({ options: { games: { type: "string", default: "2000" }, rounds: { type: "string", default: "5" } } });
const count = Number(values.games);
const rounds = Number(values.rounds);

/** `count` generated standard games, steered in turn, from a fixed seed; cut at their end. */
function games() {
  let seed = 1;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed >>> 16;
  };
  const kinds = [...SITUATIONS, null];
  const made = [];
  while (made.length < count) {
    const data = Uint8Array.from({ length: 64 + (next() % 700) }, () => next() & 255);
    const game = GeneratedGame.made(kinds[made.length % kinds.length], data);
    if (!game.chess960) {
      const plies = game.records().length - 1;
      made.push({ fen: game.fen, moves: game.moves.slice(0, plies), edition: game.edition });
    }
  }
  return made;
}

const made = games();
const plies = made.reduce((sum, game) => sum + game.moves.length, 0);
// The moves as the package's judge sends them (one a line; no generated
// move is empty or holds a newline).
const texts = made.map((game) => [game.moves.join("\n"), JSON.stringify({ fen: game.fen, edition: game.edition })]);
const judgeAll = () => made.forEach((game) => judge(game.moves, { fen: game.fen, edition: game.edition }));
const inWasm = () => texts.forEach(([moves, options]) => judgedInWasm(moves, options));
const native = process.env.DRAWRULES_NATIVE ?? fileURLToPath(new URL("../../target/release/examples/judged_natively", import.meta.url));
const input = made.map((game, index) => `${game.moves.join(" ")}\t${texts[index][1]}\n`).join("");
// One round of the native side: its own warm-up round, then one timed.
const nativeRound = () => execFileSync(native, ["1"], { input, maxBuffer: 1 << 20 }).toString().trim().split(" ").map(Number);

/** Seconds one run of `work` takes. */
function once(work) {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
/** The median of the rounds' ratios of `over` to `under`. */
const ratio = (over, under) => median(over.map((time, round) => time / under[round])).toFixed(2);
const hasNative = existsSync(native);
judgeAll(); // warm up
inWasm();
// The sides take turns, round after round, so that a machine whose speed
// drifts (a shared one) slows them alike.
const times = { js: [], wasm: [], made: [], written: [] };
for (let round = 0; round < rounds; round += 1) {
  times.js.push(once(judgeAll));
  times.wasm.push(once(inWasm));
  if (hasNative) {
    const [made, written] = nativeRound();
    times.made.push(made);
    times.written.push(written);
  }
}
const [inJs, bare] = [median(times.js), median(times.wasm)];
const us = (seconds) => ((seconds / count) * 1e6).toFixed(1);
console.log(`judge: ${count} generated games (${plies} plies), ${rounds} rounds taken in turn: medians of the times and of the rounds' ratios`);
console.log(`  judge(): ${us(inJs)} us a game`);
console.log(`  the same pipeline in WebAssembly, no record crossing: ${us(bare)} us a game`);
console.log(`  ratio: ${ratio(times.js, times.wasm)}x (what the boundary costs)`);
if (!hasNative) {
  console.log(`the native pipeline: not compared (no ${native}: cargo build --release -p drawrules-js --example judged_natively)`);
} else {
  const [made, written] = [median(times.made), median(times.written)];
  console.log(`  the same pipeline compiled natively (judged_natively), the records made: ${us(made)} us a game`);
  console.log(`  the same, the records also laid out to cross as the WebAssembly lays them out: ${us(written)} us a game`);
  console.log(`  ratio: ${ratio(times.wasm, times.made)}x for WebAssembly alone`);
  console.log(`  ratio: ${ratio(times.js, times.made)}x for judge() against the records made natively (at most 1.5x asked)`);
  console.log(`  ratio: ${ratio(times.js, times.written)}x for judge() against the records made and laid out natively`);
}
