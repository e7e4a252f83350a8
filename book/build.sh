#!/usr/bin/env bash
# Builds the book into book/build: first the library compiled to
# WebAssembly for the page "Judge a game" (crates/web, into
# book/src/judge/pkg), then mdbook, whose preprocessor replays every worked
# example through the reference.
#
# Needs what book/tools.sh installs: the wasm32-unknown-unknown target,
# wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock,
# and mdbook 0.5.
set -euo pipefail
cd "$(dirname "$0")/.."

source book/wasm-bindgen-check.sh
if ! command -v mdbook >/dev/null 2>&1; then
  echo "error: mdbook 0.5 is needed: bash book/tools.sh installs it" >&2
  exit 2
fi

cargo build --locked --profile wasm --target wasm32-unknown-unknown -p drawrules-web
rm -rf book/src/judge/pkg
wasm-bindgen --target web --no-typescript --out-dir book/src/judge/pkg \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/drawrules_web.wasm"
mdbook build book
wasm="$(wc -c < book/build/judge/pkg/drawrules_web_bg.wasm)"
glue="$(wc -c < book/build/judge/pkg/drawrules_web.js)"
page="$(wc -c < book/build/judge/judge.js)"
echo "the page loads $wasm bytes of WebAssembly, $glue + $page bytes of JavaScript"
