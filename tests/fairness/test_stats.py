"""Category counts, the chi-square tail and Pearson's uniformity test, generic over the
categories, on fixed inputs (Greed's faces: tests/games/greed/test_fair.py)."""

from __future__ import annotations

import math
from enum import Enum

import pytest

from bot.fairness import chi_square_p_value, counts, gamma_q, uniformity

SUITS = ("spades", "hearts", "diamonds", "clubs")


class Coin(Enum):
    HEADS = "H"
    TAILS = "T"


def closed_form_df5(x: float) -> float:
    """The chi-square upper tail for 5 degrees of freedom: Q(5/2, x/2) through erfc."""
    return math.erfc(math.sqrt(x / 2)) + math.exp(-x / 2) * math.sqrt(2 * x / math.pi) * (1 + x / 3)


def test_counts_have_every_category_in_order() -> None:
    tally = counts(["clubs", "hearts", "clubs"], SUITS)
    assert list(tally) == list(SUITS)
    assert tally == {"spades": 0, "hearts": 1, "diamonds": 0, "clubs": 2}
    assert counts([], SUITS) == dict.fromkeys(SUITS, 0)
    assert list(counts([], tuple(reversed(SUITS)))) == list(reversed(SUITS))


def test_counts_refuse_an_unknown_value_and_repeated_categories() -> None:
    with pytest.raises(ValueError, match="not one of the categories"):
        counts(["jokers"], SUITS)
    with pytest.raises(ValueError, match="repeat"):
        counts([], ("a", "b", "a"))


def test_four_categories_by_hand() -> None:
    # 40 draws of 4 suits, 10 expected each: (16-10)² + (4-10)² + (12-10)² + (8-10)² = 80,
    # over 10 gives 8.0; the same through the integer form Σ(4c - 40)² / (4·40) = 1280 / 160.
    values = ["spades"] * 16 + ["hearts"] * 4 + ["diamonds"] * 12 + ["clubs"] * 8
    result = uniformity(values, SUITS)
    assert result.counts == {"spades": 16, "hearts": 4, "diamonds": 12, "clubs": 8}
    assert result.total == 40
    assert result.chi_square == 8.0
    assert result.degrees_of_freedom == 3
    # 3 degrees of freedom: Q(3/2, x/2) = erfc(√(x/2)) + √(2x/π) e^(-x/2).
    tail = math.erfc(math.sqrt(4.0)) + math.sqrt(16 / math.pi) * math.exp(-4.0)
    assert result.p_value == pytest.approx(tail, abs=1e-12)
    assert result.p_value == pytest.approx(0.046012, abs=1e-6)


def test_two_categories_by_hand() -> None:
    # 7 heads and 3 tails: (2·7 - 10)² + (2·3 - 10)² = 32, over 2·10: 1.6, 1 degree of freedom.
    result = uniformity([Coin.HEADS] * 7 + [Coin.TAILS] * 3, tuple(Coin))
    assert result.counts == {Coin.HEADS: 7, Coin.TAILS: 3}
    assert (result.total, result.chi_square, result.degrees_of_freedom) == (10, 1.6, 1)
    assert result.p_value == pytest.approx(math.erfc(math.sqrt(0.8)), abs=1e-12)


def test_expected_counts_need_not_be_whole() -> None:
    # 10 values over 3 categories, 10/3 expected each: Σ(3c - 10)² / (3·10) = (25 + 1 + 16) / 30.
    result = uniformity([0] * 5 + [1] * 3 + [2] * 2, (0, 1, 2))
    assert result.chi_square == 42 / 30
    assert result.degrees_of_freedom == 2
    # 2 degrees of freedom: the tail is e^(-x/2).
    assert result.p_value == pytest.approx(math.exp(-0.7), rel=1e-12)


def test_no_values_is_no_evidence() -> None:
    result = uniformity([], SUITS)
    assert (result.total, result.chi_square, result.p_value) == (0, 0.0, 1.0)
    assert result.degrees_of_freedom == 3
    assert result.counts == dict.fromkeys(SUITS, 0)


def test_perfectly_even_counts() -> None:
    result = uniformity(list(SUITS) * 10, SUITS)
    assert result.total == 40
    assert result.chi_square == 0.0
    assert result.p_value == 1.0


def test_six_categories_against_the_closed_form() -> None:
    values = [0] * 20 + [1] * 10 + [2] * 10 + [3] * 10 + [4] * 10
    result = uniformity(values, range(6))
    assert result.chi_square == 20.0
    assert result.degrees_of_freedom == 5
    assert result.p_value == pytest.approx(closed_form_df5(20.0), abs=1e-10)


def test_one_category_is_no_test() -> None:
    with pytest.raises(ValueError, match="at least 2 categories"):
        uniformity(["a"], ("a",))
    with pytest.raises(ValueError, match="at least 2 categories"):
        uniformity([], ())


@pytest.mark.parametrize(
    ("x", "tail"),
    [(11.0705, 0.05), (15.0863, 0.01), (1.1455, 0.95), (9.2364, 0.10), (20.515, 0.001), (0, 1.0)],
)
def test_chi_square_tail_table_values(x: float, tail: float) -> None:
    assert chi_square_p_value(x, 5) == pytest.approx(tail, abs=1e-4)


def test_chi_square_tail_matches_closed_form() -> None:
    # Spans both branches (series below x/2 = 3.5, continued fraction above) and the boundary.
    xs = [i / 100 for i in range(1, 2001)] + [6.99, 7.0, 7.01, 30.0, 50.0, 100.0, 200.0]
    for x in xs:
        assert chi_square_p_value(x, 5) == pytest.approx(closed_form_df5(x), abs=1e-10), x


def test_gamma_q_against_other_closed_forms() -> None:
    for i in range(1, 400):
        x = i / 20
        assert gamma_q(1.0, x) == pytest.approx(math.exp(-x), rel=1e-10, abs=1e-15)
        assert gamma_q(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), rel=1e-10, abs=1e-15)
        # Q(2, x) = e^-x (1 + x): chi-square with 4 degrees of freedom.
        assert chi_square_p_value(2 * x, 4) == pytest.approx(math.exp(-x) * (1 + x), rel=1e-10)


def test_gamma_q_edges() -> None:
    assert gamma_q(2.5, 0.0) == 1.0
    assert gamma_q(2.5, math.inf) == 0.0
    assert chi_square_p_value(-1.0, 5) == 1.0
    with pytest.raises(ValueError):
        gamma_q(0.0, 1.0)
    with pytest.raises(ValueError):
        gamma_q(2.5, -1.0)
    with pytest.raises(ValueError):
        gamma_q(2.5, math.nan)
    with pytest.raises(ValueError):
        chi_square_p_value(3.0, 0)
