// SPDX-License-Identifier: GPL-3.0-or-later
// The package in a browser: headless Chromium loads browser.js (the
// installed package's files, served over HTTP from this process) in a
// page that judges games, and the page's answers are held to Node's. A
// machine without Chromium skips it, saying why (CI's js/tests/run.sh
// fails on a skipped test).

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, normalize } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { GeneratedGame, dead, judge } from "drawrules";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const PACKAGE = dirname(fileURLToPath(import.meta.resolve("drawrules/package.json")));
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".html": "text/html" };

const PAGE = `<!doctype html><meta charset="utf-8"><title>drawrules</title><pre id="out">loading</pre>
<script type="module">
  const out = document.getElementById("out");
  try {
    const { Game, judge, dead, GeneratedGame, IllegalMoveError } = await import("/browser.js");
    const game = new Game();
    ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"].forEach((move) => game.play(move));
    let refused = null;
    try { judge(["e4", "e4"]); } catch (err) { refused = [err instanceof IllegalMoveError, err.ply, err.kind, err.message]; }
    const made = GeneratedGame.made("mate-at-150", new Uint8Array(300).fill(5));
    out.textContent = JSON.stringify({
      knights: game.records,
      mate: judge(["f3", "e5", "g4", "Qh4"]),
      wall: dead("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"),
      refused,
      made: { moves: made.moves, reached: made.reached, records: made.records() },
    });
  } catch (err) {
    out.textContent = "error: " + err + "\\n" + err.stack;
  }
</script>`;

function serve() {
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://localhost").pathname;
    if (path === "/") {
      response.writeHead(200, { "content-type": "text/html" }).end(PAGE);
      return;
    }
    const file = normalize(join(PACKAGE, path));
    if (!file.startsWith(PACKAGE) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

test("the package judges in Chromium as in Node", { skip: !existsSync(CHROMIUM) && `needs Chromium (${CHROMIUM}; $CHROMIUM)` }, async () => {
  const server = await serve();
  try {
    const url = `http://127.0.0.1:${server.address().port}/`;
    const { stdout } = await promisify(execFile)(
      CHROMIUM,
      ["--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=30000", "--dump-dom", url],
      { timeout: 120_000, maxBuffer: 1 << 26 },
    );
    const text = /<pre id="out">([\s\S]*?)<\/pre>/.exec(stdout)?.[1] ?? stdout;
    const shown = text.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    assert.ok(shown.startsWith("{"), shown.slice(0, 2000));
    const page = JSON.parse(shown);
    assert.deepStrictEqual(page.knights, judge(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]));
    assert.deepStrictEqual(page.knights.at(-1).claims, ["threefold-repetition"]);
    assert.deepStrictEqual(page.mate, judge(["f3", "e5", "g4", "Qh4"]));
    assert.deepStrictEqual(page.wall, JSON.parse(JSON.stringify(dead("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1"))));
    assert.deepStrictEqual(page.refused, [true, 2, "illegal-move", 'ply 2, move "e4": illegal move in this position']);
    const made = GeneratedGame.made("mate-at-150", new Uint8Array(300).fill(5));
    assert.deepStrictEqual(page.made, { moves: made.moves, reached: made.reached, records: made.records() });
  } finally {
    server.close();
  }
});
