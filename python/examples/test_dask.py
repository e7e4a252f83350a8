# SPDX-License-Identifier: GPL-3.0-or-later
# The Dask example (dask_adjudicate.py) on a local cluster of two workers,
# over the shared collection's files: its output is the command's, line for
# line, and so is its exit status.
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[2] / "shared" / "data"


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data beside the repository (CI has it)")
def test_dask_gives_the_commands_lines_for_the_shared_collection(tmp_path):
    files = sorted(str(p) for p in SHARED.glob("*.pgn.xz")) + sorted(
        str(p) for p in (SHARED / "pgn-extract-games").glob("*.pgn")
    )
    command = subprocess.run(["drawrules", "adjudicate", "--json", *files], capture_output=True, text=True)
    out = tmp_path / "dask.jsonl"
    dask = subprocess.run(
        [sys.executable, str(HERE / "dask_adjudicate.py"), str(out), *files, "--workers", "2"],
        capture_output=True,
        text=True,
    )
    assert dask.returncode == command.returncode == 1, dask.stderr
    lines = command.stdout.splitlines()
    assert len(lines) > 40000 and len(files) > 50
    assert out.read_text().splitlines() == lines


def test_dask_stops_at_a_file_that_cannot_be_read(tmp_path):
    good = tmp_path / "good.pgn"
    good.write_text("1. e4 e5 *\n")
    dask = subprocess.run(
        [sys.executable, str(HERE / "dask_adjudicate.py"), str(tmp_path / "out.jsonl"), str(good),
         str(tmp_path / "missing.pgn"), "--workers", "1"],
        capture_output=True,
        text=True,
    )
    assert dask.returncode == 2
    assert "missing.pgn" in dask.stderr and "error: cannot read" in dask.stderr
