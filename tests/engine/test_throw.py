"""Throw analysis: exhaustive checks over every throw of 1 to 6 dice, and the seed's examples."""

from itertools import product

import pytest

from bot.engine.greed import FACES, analyse, parse_faces
from bot.engine.greed.faces import counts
from bot.engine.greed.scoring import best_split

# Exact counts of greed outs and sweeps among the 6**n ordered throws of n dice,
# counted independently of the engine's own odds module.
EXPECTED = {
    1: (4, 2),
    2: (16, 4),
    3: (60, 12),
    4: (204, 48),
    5: (600, 192),
    6: (1440, 1548),
}


@pytest.mark.parametrize("dice", range(1, 7))
def test_greed_out_and_sweep_counts_are_exact(dice: int) -> None:
    greed_outs = sweeps = 0
    for faces in product(FACES, repeat=dice):
        throw = analyse(faces)
        greed_outs += throw.greed_out
        sweeps += throw.sweep
    assert (greed_outs, sweeps) == EXPECTED[dice]


@pytest.mark.parametrize("dice", range(1, 7))
def test_every_throw_keeps_the_rules_invariants(dice: int) -> None:
    for faces in product(FACES, repeat=dice):
        throw = analyse(faces)
        if throw.greed_out:
            assert throw.takes == ()
            assert throw.legal_takes == ()
            assert throw.legal_next_counts == ()
            assert throw.best_take is None
            continue
        if throw.sweep:
            assert throw.legal_next_counts == (6,)
            assert [t.count for t in throw.legal_takes] == [dice]
        else:
            assert all(1 <= n < dice for n in throw.legal_next_counts)
            assert throw.legal_next_counts == tuple(sorted(dice - t.count for t in throw.takes))
        for take in throw.takes:
            # every die set aside is part of a combination of this throw, at the best split
            split = best_split(counts(take.dice))
            assert split is not None and split.points == take.points
            assert all(take.dice.count(f) <= faces.count(f) for f in take.dice)
        best = throw.best_take
        assert best is not None and best.points == max(t.points for t in throw.takes)


def test_the_seeds_options_example() -> None:
    throw = analyse(parse_faces("$ Eg Eg D G G"))
    assert not throw.sweep and not throw.greed_out
    assert [(t.count, t.points) for t in throw.takes] == [(1, 100), (2, 150), (3, 200)]
    assert throw.legal_next_counts == (3, 4, 5)
    assert throw.take_for_next(4) is not None and throw.take_for_next(4).points == 150  # type: ignore[union-attr]
    assert throw.take_for_next(6) is None
    assert throw.best_take is not None and throw.best_take.points == 200


def test_a_sweep_takes_every_die_at_its_best_split() -> None:
    throw = analyse(parse_faces("D D D D G G"))
    assert throw.sweep
    assert throw.best_take is not None and throw.best_take.points == 1100
    assert throw.take_for_next(4) is None  # a sweep is never partly taken


def test_the_order_of_the_faces_is_kept() -> None:
    assert analyse(parse_faces("D $ G")).faces == parse_faces("D $ G")


@pytest.mark.parametrize("dice", [0, 7])
def test_a_throw_has_one_to_six_dice(dice: int) -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        analyse(FACES[:1] * dice)
