"""What the table games share on the game API (bot/games/table_rules.py and the folds of
bot/games/api.py), asked of each real game: the seats a new table must have, a chance
resolved only when pending and only with an outcome that fits it, the reply to a move,
a default and nothing, and the events of a move folded one by one."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.games.api import ChanceRequest, Decided, Dice, Outcome, Shuffle, replay, steps
from bot.games.ducks.game import GAME as DUCKS
from bot.games.gleek.game import GAME as GLEEK
from bot.games.regidice.game import GAME as REGIDICE
from bot.games.table_rules import TableRules

TABLE_GAMES: list[TableRules[Any, Any, Any]] = [DUCKS, GLEEK, REGIDICE]
IDS = [game.key for game in TABLE_GAMES]


def first(request: ChanceRequest) -> Outcome:
    """The first outcome of a chance in order (every die 1, the deck as it lies): scripted,
    not random."""
    draw = request.draw
    if isinstance(draw, Dice):
        return (0,) * draw.count
    assert isinstance(draw, Shuffle)
    return tuple(range(draw.size))


def dealt(game: TableRules[Any, Any, Any], seats: int) -> Any:
    """A new table with every chance it waits for drawn: play can begin."""
    state = game.new(game.settings({}, {}), seats)
    while (request := game.chance(state)) is not None:
        state = replay(game, state, game.resolve(state, first(request)))
    return state


@pytest.mark.parametrize(
    ("game", "seats", "said"),
    [
        (DUCKS, 1, "a Ducks table seats 2 to 6 players, not 1"),
        (DUCKS, 7, "a Ducks table seats 2 to 6 players, not 7"),
        (GLEEK, 2, "a Gleek table seats exactly 3 players, not 2"),
        (GLEEK, 4, "a Gleek table seats exactly 3 players, not 4"),
        (REGIDICE, 0, "a Regidice table seats 1 to 4 players, not 0"),
        (REGIDICE, 5, "a Regidice table seats 1 to 4 players, not 5"),
    ],
)
def test_a_new_table_has_the_seats_its_game_plays_with(
    game: TableRules[Any, Any, Any], seats: int, said: str
) -> None:
    with pytest.raises(ValueError) as caught:
        game.new(game.settings({}, {}), seats)
    assert str(caught.value) == said
    for fitting in game.seats:
        assert not game.finished(game.new(game.settings({}, {}), fitting))


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
def test_nothing_is_resolved_where_no_chance_is_pending(game: TableRules[Any, Any, Any]) -> None:
    state = dealt(game, game.seats.start)
    assert game.chance(state) is None
    with pytest.raises(ValueError) as caught:
        game.resolve(state, (0,))
    assert str(caught.value) == game.nothing_to_draw


@pytest.mark.parametrize("game", [GLEEK, REGIDICE], ids=["gleek", "regidice"])
def test_an_outcome_that_does_not_fit_the_pending_chance_is_refused(
    game: TableRules[Any, Any, Any],
) -> None:
    state = game.new(game.settings({}, {}), game.seats.start)
    request = game.chance(state)
    assert request is not None
    with pytest.raises(ValueError, match="is not an outcome of"):
        game.resolve(state, (*first(request), 0))
    assert game.resolve(state, first(request))  # the fitting one is taken


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
def test_every_chance_is_the_tables_own(game: TableRules[Any, Any, Any]) -> None:
    state = dealt(game, game.seats.start)
    assert game.to_move(state)
    for seat in game.to_move(state):
        for move in game.legal_moves(state, seat):
            assert game.asks(state, seat, move) is None


@pytest.mark.parametrize(
    ("game", "words"), [(GLEEK, "bid 13"), (REGIDICE, "attack 3"), (DUCKS, "[[ducks]]")]
)
def test_chat_plays_only_at_a_game_that_reads_its_words(
    game: TableRules[Any, Any, Any], words: str
) -> None:
    """Gleek and Regidice are played by their commands alone; Ducks reads a roll tag."""
    assert (game.read(words) is None) == (game is not DUCKS)


@pytest.mark.parametrize("game", [GLEEK, REGIDICE], ids=["gleek", "regidice"])
def test_a_default_the_time_limit_played_answers_timeout_with_its_seat(
    game: TableRules[Any, Any, Any],
) -> None:
    before = dealt(game, game.seats.start)
    events = game.expire(before)
    assert events and all(getattr(e, "timed_out", False) for e in events if game.moved(e))
    key, params = game.outcome(before, events, replay(game, before, events))
    waited = sorted(game.to_move(before))
    assert key == f"{game.key}.timeout"
    assert params["seat"] == waited[0]
    assert params["events"] == [type(e).__name__ for e in events]


@pytest.mark.parametrize("game", [GLEEK, REGIDICE], ids=["gleek", "regidice"])
def test_a_move_answers_its_own_key_and_nothing_answers_none(
    game: TableRules[Any, Any, Any],
) -> None:
    before = dealt(game, game.seats.start)
    seat = min(game.to_move(before))
    move = game.legal_moves(before, seat)[0]
    events = game.decide(before, seat, move)
    key, params = game.outcome(before, events, replay(game, before, events))
    assert key.startswith(f"{game.key}.") and key != f"{game.key}.timeout"
    assert params["seat"] == seat
    assert game.outcome(before, (), before) == (f"{game.key}.none", {"events": []})


def test_what_the_rules_do_by_themselves_is_told_with_no_seat() -> None:
    """A deal (Gleek) and a roll (Regidice) are nobody's move."""
    for game, key in ((GLEEK, "gleek.dealt"), (REGIDICE, "regidice.rolled")):
        state = game.new(game.settings({}, {}), game.seats.start)
        events: list[Any] = []
        while (request := game.chance(state)) is not None:
            drawn = game.resolve(state, first(request))
            events += drawn
            state = replay(game, state, drawn)
        told, params = game.outcome(
            game.new(game.settings({}, {}), game.seats.start), events, state
        )
        assert told == key and "seat" not in params


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
def test_a_moves_events_fold_one_by_one_from_the_table_before(
    game: TableRules[Any, Any, Any],
) -> None:
    before = dealt(game, game.seats.start)
    events = game.expire(before)
    folded = list(steps(game.evolve, before, events))
    assert [f.event for f in folded] == list(events)
    assert folded[0].before is before
    for one, then in itertools.pairwise(folded):
        assert then.before is one.after
    for one in folded:
        assert one.after == game.evolve(one.before, one.event)
    assert folded[-1].after == replay(game, before, events)
    assert list(steps(game.evolve, before, ())) == []


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
def test_decided_events_apply_at_once_and_come_out_in_order(
    game: TableRules[Any, Any, Any],
) -> None:
    before = dealt(game, game.seats.start)
    events = game.expire(before)
    decided = Decided(game.evolve, before)
    for n, event in enumerate(events, 1):
        decided.add(event)
        assert decided.state == replay(game, before, events[:n])
    assert decided.done() == tuple(events)
    assert Decided(game.evolve, before).done() == ()
