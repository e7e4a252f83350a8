#!/bin/bash -eu
# Builds every cargo-fuzz target with the sanitizer the platform asks for
# (OSS-Fuzz's cargo wrapper reads $SANITIZER) and puts each binary and its
# seed corpus where the platform looks for them ($OUT).
cd "$SRC/drawrules"
cargo fuzz build -O --debug-assertions
release=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $(cargo fuzz list); do
  cp "$release/$target" "$OUT/"
  if [ -d "fuzz/seeds/$target" ]; then
    zip -q -j "$OUT/${target}_seed_corpus.zip" "fuzz/seeds/$target"/*
  fi
done
