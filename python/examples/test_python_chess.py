# SPDX-License-Identifier: GPL-3.0-or-later
# python-chess held to the reference inside its own kind of test: pytest,
# with games Hypothesis draws from drawrules' generators. Run it with
#   pip install drawrules chess hypothesis pytest
#   python -m pytest test_python_chess.py
import chess
from hypothesis import given, settings

from drawrules.strategies import games


def record(board: chess.Board, ply: int) -> dict:
    """python-chess's answers at one ply, as the protocol's record. Only
    the fields given are compared: here those python-chess answers as the
    Laws do (`drawrules verify` lists where it departs, and why)."""
    ended = [
        name
        for name, holds in [
            ("checkmate", board.is_checkmate()),
            ("stalemate", board.is_stalemate()),
            ("dead-position", board.is_insufficient_material()),
            ("fivefold-repetition", board.is_fivefold_repetition()),
            ("seventy-five-moves", board.is_seventyfive_moves()),
        ]
        if holds
    ]
    return {"ply": ply, "fen": board.fen(), "clock": board.halfmove_clock, "ended": ended}


@settings(max_examples=200, deadline=None)
# python-chess follows the 2018 Laws (fivefold anywhere in the game) and
# standard chess here.
@given(games(chess960=False, editions=["fide-2018"]))
def test_python_chess_agrees_with_the_reference(game):
    # The plies the reference judges: the game up to its end.
    plies = len(game.records()) - 1
    board = chess.Board(game.fen)
    records = [record(board, 0)]
    for move in game.moves[:plies]:
        board.push_uci(move)
        records.append(record(board, len(records)))
    # True when python-chess agrees on every field given, an accepted
    # reading of the Laws aside (counted in it); else it names the first
    # departure as `drawrules verify` does, with the command that replays it.
    agreed = game.compare(records, name="python-chess")
    assert agreed, f"{agreed}\n{game.command()}"
