"""Promotions, hands and a round's points on dice alone (ducks.md §2–§4, examples A, C, E)."""

from __future__ import annotations

from itertools import combinations

import pytest

from bot.games.ducks.scoring import Refusal, hand, promotion_text, promotions, refusal, round_points


def listed(boss: int, whites: str) -> list[str]:
    return [promotion_text(p) for p in promotions(boss, [int(w) for w in whites.split()])]


# -- example A: the seed's promotions ---------------------------------------------------------


@pytest.mark.parametrize(
    ("boss", "whites", "expected"),
    [
        (5, "2 3 5 5 6", ["5", "2+3", "5+5"]),
        (2, "1 1 2 5 6", ["2", "1+1"]),
        (6, "1 1 2 2 3", ["1+2+3", "1+1+2+2"]),
        (2, "1 3 4 5 6", []),
        (5, "1 1 3 4 5", ["5", "1+4", "1+1+3"]),
    ],
)
def test_example_a_lists_every_distinct_promotion_fewer_dice_first(
    boss: int, whites: str, expected: list[str]
) -> None:
    assert listed(boss, whites) == expected


def test_a_match_may_take_any_number_of_dice_equal_to_the_boss() -> None:
    assert listed(4, "4 4 4 1 6") == ["4", "4+4", "4+4+4"]


def test_a_two_outside_the_bucket_is_a_plain_two_for_sums() -> None:
    assert listed(4, "2 2 6 6 6") == ["2+2"]


def test_a_sum_of_several_dice_is_listed_once_however_many_ways_it_is_rolled() -> None:
    assert listed(4, "1 1 3 3 6") == ["1+3"]


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ((), Refusal.EMPTY),
        ((4,), Refusal.NOT_ROLLED),  # not rolled
        ((5, 5, 5), Refusal.NOT_ROLLED),  # named more often than rolled
        ((7,), Refusal.NOT_ROLLED),
        ((3,), Refusal.SINGLE_NOT_BOSS),
        ((2, 3, 5), Refusal.MIXED),  # 5+2+3 on Boss 5
        ((2, 6), Refusal.NOT_SUM),
        ((5, 5), None),
        ((3, 2), None),
        ((5,), None),
    ],
)
def test_a_named_promotion_is_refused_for_the_reason_section_2_gives(
    values: tuple[int, ...], reason: str | None
) -> None:
    assert refusal(5, (2, 3, 5, 5, 6), values) == reason


def test_every_listed_promotion_passes_the_check_and_nothing_else_of_its_size_does() -> None:
    whites = (1, 1, 2, 2, 3)
    legal = set(promotions(6, whites))
    for size in range(1, 6):
        for values in set(combinations(sorted(whites), size)):
            assert (refusal(6, whites, values) is None) == (values in legal)


# -- hands --------------------------------------------------------------------------------------


def shown(bucket: str, wild: bool = True) -> tuple[str, list[int]]:
    made = hand(tuple(int(v) for v in bucket.split("+")), wild)
    assert made is not None
    return made.category, list(made.values)


@pytest.mark.parametrize(
    ("bucket", "category", "values"),
    [
        ("6+6+6+6+6", "five_of_a_kind", [6, 6, 6, 6, 6]),
        ("4+4+1+4+4", "four_of_a_kind", [4, 4, 4, 4, 1]),
        ("5+1+3+4+6", "high_card", [6, 5, 4, 3, 1]),
        ("3+3+5+5+5", "full_house", [5, 5, 5, 3, 3]),
        ("6+6+6", "three_of_a_kind", [6, 6, 6, 0, 0]),
        ("1+1+6+6", "two_pair", [6, 6, 1, 1, 0]),
        ("6+5+4+4", "one_pair", [4, 4, 6, 5, 0]),
        ("5", "high_card", [5, 0, 0, 0, 0]),
    ],
)
def test_a_bucket_without_twos_makes_its_plain_hand(
    bucket: str, category: str, values: list[int]
) -> None:
    assert shown(bucket) == (category, values)


def test_a_straight_is_exactly_one_to_five_or_two_to_six() -> None:
    assert shown("5+4+3+2+1", wild=False) == ("straight", [5, 4, 3, 2, 1])
    assert shown("6+5+4+3+2", wild=False) == ("straight", [6, 5, 4, 3, 2])


def test_example_b_value_lists() -> None:
    assert shown("3+3+1") == ("one_pair", [3, 3, 1, 0, 0])
    assert shown("4+4+3") == ("one_pair", [4, 4, 3, 0, 0])
    assert shown("6+5+4+4") == ("one_pair", [4, 4, 6, 5, 0])
    assert shown("5+6+6") == ("one_pair", [6, 6, 5, 0, 0])


def test_example_c_wild_ducks() -> None:
    assert shown("3+3+2") == ("three_of_a_kind", [3, 3, 3, 0, 0])
    assert shown("3+3+2", wild=False) == ("one_pair", [3, 3, 2, 0, 0])
    assert shown("2+2+3+4+6") == ("straight", [6, 5, 4, 3, 2])
    assert shown("2+2+3+4+6", wild=False) == ("one_pair", [2, 2, 6, 4, 3])
    assert shown("5+5+1+2+3") == ("three_of_a_kind", [5, 5, 5, 3, 1])
    assert shown("2") == ("high_card", [6, 0, 0, 0, 0])


def test_example_c_either_reading_of_three_three_two_beats_a_bare_pair() -> None:
    bare = hand((3, 3), True)
    assert bare is not None
    for wild in (True, False):
        made = hand((3, 3, 2), wild)
        assert made is not None and made.key > bare.key


def test_a_wild_two_records_the_value_it_counts_as() -> None:
    made = hand((2, 2, 3, 4, 6), True)
    assert made is not None
    assert sorted(made.dice) == [2, 3, 4, 5, 6]
    plain = hand((2, 2, 3, 4, 6), False)
    assert plain is not None and plain.dice == (2, 2, 3, 4, 6)


def test_five_wild_twos_are_five_sixes() -> None:
    assert shown("2+2+2+2+2") == ("five_of_a_kind", [6, 6, 6, 6, 6])


def test_an_empty_bucket_is_no_hand() -> None:
    assert hand((), True) is None


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("1+1+1+1+1", "6+6+6+6+5"),
        ("6+6+6+6", "1+2+3+4+5"),  # four of a kind over a straight
        ("4+4+3+3+3", "6+6+6+5"),  # full house over trips
        ("3+3+1", "3+3"),  # any kicker beats a missing one
        ("4+4+1", "3+3+6"),  # the higher pair first
        ("6+6+1+1", "5+5+4+4"),  # the top pair of two pair
        ("6+5+4+3+2", "5+4+3+2+1"),  # straights by top card
    ],
)
def test_hands_compare_by_category_then_value_list(stronger: str, weaker: str) -> None:
    a = hand(tuple(int(v) for v in stronger.split("+")), False)
    b = hand(tuple(int(v) for v in weaker.split("+")), False)
    assert a is not None and b is not None and a.key > b.key


def test_a_straight_beats_a_full_house() -> None:
    straight = hand((1, 2, 3, 4, 5), False)
    full = hand((6, 6, 6, 5, 5), False)
    assert straight is not None and full is not None and straight.key > full.key


# -- a round's points -------------------------------------------------------------------------


def test_example_b_points_from_hands_in_turn_order() -> None:
    buckets = [(3, 3, 1), (4, 4, 3), (), (6, 5, 4, 4), (5, 6, 6)]
    turns = [(seat, hand(b, True)) for seat, b in enumerate(buckets)]
    assert round_points(5, turns) == (2, 3, 0, 4, 5)


def test_example_e_equal_hands_rank_by_the_earlier_turn() -> None:
    # Seats: fay 0, gus 1, hal 2, ivy 3; gus starts, so the turns go gus, hal, ivy, fay.
    turns = [
        (1, hand((6, 6, 5), True)),
        (2, hand((5, 6, 6), True)),
        (3, hand((6, 6), True)),
        (0, hand((2, 2, 3, 4, 6), True)),
    ]
    assert round_points(4, turns) == (4, 3, 2, 1)


def test_a_seat_with_no_turn_in_the_round_scores_nothing_but_counts_in_n() -> None:
    turns = [(0, hand((5,), True)), (2, hand((6,), True))]
    assert round_points(3, turns) == (2, 0, 3)
