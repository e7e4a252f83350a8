#!/usr/bin/env bash
# Installs what building the book needs, each only when it is missing or
# at another version: the wasm32-unknown-unknown target, mdbook 0.5.4 and
# wasm-bindgen-cli at the version of the wasm-bindgen crate in Cargo.lock
# (both compiled by cargo install: a few minutes the first time). With
# --browser, also what the page's browser test needs (book/tests/
# browser.py): Debian's chromium, chromium-driver and a font (apt-get, as
# root), and its Python packages (pip). CI runs it as written.
#
# usage: bash book/tools.sh [--browser]
set -euo pipefail
cd "$(dirname "$0")/.."

browser=""
case "${1:-}" in
  "") ;;
  --browser) browser=1 ;;
  *) echo "usage: bash book/tools.sh [--browser]" >&2; exit 64 ;;
esac

say() { printf -- '-- %s\n' "$*"; }

if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "the wasm32-unknown-unknown target: installed"
else
  rustup target add wasm32-unknown-unknown
fi

# mdbook without its live server (the book is served by any static server).
if mdbook --version 2>/dev/null | grep -q '^mdbook v0\.5\.4$'; then
  say "mdbook 0.5.4: installed"
else
  cargo install mdbook --locked --version 0.5.4 --no-default-features --features search --quiet
fi

# wasm-bindgen-cli must match the wasm-bindgen crate the page is built
# with; without TLS (it fetches nothing). Not --locked: its published lock
# file pins webpki-roots 1.0.11, which the crates.io index CI reads lacks
# (cargo install --locked stops there).
wasm_bindgen="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }')" = "$wasm_bindgen" ]; then
  say "wasm-bindgen-cli $wasm_bindgen: installed"
else
  cargo install wasm-bindgen-cli --version "$wasm_bindgen" --no-default-features --quiet
fi

[ -n "$browser" ] || exit 0

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  say "chromium and chromium-driver: installed"
elif [ "$(id -u)" -ne 0 ]; then
  echo "error: the browser test needs chromium and chromium-driver: as root, apt-get install chromium chromium-driver fonts-dejavu-core" >&2
  exit 1
else
  packages=(chromium chromium-driver fonts-dejavu-core)
  apt-get install -y -qq "${packages[@]}" >/dev/null \
    || { apt-get update -qq && apt-get install -y -qq "${packages[@]}" >/dev/null; }
fi

python3 -m pip install --quiet --disable-pip-version-check -r book/tests/requirements.txt
say "the book's tools are installed"
