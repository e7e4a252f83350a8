#!/bin/bash -eu
# Builds every cargo-fuzz target with the sanitizer the platform asks for
# (ClusterFuzzLite and OSS-Fuzz set $SANITIZER and their cargo wrapper reads
# it) and puts each binary and its seed corpus where the platform looks for
# them ($OUT). With $SANITIZER unset or "none" it builds without one, on
# the stable toolchain, as .ci/run checks it.
cd "$SRC/drawrules"
if [ "${SANITIZER:-none}" = none ]; then
  cargo fuzz build -O --debug-assertions -s none
else
  cargo fuzz build -O --debug-assertions
fi
release=fuzz/target/x86_64-unknown-linux-gnu/release
for target in $(cargo fuzz list); do
  cp "$release/$target" "$OUT/"
  if [ -d "fuzz/seeds/$target" ]; then
    zip -q -j "$OUT/${target}_seed_corpus.zip" "fuzz/seeds/$target"/*
  fi
done
