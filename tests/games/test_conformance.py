"""Every registered game against the game API, as OpenSpiel's random simulation test: random
legal play with random chance, then what must hold of any game the village hosts."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.chat.render import render
from bot.games.api import ChanceRequest, Dice, Outcome, RuleError, Shuffle, outcome_fits, replay
from bot.games.day import day_key
from bot.games.registry import DAY_GAMES, GAMES, AnyGame
from bot.words.reply import Reply, move_kind

FALLBACKS = ("この返信の文面が見つかりません", "no text for the reply")
MAX_STEPS = 400
# A whole game is a long example by design: the games are played to their end.
LONG = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]


def outcomes(request: ChanceRequest) -> st.SearchStrategy[Outcome]:
    draw = request.draw
    if isinstance(draw, Dice):
        return st.tuples(*[st.integers(0, draw.sides - 1)] * draw.count)
    assert isinstance(draw, Shuffle)
    return st.permutations(range(draw.size)).map(tuple)


class Table:
    """A table played at random: its state, every event in order, what each move did."""

    def __init__(self, game: AnyGame, seats: int) -> None:
        self.game = game
        self.seats = seats
        self.settings = game.settings({}, {})
        self.state: Any = game.new(self.settings, seats)
        self.events: list[Any] = []
        self.replies: list[tuple[str, dict[str, Any], Any]] = []
        self.states: list[Any] = [self.state]

    def apply(self, events: tuple[Any, ...]) -> None:
        self.events += events
        self.state = replay(self.game, self.state, events)
        self.states.append(self.state)

    def draw(self, data: st.DataObject, request: ChanceRequest | None) -> None:
        while request is not None:
            outcome = data.draw(outcomes(request))
            assert outcome_fits(request, outcome)
            self.apply(self.game.resolve(self.state, outcome))
            request = self.game.chance(self.state)


def play(game: AnyGame, data: st.DataObject) -> Table:
    table = Table(game, data.draw(st.sampled_from(list(game.seats))))
    table.draw(data, game.chance(table.state))
    for _ in range(MAX_STEPS):
        movers = sorted(game.to_move(table.state))
        if not movers:
            break
        seat = data.draw(st.sampled_from(movers))
        moves = list(game.legal_moves(table.state, seat))
        assert moves, f"seat {seat} is to move but has no legal move"
        move = data.draw(st.sampled_from(moves))
        before = table.state
        events = game.decide(before, seat, move)
        table.apply(events)
        request = game.asks(before, seat, move) or game.chance(table.state)
        first = len(table.events)
        table.draw(data, request)
        key, params = game.outcome(before, [*events, *table.events[first:]], table.state)
        table.replies.append((key, params, table.state))
    return table


GAME_KEYS = sorted(GAMES)
EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=LONG)


@pytest.mark.parametrize("key", GAME_KEYS)
@EXAMPLES
@given(data=st.data())
def test_replaying_the_events_rebuilds_the_table(key: str, data: st.DataObject) -> None:
    game = GAMES[key]
    table = play(game, data)
    rebuilt = replay(game, game.new(table.settings, table.seats), table.events)
    assert rebuilt == table.state
    assert game.observe(rebuilt, None) == game.observe(table.state, None)


@pytest.mark.parametrize("key", GAME_KEYS)
@EXAMPLES
@given(data=st.data())
def test_the_codec_round_trips_every_event(key: str, data: st.DataObject) -> None:
    game = GAMES[key]
    table = play(game, data)
    for event in table.events:
        assert game.codec.decode(game.codec.encode(event)) == event


@pytest.mark.parametrize("key", GAME_KEYS)
@EXAMPLES
@given(data=st.data())
def test_a_move_is_refused_exactly_when_it_is_not_legal(key: str, data: st.DataObject) -> None:
    """Every move the game lists as legal is taken (random play takes them); every move seen
    during play that is not legal for a seat now is refused before any event or chance
    exists. The state is a value, so a refusal cannot have changed it."""
    game = GAMES[key]
    table = play(game, data)
    seen = {
        move
        for state in table.states
        for s in range(table.seats)
        for move in game.legal_moves(state, s)
    }
    assert seen, "random play saw no legal move"
    for seat in range(table.seats):
        legal = set(game.legal_moves(table.state, seat))
        for move in seen - legal:
            with pytest.raises(RuleError):
                game.decide(table.state, seat, move)
    if game.finished(table.state):
        assert not game.to_move(table.state)
        assert all(not game.legal_moves(table.state, s) for s in range(table.seats))


@pytest.mark.parametrize("key", GAME_KEYS)
@EXAMPLES
@given(data=st.data())
def test_hidden_chance_is_seen_only_by_its_seats(key: str, data: st.DataObject) -> None:
    """Wherever the game draws a private outcome, two different outcomes leave the public
    view and every other seat's view the same."""
    game = GAMES[key]
    table = play(game, data)
    request = game.chance(table.state)
    if request is None or request.seen_by is None:
        return
    first = data.draw(outcomes(request))
    second = data.draw(outcomes(request))
    a = replay(game, table.state, game.resolve(table.state, first))
    b = replay(game, table.state, game.resolve(table.state, second))
    for viewer in [None, *(s for s in range(table.seats) if s not in request.seen_by)]:
        assert game.observe(a, viewer) == game.observe(b, viewer)


@pytest.mark.parametrize("key", GAME_KEYS)
@settings(max_examples=25, deadline=None, suppress_health_check=LONG)
@given(data=st.data())
def test_every_reply_has_text_in_both_languages(key: str, data: st.DataObject) -> None:
    game = GAMES[key]
    table = play(game, data)
    for kind, params, state in table.replies:
        # A day game's outcome is the kind of its reply; the village keys it after the game.
        reply_key = day_key(key, kind) if key in DAY_GAMES else kind
        reply = Reply(move_kind(kind), reply_key, params, to="p", state=game.observe(state, 0))
        for locale in ("ja", "en"):
            text = render(reply, locale)
            assert text and not any(f in text for f in FALLBACKS), (locale, reply_key, text)


@pytest.mark.parametrize("key", GAME_KEYS)
@settings(max_examples=25, deadline=None, suppress_health_check=LONG)
@given(data=st.data())
def test_scores_are_kept_for_every_seat(key: str, data: st.DataObject) -> None:
    game = GAMES[key]
    table = play(game, data)
    scores = game.scores(table.state)
    assert set(scores) == set(range(table.seats))
    assert all(isinstance(points, int) for points in scores.values())


def test_every_game_is_registered_under_its_key() -> None:
    assert GAME_KEYS and all(GAMES[key].key == key for key in GAME_KEYS)
