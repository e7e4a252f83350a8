# SPDX-License-Identifier: GPL-3.0-or-later
"""The exceptions of the drawrules package.

Every one is a :class:`DrawrulesError`; each is also the built-in exception
a Python user would catch for the same trouble (:class:`ValueError` for a
bad FEN, move or option, :class:`OSError` for a source that cannot be
read). Their messages name where the trouble is: the ply and the move, the
FEN, the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ._native import Status


class DrawrulesError(Exception):
    """Any error the drawrules package raises."""


class InvalidOptionError(DrawrulesError, ValueError):
    """An edition, 5.2.2 rule, start or argument the package does not know."""


class InvalidFenError(DrawrulesError, ValueError):
    """A start position's FEN that cannot be used; ``fen`` is the text."""

    def __init__(self, message: str, fen: str) -> None:
        super().__init__(message)
        self.fen = fen


class MoveError(DrawrulesError, ValueError):
    """A move that was not played.

    ``ply`` is the ply it would have made (1 for the first move), ``move``
    its text as given, ``kind`` the protocol's name of the refusal
    (``unreadable-move``, ``illegal-move`` or ``game-over``) and
    ``records`` the status records of the plies before it: the game judged
    up to the refused move, and nothing after it.
    """

    def __init__(
        self, message: str, ply: int, move: str, kind: str, records: Sequence[Status]
    ) -> None:
        super().__init__(message)
        self.ply = ply
        self.move = move
        self.kind = kind
        self.records = list(records)


class IllegalMoveError(MoveError):
    """A move that names no legal move in its position (or no move at all)."""


class GameOverError(MoveError):
    """A move given after the game was over by rule (no move may follow)."""


class SourceError(DrawrulesError, OSError):
    """A PGN source that cannot be read; ``source`` names it."""

    def __init__(self, message: str, source: str) -> None:
        super().__init__(message)
        self.source = source

    def __str__(self) -> str:
        return str(self.args[0])
