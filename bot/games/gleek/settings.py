"""A Gleek table's settings as typed in `/gleek new` and `/gleek config` (gleek.md §2).

Stored the way Ducks stores its own: `deals` as an int, `deadline` as int hours or None for
`off`, so the village reads the deadline of every game alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bot.games import table_settings as common
from bot.games.api import Json, SettingError

DEALS: Final = (3, 6, 9, 12)
"""Multiples of 3, so that each player deals equally often (BR)."""
DEFAULTS: Final[Mapping[str, Json]] = {"deals": 3, "deadline": 12}


ALLOWED: Final = {
    "deals": ", ".join(str(d) for d in DEALS),
    "deadline": common.DEADLINE_ALLOWED,
}


def _deals(value: str, text: str) -> Json:
    if not (text.isascii() and text.isdigit() and int(text) in DEALS):
        raise SettingError("deals", value, ALLOWED["deals"])
    return int(text)


_READERS: Final[Mapping[str, common.Reader]] = {"deals": _deals, "deadline": common.read_deadline}
KEYS: Final = tuple(_READERS)


def change(changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
    """`base` (the defaults where it says nothing) with `changes` applied."""
    return common.change(changes, base, DEFAULTS, _READERS)


@dataclass(frozen=True, slots=True)
class Setup:
    """What the rules need of the settings."""

    deals: int = 3


def setup(settings: Mapping[str, Json]) -> Setup:
    deals = settings.get("deals", DEFAULTS["deals"])
    if isinstance(deals, bool) or not isinstance(deals, int) or deals not in DEALS:
        raise SettingError("deals", str(deals), ALLOWED["deals"])
    return Setup(deals)


def deadline_hours(settings: Mapping[str, Json]) -> int | None:
    """Hours each move may take, or None for no time limit."""
    return common.deadline_hours(settings, DEFAULTS["deadline"])
