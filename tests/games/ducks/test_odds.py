"""§8's exact chances, counted from the rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.games.ducks.odds import chance_table, chances

# ducks.md §8, column by column: any promotion (exact), a match, a sum, bust rolling on.
TABLE = {
    1: (Fraction(1, 6), 0.167, 0.0, 0.833),
    2: (Fraction(3, 8), 0.306, 0.069, 0.521),
    3: (Fraction(749, 1296), 0.421, 0.191, 0.220),
    4: (Fraction(467, 648), 0.518, 0.319, 0.061),
    5: (Fraction(9427, 11664), 0.598, 0.426, 0.012),
}


@pytest.mark.parametrize("dice", sorted(TABLE))
def test_the_chances_of_a_roll_are_section_8s(dice: int) -> None:
    promotion, match, sum_, bust = TABLE[dice]
    found = chances(dice)
    assert found.promotion == promotion
    assert round(float(found.match), 3) == match
    assert round(float(found.sum), 3) == sum_
    assert round(float(found.bust), 3) == bust


def test_a_match_is_one_minus_no_die_equal_to_the_boss() -> None:
    for dice in range(1, 6):
        assert chances(dice).match == 1 - Fraction(5, 6) ** dice


def test_busting_rolling_on_chains_the_chances_of_no_promotion() -> None:
    assert chances(2).bust == (1 - Fraction(3, 8)) * Fraction(5, 6)
    assert chances(0).bust == 1 and chances(0).promotion == 0


def test_the_table_runs_from_one_to_five_white_dice() -> None:
    assert [c.dice for c in chance_table()] == [1, 2, 3, 4, 5]
    with pytest.raises(ValueError):
        chances(6)
