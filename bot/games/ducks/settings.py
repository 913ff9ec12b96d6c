"""A Ducks table's settings as typed in `/ducks new` and `/ducks config` (ducks.md §4, §5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bot.games import table_settings as common
from bot.games.api import Json, SettingError

DEFAULTS: Final[Mapping[str, Json]] = {"rounds": "N", "wild": True, "deadline": 24}

_ROUNDS: Final = {"n": "N", "2n": "2N"}
_ON_OFF: Final = {"on": True, "オン": True, "off": False, "オフ": False}

ALLOWED: Final = {
    "rounds": "N, 2N",
    "wild": "on, off",
    "deadline": common.DEADLINE_ALLOWED,
}


def _rounds(value: str, text: str) -> Json:
    if text not in _ROUNDS:
        raise SettingError("rounds", value, ALLOWED["rounds"])
    return _ROUNDS[text]


def _wild(value: str, text: str) -> Json:
    if text not in _ON_OFF:
        raise SettingError("wild", value, ALLOWED["wild"])
    return _ON_OFF[text]


_READERS: Final[Mapping[str, common.Reader]] = {
    "rounds": _rounds,
    "wild": _wild,
    "deadline": common.read_deadline,
}
KEYS: Final = tuple(_READERS)


def change(changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
    """`base` (the defaults where it says nothing) with `changes` applied."""
    return common.change(changes, base, DEFAULTS, _READERS)


@dataclass(frozen=True, slots=True)
class Setup:
    """What the rules need of the settings, for a table of `seats` seats."""

    seats: int
    rounds: int
    wild: bool = True


def setup(settings: Mapping[str, Json], seats: int) -> Setup:
    """The table's rules: `rounds:N` plays one round per seat, `2N` two."""
    per_seat = 2 if settings.get("rounds", DEFAULTS["rounds"]) == "2N" else 1
    wild = settings.get("wild", DEFAULTS["wild"])
    return Setup(seats, per_seat * seats, wild is not False)


def deadline_hours(settings: Mapping[str, Json]) -> int | None:
    """Hours each turn may take, or None for no time limit."""
    return common.deadline_hours(settings, DEFAULTS["deadline"])
