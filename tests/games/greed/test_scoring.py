"""Every combination of the rules and the best split of a set of dice."""

import pytest

from bot.games.greed import Combination, best_split, parse_faces
from bot.games.greed.faces import counts


def points(text: str) -> int | None:
    split = best_split(counts(parse_faces(text)))
    return None if split is None else split.points


@pytest.mark.parametrize(
    ("dice", "expected", "combination"),
    [
        ("$ $ $ $ $ $", 5000, Combination.SIX_DOLLAR),
        ("G G G G G G", 5000, Combination.SIX_G),
        ("R R R R R R", 5000, Combination.SIX_R),
        ("Eg Eg Eg Eg Eg Eg", 5000, Combination.SIX_E_GREEN),
        ("Eb Eb Eb Eb Eb Eb", 5000, Combination.SIX_E_BLACK),
        ("D D D D D D", 5000, Combination.SIX_D),
        ("$ G R Eg Eb D", 1000, Combination.GREED),
        ("D D D D", 1000, Combination.DIAMOND),
        ("$ $ $", 600, Combination.SILVER),
        ("G G G", 500, Combination.GOLD),
        ("R R R", 400, Combination.RUBY),
        ("Eg Eg Eg", 300, Combination.EMERALD),
        ("Eb Eb Eb", 300, Combination.EBONY),
        ("D", 100, Combination.SINGLE_D),
        ("G", 50, Combination.SINGLE_G),
    ],
)
def test_each_combination_scores_its_points(
    dice: str, expected: int, combination: Combination
) -> None:
    split = best_split(counts(parse_faces(dice)))
    assert split is not None
    assert split.points == expected == combination.points
    assert split.combinations == (combination,)


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        # best split, not the first one found
        ("D D D D D D", 5000),
        ("D D D D D", 1100),
        ("G G G G", 550),
        ("G G G G G G", 5000),
        ("R R R G G G", 900),
        ("R R R D G G", 600),
        ("D D D D G G", 1100),
        # no triple bonus for D; four of a kind other than D has no bonus
        ("D D D", 300),
        ("D D", 200),
        ("$ $ $ $", None),
        ("$ $ $ G", 650),
        ("R R R R", None),
        # E colours
        ("Eg Eg Eb", None),
        ("Eb Eb Eg", None),
        ("Eg Eg Eg Eb Eb Eb", 600),
        ("$ G R Eg Eg D", None),
        ("$ G R Eb Eb D", None),
        ("$ G R Eg Eg Eg", None),
        # dice that do not score spoil a set
        ("$", None),
        ("R", None),
        ("Eg", None),
        ("D $", None),
        ("G G G D", 600),
    ],
)
def test_a_set_scores_at_its_best_split_or_not_at_all(dice: str, expected: int | None) -> None:
    assert points(dice) == expected
