# SPDX-License-Identifier: GPL-3.0-or-later
"""drawrules: the FIDE Laws' draw rules, executable.

In process, the rules as the ``drawrules`` command judges them:

    >>> import drawrules
    >>> game = drawrules.Game()
    >>> for move in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]:
    ...     status = game.play(move)
    >>> status.claims_on_move.threefold_repetition
    ['f6g8']
    >>> drawrules.dead("k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1").verdict
    'dead'

* :class:`Game`: a game played move by move (UCI or SAN), the status
  record of every ply (:class:`Status`, as the engine protocol defines it);
* :func:`judge`: a whole game at once; :func:`from_board`: a python-chess
  board's game;
* :func:`dead`: Article 5.2.2 decided exactly, with its evidence;
* :func:`adjudicate`: every game of a PGN file, one :class:`GameReport` each;
* :mod:`drawrules.errors`: what they raise.

The package also installs the ``drawrules`` command and, in
``drawrules.adapters``, the engines that let ``drawrules verify`` judge
Python chess libraries:

    drawrules verify --engine "python -m drawrules.adapters.python_chess"
"""

from importlib.metadata import version as _version

from . import errors
from ._native import (
    ClaimsOnMove,
    Deadness,
    Game,
    GameReport,
    Reports,
    Status,
    adjudicate,
    dead,
    judge,
)
from .board import from_board

__version__ = _version("drawrules")

__all__ = [
    "ClaimsOnMove",
    "Deadness",
    "Game",
    "GameReport",
    "Reports",
    "Status",
    "adjudicate",
    "dead",
    "errors",
    "from_board",
    "judge",
]
