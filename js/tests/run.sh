#!/usr/bin/env bash
# The npm package as a user installs it: its WebAssembly built
# (js/build.sh), the package packed and installed from its tarball into a
# fresh project beside its peers (fast-check, chess.js) and TypeScript,
# then, there: every test and the chapter's chess.js example by node's
# test runner (none may be skipped: the command and Chromium must be
# found), the types checked by tsc, and the API driven by `drawrules
# verify` as an engine (nothing found). Then the speed bench once, small.
#
# usage: bash js/tests/run.sh   (needs target/release/drawrules, or
# $DRAWRULES; Chromium at /usr/bin/chromium or $CHROMIUM; what
# book/tools.sh installs; node 18 or later and npm)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
export DRAWRULES="${DRAWRULES:-$repo/target/release/drawrules}"
[ -x "$DRAWRULES" ] || { echo "error: $DRAWRULES is missing: cargo build --release -p drawrules-cli" >&2; exit 1; }

# One version for the crates, the wheel and the npm package.
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
package="$(node -p 'require("./js/package.json").version')"
[ "$package" = "$version" ] || { echo "error: js/package.json's version is $package, Cargo.toml's $version" >&2; exit 1; }

(cd js && npm ci --silent --no-audit --no-fund)
bash js/build.sh

project="$(mktemp -d)"
trap 'rm -rf "$project"' EXIT
(cd js && npm pack --silent --pack-destination "$project" >/dev/null)
tarball="$(ls "$project"/drawrules-*.tgz)"
files="$(tar -tzf "$tarball")"
echo "the npm package: $(wc -c <"$tarball") bytes packed, $(printf '%s\n' "$files" | wc -l) files"
# Every file the package's entries load is in it.
for file in package.json node.js browser.js fast-check.js index.d.ts fast-check.d.ts README.md LICENSE \
  src/api.js src/errors.js src/index.js src/records.js src/testing.js pkg/drawrules_js.js pkg/drawrules_js_bg.wasm; do
  printf '%s\n' "$files" | grep -qx "package/$file" || { echo "error: the package lacks $file" >&2; exit 1; }
done

# The peers at the versions the package is developed with.
# (binaryen only builds the module: not a peer.)
peers="$(node -p 'const d = require("./js/package.json").devDependencies; Object.entries(d).filter(([n]) => n !== "binaryen").map(([n, v]) => n + "@" + v).join(" ")')"
printf '{ "private": true, "type": "module" }\n' >"$project/package.json"
# shellcheck disable=SC2086 # peers are words
(cd "$project" && npm install --silent --no-audit --no-fund "$tarball" $peers)
cp -r js/tests js/examples js/tsconfig.json "$project/"

report="$(cd "$project" && node --test tests/ examples/ 2>&1)" || { printf '%s\n' "$report"; exit 1; }
printf '%s\n' "$report" | grep -E '^# (tests|pass|fail|skipped)'
if ! printf '%s\n' "$report" | grep -qx '# skipped 0'; then
  printf '%s\n' "$report" | grep -B2 -A4 '# SKIP'
  echo "error: a test was skipped (it needs the command or Chromium)" >&2
  exit 1
fi
(cd "$project" && npx tsc -p tsconfig.json)
echo "tsc: the types check"

"$DRAWRULES" verify --engine "node $project/tests/api-engine.mjs" | tail -n 1

(cd js && node benches/speed.mjs --games 100 --rounds 1)
