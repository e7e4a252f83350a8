#!/usr/bin/env bash
# Exits with status 2 and says so when wasm-bindgen-cli is missing or not
# at the version of the wasm-bindgen crate in Cargo.lock (the glue it
# writes must match the crate). Sourced by book/build.sh and js/build.sh,
# from the repository's root.
wanted="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
have="$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)"
if [ "$have" != "$wanted" ]; then
  echo "error: wasm-bindgen $wanted is needed (Cargo.lock), found ${have:-none}: bash book/tools.sh installs it" >&2
  exit 2
fi
