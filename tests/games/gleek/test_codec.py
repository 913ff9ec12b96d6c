"""Every Gleek event stored as plain JSON and read back (events.py)."""

from __future__ import annotations

import json

import pytest

from bot.games.api import Encoded
from bot.games.gleek.cards import parse_cards
from bot.games.gleek.events import EVENT_TYPES, Discarded, GleekEvent, PotTaken, Ruff
from bot.games.gleek.game import GAME
from bot.games.gleek.moves import Bid, Vie
from bot.games.gleek.rules import abandon
from bot.games.gleek.table import Phase

from .scripted import WORKED, Table, scripted
from .test_rules import FOUR_ACES


def round_trip(event: GleekEvent) -> GleekEvent:
    stored = GAME.codec.encode(event)
    text = json.dumps({"type": stored.type, "data": stored.data, "version": stored.version})
    loaded = json.loads(text)
    return GAME.codec.decode(Encoded(loaded["type"], loaded["data"], loaded["version"]))


def played_events() -> list[GleekEvent]:
    """§8's deal, then a deal with a vie answered by nobody, abandoned; and a deal with
    four aces shown, played to the game's end by defaults."""
    table = Table(scripted(WORKED))
    table.move(1, Bid(13))
    while table.state.deal == 1:
        table.expire()
    while table.state.phase is not Phase.VIE:
        table.expire()
    table.move(table.to_act, Vie())
    while table.state.phase is Phase.VIE:
        table.expire()
    events = [*table.events, *abandon(table.state)]
    other = Table(scripted(FOUR_ACES))
    while not other.state.finished:
        other.expire()
    return events + other.events


def test_every_event_type_round_trips_through_json() -> None:
    events = played_events()
    assert {type(e) for e in events} == set(EVENT_TYPES)
    for event in events:
        assert round_trip(event) == event


def test_cards_are_stored_as_their_text() -> None:
    stored = GAME.codec.encode(Discarded(0, parse_cards("QH TS")))
    assert stored.data == {"seat": 0, "cards": ["Q♥", "10♠"], "timed_out": False}
    aces = PotTaken(1, 4, (Ruff(1, None, parse_cards("AS AH AD AC"), 44, True),))
    shown = GAME.codec.encode(aces).data["shown"]
    assert shown == [
        {"seat": 1, "suit": None, "cards": ["A♠", "A♥", "A♦", "A♣"], "value": 44, "four_aces": True}
    ]
    assert round_trip(aces) == aces


@pytest.mark.parametrize(
    ("stored", "match"),
    [
        (Encoded("Nope", {}), "unknown Gleek event"),
        (Encoded("BidMade", {"seat": 0, "amount": 12}, version=2), "newer release"),
        (Encoded("BidMade", {"seat": "0", "amount": 12}), "whole number"),
        (Encoded("TurnUpPaid", {"dealer": 0, "card": "2S", "amount": 4}), "not a card"),
        (Encoded("Vied", {"seat": 0, "action": "fold", "chips": 0}), "vie action"),
    ],
)
def test_a_bad_stored_event_is_refused(stored: Encoded, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        GAME.codec.decode(stored)
