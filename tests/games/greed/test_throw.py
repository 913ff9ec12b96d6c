"""Throw analysis: exhaustive checks over every throw of 1 to 6 dice, and the seed's examples."""

from functools import cache
from itertools import combinations, combinations_with_replacement, product

import pytest

from bot.games.greed import FACES, analyse, parse_faces

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
        for take in throw.takes:
            assert all(take.dice.count(f) <= faces.count(f) for f in take.dice)


# A scorer written apart from the engine's: the dice as sorted tokens, and the first die
# must belong to some combination (the engine instead tries every combination in turn).
COMBINATIONS = [
    *(((face,) * 6, 5000) for face in ("$", "G", "R", "Eg", "Eb", "D")),
    (("$", "D", "Eb", "Eg", "G", "R"), 1000),
    (("D",) * 4, 1000),
    (("$",) * 3, 600),
    (("G",) * 3, 500),
    (("R",) * 3, 400),
    (("Eg",) * 3, 300),
    (("Eb",) * 3, 300),
    (("D",), 100),
    (("G",), 50),
]


@cache
def value(dice: tuple[str, ...]) -> int | None:
    """Points of sorted `dice` with every die in a combination, at the best split; None if
    some die belongs to none."""
    if not dice:
        return 0
    best = None
    for combination, points in COMBINATIONS:
        if dice[0] not in combination:
            continue
        rest = list(dice)
        try:
            for face in combination:
                rest.remove(face)
        except ValueError:
            continue
        tail = value(tuple(rest))
        if tail is not None and (best is None or points + tail > best):
            best = points + tail
    return best


def brute_force_takes(tokens: tuple[str, ...]) -> dict[int, int]:
    """The most points each number of dice set aside can score, over every subset of the
    dice by position."""
    best: dict[int, int] = {}
    for size in range(1, len(tokens) + 1):
        for chosen in combinations(range(len(tokens)), size):
            points = value(tuple(sorted(tokens[i] for i in chosen)))
            if points is not None and points > best.get(size, -1):
                best[size] = points
    return best


@pytest.mark.parametrize("dice", range(1, 7))
def test_every_throws_takes_match_a_brute_force_over_its_dice(dice: int) -> None:
    for faces in combinations_with_replacement(FACES, dice):
        throw = analyse(faces)
        expected = brute_force_takes(tuple(f.token for f in faces))
        assert {t.count: t.points for t in throw.takes} == expected, faces
        for take in throw.takes:  # the dice named are the ones that score those points
            assert len(take.dice) == take.count
            assert value(tuple(sorted(f.token for f in take.dice))) == take.points
        if not expected:
            assert throw.greed_out and throw.best_take is None
            continue
        assert throw.best_take is not None
        assert throw.best_take.points == max(expected.values())
        if throw.sweep:
            assert throw.legal_next_counts == (6,)
        else:
            assert throw.legal_next_counts == tuple(sorted(dice - n for n in expected))


@pytest.mark.parametrize(
    ("faces", "takes", "next_counts"),
    [
        # hand-counted: each take is the best of its size (greed.md §2)
        ("$ Eg Eg D G G", [(1, 100), (2, 150), (3, 200)], (3, 4, 5)),
        ("$ $ $ D D R", [(1, 100), (2, 200), (3, 600), (4, 700), (5, 800)], (1, 2, 3, 4, 5)),
        ("Eb Eb Eb D $ R", [(1, 100), (3, 300), (4, 400)], (2, 3, 5)),
        ("D D D D $ R", [(1, 100), (2, 200), (3, 300), (4, 1000)], (2, 3, 4, 5)),
        ("R R R $", [(3, 400)], (1,)),
        ("Eg Eg Eb", [], ()),
        ("G G G G G G", [(1, 50), (2, 100), (3, 500), (4, 550), (5, 600), (6, 5000)], (6,)),
        ("$ G R Eg Eb D", [(1, 100), (2, 150), (6, 1000)], (6,)),
    ],
)
def test_hand_worked_takes_and_next_counts(
    faces: str, takes: list[tuple[int, int]], next_counts: tuple[int, ...]
) -> None:
    throw = analyse(parse_faces(faces))
    assert [(t.count, t.points) for t in throw.takes] == takes
    assert throw.legal_next_counts == next_counts


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
