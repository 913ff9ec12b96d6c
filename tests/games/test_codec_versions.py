"""Each game reads its stored events through one upgrade function (`upcast`), which its
`decode` calls first: an event of a version the game wrote reads as the game's events, and
one a newer release wrote is refused, saying so (bot/games/api.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.games.api import (
    ChanceRequest,
    Dice,
    Encoded,
    NewerEventError,
    Outcome,
    replay,
)
from bot.games.ducks.events import upcast as ducks_upcast
from bot.games.gleek.events import upcast as gleek_upcast
from bot.games.greed.game import upcast as greed_upcast
from bot.games.regidice.events import upcast as regidice_upcast
from bot.games.registry import GAMES, AnyGame

UPCASTS: dict[str, Callable[[Encoded], Encoded]] = {
    "greed": greed_upcast,
    "ducks": ducks_upcast,
    "gleek": gleek_upcast,
    "regidice": regidice_upcast,
}
GAME_KEYS = sorted(GAMES)


def spread(request: ChanceRequest) -> Outcome:
    """An outcome of `request` fixed in advance: dice counting up through their sides, a
    deck in its own order."""
    draw = request.draw
    if isinstance(draw, Dice):
        return tuple(n % draw.sides for n in range(draw.count))
    return tuple(range(draw.size))


def opening_events(game: AnyGame, moves: int = 12) -> list[Any]:
    """The events of a table of the most seats the game takes, each seat making its first
    legal move in turn and every chance coming out as `spread`: the same on every run."""
    state: Any = game.new(game.settings({}, {}), max(game.seats))
    events: list[Any] = []

    def draw(request: ChanceRequest | None) -> None:
        nonlocal state
        while request is not None:
            made = game.resolve(state, spread(request))
            events.extend(made)
            state = replay(game, state, made)
            request = game.chance(state)

    draw(game.chance(state))
    for _ in range(moves):
        movers = sorted(game.to_move(state))
        if not movers:
            break
        seat = movers[0]
        move = game.legal_moves(state, seat)[0]
        before = state
        made = game.decide(before, seat, move)
        events.extend(made)
        state = replay(game, state, made)
        draw(game.asks(before, seat, move) or game.chance(state))
    return events


def test_every_game_has_its_upgrade_function() -> None:
    assert set(UPCASTS) == set(GAMES)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_an_event_of_todays_version_reads_as_it_was_written(key: str) -> None:
    game = GAMES[key]
    events = opening_events(game)
    assert len({type(e) for e in events}) >= 2
    for event in events:
        stored = game.codec.encode(event)
        assert stored.version == game.codec.version == 1
        assert UPCASTS[key](stored) is stored
        assert game.codec.decode(stored) == event


@pytest.mark.parametrize("key", GAME_KEYS)
def test_an_event_a_newer_release_wrote_is_refused(key: str) -> None:
    game = GAMES[key]
    event = opening_events(game)[0]
    newer = replace(game.codec.encode(event), version=game.codec.version + 1)
    with pytest.raises(NewerEventError, match="newer release") as refused:
        game.codec.decode(newer)
    assert refused.value.known == game.codec.version
    said = str(refused.value)
    assert f"codec version {newer.version}" in said and newer.type in said
    with pytest.raises(NewerEventError):
        UPCASTS[key](newer)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_no_version_below_the_first_is_read(key: str) -> None:
    game = GAMES[key]
    stored = replace(game.codec.encode(opening_events(game)[0]), version=0)
    with pytest.raises(ValueError, match="below 1") as refused:
        game.codec.decode(stored)
    assert not isinstance(refused.value, NewerEventError)
