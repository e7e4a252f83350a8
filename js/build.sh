#!/usr/bin/env bash
# Builds the npm package's WebAssembly into js/pkg/: the drawrules-js
# crate for wasm32-unknown-unknown (the wasm-speed profile: optimised for
# speed, since programs judge their games with it), then wasm-bindgen's
# JavaScript glue for ES modules (--target web), which js/node.js and
# js/browser.js load; then binaryen's wasm-opt -O3 over the module (a
# twentieth faster and a sixth smaller, js/benches/speed.mjs); and the
# project's LICENSE beside them (npm packs no symbolic link). Needs what
# book/tools.sh installs (the wasm32 target, wasm-bindgen-cli at the
# version in Cargo.lock) and js/'s development packages (binaryen: npm ci
# in js/).
#
# usage: bash js/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."

source book/wasm-bindgen-check.sh

wasm_opt=js/node_modules/.bin/wasm-opt
[ -x "$wasm_opt" ] || { echo "error: $wasm_opt is missing: run npm ci in js/ first" >&2; exit 1; }

cargo build --locked --profile wasm-speed --target wasm32-unknown-unknown -p drawrules-js
rm -rf js/pkg
wasm-bindgen --target web --no-typescript --out-dir js/pkg \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm-speed/drawrules_js.wasm"
"$wasm_opt" -O3 js/pkg/drawrules_js_bg.wasm -o js/pkg/drawrules_js_bg.wasm
cp LICENSE js/LICENSE
echo "js/pkg: $(wc -c < js/pkg/drawrules_js_bg.wasm) bytes of WebAssembly, $(wc -c < js/pkg/drawrules_js.js) bytes of glue"
