"""A Ducks table played through the game API with scripted dice (ducks.md §2, §4, §5, §9)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.games.api import ChanceRequest, Dice, Outcome, RuleError, replay
from bot.games.ducks.events import (
    Busted,
    DieSetAside,
    Forfeited,
    GameEnded,
    Passed,
    Promoted,
    RollAsked,
    Rolled,
    RoundScored,
    SeatLeft,
    Stopped,
    TurnStarted,
)
from bot.games.ducks.game import GAME, turn_of
from bot.games.ducks.grammar import Moves, read
from bot.games.ducks.moves import DuckMove, Leave, Pass, Promote, Roll, Stop
from bot.games.ducks.script import parse
from bot.games.ducks.table import Phase
from tests.games.ducks.scripted import play

from .scripted import Table

MAY, KENT, WILL, BARRY, DWANA = "May", "Kent", "Will", "Barry", "Dwana"


def refusal(table: Table, seat: int, move: DuckMove) -> RuleError:
    """The refusal of `move`, checking that it changed nothing and drew nothing."""
    before = table.state
    asked = GAME.chance(before)
    with pytest.raises(RuleError) as caught:
        GAME.decide(before, seat, move)
    assert table.state is before and GAME.chance(before) == asked
    return caught.value


# -- the start ----------------------------------------------------------------------------------


def test_a_new_table_is_round_one_with_seat_zero_to_roll() -> None:
    state = GAME.new(GAME.settings({}, {}), 3)
    assert (state.round, state.start_player, state.totals) == (1, 0, (0, 0, 0))
    assert state.turn is not None and state.turn.phase is Phase.READY
    assert GAME.to_move(state) == {0}
    assert GAME.chance(state) is None
    assert turn_of(state) == GAME.mark(state) == (1, 0)
    assert GAME.legal_moves(state, 0) == [Roll()]
    assert GAME.legal_moves(state, 1) == ()


@pytest.mark.parametrize("seats", [0, 1, 7])
def test_a_table_seats_two_to_six(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        GAME.new(GAME.settings({}, {}), seats)


def test_a_roll_asks_for_the_boss_and_every_white_die_in_play() -> None:
    table = Table([MAY, KENT])
    assert GAME.decide(table.state, 0, Roll()) == (RollAsked(5),)
    table.apply(GAME.decide(table.state, 0, Roll()))
    assert GAME.chance(table.state) == ChanceRequest(Dice(6, 6), seat=0, label=(1, 0, 1))
    assert GAME.to_move(table.state) == frozenset()
    assert refusal(table, 0, Roll()).key == "ducks.roll_pending"


def test_resolve_reads_the_first_value_as_the_boss_and_values_as_faces_minus_one() -> None:
    table = Table([MAY, KENT])
    table.apply(GAME.decide(table.state, 0, Roll()))
    assert GAME.resolve(table.state, (4, 1, 2, 4, 4, 5)) == (Rolled(5, (2, 3, 5, 5, 6)),)


def test_resolve_refuses_an_outcome_that_is_not_the_roll_asked_for() -> None:
    table = Table([MAY, KENT])
    with pytest.raises(ValueError, match="no roll"):
        GAME.resolve(table.state, (0, 0, 0, 0, 0, 0))
    table.apply(GAME.decide(table.state, 0, Roll()))
    with pytest.raises(ValueError):
        GAME.resolve(table.state, (0, 0, 0))
    with pytest.raises(ValueError):
        GAME.resolve(table.state, (6, 0, 0, 0, 0, 0))


# -- example B: the seed's table, played -------------------------------------------------------


def play_example_b(table: Table) -> list[object]:
    table.turn(MAY, "roll 3|3 3 1 5 6; promote 3 3; roll 1|1 4 5; promote 1; stop")
    table.turn(KENT, "roll 4|4 4 1 5 6; promote 4 4; roll 3|3 5 6; promote 3; stop")
    table.turn(WILL, "roll 1|3 4 5 6 6; roll 1|3 4 5 6; roll 1|3 4 5; roll 1|5 6; roll 1|4")
    table.turn(
        BARRY, "roll 6|6 1 3 3 5; promote 6; roll 5|5 1 3 3; promote 5; roll 4|4 4 6; promote 4 4"
    )
    table.turn(BARRY, "stop")
    return table.turn(DWANA, "roll 5|5 1 1 3 3; promote 5; roll 6|6 6 1 3; promote 6 6; stop")


def test_example_b_scores_the_seeds_table_through_the_game() -> None:
    table = Table([MAY, KENT, WILL, BARRY, DWANA])
    last = play_example_b(table)
    assert last[-3:] == [Stopped("player"), RoundScored(1, (2, 3, 0, 4, 5)), TurnStarted(2, 1)]
    record = table.state.history[0]
    assert [r.bucket for r in record.results] == [
        (3, 3, 1),
        (4, 4, 3),
        (),
        (6, 5, 4, 4),
        (5, 6, 6),
    ]
    assert [r.phase for r in record.results][2] is Phase.BUST
    assert table.state.totals == (2, 3, 0, 4, 5)
    assert table.state.round_points == (2, 3, 0, 4, 5)
    assert (table.state.round, table.state.start_player) == (2, 1)
    assert GAME.to_move(table.state) == {1}


# -- example D: a bust --------------------------------------------------------------------------


def test_example_d_each_roll_without_a_promotion_sets_a_die_aside_until_the_bust() -> None:
    table = Table([MAY, KENT])
    table.turn(MAY, "roll 6|6 1 1 1 1; promote 6")
    seen = []
    for dice in ("1|3 4 5 6", "1|3 4 5", "1|5 6"):
        table.apply(GAME.decide(table.state, 0, Roll()))
        request = GAME.chance(table.state)
        assert request is not None
        events = GAME.resolve(table.state, parse(dice, request))
        assert events[-1] == DieSetAside()
        table.apply(events)
        turn = table.state.turn
        assert turn is not None
        seen.append((request.draw.count - 1, turn.out, turn.set_aside, turn.phase))
    assert seen == [(4, 3, 1, Phase.READY), (3, 2, 2, Phase.READY), (2, 1, 3, Phase.READY)]
    events = table.move(0, Roll(), "1|4")
    assert events[-4:] == (Rolled(1, (4,)), DieSetAside(), Busted(), TurnStarted(1, 1))
    last = table.state.last_turn
    assert last is not None
    assert (last.phase, last.bucket, last.lost, last.out, last.set_aside) == (
        Phase.BUST,
        (),
        (6,),
        0,
        4,
    )
    assert table.state.results[-1].bucket == ()


def test_a_pass_that_sets_aside_the_last_die_busts() -> None:
    table = Table([MAY, KENT])
    table.turn(MAY, "roll 1|3 4 5 6 6; roll 1|3 4 5 6; roll 1|3 4 5; roll 1|5 6; roll 4|4")
    events = table.move(0, Pass())
    assert events == (Passed(), DieSetAside(), Busted(), TurnStarted(1, 1))


# -- example E and the automatic stop -----------------------------------------------------------


def test_example_e_equal_hands_rank_by_the_earlier_turn_and_fay_stops_by_herself() -> None:
    table = Table(["gus", "hal", "ivy", "fay"])
    table.turn("gus", "roll 6|6 6 1 3 4; promote 6 6; roll 5|5 1 1; promote 5; stop")
    table.turn("hal", "roll 5|5 1 1 3 4; promote 5; roll 6|6 6 1 3; promote 6 6; stop")
    table.turn("ivy", "roll 6|6 6 1 3 4; promote 6 6; stop")
    table.turn("fay", "roll 4|2 2 3 4 6; promote 2 2; roll 3|3 4 6; promote 3; roll 4|4 6")
    table.turn("fay", "promote 4; roll 6|6")
    events = table.turn("fay", "promote 6")
    assert events[:3] == [Promoted((6,)), Stopped("auto"), RoundScored(1, (3, 2, 1, 4))]
    assert table.state.history[0].results[-1].bucket == (2, 2, 3, 4, 6)


def test_a_promotion_that_fills_the_bucket_stops_the_turn_at_once() -> None:
    table = Table([MAY, KENT])
    table.move(0, Roll(), "5|5 5 5 5 5")
    events = table.move(0, Promote((5, 5, 5, 5, 5)))
    assert events == (Promoted((5, 5, 5, 5, 5)), Stopped("auto"), TurnStarted(1, 1))


# -- refusals (§2) -------------------------------------------------------------------------------


def test_only_the_seat_on_turn_may_move() -> None:
    table = Table([MAY, KENT, WILL])
    error = refusal(table, 1, Roll())
    assert error.key == "ducks.not_your_turn"
    assert error.params["turn_seat"] == 0 and error.params["seat"] == 1


def test_promoting_or_passing_before_rolling_is_refused() -> None:
    table = Table([MAY, KENT])
    for move in (Promote((5,)), Pass()):
        error = refusal(table, 0, move)
        assert error.key == "ducks.roll_first"
        assert error.params["moves"] == ["roll"]


def rolled(dice: str = "5|2 3 5 5 6") -> Table:
    table = Table([MAY, KENT])
    table.move(0, Roll(), dice)
    return table


@pytest.mark.parametrize(
    ("values", "reason"),
    [
        ((4,), "not_rolled"),
        ((5, 5, 5), "not_rolled"),
        ((6,), "single_not_boss"),
        ((5, 2, 3), "mixed"),
        ((2, 6), "not_sum"),
    ],
)
def test_a_promotion_that_is_not_legal_is_refused_with_the_legal_ones(
    values: tuple[int, ...], reason: str
) -> None:
    error = refusal(rolled(), 0, Promote(values))
    assert error.key == "ducks.bad_promotion"
    assert error.params["reason"] == reason
    assert error.params["promotions"] == ["5", "2+3", "5+5"]
    assert error.params["boss"] == 5 and error.params["whites"] == [2, 3, 5, 5, 6]


def test_a_second_promotion_on_the_same_roll_is_refused() -> None:
    table = rolled()
    table.move(0, Promote((5,)))
    for move in (Promote((5,)), Promote((2, 3)), Pass()):
        error = refusal(table, 0, move)
        assert error.key == "ducks.already_promoted"
        assert error.params["moves"] == ["roll", "stop"]


def test_a_bare_roll_after_a_roll_that_allows_a_promotion_must_say_pass() -> None:
    error = refusal(rolled(), 0, Roll())
    assert error.key == "ducks.must_pass"
    assert error.params["moves"] == ["promote", "pass"]


def test_stopping_is_allowed_only_right_after_a_promotion() -> None:
    table = Table([MAY, KENT])
    assert refusal(table, 0, Stop()).key == "ducks.stop_not_allowed"
    table.move(0, Roll(), "5|2 3 5 5 6")
    assert refusal(table, 0, Stop()).key == "ducks.stop_not_allowed"
    table.move(0, Promote((5,)))
    table.move(0, Roll(), "1|3 4 6 6")  # no promotion: a die is set aside
    assert refusal(table, 0, Stop()).key == "ducks.stop_not_allowed"
    table.move(0, Roll(), "3|3 4 6")
    assert refusal(table, 0, Stop()).key == "ducks.stop_not_allowed"
    table.move(0, Promote((3,)))
    assert table.move(0, Stop())[0] == Stopped("player")


def test_a_legal_move_changes_the_state_and_a_refused_one_leaves_it_equal() -> None:
    table = rolled()
    before = table.state
    with pytest.raises(RuleError):
        GAME.decide(before, 0, Promote((6, 6)))
    assert table.state == before
    assert GAME.decide(before, 0, Promote((5, 5))) == (Promoted((5, 5)),)


def test_legal_moves_lists_each_promotion_then_pass() -> None:
    assert GAME.legal_moves(rolled().state, 0) == [
        Promote((5,)),
        Promote((2, 3)),
        Promote((5, 5)),
        Pass(),
    ]
    assert GAME.legal_moves(rolled().state, 1) == ()


# -- the time limit -----------------------------------------------------------------------------


def test_the_time_limit_forfeits_a_turn_not_just_promoted() -> None:
    table = Table([MAY, KENT])
    assert table.expire() == (Forfeited("time"), TurnStarted(1, 1))
    table.move(1, Roll(), "5|2 3 5 5 6")
    table.move(1, Promote((5,)))
    table.move(1, Roll(), "6|1 1 4 6")  # promotions are possible: phase rolled
    events = table.expire()
    assert events[0] == Forfeited("time")
    last = table.state.last_turn
    assert last is not None and last.phase is Phase.FORFEIT and last.lost == (5,)
    assert table.state.history[0].results[-1].bucket == ()


def test_the_time_limit_stops_a_turn_just_promoted_with_its_bucket() -> None:
    table = rolled()
    table.move(0, Promote((5, 5)))
    assert table.expire() == (Stopped("time"), TurnStarted(1, 1))
    assert table.state.results[-1].bucket == (5, 5)


def test_nothing_expires_after_the_game() -> None:
    table = Table([MAY, KENT])
    while not table.state.finished:
        table.expire()
    assert GAME.expire(table.state) == ()
    assert turn_of(table.state) is None and GAME.mark(table.state) is None


# -- rounds and the game's end --------------------------------------------------------------------


def started(events: list[object]) -> list[tuple[int, int]]:
    return [(e.round, e.seat) for e in events if isinstance(e, TurnStarted)]


def test_the_start_player_passes_one_seat_on_each_round() -> None:
    table = Table([MAY, KENT, WILL])
    while not table.state.finished:
        table.expire()
    assert started(table.events) == [
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (2, 0),
        (3, 2),
        (3, 0),
        (3, 1),
    ]
    assert [e.round for e in table.events if isinstance(e, RoundScored)] == [1, 2, 3]


def test_rounds_2n_plays_two_rounds_per_seat() -> None:
    table = Table([MAY, KENT], rounds="2N")
    while not table.state.finished:
        table.expire()
    assert [e.round for e in table.events if isinstance(e, RoundScored)] == [1, 2, 3, 4]
    assert isinstance(table.events[-1], GameEnded)


def test_equal_totals_share_the_win() -> None:
    table = Table([MAY, KENT, WILL])
    while not table.state.finished:
        table.expire()
    assert table.state.totals == (0, 0, 0)
    assert table.events[-1] == GameEnded((0, 1, 2))
    assert table.state.winners == (0, 1, 2)


def test_the_highest_total_wins_after_the_last_round() -> None:
    table = Table([MAY, KENT])
    table.turn(MAY, "roll 5|5 1 1 1 1; promote 5; stop")
    table.expire()  # Kent forfeits round 1
    table.expire()  # and opens round 2 with a forfeit too
    events = table.turn(MAY, "roll 5|5 1 1 1 1; promote 5; stop")
    assert events[-2:] == [RoundScored(2, (2, 0)), GameEnded((0,))]
    assert table.state.finished and table.state.totals == (4, 0)


def test_a_finished_game_refuses_every_move() -> None:
    table = Table([MAY, KENT])
    while not table.state.finished:
        table.expire()
    for seat in (0, 1):
        for move in (Roll(), Pass(), Stop(), Promote((5,)), Leave()):
            assert refusal(table, seat, move).key == "ducks.game_over"
    assert GAME.to_move(table.state) == frozenset()
    assert all(GAME.legal_moves(table.state, s) == () for s in (0, 1))


# -- leaving (§5) --------------------------------------------------------------------------------


def test_leaving_on_turn_ends_the_turn_as_the_time_limit_would() -> None:
    promoted = Table([MAY, KENT, WILL])
    promoted.move(0, Roll(), "5|2 3 5 5 6")
    promoted.move(0, Promote((5,)))
    assert promoted.move(0, Leave()) == (Stopped("left"), SeatLeft(0), TurnStarted(1, 1))
    assert promoted.state.results[-1].bucket == (5,)  # the hand stands for the round
    ready = Table([MAY, KENT, WILL])
    assert ready.move(0, Leave()) == (Forfeited("left"), SeatLeft(0), TurnStarted(1, 1))


def test_a_seat_that_left_is_skipped_and_scores_nothing_but_counts_in_n() -> None:
    table = Table([MAY, KENT, WILL])
    assert table.move(1, Leave()) == (SeatLeft(1),)
    assert refusal(table, 1, Roll()).key == "ducks.seat_left"
    table.move(0, Roll(), "6|6 1 1 1 1")
    table.move(0, Promote((6,)))
    assert table.move(0, Stop())[-1] == TurnStarted(1, 2)  # Kent's turn is skipped
    table.move(2, Roll(), "5|5 1 1 1 1")
    table.move(2, Promote((5,)))
    events = table.move(2, Stop())
    assert RoundScored(1, (3, 0, 2)) in events  # N = 3 although only two played
    assert started(list(events)) == [(2, 2)]  # round 2's start player left: the next seat opens


def test_fewer_than_two_players_left_ends_the_game_without_scoring_the_round() -> None:
    table = Table([MAY, KENT, WILL])
    table.turn(MAY, "roll 6|6 1 1 1 1; promote 6; stop")
    table.turn(KENT, "roll 5|5 1 1 1 1; promote 5; stop")
    table.turn(WILL, "roll 4|4 1 1 1 1; promote 4; stop")
    assert table.state.totals == (3, 2, 1)
    table.turn(KENT, "roll 6|6 6 1 1 1; promote 6 6")
    table.move(2, Leave())
    events = table.move(0, Leave())
    assert events == (SeatLeft(0), GameEnded((1,)))
    assert table.state.totals == (3, 2, 1)  # round 2 is not scored; a seat that left cannot win
    assert len(table.state.history) == 1
    assert GAME.to_move(table.state) == frozenset()


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    table = Table([MAY, KENT])
    assert refusal(table, 5, Roll()).key == "ducks.not_seated"


# -- a message's moves, whole or not at all -----------------------------------------------------


def scripted(*dice: str) -> tuple[list[ChanceRequest], Callable[[ChanceRequest], Outcome]]:
    asked: list[ChanceRequest] = []
    queue = list(dice)

    def draw(request: ChanceRequest) -> Outcome:
        asked.append(request)
        return parse(queue.pop(0), request)

    return asked, draw


def message_moves(text: str) -> list[DuckMove]:
    reading = read(text)
    assert isinstance(reading, Moves)
    return list(reading.moves)


def test_a_promotion_and_the_tag_promote_then_roll_the_dice_left() -> None:
    table = rolled()
    asked, draw = scripted("6|6 1 1")
    events = play(table.state, 0, message_moves("昇格 5 5 [[ducks]]"), draw)
    assert events[:2] == (Promoted((5, 5)), RollAsked(3))
    assert [r.draw for r in asked] == [Dice(6, 4)]


def test_a_tag_after_a_promotion_that_stopped_the_turn_rolls_nothing() -> None:
    table = Table([MAY, KENT])
    table.move(0, Roll(), "5|5 5 5 5 5")
    asked, draw = scripted()
    moves = message_moves("promote 55555 [[ducks]]")
    events = play(table.state, 0, moves, draw)
    assert events == (Promoted((5, 5, 5, 5, 5)), Stopped("auto"), TurnStarted(1, 1))
    assert asked == []


def test_a_refused_promotion_refuses_the_whole_message_before_any_die() -> None:
    table = rolled()
    asked, draw = scripted("6|6 1 1")
    with pytest.raises(RuleError):
        play(table.state, 0, message_moves("昇格 4 [[ducks]]"), draw)
    assert asked == []


def test_events_replayed_from_the_start_rebuild_the_table() -> None:
    table = Table([MAY, KENT, WILL, BARRY, DWANA])
    play_example_b(table)
    fresh = GAME.new(table.settings, 5)
    assert replay(GAME, fresh, table.events) == table.state
    assert GAME.scores(table.state) == {0: 2, 1: 3, 2: 0, 3: 4, 4: 5}
    assert GAME.observe(table.state, 0) == GAME.observe(table.state, None)


@pytest.mark.parametrize(("wild", "points"), [("on", (2, 1)), ("off", (1, 2))])
def test_example_c_wild_ducks_decide_the_round(wild: str, points: tuple[int, int]) -> None:
    table = Table([MAY, KENT], wild=wild)
    table.turn(MAY, "roll 3|3 3 1 5 6; promote 3 3; roll 2|2 5 6; promote 2; stop")
    events = table.turn(KENT, "roll 4|4 4 1 5 6; promote 4 4; stop")
    assert RoundScored(1, points) in events  # three 3s beat a pair of 4s only with wild ducks
