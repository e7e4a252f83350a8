# SPDX-License-Identifier: GPL-3.0-or-later
"""The generators for a library's own property tests: the Hypothesis
strategy reaches every situation, its games reproduce from their bytes, and
`compare` finds the first difference and words it as verify does.

Run with the package and Hypothesis installed (python/tests/installed.sh
does): python -m pytest python/tests/test_strategies.py
"""

import collections

import pytest
from hypothesis import HealthCheck, Phase, given, settings

import drawrules
from drawrules.strategies import games
from drawrules.testing import STEERED, GeneratedGame, compare

# verify's floor: a part agrees only where its rule came up at least this
# often (drawrules_conformance::verify::FLOOR).
FLOOR = 10
DRAWN = 600


def test_the_strategy_reaches_every_situation_and_steers_where_it_aims():
    reached = collections.Counter()
    aimed = collections.Counter()
    hit = collections.Counter()
    drawn = []

    # Derandomized: the same 600 games on every run, so the counts below
    # are a measurement, not a chance.
    @settings(
        max_examples=DRAWN,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(games())
    def draw(game):
        drawn.append(game)
        reached.update(game.reached)
        aimed[game.situation] += 1
        hit[game.situation] += game.situation in game.reached

    draw()
    print(f"{len(drawn)} games drawn")
    for situation in STEERED:
        print(f"{situation}: reached in {reached[situation]}, steered to {aimed[situation]}, reached there {hit[situation]}")
    assert len(drawn) == DRAWN
    short = {s: reached[s] for s in STEERED if reached[s] < FLOOR}
    assert short == {}, f"situations reached fewer than {FLOOR} times in {DRAWN} games"
    missed = {s: (hit[s], aimed[s]) for s in STEERED if hit[s] < 0.95 * aimed[s]}
    assert missed == {}, "situations the steered games reach less than 95% of the time"
    assert aimed[None] >= FLOOR, "free games"


@pytest.mark.parametrize("situation", STEERED)
def test_a_steered_game_is_made_again_from_its_bytes(situation):
    data = bytes(range(200))
    game = GeneratedGame.made(situation, data)
    assert GeneratedGame.made(situation, data) == game
    assert game.situation == situation and game.data == data
    assert game.command().startswith("drawrules explain --rules ")


def test_an_unknown_situation_is_refused():
    with pytest.raises(drawrules.errors.InvalidOptionError, match="unknown situation"):
        GeneratedGame.made("mate-at-99", b"x" * 64)
    with pytest.raises(ValueError, match="unknown situations"):
        games(["mate-at-99"])


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(games())
def test_the_api_agrees_with_itself_on_every_generated_game(game):
    # The game object and judge give the same records, and compare finds
    # nothing between them: what a library that agrees would see.
    try:
        records = drawrules.judge(list(game.moves), game.fen, edition=game.edition, chess960=game.chess960)
    except drawrules.errors.MoveError as refused:
        assert refused.kind == "game-over", game.command()
        records = refused.records
    agreed = compare(records, game.moves, game.fen, edition=game.edition, chess960=game.chess960)
    assert agreed and agreed.readings == {} and agreed.plies == len(records)
    assert game.compare(records) == agreed


def test_compare_names_the_first_field_that_differs_as_verify_does():
    ours = drawrules.judge(["e2e4", "e7e5"])
    theirs = [record.to_dict() for record in ours]
    theirs[2]["clock"] = 2
    theirs[2]["fen"] = "wrong"
    found = compare(theirs, ["e2e4", "e7e5"], name="mylib").difference
    assert (found.ply, found.field, found.reference, found.library) == (2, "fen", ours[2].fen, "wrong")
    theirs[2]["fen"] = ours[2].fen
    assert not compare(theirs, ["e2e4", "e7e5"], name="mylib")
    assert str(compare(theirs, ["e2e4", "e7e5"], name="mylib")) == (
        "clock at ply 2: expected 0, got 2 "
        "(mylib departs here on clock: the reference says 0, mylib says 2)"
    )


def test_compare_judges_only_the_fields_given_and_lists_as_sets():
    moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
    partial = [{"ply": r.ply, "claims": r.claims} for r in drawrules.judge(moves)]
    assert compare(partial, moves)
    partial[-1]["claims"] = []
    assert compare(partial, moves).difference.field == "claims"
    mate = drawrules.judge(["f2f3", "e7e5", "g2g4", "d8h4"])
    shuffled = [dict(r.to_dict(), ended=list(reversed(r.ended))) for r in mate]
    assert compare(shuffled, ["f2f3", "e7e5", "g2g4", "d8h4"])


def test_compare_finds_a_move_played_after_the_end_and_a_record_missing():
    moves = ["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]
    records = [r.to_dict() for r in drawrules.judge(moves[:4])]
    past = records + [dict(records[-1], ply=5)]
    found = compare(past, moves)
    assert (found.difference.ply, found.difference.field) == (5, "moves")
    assert "the reference says the move refused" in str(found)
    short = compare(records[:3], moves)
    assert (short.difference.ply, short.difference.field) == (3, "moves")
    assert "got no record" in str(short)


def test_compare_accepts_the_readings_verify_accepts_and_counts_them():
    # A stalemate on the 150th ply: ours reports seventy-five moves too; a
    # library that gives stalemate precedence follows an accepted reading.
    fen = "k7/8/1Q6/8/8/8/8/K7 w - - 149 75"
    ours = [r.to_dict() for r in drawrules.judge(["b6c7"], fen)]
    assert ours[1]["ended"] == ["stalemate", "seventy-five-moves"]
    theirs = [dict(ours[0]), dict(ours[1], ended=["stalemate"])]
    agreed = compare(theirs, ["b6c7"], fen)
    assert agreed and agreed.readings == {"stalemate-before-the-count": (1,)}
    assert str(agreed) == (
        "agrees on 2 plies; accepted reading stalemate-before-the-count at plies 1 "
        "(stalemate takes precedence over seventy-five moves (9.6.2, 5.2.1): reported alone)"
    )
    # Seventy-five moves alone is no reading: a departure.
    theirs[1]["ended"] = ["seventy-five-moves"]
    assert compare(theirs, ["b6c7"], fen).difference.field == "ended"
