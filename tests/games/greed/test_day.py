"""The turn state machine: the seed's worked examples, refusals and the rule variants."""

import pytest

from bot.games.greed import (
    CloseDay,
    DayClosedError,
    DiceSetAside,
    EndTurn,
    GreedOut,
    IllegalDiceCountError,
    LapStarted,
    NoTurnsLeftError,
    PlayerDay,
    Rules,
    Throw,
    TurnEndRefusedError,
    TurnOutcome,
    Variant,
    decide,
    decide_count,
    new_day,
    parse_faces,
    play,
    replay,
)
from tests.games.greed.scripted import TE, run

# -- worked example A: the how-to turn -------------------------------------------------------


def test_example_a_the_how_to_turn_greeds_out_on_the_third_throw() -> None:
    day, _ = run(["D G $ R R Eb"])
    assert day.legal_counts == (4, 5)
    day, _ = run(["R Eg Eg Eg"], day)
    assert day.turn is not None and day.turn.points == 150
    assert day.held == 450
    assert day.legal_counts == (1,)
    assert not day.can_end  # 450 < 500
    day, events = run(["$"], day)
    assert events[-1] == GreedOut(turn_points_lost=450, day_points_lost=0)
    assert day.turns[0].outcome is TurnOutcome.GREED_OUT and day.turns[0].score == 0
    assert day.banked == 0
    assert day.turn is not None and day.turn.number == 2


@pytest.mark.parametrize(("last", "turn_points"), [("D", 550), ("G", 500)])
def test_example_a_a_scoring_last_die_is_a_forced_lap(last: str, turn_points: int) -> None:
    day, events = run(["D G $ R R Eb", "R Eg Eg Eg", last])
    assert events[-1] == LapStarted(2)
    turn = day.turn
    assert turn is not None and turn.lap == 2 and turn.throw == 0
    assert turn.points == turn_points
    assert day.legal_counts == (6,)
    assert not day.can_end


# -- worked example B: options ---------------------------------------------------------------


def test_example_b_options_throw_five_four_or_three() -> None:
    day, _ = run(["$ Eg Eg D G G"])
    assert day.legal_counts == (3, 4, 5)
    assert not day.can_end  # 200 held, nothing banked today


def test_example_b_turn_end_banks_the_best_take_once_held_reaches_the_threshold() -> None:
    opened, _ = run(["$ $ $ D D $", TE])  # 800 banked in turn 1
    assert opened.banked == 800
    day, events = run(["$ Eg Eg D G G"], opened)
    assert day.can_end
    day, events = run([TE], day)
    assert events[0] == DiceSetAside(3, parse_faces("G G D"), 200)
    assert day.banked == 1000
    assert day.turns[-1].score == 200


@pytest.mark.parametrize(
    ("count", "taken", "points"), [(5, "D", 100), (4, "G D", 150), (3, "G G D", 200)]
)
def test_example_b_the_next_count_decides_the_take(count: int, taken: str, points: int) -> None:
    day, _ = run(["$ Eg Eg D G G"])
    day, events = play(day, Throw(parse_faces("D $ R R Eb Eg")[:count]))
    assert events[0] == DiceSetAside(6 - count, parse_faces(taken), points)
    assert day.turn is not None and day.turn.points == points


# -- worked example C: three laps ------------------------------------------------------------


def test_example_c_three_laps_then_a_greed_out_loses_all() -> None:
    day, _ = run(["R R R D G G"])
    assert day.turn is not None and (day.turn.lap, day.turn.points) == (2, 600)
    day, _ = run(["D D D D G G"], day)
    assert day.turn is not None and (day.turn.lap, day.turn.points) == (3, 1700)
    day, events = run(["$ $ R R Eg Eb"], day)
    assert events[-1] == GreedOut(1700, 0)
    assert day.turns[0].laps == 3 and day.turns[0].lost == 1700
    assert day.banked == 0


# -- worked example D: a sweep on a later throw ---------------------------------------------


def test_example_d_a_one_die_sweep_is_a_forced_lap() -> None:
    day, events = run(["G $ R R Eb Eg", "G $ R R Eb", "G $ R Eb", "G $ R", "G $", "G"])
    assert events[-1] == LapStarted(2)
    turn = day.turn
    assert turn is not None and turn.points == 300 and turn.lap == 2
    assert day.legal_counts == (6,)
    with pytest.raises(TurnEndRefusedError) as refused:
        decide(day, EndTurn())
    assert refused.value.reason == TurnEndRefusedError.FORCED_LAP
    assert refused.value.params["legal"] == (6,)


# -- worked example E: a five-turn day scoring 1300 ------------------------------------------

EXAMPLE_E = [
    # turn 1: G, Emerald, greed out
    "G $ R R Eb Eg",
    "Eg Eg Eg $ R",
    "$ R",
    # turn 2: D four times, greed out
    "D $ R R Eb Eg",
    "D $ R Eb Eg",
    "D $ R Eg",
    "D $ R",
    "$ R",
    # turn 3: Ebony, Ruby sweep (700, lap 2), D, D D and Turn End
    "Eb Eb Eb D $ R",
    "R R R",
    "D G $ R R Eb",
    "D D $ R Eg",
    TE,
    # turn 4: nothing scores
    "$ $ R R Eg Eb",
    # turn 5: D, D, D and Turn End at 300
    "D $ R R Eg Eb",
    "D $ R Eg Eb",
    "D $ R Eg",
    TE,
]


def test_example_e_the_five_turn_day_scores_1300() -> None:
    day, _ = run(EXAMPLE_E)
    assert [t.score for t in day.turns] == [0, 0, 1000, 0, 300]
    assert [t.outcome for t in day.turns] == [
        TurnOutcome.GREED_OUT,
        TurnOutcome.GREED_OUT,
        TurnOutcome.TURN_END,
        TurnOutcome.GREED_OUT,
        TurnOutcome.TURN_END,
    ]
    assert day.day_points == 1300
    assert day.turn is None and day.finished
    assert day.turns[2].laps == 2


def test_example_e_turn_three_may_end_after_the_first_throw_of_lap_two() -> None:
    day, _ = run(EXAMPLE_E[:11])  # through lap 2, throw 1
    turn = day.turn
    assert turn is not None and (turn.number, turn.lap, turn.throw, turn.points) == (3, 2, 1, 700)
    assert day.legal_counts == (4, 5)
    assert day.can_end  # 700 + D G 150 >= 500


def test_example_e_turn_five_ends_at_300_because_turn_three_banked() -> None:
    day, _ = run(EXAMPLE_E[:17])
    assert day.held == 1300
    assert day.can_end


def test_a_day_with_all_turns_played_refuses_another_throw() -> None:
    day, _ = run(EXAMPLE_E)
    with pytest.raises(NoTurnsLeftError):
        decide(day, Throw(parse_faces("D D D D D D")))
    assert day.legal_counts == ()


# -- worked example F: exactly 500 -----------------------------------------------------------


def test_example_f_turn_end_at_exactly_the_threshold() -> None:
    day, _ = run(["Eg Eg Eg $ R R", "D D R"])
    assert day.held == 500 and day.can_end
    day, _ = run([TE], day)
    assert day.banked == 500


def test_one_below_the_threshold_is_refused() -> None:
    day, _ = run(["D D $ R R Eb"], rules=Rules(threshold=250))
    assert day.held == 200
    with pytest.raises(TurnEndRefusedError) as refused:
        decide(day, EndTurn())
    assert refused.value.reason == TurnEndRefusedError.BELOW_THRESHOLD
    assert refused.value.params == {
        "reason": "below_threshold",
        "held": 200,
        "threshold": 250,
        "legal": (4, 5),
    }
    assert "200 < 250" in str(refused.value)


# -- refusals --------------------------------------------------------------------------------


def test_a_turn_starts_with_six_dice() -> None:
    with pytest.raises(IllegalDiceCountError) as refused:
        decide(new_day(), Throw(parse_faces("D D D")))
    assert refused.value.params["legal"] == (6,)
    assert "throw 6" in str(refused.value)


def test_turn_end_before_any_throw_is_refused() -> None:
    with pytest.raises(TurnEndRefusedError) as refused:
        decide(new_day(), EndTurn())
    assert refused.value.reason == TurnEndRefusedError.NOTHING_THROWN


@pytest.mark.parametrize("count", [1, 2, 6])
def test_an_illegal_count_names_the_legal_ones(count: int) -> None:
    day, _ = run(["$ Eg Eg D G G"])
    with pytest.raises(IllegalDiceCountError) as refused:
        decide(day, Throw(parse_faces("D") * count))
    assert refused.value.params == {"asked": count, "legal": (3, 4, 5), "can_end": False}


def test_an_illegal_count_is_refused_before_any_face_is_looked_at() -> None:
    day, _ = run(["$ Eg Eg D G G"])
    # The count alone is refused: no faces exist yet, so no event can either.
    with pytest.raises(IllegalDiceCountError) as by_count:
        decide_count(day, 2)
    # Two dice that would score and two that would greed out get the same refusal.
    for faces in ("D D", "$ R"):
        with pytest.raises(IllegalDiceCountError) as by_throw:
            decide(day, Throw(parse_faces(faces)))
        assert by_throw.value.params == by_count.value.params


# -- closing the day -------------------------------------------------------------------------


def test_closing_the_day_records_the_turn_in_progress_as_unfinished() -> None:
    day, _ = run(["$ $ $ D D $", TE, "D G $ R R Eb"])
    day, _ = play(day, CloseDay())
    assert day.closed and day.finished
    assert day.turns[-1].outcome is TurnOutcome.UNFINISHED
    assert day.turns[-1].score == 0
    assert day.banked == 800
    with pytest.raises(DayClosedError):
        decide(day, Throw(parse_faces("D D D D D D")))


def test_closing_between_turns_records_no_unfinished_turn() -> None:
    day, _ = run(["$ $ $ D D $", TE])
    day, _ = play(day, CloseDay())
    assert [t.outcome for t in day.turns] == [TurnOutcome.TURN_END]


# -- the three variants on a day where they differ -------------------------------------------

# Turn 1 banks 800. Turn 2 takes G on five throws and sweeps with the sixth (one die),
# then throws six dice that greed out.
VARIANT_DAY = [
    "$ $ $ D D $",
    TE,
    "G $ R R Eb Eg",
    "G $ R R Eb",
    "G $ R Eb",
    "G $ R",
    "G $",
    "G",
]


def test_official_a_late_sweep_laps_and_a_greed_out_loses_only_the_turn() -> None:
    rules = Rules(Variant.OFFICIAL)
    day, _ = run(VARIANT_DAY, rules=rules)
    assert day.turn is not None and day.turn.lap == 2
    day, _ = run(["$ $ R R Eg Eb"], day, rules)
    assert day.banked == 800
    assert day.turns[-1].day_lost == 0


def test_revised_a_late_sweep_laps_and_a_greed_out_wipes_the_day() -> None:
    rules = Rules(Variant.REVISED)
    day, _ = run(VARIANT_DAY, rules=rules)
    assert day.turn is not None and day.turn.lap == 2
    day, events = run(["$ $ R R Eg Eb"], day, rules)
    assert events[-1] == GreedOut(300, 800)
    assert day.banked == 0
    assert day.turns[-1].day_lost == 800
    # the threshold applies again after the wipe
    day, _ = run(["D G $ R R Eb"], day, rules)
    assert not day.can_end


def test_house_a_late_sweep_ends_the_turn_and_banks_when_held_reaches_the_threshold() -> None:
    rules = Rules(Variant.HOUSE)
    day, _ = run(VARIANT_DAY, rules=rules)
    assert day.turns[-1].outcome is TurnOutcome.SWEEP_END
    assert day.turns[-1].score == 300
    assert day.banked == 1100
    assert day.turn is not None and day.turn.number == 3 and not day.turn.started


def test_house_a_late_sweep_below_the_threshold_scores_nothing() -> None:
    rules = Rules(Variant.HOUSE)
    day, _ = run(VARIANT_DAY[2:], rules=rules)
    record = day.turns[-1]
    assert (record.outcome, record.score, record.lost) == (TurnOutcome.SWEEP_END, 0, 300)
    assert day.banked == 0


def test_house_a_sweep_on_the_first_throw_still_laps() -> None:
    rules = Rules(Variant.HOUSE)
    day, _ = run(["R R R D G G"], rules=rules)
    assert day.turn is not None and day.turn.lap == 2
    # ...but the first throw of lap 2 is not the turn's first throw: a sweep there ends it
    day, _ = run(["D D D D G G"], day, rules)
    assert day.turns[-1].outcome is TurnOutcome.SWEEP_END
    assert day.banked == 1700


def test_house_a_greed_out_wipes_the_day() -> None:
    rules = Rules(Variant.HOUSE)
    day, _ = run(["$ $ $ D D $", TE, "$ $ R R Eg Eb"], rules=rules)
    assert day.banked == 0
    assert [t.score for t in day.turns] == [800, 0]


# -- replay ----------------------------------------------------------------------------------


def test_replaying_the_events_rebuilds_the_day() -> None:
    day, events = run(EXAMPLE_E)
    assert replay(events) == day


def test_rules_of_the_day_are_kept_in_the_state() -> None:
    rules = Rules(Variant.HOUSE, threshold=300, turns_per_day=2)
    day, events = run(["D D $ R R Eb", "D $ R R", TE], rules=rules)
    assert replay(events, rules) == day
    assert isinstance(day, PlayerDay) and day.banked == 300


@pytest.mark.parametrize(("threshold", "turns"), [(-1, 5), (500, 0), (500, 21)])
def test_rules_refuse_impossible_settings(threshold: int, turns: int) -> None:
    with pytest.raises(ValueError):
        Rules(threshold=threshold, turns_per_day=turns)
