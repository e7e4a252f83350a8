// SPDX-License-Identifier: GPL-3.0-or-later
// The drawrules command the tests hold the API to: $DRAWRULES, or the
// release build beside the package (cargo build --release -p
// drawrules-cli), or `drawrules` on the PATH. A test that needs it and
// finds none is skipped, saying why (CI's js/tests/run.sh fails on a
// skipped test).

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const built = fileURLToPath(new URL("../../target/release/drawrules", import.meta.url));

function find() {
  for (const candidate of [process.env.DRAWRULES, built, "drawrules"]) {
    if (candidate && (existsSync(candidate) || spawnSync(candidate, ["--version"]).status === 0)) {
      return candidate;
    }
  }
  return null;
}

/** The command's path, or null. */
export const DRAWRULES = find();

/** Why a test that needs the command is skipped, or false. */
export const NEEDS_COMMAND = DRAWRULES === null && "needs the drawrules command ($DRAWRULES, target/release or PATH)";

/** The command's standard output. */
export function command(...args) {
  return execFileSync(DRAWRULES, args, { encoding: "utf8", maxBuffer: 1 << 28 });
}

/** The command's records of a game (explain --json). */
export function explained(moves, ...options) {
  return command("explain", "--json", ...options, "--", ...moves)
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}
