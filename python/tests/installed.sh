#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The wheel tested as a user would use it: built with maturin, installed
# into a fresh virtual environment, and run on a PATH without cargo from a
# directory far from the checkout: the Python API's tests, the API as an
# engine verify holds to the reference, the documented commands against
# python-chess and chess.js with their known-divergences files, the same
# without them (the findings must show), and the GitHub action's script the
# same way, and also with no package given, when it builds the checkout's
# python/ project with cargo (in CARGO_TARGET_DIR, default the checkout's
# target/) though the index it sees holds a decoy drawrules of the same
# version. Run from the
# repository's root after the adapters' libraries are installed
# (adapters/node_modules); .ci/run does.
#
# usage: bash python/tests/installed.sh [WHEEL]
#   WHEEL: a wheel already built (default: build one into a temporary
#   directory with maturin, which must be installed).
set -euo pipefail
repo=$(pwd)
[ -f python/pyproject.toml ] || { echo "run from the repository's root" >&2; exit 64; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say() { printf '%s\n' "-- $*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

wheel=${1:-}
if [ -z "$wheel" ]; then
    say "building the wheel"
    (cd python && maturin build --quiet --locked --out "$work/wheels") >/dev/null
    wheel=$(ls "$work"/wheels/drawrules-*.whl)
fi
say "wheel: $(basename "$wheel"), $(stat -c %s "$wheel") bytes"

# A fresh environment and a PATH with nothing of Rust on it.
python3 -m venv "$work/venv"
started=$(date +%s%N)
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel" \
    "$(grep -v '^#' adapters/requirements.txt)"
say "installed with python-chess in $(( ($(date +%s%N) - started) / 1000000 )) ms"
clean_path="$work/venv/bin:/usr/local/bin:/usr/bin:/bin"
user() { (cd "$work/elsewhere" && env -i HOME="$work" PATH="$clean_path" "$@"); }
mkdir -p "$work/elsewhere"
if user bash -c 'command -v cargo rustc' >/dev/null; then
    fail "cargo or rustc is on the clean PATH ($clean_path)"
fi
[ "$(user bash -c 'command -v drawrules')" = "$work/venv/bin/drawrules" ] \
    || fail "drawrules is not the wheel's"

# Each run: what it printed last, and its exit status against the one
# expected.
expect() {
    local want=$1 log=$2
    shift 2
    local status=0
    user "$@" >"$work/$log.out" 2>"$work/$log.err" || status=$?
    say "$log: exit status $status; $(tail -n 1 "$work/$log.out")"
    if [ "$status" != "$want" ]; then
        cat "$work/$log.out" "$work/$log.err" >&2
        fail "$log: exit status $status, expected $want"
    fi
}

expect 0 version drawrules --version
expect 0 cases drawrules cases
grep -Eq '^([0-9]+) of \1 case runs hold against arbiter$' "$work/cases.out" \
    || fail "cases: not every case of the built-in corpus held"

# The documented commands (python/README.md, book/src/gate.md): the
# python-chess adapter's known divergences are the file installed with it,
# the repository's.
cp adapters/known/python-chess.toml adapters/known/chess-js.toml "$work/elsewhere/"
python_chess="python -m drawrules.adapters.python_chess"
installed_known=$(user python -m drawrules.adapters.python_chess --known)
cmp "$installed_known" adapters/known/python-chess.toml || fail "$installed_known is not adapters/known/python-chess.toml"
expect 0 python-chess drawrules verify --engine "$python_chess" --known "$installed_known"
grep -q '(the built-in corpus)' "$work/python-chess.out" || fail "python-chess: the built-in corpus was not judged"
expect 1 python-chess-unknown drawrules verify --engine "$python_chess"
grep -q '^FAIL: ' "$work/python-chess-unknown.out" || fail "python-chess without its known file: no findings"

# The rules in the Python process: the API's tests (every field held to
# the command's records, bad input raising where it is), and the API as an
# engine of the protocol, which verify holds to the reference on the
# corpus and 300 generated games under both editions.
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check pytest==9.2.0 \
    hypothesis==6.170.27 dask==2026.8.0 distributed==2026.8.0
expect 0 python-api python -m pytest -q -p no:cacheprovider -rs "$repo/python/tests/test_api.py" \
    "$repo/python/tests/test_strategies.py"
# The examples the book's chapter "In your own tests" shows, run as
# written: python-chess held to the reference with the Hypothesis
# strategy, and many files adjudicated on a local Dask cluster (the
# shared collection's, beside the repository), line for line the command's.
expect 0 python-examples python -m pytest -q -p no:cacheprovider -rs "$repo/python/examples"
grep -Eq '^3 passed' "$work/python-examples.out" || fail "python examples: not all three ran (one skipped?)"
expect 0 python-api-engine drawrules verify --engine "python $repo/python/tests/api_engine.py"
grep -q '^PASS: 0 findings' "$work/python-api-engine.out" || fail "the Python API as an engine: findings"

# Help that works where the command is installed: the pages the help names
# (`drawrules docs`), the adapter's usage, and the adapter started by hand
# on a terminal saying what waits for input and how to end it.
expect 0 docs-protocol drawrules docs protocol
[ "$(head -n 1 "$work/docs-protocol.out")" = "# The engine protocol, version 2" ] \
    || fail "drawrules docs protocol: $(head -n 1 "$work/docs-protocol.out")"
expect 0 docs-profiles drawrules docs profiles
expect 0 adapter-help python -m drawrules.adapters.python_chess --help
grep -q '^usage: python -m drawrules.adapters.python_chess' "$work/adapter-help.out" \
    || fail "the adapter's --help prints no usage"
expect 2 adapter-unknown python -m drawrules.adapters.python_chess --bogus
if command -v script >/dev/null; then
    # On a terminal (script gives it one), Ctrl-D typed at once.
    user timeout 20 script -qec "python -m drawrules.adapters.python_chess" /dev/null \
        <<<$'\x04' >"$work/adapter-tty.out" 2>&1 || true
    grep -q "waiting for requests of the engine protocol (drawrules docs protocol)" "$work/adapter-tty.out" \
        || { cat "$work/adapter-tty.out" >&2; fail "the adapter on a terminal says nothing"; }
    say "adapter on a terminal: $(tr -d '\r' <"$work/adapter-tty.out" | grep -m 1 . | head -c 80)..."
fi

# chess.js the way its maintainers would have it: their adapter beside
# their node_modules.
mkdir -p "$work/elsewhere/node_modules"
cp -r adapters/node_modules/chess.js "$work/elsewhere/node_modules/"
cp adapters/chess-js.mjs "$work/elsewhere/drawrules-adapter.mjs"
node_dir=$(dirname "$(command -v node)")
clean_path="$clean_path:$node_dir"
expect 0 chess-js drawrules verify --engine "node drawrules-adapter.mjs" --known chess-js.toml
expect 1 chess-js-unknown drawrules verify --engine "node drawrules-adapter.mjs"

# The action's script, as action.yml runs it: into the environment of the
# Python it is given, with the job summary, the output file and the JUnit
# report where GitHub would read them.
action() {
    local want=$1 name=$2 engine=$3 known=$4 python=$5
    local status=0
    user env RUNNER_TEMP="$work/runner-$name" GITHUB_STEP_SUMMARY="$work/$name.summary" \
        GITHUB_OUTPUT="$work/$name.output" DRAWRULES_ENGINE="$engine" DRAWRULES_KNOWN="$known" \
        DRAWRULES_PACKAGE="$wheel" DRAWRULES_PYTHON="$python" DRAWRULES_JUNIT="$name.xml" \
        DRAWRULES_ARGS="--jobs 2" bash "$repo/action/verify.sh" >"$work/$name.out" 2>"$work/$name.err" || status=$?
    say "action, $name: exit status $status; $(tail -n 1 "$work/$name.err")"
    [ "$status" = "$want" ] || { cat "$work/$name.out" "$work/$name.err" >&2; fail "action, $name: exit status $status, expected $want"; }
    [ "$(cat "$work/$name.output")" = "junit=$name.xml" ] || fail "action, $name: GITHUB_OUTPUT"
    head -n 1 "$work/elsewhere/$name.xml" | grep -q '^<?xml' || fail "action, $name: no JUnit report"
    grep -q '^## ' "$work/$name.summary" || fail "action, $name: no job summary"
}
mkdir -p "$work/runner-python-chess" "$work/runner-chess-js" "$work/runner-broken"
action 0 python-chess "$python_chess" python-chess.toml python
action 0 chess-js "node drawrules-adapter.mjs" chess-js.toml python
action 1 broken "node drawrules-adapter.mjs" "" python
grep -q '^::error title=drawrules verify::the library diverges' "$work/broken.out" \
    || fail "action, broken: no error annotation"
# A Python outside any virtual environment: a new one is made for the wheel.
system_python=$(command -v python3)
clean_path="$clean_path:$(dirname "$system_python")"
rm -rf "$work/runner-system" && mkdir -p "$work/runner-system"
action 0 system "node drawrules-adapter.mjs" chess-js.toml "$system_python"
[ -x "$work/runner-system/drawrules-venv/bin/drawrules" ] || fail "action, system: no environment of its own"
# No package given: the action builds its own checkout's python/ project
# with cargo, and never takes the drawrules a package index holds, though a
# decoy of the same version stands in the directory of wheels that serves
# as the index here (beside maturin, which the build takes from it).
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
python3 -m pip download --quiet --disable-pip-version-check --only-binary :all: --no-deps \
    --dest "$work/index" "maturin==$(python3 -m maturin --version | cut -d ' ' -f 2)"
python3 - "$work/index" "$version" <<'DECOY'
import sys, zipfile
index, version = sys.argv[1:]
info = f"drawrules-{version}.dist-info"
files = {
    "drawrules_decoy.py": "def main():\n    print('a decoy from the index')\n",
    f"{info}/METADATA": f"Metadata-Version: 2.1\nName: drawrules\nVersion: {version}\n",
    f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: installed.sh\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    f"{info}/entry_points.txt": "[console_scripts]\ndrawrules = drawrules_decoy:main\n",
}
with zipfile.ZipFile(f"{index}/drawrules-{version}-py3-none-any.whl", "w") as wheel:
    for name, text in files.items():
        wheel.writestr(name, text)
    wheel.writestr(f"{info}/RECORD", "".join(f"{name},,\n" for name in [*files, f"{info}/RECORD"]))
DECOY
cargo_env=(PATH="$clean_path:$(dirname "$(command -v cargo)")" CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"
    RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target}")
rm -rf "$work/runner-source" && mkdir -p "$work/runner-source"
started=$(date +%s%N)
status=0
user env "${cargo_env[@]}" PIP_NO_INDEX=1 PIP_FIND_LINKS="$work/index" RUNNER_TEMP="$work/runner-source" \
    DRAWRULES_ENGINE="node drawrules-adapter.mjs" DRAWRULES_KNOWN=chess-js.toml DRAWRULES_JUNIT=source.xml \
    DRAWRULES_PYTHON="$system_python" bash "$repo/action/verify.sh" >"$work/source.out" 2>"$work/source.err" || status=$?
built_ms=$(( ($(date +%s%N) - started) / 1000000 ))
[ "$status" = 0 ] \
    && grep -qxF "drawrules action: building drawrules from the action's own source, $repo/python (the package input installs a published release instead)" "$work/source.err" \
    && grep -qxF "drawrules action: drawrules $version from $work/runner-source/drawrules-venv" "$work/source.err" \
    && ! grep -q decoy "$work/source.out" "$work/source.err" \
    || { cat "$work/source.out" "$work/source.err" >&2; fail "action without a package: status $status"; }
# The decoy is what the index gives when asked: the check above means something.
user env PIP_NO_INDEX=1 PIP_FIND_LINKS="$work/index" "$system_python" -m venv "$work/decoy-venv"
user env PIP_NO_INDEX=1 PIP_FIND_LINKS="$work/index" "$work/decoy-venv/bin/python" -m pip install --quiet \
    --disable-pip-version-check "drawrules==$version"
[ "$(user "$work/decoy-venv/bin/drawrules")" = "a decoy from the index" ] || fail "the decoy wheel does not install"
say "action, no package: built from $repo/python in $built_ms ms (the index's decoy left alone), exit status 0"
# Used wrongly: the action's one line (after what pip said, if it ran),
# status 64, nothing on standard output.
refused() {
    local name=$1 line=$2
    shift 2
    local status=0
    user env RUNNER_TEMP="$work/runner-system" DRAWRULES_PACKAGE="$wheel" "$@" \
        bash "$repo/action/verify.sh" >"$work/$name.out" 2>"$work/$name.err" || status=$?
    if [ "$status" != 64 ] || [ -s "$work/$name.out" ] || [ "$(tail -n 1 "$work/$name.err")" != "$line" ]; then
        cat "$work/$name.out" "$work/$name.err" >&2
        fail "action, $name: status $status, expected 64 and the line: $line"
    fi
    say "action, $name: exit status 64; $line"
}
refused no-engine "drawrules action: no engine: set the action's engine input (DRAWRULES_ENGINE), the command that runs your adapter" \
    DRAWRULES_ENGINE=
refused no-known "drawrules action: the known-divergences file missing.toml does not exist (from $work/elsewhere)" \
    DRAWRULES_ENGINE="$python_chess" DRAWRULES_KNOWN=missing.toml
refused no-python "drawrules action: no no-such-python on PATH: set the action's python input, or install Python first (actions/setup-python)" \
    DRAWRULES_ENGINE="$python_chess" DRAWRULES_PYTHON=no-such-python
refused no-wheel "drawrules action: pip could not install $work/missing.whl into $work/venv" \
    DRAWRULES_ENGINE="$python_chess" DRAWRULES_PYTHON=python DRAWRULES_PACKAGE="$work/missing.whl"
# The profile input reaches verify: an unknown one is verify's usage error,
# which the action passes on with an annotation.
status=0
user env RUNNER_TEMP="$work/runner-system" DRAWRULES_ENGINE="node drawrules-adapter.mjs" \
    DRAWRULES_PACKAGE="$wheel" DRAWRULES_PYTHON="$system_python" DRAWRULES_PROFILE=fics \
    bash "$repo/action/verify.sh" >"$work/profile.out" 2>"$work/profile.err" || status=$?
[ "$status" = 64 ] \
    && grep -qx "error: invalid value 'fics' for '--profile <PROFILE>': unknown profile \"fics\" (expected fide-2018, fide-2014, lichess, chess-com or us-chess)" "$work/profile.err" \
    && [ "$(cat "$work/profile.out")" = "::error title=drawrules verify::drawrules verify stopped with exit status 64 (see the log)" ] \
    || { cat "$work/profile.out" "$work/profile.err" >&2; fail "action with an unknown profile: status $status"; }
say "action, unknown profile: exit status 64"
# What the gate judges by: the Laws by default, whatever the adapter
# declares (chess.js declares 9.6 absent, the draw policies of profile
# us-chess); the adapter's own declarations only when asked (`declared`).
grep -q '^\* judged by: profile fide-2018, given to verify in place of the handshake' "$work/chess-js.summary" \
    || { cat "$work/chess-js.summary" >&2; fail "action, chess-js: not judged by the Laws by default"; }
status=0
user env RUNNER_TEMP="$work/runner-system" GITHUB_STEP_SUMMARY="$work/declared.summary" \
    DRAWRULES_ENGINE="node drawrules-adapter.mjs" DRAWRULES_KNOWN=chess-js.toml \
    DRAWRULES_PACKAGE="$wheel" DRAWRULES_PYTHON="$system_python" DRAWRULES_PROFILE=declared \
    DRAWRULES_JUNIT=declared.xml bash "$repo/action/verify.sh" >"$work/declared.out" 2>"$work/declared.err" || status=$?
[ "$status" = 0 ] \
    && grep -q '^\* judged by: profile us-chess: the draw policies and editions the handshake declares' "$work/declared.summary" \
    && grep -q '^\* draw rules: declared departures from the Laws, judged as declared: fivefold-repetition: absent' "$work/declared.summary" \
    || { cat "$work/declared.out" "$work/declared.err" >&2; fail "action, declared: status $status"; }
say "action, profile declared: exit status 0, judged by the adapter's declarations"

# The wheel without python-chess: the adapter says what is missing and how
# to install it (status 2), and verify fails the handshake (status 3,
# nothing on standard output) with the adapter's words after its own.
python3 -m venv "$work/bare"
"$work/bare/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"
bare() { (cd "$work/elsewhere" && env -i HOME="$work" PATH="$work/bare/bin:/usr/bin:/bin" "$@"); }
status=0
bare python -m drawrules.adapters.python_chess </dev/null 2>"$work/bare-adapter.err" || status=$?
said="the python-chess adapter needs python-chess in the Python that runs it: $work/bare/bin/python -m pip install chess (it looked in "
[ "$status" = 2 ] && [[ "$(cat "$work/bare-adapter.err")" == "$said"* ]] \
    || { cat "$work/bare-adapter.err" >&2; fail "the adapter without python-chess: status $status"; }
status=0
bare drawrules verify --engine "$python_chess" >"$work/bare.out" 2>"$work/bare.err" || status=$?
[ "$status" = 3 ] && [ ! -s "$work/bare.out" ] \
    && [[ "$(cat "$work/bare.err")" == "error: the engine failed its handshake: the engine exited (exit status: 2); the engine's standard error ended with: \"$said"* ]] \
    || { cat "$work/bare.out" "$work/bare.err" >&2; fail "verify without python-chess: status $status"; }
say "without python-chess: the adapter exits 2 with its line, verify 3"
say "the wheel works as documented"
