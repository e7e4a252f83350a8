#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The layouts of the gate chapter (book/src/gate.md), as written: an adapter
# copied into a project's test/ directory finds the library installed at the
# project's root and passes with the project's known-divergences file; an
# adapter that finds no library says where it looked and exits 2. Run from
# the repository's root after `npm ci --prefix adapters` and a release build:
#
#     bash adapters/tests/layouts.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
drawrules="${DRAWRULES:-$root/target/release/drawrules}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
hello='{"type": "hello", "protocol": 1}'
fail() { echo "layouts: $*" >&2; exit 1; }

# expect_refusal DIR COMMAND NEEDLE: COMMAND, run in DIR, exits 2 and its
# standard error names NEEDLE (where it looked).
expect_refusal() {
  local status=0 said
  said="$(cd "$1" && printf '%s\n' "$hello" | $2 2>&1 >/dev/null)" || status=$?
  [ "$status" = 2 ] || fail "$2 in $1: exit status $status, expected 2 ($said)"
  case "$said" in
    *"$3"*) echo "ok: $2 says where it looked: $said" ;;
    *) fail "$2 in $1 does not name $3: $said" ;;
  esac
}

for library in chess-js kokopu; do
  package="$([ "$library" = chess-js ] && echo chess.js || echo kokopu)"
  project="$scratch/$library"
  mkdir -p "$project/test"
  cp "$root/adapters/$library.mjs" "$project/test/drawrules-adapter.mjs"
  cp "$root/adapters/known/$library.toml" "$project/test/drawrules-known.toml"
  # Nothing installed: the adapter names the project's node_modules.
  expect_refusal "$project" "node test/drawrules-adapter.mjs" "$project/node_modules"
  # Installed at the project's root (as `npm ci` there leaves it): the
  # gate's command, as the chapter's workflow runs it, passes.
  mkdir "$project/node_modules"
  cp -r "$root/adapters/node_modules/$package" "$project/node_modules/"
  (cd "$project" && "$drawrules" verify --engine "node test/drawrules-adapter.mjs" \
    --known test/drawrules-known.toml --profile fide-2018 >"$scratch/$library.report") \
    || { cat "$scratch/$library.report" >&2; fail "$library: the gate failed in the chapter's layout"; }
  echo "ok: $library from $project/test: $(tail -n 1 "$scratch/$library.report")"
done

# Python: the adapter runs in the environment of the Python that runs it; in
# one without python-chess it names that Python and its search path.
python3 -m venv --without-pip "$scratch/venv"
expect_refusal "$scratch" "$scratch/venv/bin/python $root/adapters/python-chess.py" "$scratch/venv/bin/python"
