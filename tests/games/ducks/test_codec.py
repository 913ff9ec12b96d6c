"""Ducks' events to plain JSON and back (the codec every stored event goes through)."""

from __future__ import annotations

import json

import pytest

from bot.games.api import Encoded
from bot.games.ducks.events import (
    EVENT_TYPES,
    Busted,
    DieSetAside,
    DuckCodec,
    DuckEvent,
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

ONE_OF_EACH: list[DuckEvent] = [
    TurnStarted(2, 3),
    RollAsked(4),
    Rolled(5, (2, 3, 5, 5, 6)),
    Promoted((2, 3)),
    Passed(),
    DieSetAside(),
    Busted(),
    *(Stopped(cause) for cause in ("player", "auto", "time", "left")),
    Forfeited("time"),
    Forfeited("left"),
    SeatLeft(1),
    RoundScored(1, (2, 3, 0, 4, 5)),
    GameEnded((0, 2)),
]
CODEC = DuckCodec()


def test_the_examples_cover_every_event_type() -> None:
    assert {type(e) for e in ONE_OF_EACH} == set(EVENT_TYPES)


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=repr)
def test_every_event_round_trips_through_plain_json(event: DuckEvent) -> None:
    encoded = CODEC.encode(event)
    assert encoded.version == 1 and encoded.type == type(event).__name__
    stored = json.loads(json.dumps(encoded.data))  # tuples come back as lists
    assert CODEC.decode(Encoded(encoded.type, stored, encoded.version)) == event


def test_the_encoded_data_names_each_field() -> None:
    assert CODEC.encode(Rolled(5, (2, 3))).data == {"boss": 5, "whites": [2, 3]}
    assert CODEC.encode(Stopped("auto")).data == {"cause": "auto"}


def test_keys_the_village_stamps_on_a_stored_event_are_ignored() -> None:
    stored = Encoded("Rolled", {"boss": 5, "whites": [2, 3], "draw_seq": 7, "scripted": True})
    assert CODEC.decode(stored) == Rolled(5, (2, 3))


@pytest.mark.parametrize(
    "stored",
    [
        Encoded("Exploded", {}),
        Encoded("Rolled", {"boss": "5", "whites": [2]}),
        Encoded("Rolled", {"boss": 5, "whites": 2}),
        Encoded("Stopped", {"cause": "boredom"}),
        Encoded("Forfeited", {"cause": "auto"}),
        Encoded("SeatLeft", {"seat": True}),
        Encoded("Passed", {}, version=2),
    ],
)
def test_data_no_version_wrote_is_refused(stored: Encoded) -> None:
    with pytest.raises(ValueError):
        CODEC.decode(stored)
