# SPDX-License-Identifier: GPL-3.0-or-later
"""Tools for a chess library's own tests: the project's generated games
(:class:`GeneratedGame`, also drawn by the Hypothesis strategy in
:mod:`drawrules.strategies`) and :func:`compare`, which holds a library's
answers to the reference's and words the first difference as ``drawrules
verify`` does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from ._native import SITUATIONS, Status, generate, judge, readings

__all__ = ["SITUATIONS", "STEERED", "Comparison", "Difference", "GeneratedGame", "compare"]

#: The situations a game can be steered to: every one the project names
#: (``drawrules docs situations``), each where some implementation is
#: known to go wrong.
STEERED: tuple[str, ...] = tuple(SITUATIONS)


@dataclass(frozen=True)
class GeneratedGame:
    """A game from the project's generators: where it starts, what is
    played (UCI), under which edition. The game may run on past its end
    (a mate, a stalemate, a fivefold repetition...): every move after it
    must be refused, as the reference refuses it, whatever it is.

    ``situation`` is the one it was steered to (``None``: played freely)
    and ``data`` the bytes it was made from: ``GeneratedGame.made(situation,
    data)`` makes it again, so a failing test names a game that
    reproduces.
    """

    fen: str
    moves: tuple[str, ...]
    edition: str
    chess960: bool
    situation: Optional[str]
    data: bytes = field(repr=False)
    #: The situations the game reaches, found in what happened in it (not
    #: in how it was made).
    reached: tuple[str, ...] = field(repr=False, default=())

    @classmethod
    def made(cls, situation: Optional[str], data: bytes) -> GeneratedGame:
        """The game ``data`` makes, steered to ``situation`` (or free)."""
        fen, moves, edition, chess960, reached = generate(situation, bytes(data))
        return cls(fen, tuple(moves), edition, chess960, situation, bytes(data), tuple(reached))

    def records(self) -> list[Status]:
        """The reference's records of the game: plies 0 to its end (or its
        last move), the moves after the end refused."""
        from .errors import GameOverError

        try:
            return judge(list(self.moves), self.fen, edition=self.edition, chess960=self.chess960)
        except GameOverError as refused:
            return refused.records

    def compare(
        self, records: Iterable[Union[Mapping[str, Any], Status]], *, name: str = "the library"
    ) -> Comparison:
        """:func:`compare` on this game: a library's records of it against
        the reference's."""
        return compare(
            records, self.moves, self.fen, edition=self.edition, chess960=self.chess960, name=name
        )

    def command(self) -> str:
        """The ``drawrules explain`` command line that replays it."""
        words = ["drawrules", "explain", "--rules", self.edition, "--fen", json.dumps(self.fen)]
        if self.chess960:
            words.append("--chess960")
        return " ".join(words + ["--", *self.moves])


# The fields of the record, in its order, as verify names them.
FIELDS = (
    "ply",
    "fen",
    "clock",
    "repetition",
    "ended",
    "result",
    "claims",
    "claims_on_move.threefold-repetition",
    "claims_on_move.fifty-moves",
)
# Lists whose order means nothing: compared as sets.
UNORDERED = {"ended", "claims", "claims_on_move.threefold-repetition", "claims_on_move.fifty-moves"}


@dataclass(frozen=True)
class Difference:
    """Where a library's answer first departs from the reference's."""

    ply: int
    field: str
    reference: Any
    library: Any
    name: str = "the library"

    def __str__(self) -> str:
        return (
            f"{self.field} at ply {self.ply}: expected {_shown(self.reference)}, "
            f"got {_shown(self.library)} ({self.name} departs here on {self.field}: "
            f"the reference says {_shown(self.reference)}, {self.name} says {_shown(self.library)})"
        )


def _shown(value: Any) -> str:
    if value is _REFUSED:
        return "the move refused"
    if value is _ABSENT:
        return "no record"
    if value is _PLAYED:
        return "the move played"
    return json.dumps(value)


class _Mark:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_REFUSED = _Mark("refused")
_ABSENT = _Mark("absent")
_PLAYED = _Mark("played")


def _value(record: Mapping[str, Any], name: str) -> Any:
    if name.startswith("claims_on_move."):
        lists = record.get("claims_on_move")
        if not isinstance(lists, Mapping):
            return _ABSENT
        return lists.get(name.split(".", 1)[1], _ABSENT)
    return record.get(name, _ABSENT)


def _same(name: str, ours: Any, theirs: Any) -> bool:
    if name in UNORDERED and isinstance(ours, list) and isinstance(theirs, list):
        return sorted(map(str, ours)) == sorted(map(str, theirs)) and len(ours) == len(theirs)
    return ours == theirs


@dataclass(frozen=True)
class Comparison:
    """A library's records of a game held to the reference's: true when
    they agree on every field the library gives.

    ``difference`` is the first departure (``None`` when they agree);
    ``readings`` names the accepted readings of the Laws the library
    followed, with the plies where it did: where a library's record
    differs from ours only as a reading ``drawrules verify`` accepts beside
    ours (a stalemate on the 150th ply reported without
    ``seventy-five-moves``, say), it is no departure, and it is counted
    here, as verify counts it.
    """

    plies: int
    difference: Optional[Difference] = None
    readings: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.difference is None

    def __str__(self) -> str:
        if self.difference is not None:
            return str(self.difference)
        followed = "".join(
            f"; accepted reading {name} at plies {', '.join(map(str, plies))} ({_EXPLAINED[name]})"
            for name, plies in self.readings.items()
        )
        return f"agrees on {self.plies} plies{followed}"


_EXPLAINED: dict[str, str] = {}


def compare(
    records: Iterable[Union[Mapping[str, Any], Status]],
    moves: Sequence[str],
    fen: Optional[str] = None,
    *,
    edition: str = "fide-2018",
    chess960: Union[bool, int, None] = None,
    name: str = "the library",
) -> Comparison:
    """A library's records of a game held to the reference's.

    ``records`` are the library's answers for plies 0, 1, ... (dicts of the
    protocol's record, or :class:`Status`); a field a record leaves out is
    not compared (a library that has no fifty-move claim on a written move
    gives no ``claims_on_move.fifty-moves``), and ``ended``, ``claims`` and
    the written-move lists are compared as sets. Where the reference
    refuses a move (after the end of the game, or an illegal one) the
    library must give no record for that ply: a record there is a
    difference on ``moves``, and so is a record missing before it. The
    result is true when they agree; its ``difference`` is the first
    departure, worded as ``drawrules verify`` words it.

    >>> found = compare([{"ply": 0, "clock": 0}, {"ply": 1, "clock": 1}], ["e2e4"])
    >>> bool(found), found.difference.field, found.difference.ply
    (False, 'clock', 1)
    >>> str(compare([{"clock": 0}, {"clock": 0}], ["e2e4"]))
    'agrees on 2 plies'
    """
    theirs = [r.to_dict() if isinstance(r, Status) else dict(r) for r in records]
    ours = _reference(list(moves), fen, edition, chess960)
    followed: dict[str, list[int]] = {}
    for ply in range(max(len(ours), len(theirs))):
        if ply >= len(ours):
            return Comparison(ply, Difference(ply, "moves", _REFUSED, _PLAYED, name))
        if ply >= len(theirs):
            return Comparison(ply, Difference(ply, "moves", _PLAYED, _ABSENT, name))
        departure = _departure(ours[ply], theirs[ply])
        if departure is None:
            continue
        reading = _reading_followed(ours[ply], theirs[ply])
        if reading is None:
            field_name, expected, given = departure
            return Comparison(ply, Difference(ply, field_name, expected, given, name))
        followed.setdefault(reading, []).append(ply)
    return Comparison(len(ours), None, {k: tuple(v) for k, v in followed.items()})


def _departure(ours: Mapping[str, Any], theirs: Mapping[str, Any]) -> Optional[tuple[str, Any, Any]]:
    """The first field ``theirs`` gives that differs from ``ours``."""
    for field_name in FIELDS:
        given = _value(theirs, field_name)
        if given is _ABSENT:
            continue
        expected = _value(ours, field_name)
        if not _same(field_name, expected, given):
            return field_name, expected, given
    return None


def _reading_followed(ours: Mapping[str, Any], theirs: Mapping[str, Any]) -> Optional[str]:
    """The accepted reading whose record ``theirs`` agrees with, if any."""
    for reading, explained, record in readings(json.dumps(ours)):
        _EXPLAINED[reading] = explained
        if _departure(json.loads(record), theirs) is None:
            return reading
    return None


def _reference(moves: list[str], fen: Optional[str], edition: str, chess960: Any) -> list[dict]:
    from .errors import MoveError

    try:
        records = judge(moves, fen, edition=edition, chess960=chess960, notation="uci-or-san")
    except MoveError as refused:
        records = refused.records
    return [record.to_dict() for record in records]
