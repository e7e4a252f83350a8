# SPDX-License-Identifier: GPL-3.0-or-later
"""The package's Python API, installed from the wheel: every field of every
record held to the command's (`drawrules explain --json`, `dead --json`,
`adjudicate --json`), and bad input raising an error that names where, with
nothing judged after it.

Run with the package installed (python/tests/installed.sh does):
    python -m pytest python/tests/test_api.py
"""

import gzip
import io
import os
import json
import subprocess
import sys
from pathlib import Path

import chess
import pytest

import drawrules
from drawrules.errors import (
    DrawrulesError,
    GameOverError,
    IllegalMoveError,
    InvalidFenError,
    InvalidOptionError,
    SourceError,
)

REPO = Path(__file__).resolve().parents[2]
KNIGHTS = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def command(*args, status=0):
    """The installed command's standard output, its status checked."""
    done = subprocess.run(["drawrules", *args], capture_output=True, text=True, check=False)
    assert done.returncode == status, done.stderr
    return done.stdout


def explained(moves, *options):
    """The command's records of a game, as dicts."""
    out = command("explain", "--json", *options, "--", *moves)
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(
    "moves, options",
    [
        (KNIGHTS, ()),
        (KNIGHTS * 2, ("--rules", "fide-2014")),
        (FOOLS_MATE, ()),
        (["e4", "d5", "e5", "f5", "exf6", "Kd7"], ()),
        (["Kb1", "Kb7", "Ka1", "Ka7"], ("--fen", "k7/8/8/8/8/8/8/K6R w - - 98 80")),
    ],
)
def test_judge_gives_the_commands_records_field_for_field(moves, options):
    fen = dict(zip(options[::2], options[1::2])).get("--fen")
    edition = dict(zip(options[::2], options[1::2])).get("--rules", "fide-2018")
    records = drawrules.judge(moves, fen, edition=edition)
    assert [record.to_dict() for record in records] == explained(moves, *options)
    assert [json.loads(record.to_json()) for record in records] == explained(moves, *options)


def test_a_game_played_move_by_move_has_the_records_of_the_whole_game():
    game = drawrules.Game()
    statuses = [game.play(move) for move in KNIGHTS[:7]]
    assert game.records == drawrules.judge(KNIGHTS[:7])
    assert statuses == game.records[1:]
    status = game.status
    assert (status.ply, status.clock, status.repetition) == (7, 7, 2)
    assert status.claims == []
    assert status.claims_on_move.threefold_repetition == ["f6g8"]
    assert status.claims_on_move.fifty_moves == []
    assert (status.ended, status.undetermined, status.result, status.is_over) == ([], [], "*", False)
    assert game.moves == ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]
    assert (game.ply, game.edition, game.dead, game.notation) == (7, "fide-2018", "material", "uci-or-san")
    game.play("Ng8")
    assert game.status.claims == ["threefold-repetition"]


def test_mate_ends_the_game_and_no_move_may_follow():
    game = drawrules.Game()
    game.extend(FOOLS_MATE)
    assert (game.status.ended, game.status.result, game.is_over) == (["checkmate"], "0-1", True)
    with pytest.raises(GameOverError) as refused:
        game.play("a2a3")
    error = refused.value
    assert str(error) == 'ply 5, move "a2a3": the game is already over (checkmate, 5.1.1)'
    assert (error.ply, error.move, error.kind) == (5, "a2a3", "game-over")
    assert error.records == game.records and len(error.records) == 5
    assert game.ply == 4, "the refused move is not played"


def test_an_illegal_move_raises_names_its_ply_and_leaves_the_game_as_it_was():
    game = drawrules.Game()
    game.play("e4")
    with pytest.raises(IllegalMoveError) as refused:
        game.play("e1e3")
    assert (refused.value.ply, refused.value.move, refused.value.kind) == (2, "e1e3", "illegal-move")
    assert isinstance(refused.value, ValueError) and isinstance(refused.value, DrawrulesError)
    with pytest.raises(IllegalMoveError) as unreadable:
        game.play("Nf9")
    assert unreadable.value.kind == "unreadable-move"
    assert game.play("e5").ply == 2


def test_judge_judges_nothing_after_the_first_refused_move():
    with pytest.raises(IllegalMoveError) as refused:
        drawrules.judge(["e4", "e5", "Ke3", "Nf6"])
    assert refused.value.ply == 3
    assert [record.ply for record in refused.value.records] == [0, 1, 2]
    with pytest.raises(IllegalMoveError, match=r'ply 1, move "e4"'):
        drawrules.judge(["e4"], notation="uci")


@pytest.mark.parametrize(
    "fen",
    ["", "bad fen", "8/8/8/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/K7 w - - 0", "K7/8/8/8/8/8/8/7k x - - 0 1"],
)
def test_a_bad_fen_raises_with_the_fen(fen):
    with pytest.raises(InvalidFenError) as refused:
        drawrules.Game(fen)
    assert refused.value.fen == fen
    assert str(refused.value).startswith("invalid fen")
    with pytest.raises(InvalidFenError):
        drawrules.judge(["e4"], fen)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: drawrules.Game(edition="fide-1997"), "unknown rules"),
        (lambda: drawrules.Game(dead="maybe"), "unknown dead-position rule"),
        (lambda: drawrules.Game(notation="lan"), "unknown notation"),
        (lambda: drawrules.Game(chess960=960), "960"),
        (lambda: drawrules.Game("8/8/8/8/8/8/8/K6k w - - 0 1", chess960=3), "not both"),
        (lambda: drawrules.judge("e2e4 e7e5"), "not one string"),
        (lambda: drawrules.adjudicate(42), "path or a file object"),
    ],
)
def test_an_unknown_option_raises_saying_what(call, words):
    with pytest.raises(InvalidOptionError, match=words):
        call()


def test_a_huge_game_is_judged_whole():
    moves = KNIGHTS * 200
    with pytest.raises(GameOverError) as refused:
        drawrules.judge(moves)
    # The fifth occurrence ends the game (9.6.1) at ply 16; the rest is refused.
    assert refused.value.ply == 17 and refused.value.records[-1].ended == ["fivefold-repetition"]


def test_chess960_starts_and_castles_king_takes_rook():
    game = drawrules.Game(chess960=518)
    # The records write Chess960's castling rights by rook file.
    assert game.status.fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    game.extend(["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"])
    assert game.play("e1h1").fen == "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4"


def test_from_board_replays_a_python_chess_board_from_its_root():
    board = chess.Board("k7/8/8/8/8/8/8/K6R w - - 98 80")
    for move in ["Kb1", "Kb7", "Ka1", "Ka7"]:
        board.push_san(move)
    game = drawrules.from_board(board)
    assert game.records == drawrules.judge(["Kb1", "Kb7", "Ka1", "Ka7"], "k7/8/8/8/8/8/8/K6R w - - 98 80")
    assert game.status.clock == 102 and game.status.claims == ["fifty-moves"]
    board960 = chess.Board.from_chess960_pos(100)
    board960.push_san("e3")
    assert drawrules.from_board(board960).records[0] == drawrules.Game(chess960=100).status


def test_from_board_refuses_a_null_move_by_its_ply():
    board = chess.Board()
    board.push_san("e4")
    board.push(chess.Move.null())
    with pytest.raises(IllegalMoveError) as refused:
        drawrules.from_board(board)
    assert (refused.value.ply, refused.value.move) == (2, "0000")


@pytest.mark.parametrize(
    "fen, verdict",
    [
        ("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1", "dead"),
        ("8/8/8/8/8/8/8/K6k w - - 0 1", "dead"),
        ("k7/8/8/8/8/8/8/KQ6 w - - 0 1", "alive"),
    ],
)
def test_dead_gives_the_commands_verdict_and_evidence(fen, verdict):
    decided = drawrules.dead(fen)
    assert decided.verdict == verdict and decided.is_dead == (verdict == "dead")
    assert decided.to_dict() == json.loads(command("dead", "--json", "--fen", fen))
    if verdict == "alive":
        mated = chess.Board(fen)
        for move in decided.line:
            mated.push_uci(move)
        assert mated.is_checkmate() and decided.side == "white"


def test_dead_refuses_a_bad_move_by_its_ply():
    with pytest.raises(IllegalMoveError) as refused:
        drawrules.dead(moves=["e4", "e4"])
    assert (refused.value.ply, refused.value.move) == (2, "e4")


PGN = "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 Ke7?? 1/2-1/2\n\n1. d4 Nf9 2. Nxx *\n"


def test_adjudicate_gives_the_commands_json_lines(tmp_path):
    path = tmp_path / "three.pgn"
    path.write_text(PGN)
    # Status 1: a game could not be replayed.
    lines = command("adjudicate", "--json", str(path), status=1).splitlines()
    reports = list(drawrules.adjudicate(str(path)))
    assert [report.to_json() for report in reports] == lines
    assert [report.findings for report in reports] == [["checkmate"], ["parse-error"], []]
    assert reports[0].ended == ["checkmate"] and reports[0].ended_at == 4
    assert reports[0].final_status.result == "0-1"
    assert reports[1].error is not None and "Ke7" in reports[1].error
    assert list(drawrules.adjudicate(path, threads=2))[2].to_dict() == json.loads(lines[2])


@pytest.mark.parametrize("mode", ["text", "binary"])
def test_adjudicate_reads_file_objects(mode):
    source = io.StringIO(PGN) if mode == "text" else io.BytesIO(PGN.encode())
    assert [report.game for report in drawrules.adjudicate(source)] == [1, 2, 3]


def test_adjudicate_refuses_a_missing_or_closed_file_at_once(tmp_path):
    with pytest.raises(SourceError) as missing:
        drawrules.adjudicate(tmp_path / "none.pgn")
    assert isinstance(missing.value, OSError) and "none.pgn" in str(missing.value)
    closed = io.StringIO(PGN)
    closed.close()
    with pytest.raises(SourceError, match="closed"):
        drawrules.adjudicate(closed)


def test_adjudicate_raises_after_the_games_of_a_source_that_fails(tmp_path):
    # Tags of random text, so that half the compressed stream holds about
    # half the games.
    good = "".join(f'[Event "{os.urandom(32).hex()}"]\n\n1. e4 e5 *\n\n' for _ in range(300))
    path = tmp_path / "broken.pgn.gz"
    packed = gzip.compress(good.encode())
    path.write_bytes(packed[: len(packed) // 2])
    games = []
    with pytest.raises(SourceError) as failed:
        for report in drawrules.adjudicate(path):
            games.append(report.game)
    assert "broken.pgn.gz" in str(failed.value)
    # The games the command reports before the same failure (status 2).
    lines = command("adjudicate", "--json", str(path), status=2).splitlines()
    assert len(lines) > 0 and games == [json.loads(line)["game"] for line in lines]


def test_an_iterator_dropped_early_stops(tmp_path):
    path = tmp_path / "many.pgn"
    path.write_text("\n\n".join(["1. e4 e5 2. Nf3 Nc6 *"] * 20000) + "\n")
    reports = drawrules.adjudicate(path)
    assert next(reports).game == 1
    reports.close()
    assert list(reports) == []


def test_the_command_runs_in_the_package_with_its_exit_statuses():
    assert subprocess.run(["drawrules", "--version"], capture_output=True).returncode == 0
    assert subprocess.run(["drawrules", "--bogus"], capture_output=True).returncode == 64
    done = subprocess.run(["drawrules", "explain", "--fen", "bad"], capture_output=True, text=True)
    assert done.returncode == 2 and "invalid fen" in done.stderr
    module = subprocess.run(
        [sys.executable, "-m", "drawrules._command", "--version"], capture_output=True, text=True
    )
    assert module.returncode == 0 and module.stdout.startswith("drawrules ")


@pytest.mark.parametrize("module", ["drawrules", "drawrules.testing"])
def test_the_docstrings_examples_run_as_written(module):
    import doctest
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(module))
    assert tried > 0 and failed == 0


def test_the_readmes_python_runs_as_written(tmp_path, monkeypatch, capsys):
    import lzma
    import re

    readme = (REPO / "python" / "README.md").read_text()
    block = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
    with lzma.open(tmp_path / "games.pgn.xz", "wt") as packed:
        packed.write(PGN)
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "python/README.md", "exec"), {})
    assert capsys.readouterr().out.splitlines() == ["['checkmate']", "['parse-error']", "[]"]


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("signal_name, status", [("SIGINT", 130), ("SIGTERM", 143)])
def test_the_packages_command_stops_on_a_signal_as_the_binary_does(signal_name, status):
    import signal
    import time

    waiting = subprocess.Popen(
        ["drawrules", "adjudicate", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    waiting.stdin.write("1. e4 e5 *\n\n")
    waiting.stdin.flush()
    # Signalled once the command listens (it catches SIGTERM, which Python
    # leaves alone, together with SIGINT): a signal during Python's start
    # would stop the interpreter, not the command.
    caught = Path(f"/proc/{waiting.pid}/status")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        mask = next(line for line in caught.read_text().splitlines() if line.startswith("SigCgt:"))
        if int(mask.split()[1], 16) & (1 << (signal.SIGTERM - 1)):
            break
        time.sleep(0.01)
    else:
        pytest.fail("the command never listened for signals")
    waiting.send_signal(getattr(signal, signal_name))
    # Standard input kept open until it exits: the signal, not the end of
    # the input, must end it.
    waiting.wait(timeout=30)
    out, err = waiting.stdout.read(), waiting.stderr.read()
    waiting.stdin.close()
    assert waiting.returncode == status
    assert f"stopped by {signal_name}" in out and "Traceback" not in err
    assert err.startswith(f"error: adjudicate stopped by {signal_name}")


class Misbehaving(io.RawIOBase):
    """A file object that gives `good` text, then fails as `fault` says."""

    def __init__(self, good: bytes, fault: str):
        self.left = good
        self.fault = fault
        self.name = "misbehaving.pgn"

    def read(self, size=-1):
        if self.left:
            given, self.left = self.left[: max(size, 1)], self.left[max(size, 1) :]
            return given
        if self.fault == "raises":
            raise OSError("the disk went away")
        return 42


@pytest.mark.parametrize("fault, words", [("raises", "the disk went away"), ("int", r"read\(\) returned int")])
def test_a_file_object_that_misbehaves_raises_after_the_games_before(fault, words):
    games = "".join(f'[Event "{n}"]\n\n1. e4 e5 *\n\n' for n in range(1, 2001)).encode()
    taken = []
    with pytest.raises(SourceError, match=words) as failed:
        for report in drawrules.adjudicate(Misbehaving(games, fault)):
            taken.append(report.game)
    assert failed.value.source == "misbehaving.pgn"
    # The games read before the fault are reported, in order, with no gap.



@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: drawrules.dead("bad fen"), InvalidFenError, "invalid fen"),
        (lambda: drawrules.adjudicate(io.StringIO(PGN), dead="maybe"), InvalidOptionError, "unknown dead-position rule"),
        (lambda: drawrules.adjudicate(io.StringIO(PGN), edition="fide-1997"), InvalidOptionError, "unknown rules"),
        (lambda: drawrules.judge(["e4", 42]), TypeError, "str"),
    ],
)
def test_bad_input_to_dead_adjudicate_and_judge_raises_before_judging(call, error, words):
    with pytest.raises(error, match=words):
        call()
