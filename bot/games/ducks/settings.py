"""A Ducks table's settings as typed in `/ducks new` and `/ducks config` (ducks.md §4, §5)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bot.games.api import Json, SettingError

KEYS: Final = ("rounds", "wild", "deadline")
DEFAULTS: Final[Mapping[str, Json]] = {"rounds": "N", "wild": True, "deadline": 24}
MAX_DEADLINE: Final = 168
"""A week, in hours."""

_ROUNDS: Final = {"n": "N", "2n": "2N"}
_ON_OFF: Final = {"on": True, "オン": True, "off": False, "オフ": False}
_OFF: Final = ("off", "オフ")
# Players write hours with or without a unit; both mean the same number.
_HOUR_UNITS: Final = ("時間", "hours", "hour", "h")

ALLOWED: Final = {
    "rounds": "N, 2N",
    "wild": "on, off",
    "deadline": f"1-{MAX_DEADLINE} (hours), off",
}


def _typed(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().lower()


def change(changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
    """`base` (the defaults where it says nothing) with `changes` applied."""
    settings: dict[str, Json] = {**DEFAULTS, **base}
    for raw_key, value in changes.items():
        key, text = _typed(raw_key), _typed(value)
        if key == "rounds":
            if text not in _ROUNDS:
                raise SettingError(key, value, ALLOWED[key])
            settings[key] = _ROUNDS[text]
        elif key == "wild":
            if text not in _ON_OFF:
                raise SettingError(key, value, ALLOWED[key])
            settings[key] = _ON_OFF[text]
        elif key == "deadline":
            settings[key] = _deadline(value, text)
        else:
            raise SettingError(raw_key, value, ", ".join(KEYS))
    return settings


def _deadline(value: str, text: str) -> int | None:
    if text in _OFF:
        return None
    for unit in _HOUR_UNITS:
        if text.endswith(unit):
            text = text.removesuffix(unit).strip()
            break
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_DEADLINE:
        raise SettingError("deadline", value, ALLOWED["deadline"])
    return int(text)


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
    value = settings.get("deadline", DEFAULTS["deadline"])
    return value if isinstance(value, int) and not isinstance(value, bool) else None
