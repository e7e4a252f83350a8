# SPDX-License-Identifier: GPL-3.0-or-later
"""Games from python-chess boards."""

from __future__ import annotations

from typing import Any

from ._native import Game


def from_board(board: Any, *, edition: str = "fide-2018", dead: str = "material") -> Game:
    """The game a python-chess ``chess.Board`` holds, judged from its root.

    The board's move stack is replayed from the position it started from
    (``board.root()``), so the records cover every ply the board knows: a
    board set up from a FEN starts there, and what came before that FEN is
    unknown (its repetitions are not counted). A Chess960 board
    (``board.chess960``) is read in Chess960's castling. Raises
    :class:`~drawrules.errors.IllegalMoveError` if the stack holds a move
    the rules refuse (a null move, say), naming its ply.
    """
    root = board.root()
    chess960 = bool(getattr(board, "chess960", False))
    game = Game(root.fen(shredder=chess960) if chess960 else root.fen(), chess960=chess960,
                edition=edition, dead=dead)
    replay = root.copy(stack=False)
    moves = []
    for move in board.move_stack:
        moves.append(replay.uci(move, chess960=chess960))
        replay.push(move)
    game.extend(moves)
    return game
