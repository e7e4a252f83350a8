// SPDX-License-Identifier: GPL-3.0-or-later
// An engine of the protocol (`drawrules docs protocol`) built on the
// package's JavaScript API, so that `drawrules verify` compares every
// field of every ply the API gives with the reference's, on the built-in
// corpus and 300 generated games, under both editions:
//
//   drawrules verify --engine "node js/tests/api-engine.mjs"
//
// A judge request is one `judge` call; a refused move answers with the
// error's kind, ply and the records before it, as the API threw them.

import { createInterface } from "node:readline";
import { InvalidFenError, MoveError, judge } from "drawrules";
import packaged from "drawrules/package.json" with { type: "json" };

const PARTS = [
  "checkmate",
  "stalemate",
  "dead-position",
  "fivefold-repetition",
  "seventy-five-moves",
  "threefold-repetition",
  "fifty-moves",
  "threefold-on-move",
  "fifty-moves-on-move",
  "repetition",
  "clock",
  "fen",
  "result",
  "moves",
];

function answer(request) {
  if (request.type === "hello") {
    return {
      type: "hello",
      protocol: 1,
      name: "drawrules (JavaScript API)",
      version: packaged.version,
      implements: PARTS,
      editions: ["fide-2018", "fide-2014"],
    };
  }
  if (request.type === "quit") {
    return null;
  }
  const id = request.id;
  const every = request.plies === "all";
  let records;
  try {
    records = judge(request.moves, { fen: request.fen, edition: request.edition, notation: "uci" });
  } catch (error) {
    if (error instanceof InvalidFenError) {
      return { type: "error", id, kind: "invalid-fen", message: error.message };
    }
    if (error instanceof MoveError) {
      return {
        type: "error",
        id,
        kind: error.kind,
        ply: error.ply,
        message: error.message,
        records: every ? error.records : error.records.slice(-1),
      };
    }
    throw error;
  }
  return { type: "records", id, records: every ? records : records.slice(-1) };
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line.trim() === "") {
    continue;
  }
  const reply = answer(JSON.parse(line));
  if (reply === null) {
    break;
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
