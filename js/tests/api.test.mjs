// SPDX-License-Identifier: GPL-3.0-or-later
// The package's JavaScript API: every field of every record held to the
// command's (`drawrules explain --json`, `dead --json`), and bad input
// throwing an error that names where, with nothing judged after it.
//
//   node --test js/tests/

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import {
  Deadness,
  DrawrulesError,
  Game,
  GameOverError,
  IllegalMoveError,
  InvalidFenError,
  InvalidOptionError,
  MoveError,
  dead,
  judge,
} from "drawrules";
import { NEEDS_COMMAND, command, explained } from "./command.mjs";

const KNIGHTS = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
const FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"];

const GAMES = [
  [KNIGHTS, []],
  [[...KNIGHTS, ...KNIGHTS], ["--rules", "fide-2014"]],
  [FOOLS_MATE, []],
  [["e4", "d5", "e5", "f5", "exf6", "Kd7"], []],
  [["Kb1", "Kb7", "Ka1", "Ka7"], ["--fen", "k7/8/8/8/8/8/8/K6R w - - 98 80"]],
  [["e1h1", "e8h8"], ["--chess960", "--fen", "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w HAha - 0 1"]],
];

function optionsOf(flags) {
  const options = {};
  for (let i = 0; i < flags.length; i += 1) {
    if (flags[i] === "--fen") options.fen = flags[(i += 1)];
    else if (flags[i] === "--rules") options.edition = flags[(i += 1)];
    else if (flags[i] === "--chess960") options.chess960 = true;
  }
  return options;
}

for (const [moves, flags] of GAMES) {
  test(`judge gives the command's records field for field: ${[...flags, ...moves].join(" ")}`, { skip: NEEDS_COMMAND }, () => {
    const expected = explained(moves, ...flags);
    const records = judge(moves, optionsOf(flags));
    assert.deepStrictEqual(records, expected);
    // As text too: the same keys in the same order.
    assert.deepStrictEqual(records.map((record) => JSON.stringify(record)), command("explain", "--json", ...flags, "--", ...moves).trim().split("\n"));
    const game = new Game(optionsOf(flags));
    const played = moves.map((move) => game.play(move));
    assert.deepStrictEqual(game.records, expected);
    assert.deepStrictEqual(played, expected.slice(1));
  });
}

test("a game played move by move", () => {
  const game = new Game();
  const statuses = KNIGHTS.slice(0, 7).map((move) => game.play(move));
  assert.deepStrictEqual(game.records, judge(KNIGHTS.slice(0, 7)));
  assert.deepStrictEqual(statuses, game.records.slice(1));
  const status = game.status;
  assert.deepStrictEqual([status.ply, status.clock, status.repetition], [7, 7, 2]);
  assert.deepStrictEqual(status.claims, []);
  assert.deepStrictEqual(status.claims_on_move, { "threefold-repetition": ["f6g8"], "fifty-moves": [] });
  assert.deepStrictEqual([status.ended, status.result, game.isOver], [[], "*", false]);
  assert.deepStrictEqual(game.moves, ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]);
  assert.deepStrictEqual([game.ply, game.edition, game.dead, game.notation], [7, "fide-2018", "material", "uci-or-san"]);
  const chosen = new Game({ edition: "fide-2014", dead: null, notation: undefined });
  assert.deepStrictEqual([chosen.edition, chosen.dead, chosen.notation], ["fide-2014", "material", "uci-or-san"]);
  assert.equal(game.fen, status.fen);
  assert.equal(game.startFen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert.deepStrictEqual(game.extend(["Ng8"]).claims, ["threefold-repetition"]);
  // The records handed out are copies: changing one changes nothing.
  game.records.pop();
  assert.equal(game.records.length, 9);
  game.free();
});

test("a Chess960 start by number, and the exact 5.2.2 rule", () => {
  const game = new Game({ chess960: 0 });
  assert.equal(game.startFen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  // The record's FEN names the castling rooks by file (Shredder-FEN).
  assert.equal(game.status.fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
  // Chess960's castling, the standard array: start 518.
  assert.equal(new Game({ chess960: true }).startFen, new Game({ chess960: 518 }).startFen);
  const wall = new Game({ fen: "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1", dead: "exact" });
  assert.deepStrictEqual(wall.status.ended, ["dead-position"]);
  assert.deepStrictEqual(wall.status.result, "1/2-1/2");
  const material = new Game({ fen: "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1" });
  assert.deepStrictEqual(material.status.ended, []);
});

test("dead gives the command's object", { skip: NEEDS_COMMAND }, () => {
  for (const fen of [
    "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1",
    "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
    "8/8/3k4/5R2/8/8/8/3Kb3 w - - 0 1",
  ]) {
    const answer = dead(fen);
    assert.ok(answer instanceof Deadness);
    assert.equal(JSON.stringify(answer), command("dead", "--json", "--fen", fen).trim());
  }
  const alive = dead(undefined, ["f3", "e5", "g4"]);
  assert.deepStrictEqual([alive.verdict, alive.isDead], ["alive", false]);
  // The helpmate line replays to that side's checkmate.
  const mated = new Game({ fen: alive.fen }).extend(alive.line);
  assert.deepStrictEqual([mated.ended, mated.result], [["checkmate"], alive.side === "white" ? "1-0" : "0-1"]);
  const wall = dead("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1");
  assert.deepStrictEqual([wall.verdict, wall.isDead, wall.side, wall.line], ["dead", true, null, []]);
});

test("an illegal, an unreadable and a late move: their ply, text, kind and the records before", () => {
  const cases = [
    [["e4", "e4"], IllegalMoveError, 2, "e4", "illegal-move", 'ply 2, move "e4": illegal move in this position'],
    [["e4", "zz9"], IllegalMoveError, 2, "zz9", "unreadable-move", null],
    [[...FOOLS_MATE, "a2a3"], GameOverError, 5, "a2a3", "game-over", null],
    [["e4", ""], IllegalMoveError, 2, "", "unreadable-move", null],
    // Moves cross one a line, or as JSON where lines would not read them
    // back (crates/js/src/lib.rs, moves_of): each as written either way.
    [["[e4]", "e5"], IllegalMoveError, 1, "[e4]", "unreadable-move", null],
    [["e4", "e5\nNf3"], IllegalMoveError, 2, "e5\nNf3", "unreadable-move", null],
    [["e4", " e5", "Nf3"], IllegalMoveError, 2, " e5", "unreadable-move", null],
  ];
  for (const [moves, kind, ply, move, name, message] of cases) {
    const err = assert.throws(() => judge(moves), kind) ?? captured(() => judge(moves));
    assert.ok(err instanceof MoveError && err instanceof DrawrulesError && err instanceof Error);
    assert.deepStrictEqual([err.name, err.ply, err.move, err.kind], [kind.name, ply, move, name]);
    assert.deepStrictEqual(err.records, judge(moves.slice(0, ply - 1)));
    if (message !== null) assert.equal(err.message, message);
    // A game object is unchanged after one.
    const game = new Game();
    game.extend(moves.slice(0, ply - 1));
    const before = game.records;
    assert.throws(() => game.play(moves[ply - 1]), kind);
    assert.deepStrictEqual(game.records, before);
  }
});

function captured(work) {
  try {
    work();
  } catch (err) {
    return err;
  }
  throw new Error("nothing thrown");
}

test("a fivefold repetition ends a 1,600-move game at ply 17: nothing judged after it", () => {
  const moves = Array.from({ length: 1600 }, (_, i) => KNIGHTS[i % 8]);
  const err = captured(() => judge(moves));
  assert.ok(err instanceof GameOverError);
  assert.deepStrictEqual([err.ply, err.move, err.records.length], [17, "Nf3", 17]);
  assert.deepStrictEqual(err.records.at(-1).ended, ["fivefold-repetition"]);
  const late = captured(() => new Game().extend(moves));
  assert.equal(late.ply, 17);
});

test("bad FENs are named", () => {
  for (const fen of ["", "x", "8/8/8/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/K7 w - - 0", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra"]) {
    const err = captured(() => judge([], { fen }));
    assert.ok(err instanceof InvalidFenError, `${fen}: ${err}`);
    assert.equal(err.fen, fen);
    assert.match(err.message, /fen/);
    assert.ok(captured(() => new Game({ fen })) instanceof InvalidFenError);
    assert.ok(captured(() => dead(fen)) instanceof InvalidFenError);
  }
});

test("bad options and arguments say what was wrong", () => {
  const cases = [
    [() => new Game({ edition: "fide-1990" }), /fide-1990/],
    [() => new Game({ dead: "guess" }), /^unknown dead-position rule "guess" \(expected material or exact\)$/],
    [() => new Game({ notation: "lan" }), /^unknown notation "lan" \(expected uci-or-san or uci\)$/],
    [() => new Game({ chess960: 960 }), /960/],
    [() => new Game({ chess960: "yes" }), /^chess960 must be true, false or a start position's number from 0 to 959, not "yes"$/],
    [() => new Game({ chess960: 3, fen: "k7/8/8/8/8/8/8/K7 w - - 0 1" }), /not both/],
    [() => new Game({ editon: "fide-2014" }), /^bad options: unknown field `editon`/],
    [() => new Game("fide-2014"), /^new Game: options must be an object, not the string "fide-2014"$/],
    [() => judge("e4 e5"), /^judge: moves must be an array of strings \(UCI or SAN\), not the string "e4 e5"$/],
    [() => judge(["e4", 5]), /^judge: move 2 is not a string but a number \(5\)$/],
    [() => judge(null), /^judge: moves must be an array of strings \(UCI or SAN\), not null$/],
    [() => new Game().play(undefined), /^play: a move must be a string, not undefined$/],
    [() => new Game({ chess960: 5n }), /^new Game: options cannot be read: /],
    [() => judge(["e4"], (() => { const loop = {}; loop.self = loop; return loop; })()), /^judge: options cannot be read: /],
    [() => judge(undefined), /^judge: moves must be an array of strings \(UCI or SAN\), not undefined$/],
    [() => dead(5), /^dead: fen must be a string, not a number \(5\)$/],
    [() => judge(["e2e4"], { notation: "uci" }) && judge(["e4"], { notation: "uci" }), null],
  ];
  for (const [work, message] of cases.slice(0, -1)) {
    const err = captured(work);
    assert.ok(err instanceof InvalidOptionError, String(err));
    assert.match(err.message, message);
  }
  // UCI only: SAN is unreadable.
  const err = captured(cases.at(-1)[0]);
  assert.deepStrictEqual([err.constructor, err.kind, err.ply], [IllegalMoveError, "unreadable-move", 1]);
});

test("moves from any iterable of strings", () => {
  assert.deepStrictEqual(judge(new Set(["e4", "e5"])), judge(["e4", "e5"]));
  assert.deepStrictEqual(judge((function* () { yield "e4"; })()), judge(["e4"]));
});

test("the README's examples run as written", () => {
  const readme = readFileSync(new URL("README.md", import.meta.resolve("drawrules/package.json")), "utf8");
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((found) => found[1]);
  assert.ok(blocks.length >= 2, `${blocks.length} js blocks`);
  // Beside this file, so that "drawrules" resolves as it does here.
  const script = fileURLToPath(new URL("readme-example.tmp.mjs", import.meta.url));
  try {
    for (const block of blocks) {
      writeFileSync(script, block);
      const run = spawnSync(process.execPath, [script], { encoding: "utf8" });
      assert.equal(run.status, 0, `${block}\n${run.stderr}`);
    }
  } finally {
    rmSync(script, { force: true });
  }
});

test("a move with no code crosses as its text, after the last FEN", async () => {
  // The layout crates/js/src/compact.rs writes for a listed move that is
  // no UCI move (the arbiter writes none), laid out by hand: codes from
  // 6 * 4096 count the texts after the last FEN, a newline after each.
  const { laidOut } = await import(new URL("src/records.js", import.meta.resolve("drawrules/package.json")));
  const fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
  const spelled = 6 * 4096;
  const made = laidOut(
    Uint32Array.from([0, 0, 1, 0, 0, 0, 0, fen.length, 1, 2, 1, 1, 1, 0, 0, 0, 0, 2 * fen.length, 0, 1]),
    Uint32Array.from([spelled + 1, 7 + 15 * 64, spelled, spelled + 1]),
    `${fen}${fen}Kh2\n0000\n`,
  );
  assert.deepEqual(
    made.map((record) => [record.fen, record.claims_on_move]),
    [
      [fen, { "threefold-repetition": ["0000"], "fifty-moves": ["h1h2", "Kh2"] }],
      [fen, { "threefold-repetition": [], "fifty-moves": ["0000"] }],
    ],
  );
});

test("a record with endings undetermined keeps them, in the protocol's place", async () => {
  // The layout crates/js/src/compact.rs writes: an exact 5.2.2 search
  // left undecided is rare in play, so the record is laid out by hand.
  const { laidOut } = await import(new URL("src/records.js", import.meta.resolve("drawrules/package.json")));
  const fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
  const [record] = laidOut(
    Uint32Array.from([3, 1, 1, 0, 3, 0, 2 | (1 << 3), fen.length, 2, 1]),
    // a1a2, a1b1, h1h2: the from square plus 64 times the to square.
    Uint32Array.from([8 * 64, 64, 7 + 15 * 64]),
    fen,
  );
  assert.equal(
    JSON.stringify(record),
    JSON.stringify({
      ply: 3,
      fen,
      clock: 1,
      repetition: 1,
      ended: [],
      undetermined: ["dead-position"],
      result: "*",
      claims: ["fifty-moves", "threefold-repetition"],
      claims_on_move: { "threefold-repetition": ["a1a2", "a1b1"], "fifty-moves": ["h1h2"] },
    }),
  );
});
