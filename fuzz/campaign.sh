#!/usr/bin/env bash
# A long fuzzing campaign that keeps what it learns between runs.
#
#   fuzz/campaign.sh [-m MINUTES] [-j JOBS] [TARGET...]
#
# Runs each TARGET (default: every target of `cargo fuzz list`) for MINUTES
# (default 60) on JOBS processes (default 1), from its corpus in
# fuzz/corpus/TARGET (created on the first run, ignored by git) and its
# committed seeds in fuzz/seeds/TARGET. New inputs go to the corpus, so the
# next campaign starts where this one stopped; at the end of each target
# the corpus is minimised (`cargo fuzz cmin`), keeping an input for every
# feature it reaches and dropping the rest. Per target it prints the
# executions, their rate and the corpus before and after.
#
# The build leaves out comparison tracing (`--no-trace-compares`): the
# inputs are bytes that choose among moves and generators, where it helps
# little, and it costs about two thirds of every execution. Set
# FUZZ_TRACE_COMPARES=1 to keep it.
#
# A crash stops the campaign with status 1 and leaves its input in
# fuzz/artifacts/TARGET (see fuzz/README.md for replaying and shrinking it).
set -euo pipefail

minutes=60
jobs=1
while getopts ":m:j:h" option; do
  case "$option" in
    m) minutes="$OPTARG" ;;
    j) jobs="$OPTARG" ;;
    h)
      sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    :)
      echo "campaign.sh: -$OPTARG needs a value; usage: campaign.sh [-m MINUTES] [-j JOBS] [TARGET...]" >&2
      exit 64
      ;;
    *)
      echo "campaign.sh: unknown option -$OPTARG; usage: campaign.sh [-m MINUTES] [-j JOBS] [TARGET...]" >&2
      exit 64
      ;;
  esac
done
shift $((OPTIND - 1))
case "$minutes$jobs" in
  *[!0-9]* | "")
    echo "campaign.sh: -m and -j take whole numbers (got -m '$minutes' -j '$jobs')" >&2
    exit 64
    ;;
esac
if [ "$minutes" -eq 0 ] || [ "$jobs" -eq 0 ]; then
  echo "campaign.sh: -m and -j must be at least 1" >&2
  exit 64
fi

cd "$(dirname "$0")"
# The targets are the files of fuzz_targets/ (one binary each).
known="$(cd fuzz_targets && ls -- *.rs | sed 's/\.rs$//')"
if [ "$#" -eq 0 ]; then
  mapfile -t targets <<<"$known"
else
  targets=("$@")
fi
for target in "${targets[@]}"; do
  if ! grep -qx -- "$target" <<<"$known"; then
    echo "campaign.sh: no fuzz target named '$target'; the targets are:" $known >&2
    exit 64
  fi
done
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "campaign.sh: cargo-fuzz is missing: cargo install cargo-fuzz --locked" >&2
  exit 69
fi
flags=(-s none)
if [ "${FUZZ_TRACE_COMPARES:-0}" != 1 ]; then
  flags+=(--no-trace-compares)
fi

cargo fuzz build "${flags[@]}"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
for target in "${targets[@]}"; do
  corpus="corpus/$target"
  mkdir -p "$corpus"
  before="$(find "$corpus" -type f | wc -l)"
  echo "== $target: $minutes min on $jobs job(s), corpus of $before inputs"
  log="$logs/$target.log"
  # One process (-jobs 1) or several sharing the corpus directory, each
  # writing its own fuzz-N.log when there are several.
  if ! cargo fuzz run "${flags[@]}" "$target" "$corpus" "seeds/$target" -- \
    -max_total_time=$((minutes * 60)) -print_final_stats=1 \
    $([ "$jobs" -gt 1 ] && echo "-jobs=$jobs -workers=$jobs") >"$log" 2>&1; then
    tail -n 40 "$log" fuzz-*.log 2>/dev/null >&2 || true
    echo "campaign.sh: $target crashed; its input is in fuzz/artifacts/$target" >&2
    exit 1
  fi
  grep -hE '^(stats |stat::number_of_executed_units|stat::average_exec_per_sec)' "$log" fuzz-*.log 2>/dev/null | tail -n 6 || true
  rm -f fuzz-*.log
  grown="$(find "$corpus" -type f | wc -l)"
  cargo fuzz cmin "${flags[@]}" "$target" "$corpus" >"$log" 2>&1 ||
    echo "campaign.sh: cmin failed for $target; the corpus is kept unminimised" >&2
  after="$(find "$corpus" -type f | wc -l)"
  echo "corpus: $before inputs before, $grown after the run, $after after cmin"
done
