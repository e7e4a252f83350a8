#!/usr/bin/env bash
# verify's recall on synthetic bugs (book/src/mutants.md): every mutant of
# the reference (src/reference/) built into drawrules-engine, each run
# through a verify built once from the unchanged library, on the corpus
# and 300 generated games with no known file (crates/engine/tests/
# verified.rs). A mutant verify FAILs is caught. Writes target/recall/:
# cargo-mutants' mutants.out/ and summary.md (recall_tally.py).
#
#   RECALL_SHARD    k/n: one share of the mutants (every n-th, from the
#                   k-th), for a campaign split across runs or machines
#   RECALL_LIBRARY  the mutants.out/ of the library's own campaign over
#                   src/reference/: verify's blind spots (the mutants it
#                   passes, but for those recall-equivalent.toml lists)
#                   that the library's tests catch are marked
#   RECALL_IN_PLACE 1: mutate this tree itself rather than a copy (only in
#                   a copy kept for campaigns: it reuses its builds)
#
# Needs cargo-mutants (cargo install --locked cargo-mutants@27.1.0).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/recall
mkdir -p "$out"
# The verify every mutant is judged by: built before any mutation, kept
# apart from the builds cargo-mutants makes.
cargo build --locked --release --quiet -p drawrules-cli
cp target/release/drawrules "$out/drawrules-unmutated"
options=()
if [ "${RECALL_IN_PLACE:-}" = 1 ]; then
  options+=(--in-place)
fi
if [ -n "${RECALL_SHARD:-}" ]; then
  options+=(--shard "$RECALL_SHARD" --sharding round-robin)
fi
# The engine unmutated must pass first (cargo-mutants' own baseline would
# run the mutated package's tests, not the engine's).
DRAWRULES_VERIFY="$PWD/$out/drawrules-unmutated" cargo test --locked --quiet -p drawrules-engine
# Only verify judges a mutant: the engine's test that drives it
# (verified.rs), not the engine's own unit tests, and not the library's
# tests (.cargo/mutants.toml is not read).
status=0
DRAWRULES_VERIFY="$PWD/$out/drawrules-unmutated" cargo mutants --no-config -f 'src/reference/**' \
  --test-package drawrules-engine --baseline skip "${options[@]}" --timeout 300 \
  --output "$out" -- --test verified || status=$?
# cargo-mutants exits 2 when a mutant was missed (here: passed by verify),
# 3 on timeouts; both are tallied. Anything else is a failed run.
case "$status" in 0 | 2 | 3) ;; *) echo "cargo mutants exited with status $status" >&2; exit 1 ;; esac
python3 crates/engine/recall_tally.py ${RECALL_LIBRARY:+--library "$RECALL_LIBRARY"} "$out/mutants.out" \
  | tee "$out/summary.md"
