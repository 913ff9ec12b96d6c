"""What happened at a Ducks table: immutable facts in the past tense, and how they are stored.

Replaying a table's events from its first state rebuilds it exactly; every change of the
state is one of these. A turn after the game's first begins with `TurnStarted`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Final, Literal, TypeAlias, cast

from bot.games.api import Encoded, Json, written_by_this_release

StopCause: TypeAlias = Literal["player", "auto", "time", "left"]
"""Who ended a turn with its bucket: the player, the rules (no die left to roll), the time
limit (or a moderator's skip), or the player leaving the table."""
ForfeitCause: TypeAlias = Literal["time", "left"]

STOP_CAUSES: Final[tuple[StopCause, ...]] = ("player", "auto", "time", "left")
FORFEIT_CAUSES: Final[tuple[ForfeitCause, ...]] = ("time", "left")


@dataclass(frozen=True, slots=True)
class TurnStarted:
    round: int
    seat: int


@dataclass(frozen=True, slots=True)
class RollAsked:
    """A roll passed the rules: the Boss and `whites` white dice are drawn next."""

    whites: int


@dataclass(frozen=True, slots=True)
class Rolled:
    boss: int
    whites: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Promoted:
    values: tuple[int, ...]
    """Ascending."""


@dataclass(frozen=True, slots=True)
class Passed:
    """The player declined every promotion of the roll (a die is set aside next)."""


@dataclass(frozen=True, slots=True)
class DieSetAside:
    """One white die is out of play for the rest of the turn."""


@dataclass(frozen=True, slots=True)
class Busted:
    """No white die was left to roll: the bucket is lost and the turn is a goose egg."""


@dataclass(frozen=True, slots=True)
class Stopped:
    """The turn ended and its bucket is the seat's hand for the round."""

    cause: StopCause = "player"


@dataclass(frozen=True, slots=True)
class Forfeited:
    """The turn ended without a hand (a goose egg), its bucket lost."""

    cause: ForfeitCause = "time"


@dataclass(frozen=True, slots=True)
class SeatLeft:
    seat: int


@dataclass(frozen=True, slots=True)
class RoundScored:
    round: int
    points: tuple[int, ...]
    """In seat order."""


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[int, ...]


DuckEvent: TypeAlias = (
    TurnStarted
    | RollAsked
    | Rolled
    | Promoted
    | Passed
    | DieSetAside
    | Busted
    | Stopped
    | Forfeited
    | SeatLeft
    | RoundScored
    | GameEnded
)

EVENT_TYPES: Final[tuple[type[DuckEvent], ...]] = (
    TurnStarted,
    RollAsked,
    Rolled,
    Promoted,
    Passed,
    DieSetAside,
    Busted,
    Stopped,
    Forfeited,
    SeatLeft,
    RoundScored,
    GameEnded,
)


# -- storing --------------------------------------------------------------------------------


def _int(data: Mapping[str, Json], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return value


def _ints(data: Mapping[str, Json], name: str) -> tuple[int, ...]:
    value = data.get(name)
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list of whole numbers, not {value!r}")
    return tuple(_int({name: v}, name) for v in value)


def _stop_cause(data: Mapping[str, Json]) -> StopCause:
    value = data.get("cause")
    if value not in STOP_CAUSES:
        raise ValueError(f"unknown stop cause {value!r}")
    return value


def _forfeit_cause(data: Mapping[str, Json]) -> ForfeitCause:
    value = data.get("cause")
    if value not in FORFEIT_CAUSES:
        raise ValueError(f"unknown forfeit cause {value!r}")
    return value


_DECODERS: Final[dict[str, Callable[[Mapping[str, Json]], DuckEvent]]] = {
    "TurnStarted": lambda d: TurnStarted(_int(d, "round"), _int(d, "seat")),
    "RollAsked": lambda d: RollAsked(_int(d, "whites")),
    "Rolled": lambda d: Rolled(_int(d, "boss"), _ints(d, "whites")),
    "Promoted": lambda d: Promoted(_ints(d, "values")),
    "Passed": lambda d: Passed(),
    "DieSetAside": lambda d: DieSetAside(),
    "Busted": lambda d: Busted(),
    "Stopped": lambda d: Stopped(_stop_cause(d)),
    "Forfeited": lambda d: Forfeited(_forfeit_cause(d)),
    "SeatLeft": lambda d: SeatLeft(_int(d, "seat")),
    "RoundScored": lambda d: RoundScored(_int(d, "round"), _ints(d, "points")),
    "GameEnded": lambda d: GameEnded(_ints(d, "winners")),
}


def _plain(value: object) -> Json:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return cast(Json, value)


VERSION: Final = 1
"""The codec version Ducks writes its events in."""


def upcast(stored: Encoded) -> Encoded:
    """A stored Ducks event brought to `VERSION`, the one `decode` reads. Version 1 is the
    only one written so far: it is read as it is. A later version adds its step here, from
    the version before it, and keeps every earlier step."""
    return written_by_this_release("Ducks", stored, VERSION)


class DuckCodec:
    """Ducks' events as plain data: the class name as the type, fields as JSON (tuples as
    lists)."""

    version = VERSION

    def encode(self, event: DuckEvent) -> Encoded:
        data = {f.name: _plain(getattr(event, f.name)) for f in fields(event)}
        return Encoded(type(event).__name__, data, self.version)

    def decode(self, stored: Encoded) -> DuckEvent:
        stored = upcast(stored)
        decoder = _DECODERS.get(stored.type)
        if decoder is None:
            raise ValueError(f"unknown Ducks event type {stored.type!r}")
        return decoder(stored.data)
