"""Exact chances and the expected turn score under optimal play."""

from fractions import Fraction
from itertools import product

import pytest

from bot.games.greed import FACES, analyse, parse_faces
from bot.games.greed.odds import OddsTable, chance_table, chances, default_table
from tests.games.greed.test_throw import EXPECTED


@pytest.mark.parametrize("dice", range(1, 7))
def test_chances_are_the_exact_fractions(dice: int) -> None:
    greed_outs, sweeps = EXPECTED[dice]
    c = chances(dice)
    assert c.greed_out == Fraction(greed_outs, 6**dice)
    assert c.sweep == Fraction(sweeps, 6**dice)


def test_six_dice_chances() -> None:
    assert chances(6).greed_out == Fraction(1440, 46656) == Fraction(5, 162)
    assert chances(6).sweep == Fraction(1548, 46656)
    assert [c.dice for c in chance_table()] == [1, 2, 3, 4, 5, 6]


def bellman(table: OddsTable, dice: int, points: int, opened: bool) -> float:
    """One step of optimal play over every ordered throw, looked up in the table."""
    total = 0.0
    for faces in product(FACES, repeat=dice):
        throw = analyse(faces)
        best = throw.best_take
        if best is None:
            continue
        if throw.sweep:
            value = table.ev_roll(6, points + best.points, opened)
        else:
            options = [
                table.ev_roll(dice - t.count, points + t.points, opened) for t in throw.takes
            ]
            end = points + best.points
            if opened or end >= table.threshold:
                options.append(end)
            value = max(options)
        total += value
    return total / 6**dice


@pytest.mark.parametrize("dice", range(1, 6))
@pytest.mark.parametrize("points", [0, 150, 450, 500, 1200, 4950])
@pytest.mark.parametrize("opened", [True, False])
def test_the_table_satisfies_optimal_play_over_every_throw(
    dice: int, points: int, opened: bool
) -> None:
    table = default_table()
    assert table.ev_roll(dice, points, opened) == pytest.approx(
        bellman(table, dice, points, opened), abs=1e-6
    )


@pytest.mark.parametrize("points", [0, 500, 3000])
def test_the_table_satisfies_optimal_play_for_six_dice(points: int) -> None:
    table = default_table()
    assert table.ev_roll(6, points) == pytest.approx(bellman(table, 6, points, True), abs=1e-6)


def test_the_value_does_not_depend_on_where_the_table_stops() -> None:
    small, large = OddsTable(cap=10_000), OddsTable(cap=40_000)
    for dice in range(1, 7):
        for points in range(0, 5001, 50):
            for opened in (True, False):
                assert small.ev_roll(dice, points, opened) == pytest.approx(
                    large.ev_roll(dice, points, opened), abs=1e-6
                )


def test_a_day_not_opened_is_worth_less_below_the_threshold_and_the_same_above() -> None:
    table = default_table()
    assert table.ev_roll(6, 0, opened=False) < table.ev_roll(6, 0, opened=True)
    assert table.ev_roll(3, 400, opened=False) < table.ev_roll(3, 400, opened=True)
    # from 450 any scoring throw reaches 500, so stopping is allowed either way
    assert table.ev_roll(3, 450, opened=False) == table.ev_roll(3, 450, opened=True)
    assert table.ev_roll(3, 500, opened=False) == table.ev_roll(3, 500, opened=True)


def test_advice() -> None:
    table = default_table()
    assert table.advice(6, 0) == "roll"
    assert table.advice(1, 1000) == "stop"  # two in three single dice greed out
    assert table.advice(1, 300, opened=False) == "roll"  # stopping is not allowed
    assert not table.can_stop(300, opened=False)
    assert table.can_stop(300, opened=True)


def test_values_of_each_take_versus_turn_end() -> None:
    table = default_table()
    throw = analyse(parse_faces("$ Eg Eg D G G"))
    advice = table.after_throw(throw, 0, opened=True)
    assert [(t.dice_next, t.take.points) for t in advice.takes] == [(5, 100), (4, 150), (3, 200)]
    # Each take is worth what throwing on from it is worth, one step played out over every
    # throw of the dice left.
    for value, (dice, points) in zip(advice.takes, [(5, 100), (4, 150), (3, 200)], strict=True):
        assert value.value == pytest.approx(bellman(table, dice, points, True), abs=1e-6)
    assert advice.turn_end == 200
    assert advice.advice == "roll"
    closed = table.after_throw(throw, 0, opened=False)
    assert closed.turn_end is None and closed.advice == "roll"
    assert closed.takes[0].value == pytest.approx(bellman(table, 5, 100, False), abs=1e-6)
    late = table.after_throw(throw, 2000, opened=True)
    assert late.turn_end == 2200
    assert late.advice == "stop"


def test_after_a_sweep_only_the_lap_is_valued() -> None:
    table = default_table()
    advice = table.after_throw(analyse(parse_faces("R R R D G G")), 0)
    assert advice.takes == () and advice.turn_end is None
    # RRR DGG scores 600 and forces a lap of six dice from there
    assert advice.sweep_value == pytest.approx(bellman(table, 6, 600, True), abs=1e-6)


@pytest.mark.parametrize(("dice", "points"), [(0, 0), (7, 0), (3, -50), (3, 25)])
def test_impossible_positions_are_refused(dice: int, points: int) -> None:
    with pytest.raises(ValueError):
        default_table().ev_roll(dice, points)
