#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The source distribution tested as pip builds it: its workspace resolves
# to the versions Cargo.lock pins and no others, and `pip install` of it
# into a fresh virtual environment (pip fetching maturin, maturin running
# cargo) gives the `drawrules` command, the python-chess adapter and the
# adapter's known-divergences file, which must be the repository's. Run from
# the repository's root; cargo must be on PATH.
#
# REUSE_TARGET, when set, is a cargo target directory (CI gives the
# checkout's target/) whose compiled release dependencies the build reuses:
# it is copied, and the workspace's own crates are dropped from the copy, so
# that they are compiled from the source distribution (cargo would
# otherwise take them as built: its files are dated 2006, and the corpus
# files they embed are found at their places in the checkout).
#
# usage: bash python/tests/sdist.sh [SDIST]
#   SDIST: a source distribution already built (default: build one into a
#   temporary directory with maturin, which must be installed).
set -euo pipefail
[ -f python/pyproject.toml ] || { echo "run from the repository's root" >&2; exit 64; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say() { printf '%s\n' "-- $*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

sdist=${1:-}
if [ -z "$sdist" ]; then
    started=$(date +%s%N)
    (cd python && maturin sdist --out "$work/dist") >/dev/null 2>&1
    sdist=$(ls "$work"/dist/drawrules-*.tar.gz)
    say "built the source distribution in $(ms_since "$started") ms"
fi
say "source distribution: $(basename "$sdist"), $(stat -c %s "$sdist") bytes"

# maturin keeps only the members the command is built from; cargo then
# drops the others' entries from Cargo.lock, and must change nothing else.
mkdir "$work/unpacked"
tar -xzf "$sdist" -C "$work/unpacked"
tree=$(echo "$work"/unpacked/drawrules-*)
pins() { awk '/^name = / { name = $3 } /^version = / { print name, $3 }' "$1" | sort; }
pins "$tree/Cargo.lock" >"$work/pinned"
(cd "$tree" && cargo metadata --offline --format-version 1 >/dev/null)
pins "$tree/Cargo.lock" >"$work/resolved"
unpinned=$(comm -13 "$work/pinned" "$work/resolved")
[ -z "$unpinned" ] || fail "the source distribution resolves versions Cargo.lock does not pin: $unpinned"
say "its workspace resolves $(wc -l <"$work/resolved") of the $(wc -l <"$work/pinned") pinned packages, nothing else"

if [ -n "${REUSE_TARGET:-}" ]; then
    mkdir "$work/target"
    cp -a "$REUSE_TARGET/release" "$work/target/"
    rm -rf "$work"/target/release/.fingerprint/drawrules* "$work"/target/release/build/drawrules* \
        "$work"/target/release/deps/*drawrules*
    export CARGO_TARGET_DIR="$work/target"
    say "reusing the compiled dependencies of $REUSE_TARGET ($(du -sm "$work/target" | cut -f 1) MB)"
fi

python3 -m venv "$work/venv"
started=$(date +%s%N)
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$sdist" \
    "$(grep -v '^#' adapters/requirements.txt)"
say "pip installed it (and python-chess) into a fresh virtual environment in $(ms_since "$started") ms"

# Far from the checkout, on a PATH with nothing of Rust on it.
mkdir "$work/elsewhere"
user() { (cd "$work/elsewhere" && env -i HOME="$work" PATH="$work/venv/bin:/usr/bin:/bin" "$@"); }
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
[ "$(user drawrules --version)" = "drawrules $version" ] || fail "drawrules --version: $(user drawrules --version)"
user python -c 'import drawrules.adapters.python_chess' || fail "the python-chess adapter does not import"
user python -c 'import drawrules; assert drawrules.judge(["f3", "e5", "g4", "Qh4"])[-1].ended == ["checkmate"]' \
    || fail "the Python API does not judge a game"
known=$(user python -m drawrules.adapters.python_chess --known)
[ "$known" = "$work/venv/lib/python$(user python -c 'import sys; print(*sys.version_info[:2], sep=".")')/site-packages/drawrules/adapters/known/python-chess.toml" ] \
    || fail "the adapter's known-divergences file is not in the package: $known"
cmp "$known" adapters/known/python-chess.toml || fail "$known is not adapters/known/python-chess.toml"
say "drawrules $version, the python-chess adapter and its known divergences ($known) installed"
