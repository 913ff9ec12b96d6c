"""What every table game's settings share: how a typed key or value is compared and read,
key by key, into the settings kept; and the time limit a move may take (`deadline:` in
`/ducks new`, `/gleek new`), stored the same for every game (int hours, None for `off`) so
that the village reads every table's alike."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Final, TypeAlias

from bot.games.api import Json, SettingError

MAX_DEADLINE: Final = 168
"""A week, in hours."""
DEADLINE_ALLOWED: Final = f"1-{MAX_DEADLINE} (hours), off"

_OFF: Final = ("off", "オフ")
# Players write hours with or without a unit; both mean the same number.
_HOUR_UNITS: Final = ("時間", "hours", "hour", "h")


def typed(text: str) -> str:
    """A setting's key or value as compared: NFKC (full-width digits), trimmed, lower case."""
    return unicodedata.normalize("NFKC", text).strip().lower()


Reader: TypeAlias = Callable[[str, str], Json]
"""How a game reads one setting: from the value as typed and as compared (`typed`), what
it keeps; SettingError for a value it does not take."""


def change(
    changes: Mapping[str, str],
    base: Mapping[str, Json],
    defaults: Mapping[str, Json],
    readers: Mapping[str, Reader],
) -> dict[str, Json]:
    """`base` (the `defaults` where it says nothing) with `changes` applied, each read by its
    key's reader; SettingError for a key the game has no reader for (naming the keys in the
    readers' order)."""
    settings: dict[str, Json] = {**defaults, **base}
    for raw_key, value in changes.items():
        key = typed(raw_key)
        read = readers.get(key)
        if read is None:
            raise SettingError(raw_key, value, ", ".join(readers))
        settings[key] = read(value, typed(value))
    return settings


def read_deadline(value: str, text: str) -> int | None:
    """The `deadline:` reader every table game uses (see `parse_deadline`)."""
    return parse_deadline(value)


def parse_deadline(value: str) -> int | None:
    """Hours (`12`, `12h`, `12時間`), or None for `off`; SettingError for anything else."""
    text = typed(value)
    if text in _OFF:
        return None
    for unit in _HOUR_UNITS:
        if text.endswith(unit):
            text = text.removesuffix(unit).strip()
            break
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_DEADLINE:
        raise SettingError("deadline", value, DEADLINE_ALLOWED)
    return int(text)


def deadline_hours(settings: Mapping[str, Json], default: Json) -> int | None:
    """Hours each move may take, or None for no time limit."""
    value = settings.get("deadline", default)
    return value if isinstance(value, int) and not isinstance(value, bool) else None
