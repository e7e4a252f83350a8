#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The script of the drawrules GitHub action (action.yml), which runs it with
# its inputs in DRAWRULES_* variables; it runs the same way anywhere:
#
#   DRAWRULES_ENGINE="python -m drawrules.adapters.python_chess" \
#   DRAWRULES_KNOWN=known.toml bash action/verify.sh
#
# It installs DRAWRULES_PACKAGE with pip (by default this checkout's
# python/ project, built with cargo: the code of the action's own ref, never
# a package index's, whoever holds the name there): into
# the Python DRAWRULES_PYTHON names (default: python3) when that Python runs
# in a virtual environment, otherwise into a new virtual environment under
# RUNNER_TEMP (or TMPDIR) that sees that Python's packages. It then runs
# drawrules verify with that environment first on PATH (so that `python` in
# the engine's command is the one that sees your library), prints the
# report as Markdown, appends it to GITHUB_STEP_SUMMARY when set, writes
# the JUnit XML to DRAWRULES_JUNIT (default: drawrules-junit.xml) and names
# it in GITHUB_OUTPUT when set. Its exit status is verify's: 0 when the
# library diverges nowhere beyond its known divergences, 1 when it does, 2
# for unreadable input, 3 for a broken engine, 4 when a part the library
# implements was not exercised (compared on too few occasions of its
# rule); 64 when this script is used wrongly or the package cannot be
# installed.
set -uo pipefail

say() { printf 'drawrules action: %s\n' "$*" >&2; }

engine=${DRAWRULES_ENGINE:-}
known=${DRAWRULES_KNOWN:-}
games=${DRAWRULES_GAMES:-300}
seed=${DRAWRULES_SEED:-1}
profile=${DRAWRULES_PROFILE:-fide-2018}
junit=${DRAWRULES_JUNIT:-drawrules-junit.xml}
package=${DRAWRULES_PACKAGE:-}
python=${DRAWRULES_PYTHON:-python3}
read -r -a extra <<<"${DRAWRULES_ARGS:-}"

if [ -z "$engine" ]; then
    say "no engine: set the action's engine input (DRAWRULES_ENGINE), the command that runs your adapter"
    exit 64
fi
if [ -n "$known" ] && [ ! -f "$known" ]; then
    say "the known-divergences file $known does not exist (from $(pwd))"
    exit 64
fi
if ! command -v "$python" >/dev/null; then
    say "no $python on PATH: set the action's python input, or install Python first (actions/setup-python)"
    exit 64
fi

if "$python" -c 'import sys; sys.exit(sys.prefix == sys.base_prefix)'; then
    env_dir=$("$python" -c 'import sys; print(sys.prefix)')
else
    env_dir=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/drawrules-venv
    if ! "$python" -m venv --system-site-packages "$env_dir"; then
        say "could not create a virtual environment with $python -m venv"
        exit 64
    fi
fi
install() { "$env_dir/bin/python" -m pip install --quiet --disable-pip-version-check "$@"; }
if [ -n "$package" ]; then
    if ! install "$package"; then
        say "pip could not install $package into $env_dir"
        exit 64
    fi
else
    checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    say "building drawrules from the action's own source, $checkout/python (the package input installs a published release instead)"
    if ! install "$checkout/python"; then
        say "pip could not build $checkout/python into $env_dir"
        exit 64
    fi
fi
export PATH="$env_dir/bin:$PATH"
say "$(drawrules --version) from $env_dir"

args=(verify --engine "$engine" --games "$games" --seed "$seed" --format markdown --junit "$junit")
if [ -n "$known" ]; then
    args+=(--known "$known")
fi
# The gate decides what it accepts: a profile pinned here (the Laws by
# default) turns whatever the adapter declares otherwise into findings;
# "declared" trusts the adapter's declarations, and the report says so.
if [ -n "$profile" ] && [ "$profile" != declared ]; then
    args+=(--profile "$profile")
fi
args+=("${extra[@]}")

report=$(mktemp)
trap 'rm -f "$report"' EXIT
drawrules "${args[@]}" >"$report"
status=$?
cat "$report"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$report" >>"$GITHUB_STEP_SUMMARY"
fi
if [ -n "${GITHUB_OUTPUT:-}" ] && [ -f "$junit" ]; then
    printf 'junit=%s\n' "$junit" >>"$GITHUB_OUTPUT"
fi
case $status in
0) ;;
1) echo "::error title=drawrules verify::the library diverges from the Laws beyond its known divergences (the report is in the job summary and $junit)" ;;
3) echo "::error title=drawrules verify::the engine could not be run or stopped answering (its last words are in the log)" ;;
4) echo "::error title=drawrules verify::a part the library implements was not exercised: compared on too few occasions of its rule to say it agrees (the report is in the job summary and $junit)" ;;
*) echo "::error title=drawrules verify::drawrules verify stopped with exit status $status (see the log)" ;;
esac
exit "$status"
