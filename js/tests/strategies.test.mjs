// SPDX-License-Identifier: GPL-3.0-or-later
// The generators for a library's own property tests: the fast-check
// arbitrary reaches every situation, its games reproduce from their
// bytes, and compare() finds the first difference and words it as verify
// does.
//
//   node --test js/tests/

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import {
  GeneratedGame,
  InvalidOptionError,
  MoveError,
  SITUATIONS,
  compare,
  judge,
} from "drawrules";
import { games } from "drawrules/fast-check";

// verify's floor: a part agrees only where its rule came up at least this
// often (drawrules_conformance::verify::FLOOR).
const FLOOR = 10;
const DRAWN = 600;

test("the arbitrary reaches every situation and steers where it aims", () => {
  // A fixed seed: the same 600 games on every run, so the counts below
  // are a measurement, not a chance.
  const drawn = fc.sample(games(), { seed: 1, numRuns: DRAWN });
  const reached = new Map();
  const aimed = new Map();
  const hit = new Map();
  const add = (map, key, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
  for (const game of drawn) {
    game.reached.forEach((name) => add(reached, name));
    add(aimed, game.situation);
    add(hit, game.situation, Number(game.reached.includes(game.situation)));
  }
  const lines = SITUATIONS.map(
    (name) => `${name}: reached in ${reached.get(name) ?? 0}, steered to ${aimed.get(name) ?? 0}, reached there ${hit.get(name) ?? 0}`,
  );
  console.log(`${drawn.length} games drawn, ${aimed.get(null) ?? 0} free\n${lines.join("\n")}`);
  assert.equal(drawn.length, DRAWN);
  assert.equal(SITUATIONS.length, 22);
  const short = SITUATIONS.filter((name) => (reached.get(name) ?? 0) < FLOOR);
  assert.deepStrictEqual(short, [], `situations reached fewer than ${FLOOR} times in ${DRAWN} games`);
  const missed = SITUATIONS.filter((name) => (hit.get(name) ?? 0) < 0.95 * (aimed.get(name) ?? 0));
  assert.deepStrictEqual(missed, [], "situations the steered games reach less than 95% of the time");
  assert.ok((aimed.get(null) ?? 0) >= FLOOR, "free games");
});

test("a steered game is made again from its bytes", () => {
  const data = Uint8Array.from({ length: 200 }, (_, i) => i);
  for (const situation of SITUATIONS) {
    const game = GeneratedGame.made(situation, data);
    assert.deepStrictEqual(GeneratedGame.made(situation, data), game);
    assert.deepStrictEqual([game.situation, game.data], [situation, data]);
    assert.ok(game.command().startsWith("drawrules explain --rules "));
    // Its toString is the call that makes it again.
    const hex = /Buffer\.from\("([0-9a-f]*)", "hex"\)/.exec(String(game))[1];
    assert.deepStrictEqual(GeneratedGame.made(situation, Buffer.from(hex, "hex")), game);
  }
});

test("an unknown situation, edition or size, or data that are not bytes, is refused", () => {
  assert.throws(() => GeneratedGame.made("mate-at-99", new Uint8Array(64)), {
    name: "InvalidOptionError",
    message: /^unknown situation "mate-at-99" \(expected one of /,
  });
  assert.throws(() => GeneratedGame.made("mate-at-150", 64), {
    name: "InvalidOptionError",
    message: "a generated game is made from bytes (integers from 0 to 255), not a number",
  });
  assert.throws(() => GeneratedGame.made(null, [1, 2, 300]), {
    name: "InvalidOptionError",
    message: "a generated game is made from bytes (integers from 0 to 255), not 300 at 2",
  });
  assert.deepStrictEqual(GeneratedGame.made(null, [1, 2, 3]), GeneratedGame.made(null, Uint8Array.of(1, 2, 3)));
  assert.throws(() => games({ situations: ["mate-at-99"] }), InvalidOptionError);
  assert.throws(() => games({ situations: [], free: false }), /no games to draw/);
  assert.throws(() => games({ editions: ["fide-1990"] }), /editions must be some of/);
  assert.throws(() => games({ minBytes: 5000 }), /minBytes must be an integer from 0 to 1024/);
});

test("the filters hold: no Chess960 game, one edition", () => {
  const drawn = fc.sample(games({ chess960: false, editions: ["fide-2014"] }), { seed: 2, numRuns: 100 });
  assert.ok(drawn.every((game) => !game.chess960 && game.edition === "fide-2014"));
});

test("the API agrees with itself on every generated game", () => {
  let compared = 0;
  fc.assert(
    fc.property(games(), (game) => {
      let records;
      try {
        records = judge(game.moves, { fen: game.fen, edition: game.edition, chess960: game.chess960 });
      } catch (refused) {
        assert.ok(refused instanceof MoveError && refused.kind === "game-over", game.command());
        records = refused.records;
      }
      const agreed = compare(records, game.moves, { fen: game.fen, edition: game.edition, chess960: game.chess960 });
      assert.ok(agreed.agrees && Object.keys(agreed.readings).length === 0 && agreed.plies === records.length);
      assert.deepStrictEqual(game.compare(records), agreed);
      compared += 1;
    }),
    { seed: 3, numRuns: 100 },
  );
  assert.equal(compared, 100);
});

test("a library with a bug fails the property, and the failure names a game that reproduces", () => {
  // A clock that castling resets (a known bug of real libraries).
  const buggy = (game) =>
    game.records().map((record, ply) => {
      const castled = ply > 0 && /^e[18][gc][18]$/.test(game.moves[ply - 1]) && !game.chess960;
      return { ply, clock: castled ? 0 : record.clock };
    });
  const details = fc.check(
    fc.property(games({ situations: ["castling-in-count"], free: false }), (game) => game.compare(buggy(game)).agrees),
    { seed: 4, numRuns: 50 },
  );
  assert.ok(details.failed, "the bug was found");
  const [game] = details.counterexample;
  const found = game.compare(buggy(game), { name: "buggy" });
  assert.equal(found.difference.field, "clock");
  assert.match(String(found), /^clock at ply \d+: expected \d+, got 0 \(buggy departs here on clock/);
  // Made again from what the failure shows.
  assert.deepStrictEqual(GeneratedGame.made(game.situation, game.data), game);
});

test("compare names the first field that differs as verify does", () => {
  const ours = judge(["e2e4", "e7e5"]);
  const theirs = ours.map((record) => ({ ...record }));
  theirs[2].clock = 2;
  theirs[2].fen = "wrong";
  const found = compare(theirs, ["e2e4", "e7e5"], { name: "mylib" }).difference;
  assert.deepStrictEqual([found.ply, found.field, found.reference, found.library], [2, "fen", ours[2].fen, "wrong"]);
  theirs[2].fen = ours[2].fen;
  assert.equal(compare(theirs, ["e2e4", "e7e5"], { name: "mylib" }).agrees, false);
  assert.equal(
    String(compare(theirs, ["e2e4", "e7e5"], { name: "mylib" })),
    "clock at ply 2: expected 0, got 2 (mylib departs here on clock: the reference says 0, mylib says 2)",
  );
});

test("compare judges only the fields given, and lists as sets", () => {
  const moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
  const partial = judge(moves).map(({ ply, claims }) => ({ ply, claims }));
  assert.ok(compare(partial, moves).agrees);
  partial.at(-1).claims = [];
  assert.equal(compare(partial, moves).difference.field, "claims");
  const mate = judge(["f2f3", "e7e5", "g2g4", "d8h4"]).map((record) => ({ ...record, ended: [...record.ended].reverse() }));
  assert.ok(compare(mate, ["f2f3", "e7e5", "g2g4", "d8h4"]).agrees);
  const written = judge(moves.slice(0, 7)).map((record) => ({
    claims_on_move: { "threefold-repetition": record.claims_on_move["threefold-repetition"] },
  }));
  assert.ok(compare(written, moves.slice(0, 7)).agrees);
  written.at(-1).claims_on_move["threefold-repetition"] = [];
  assert.equal(compare(written, moves.slice(0, 7)).difference.field, "claims_on_move.threefold-repetition");
});

test("compare finds a move played after the end and a record missing", () => {
  const moves = ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"];
  const records = judge(moves.slice(0, 4));
  const past = compare([...records, { ...records.at(-1), ply: 5 }], moves);
  assert.deepStrictEqual([past.difference.ply, past.difference.field], [5, "moves"]);
  assert.match(String(past), /the reference says the move refused, the library says the move played/);
  const short = compare(records.slice(0, 3), moves);
  assert.deepStrictEqual([short.difference.ply, short.difference.field], [3, "moves"]);
  assert.match(String(short), /got no record/);
});

test("compare accepts the readings verify accepts, and counts them", () => {
  // A stalemate on the 150th ply: ours reports seventy-five moves too; a
  // library that gives stalemate precedence follows an accepted reading.
  const fen = "k7/8/1Q6/8/8/8/8/K7 w - - 149 75";
  const ours = judge(["b6c7"], { fen });
  assert.deepStrictEqual(ours[1].ended, ["stalemate", "seventy-five-moves"]);
  const theirs = [ours[0], { ...ours[1], ended: ["stalemate"] }];
  const agreed = compare(theirs, ["b6c7"], { fen });
  assert.ok(agreed.agrees);
  assert.deepStrictEqual(agreed.readings, { "stalemate-before-the-count": [1] });
  assert.equal(
    String(agreed),
    "agrees on 2 plies; accepted reading stalemate-before-the-count at plies 1 " +
      "(stalemate takes precedence over seventy-five moves (9.6.2, 5.2.1): reported alone)",
  );
  // Seventy-five moves alone is no reading: a departure.
  theirs[1] = { ...ours[1], ended: ["seventy-five-moves"] };
  assert.equal(compare(theirs, ["b6c7"], { fen }).difference.field, "ended");
});

test("compare takes the moves from any iterable, once", () => {
  const records = judge(["e4", "e5"]);
  assert.ok(compare(records, new Set(["e4", "e5"])).agrees);
  assert.ok(compare(records, (function* () { yield "e4"; yield "e5"; })()).agrees);
});

test("compare refuses what is not records", () => {
  assert.throws(() => compare("records", ["e4"]), /records must be an array/);
  assert.throws(() => compare([5], ["e4"]), /the record of ply 0 is not an object/);
  assert.throws(() => compare([], "e4"), /compare: moves must be an array/);
});
