# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python API's speed, as ratios against baselines run in the same
process (the figures: python/README.md):

* judging a game in process (``drawrules.judge``, a ``Status`` made for
  every ply) against the same games judged by the same pipeline in Rust
  with no Python object made: what the command's arbiter costs a game;
* ``drawrules.adjudicate`` over a PGN file (a ``GameReport`` taken for
  every game) against the command, ``drawrules adjudicate FILE``, on the
  same file, one thread each.

usage: python python/benches/speed.py [--games N] [--pgn FILE.pgn[.xz]] [--rounds K]

With no --pgn, the file is 2,000 generated games written out as PGN, ten
times over. The command's time includes starting it (Python and the
module: about 0.1 s), which a small file makes count. The
shared collection's Lichess sample (../shared/data/lichess-elite-2013-2015.pgn.xz)
is decompressed first: xz costs as much as the reading.
"""

from __future__ import annotations

import argparse
import lzma
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import drawrules
from drawrules._native import _judged_in_rust
from drawrules.testing import STEERED, GeneratedGame


def games(count: int) -> list[GeneratedGame]:
    """``count`` generated games, steered in turn, from a fixed seed; the
    moves after a game's end are cut (both sides stop there)."""
    rng = random.Random(1)
    made = []
    kinds = list(STEERED) + [None]
    while len(made) < count:
        data = rng.randbytes(rng.randint(64, 760))
        game = GeneratedGame.made(kinds[len(made) % len(kinds)], data)
        if not game.chess960:
            made.append(game)
    return made


def timed(work, rounds: int) -> float:
    """The median of ``rounds`` runs of ``work``, in seconds."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def judge_all(made):
    for game in made:
        try:
            drawrules.judge(game.moves, game.fen, edition=game.edition)
        except drawrules.errors.GameOverError:
            pass


def judge_all_in_rust(made):
    for game in made:
        _judged_in_rust(list(game.moves), game.fen, edition=game.edition)


def pgn_file(path: str | None, folder: str) -> str:
    """A plain PGN file to adjudicate: ``path`` decompressed, or generated games."""
    out = os.path.join(folder, "games.pgn")
    if path is None:
        made = games(2000)
        lines = [_san_line(game) for game in made]
        with open(out, "w") as file:
            for copy in range(10):
                for number, (game, line) in enumerate(zip(made, lines), start=1):
                    file.write(f'[Event "generated {copy * 2000 + number}"]\n')
                    file.write(f'[FEN "{game.fen}"]\n[SetUp "1"]\n\n{line} *\n\n')
        return out
    if path.endswith(".xz"):
        with lzma.open(path) as packed, open(out, "wb") as plain:
            shutil.copyfileobj(packed, plain)
        return out
    return path


def _san_line(game: GeneratedGame) -> str:
    """The game's moves up to its end, numbered SAN, as python-chess writes them."""
    import chess

    board = chess.Board(game.fen)
    words = []
    records = []
    try:
        records = drawrules.judge(game.moves, game.fen, edition=game.edition)
    except drawrules.errors.GameOverError as refused:
        records = refused.records
    for move in game.moves[: len(records) - 1]:
        parsed = chess.Move.from_uci(move)
        if board.turn == chess.WHITE:
            words.append(f"{board.fullmove_number}.")
        elif not words:
            words.append(f"{board.fullmove_number}...")
        words.append(board.san(parsed))
        board.push(parsed)
    return " ".join(words)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--pgn")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    made = games(args.games)
    plies = sum(len(game.moves) for game in made)
    judge_all(made)  # warm up
    in_python = timed(lambda: judge_all(made), args.rounds)
    in_rust = timed(lambda: judge_all_in_rust(made), args.rounds)
    print(f"judge: {args.games} generated games ({plies} moves given)")
    print(f"  drawrules.judge: {in_python / args.games * 1e6:.1f} us a game")
    print(f"  the same pipeline in Rust, no Python object: {in_rust / args.games * 1e6:.1f} us a game")
    print(f"  ratio: {in_python / in_rust:.2f}x (at most 1.5x asked)")

    command = shutil.which("drawrules")
    with tempfile.TemporaryDirectory() as folder:
        path = pgn_file(args.pgn, folder)
        size = os.path.getsize(path)

        def through_python():
            for _ in drawrules.adjudicate(path):
                pass

        def through_command():
            subprocess.run(
                [command, "adjudicate", "--threads", "1", path], stdout=subprocess.DEVNULL, check=False
            )

        counted = sum(1 for _ in drawrules.adjudicate(path))
        python_time = timed(through_python, args.rounds)
        command_time = timed(through_command, args.rounds)
    source = args.pgn or "2,000 generated games, ten times"
    print(f"adjudicate: {source} ({counted} games, {size / 1e6:.1f} MB), one thread")
    print(f"  drawrules.adjudicate: {counted / python_time:,.0f} games/s")
    print(f"  drawrules adjudicate (the command): {counted / command_time:,.0f} games/s")
    print(f"  ratio: {command_time / python_time:.2f} of the command's speed (at least 0.8 asked)")


if __name__ == "__main__":
    sys.exit(main())
