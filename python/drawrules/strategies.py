# SPDX-License-Identifier: GPL-3.0-or-later
"""A Hypothesis strategy that draws games from the project's generators.

    from hypothesis import given
    from drawrules.strategies import games

    @given(games())
    def test_my_library_agrees(game):
        ...  # game.fen, game.moves, game.edition: a GeneratedGame

Each game is steered to one of the situations where implementations break
(en passant rights only on paper, castling rights lost during the count,
mate on the 100th or 150th ply, a claim on a written move, ...), or played
freely; it is made from bytes Hypothesis draws, so Hypothesis shrinks a
failing game by shrinking its bytes, and the game it reports
(``GeneratedGame.made(situation, data)``) reproduces. Needs Hypothesis
(``pip install drawrules[hypothesis]``).
"""

from __future__ import annotations

from typing import Iterable, Optional

from hypothesis import strategies as st

from .testing import STEERED, GeneratedGame

__all__ = ["games"]

# The generator reads up to this many bytes; games from fewer are shorter.
MAX_BYTES = 1024


def games(
    situations: Optional[Iterable[str]] = None,
    *,
    free: bool = True,
    chess960: bool = True,
    editions: Iterable[str] = ("fide-2018", "fide-2014"),
    min_bytes: int = 64,
) -> st.SearchStrategy[GeneratedGame]:
    """Games steered to ``situations`` (default: every one in
    ``drawrules.testing.STEERED``) and, with ``free``, games played
    freely. With ``chess960=False``, Chess960 games are filtered out (the
    free games are sometimes Chess960; the steered ones never are); games
    of an edition not in ``editions`` too (a library that follows only
    the 2018 Laws: ``editions=["fide-2018"]``)."""
    chosen = list(STEERED if situations is None else situations)
    unknown = [name for name in chosen if name not in STEERED]
    if unknown:
        raise ValueError(f"unknown situations {unknown} (expected some of {list(STEERED)})")
    if not chosen and not free:
        raise ValueError("no games to draw: no situation and free=False")
    kept = set(editions)
    if not kept or not kept <= {"fide-2018", "fide-2014"}:
        raise ValueError(f"editions must be some of fide-2018 and fide-2014, not {sorted(kept)}")
    kinds: list[Optional[str]] = list(chosen) + ([None] if free else [])
    made = st.builds(
        GeneratedGame.made,
        st.sampled_from(kinds),
        st.binary(min_size=min_bytes, max_size=MAX_BYTES),
    )
    return made.filter(lambda game: (chess960 or not game.chess960) and game.edition in kept)
