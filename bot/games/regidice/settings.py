"""A Regidice table's settings as typed in `/regidice new` and `/regidice config` (§2).

Stored the way Gleek stores its own: `declare` as `open`/`sealed`, `dice` as an int or None
("by the number of players", `DICE_BY_PLAYERS`, measured in bench/README.md; resolved when the
table starts, since the players are not known before), `deadline` as int hours or None for
`off`, `rounds` as an int (0: no cap).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bot.games.api import Json, SettingError

KEYS: Final = ("declare", "dice", "deadline", "rounds")
OPEN: Final = "open"
SEALED: Final = "sealed"
_DECLARE_WORDS: Final = {"open": OPEN, "公開": OPEN, "sealed": SEALED, "非公開": SEALED}
DICE: Final = range(2, 10)
DICE_BY_PLAYERS: Final = {1: 9, 2: 3, 3: 3, 4: 2}
"""§1 (BR): each colour's dice per player by the number of players, set from the measured
win rates of `bench/regidice.py`'s sensible team (bench/README.md, 2026-12-01): the count
whose win rate is nearest a half to two thirds. The spec's provisional 9, 4, 3, 3 gave this
team 42%, 100%, 98%, 99%; now 42%, 34%, 98%, 93%. The win rate jumps between adjacent counts
(2 players: 34% with 3, 100% with 4), so no count lands in the band for 1–3 players; solo
wins at most 42% even with 9 (the most `dice:` allows)."""
MAX_DEADLINE: Final = 168
"""A week, in hours."""
MAX_ROUNDS: Final = 999
DEFAULTS: Final[Mapping[str, Json]] = {
    "declare": OPEN,
    "dice": None,
    "deadline": 12,
    "rounds": 50,
}

_OFF: Final = ("off", "オフ")
_HOUR_UNITS: Final = ("時間", "hours", "hour", "h")
_BY_PLAYERS: Final = ("auto", "default", "自動")

ALLOWED: Final = {
    "declare": "open, sealed (公開, 非公開)",
    "dice": f"{DICE.start}-{DICE.stop - 1}",
    "deadline": f"1-{MAX_DEADLINE} (hours), off",
    "rounds": f"0-{MAX_ROUNDS} (0: no cap)",
}


def _typed(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().lower()


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def change(changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
    """`base` (the defaults where it says nothing) with `changes` applied."""
    settings: dict[str, Json] = {**DEFAULTS, **base}
    for raw_key, value in changes.items():
        key, text = _typed(raw_key), _typed(value)
        if key == "declare":
            if text not in _DECLARE_WORDS:
                raise SettingError(key, value, ALLOWED[key])
            settings[key] = _DECLARE_WORDS[text]
        elif key == "dice":
            if text in _BY_PLAYERS:
                settings[key] = None
                continue
            number = _number(text)
            if number is None or number not in DICE:
                raise SettingError(key, value, ALLOWED[key])
            settings[key] = number
        elif key == "deadline":
            settings[key] = _deadline(value, text)
        elif key == "rounds":
            number = _number(text)
            if number is None or number > MAX_ROUNDS:
                raise SettingError(key, value, ALLOWED[key])
            settings[key] = number
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
    number = _number(text)
    if number is None or not 1 <= number <= MAX_DEADLINE:
        raise SettingError("deadline", value, ALLOWED["deadline"])
    return number


@dataclass(frozen=True, slots=True)
class Setup:
    """What the rules need of the settings, the players' number known."""

    players: int
    dice: int
    """Dice of each colour per player."""
    sealed: bool = False
    rounds: int = 50
    """0: no cap."""


def _int(settings: Mapping[str, Json], key: str) -> int | None:
    value = settings.get(key, DEFAULTS[key])
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingError(key, str(value), ALLOWED[key])
    return value


def setup(settings: Mapping[str, Json], players: int) -> Setup:
    if players not in DICE_BY_PLAYERS:
        raise ValueError(f"a Regidice table seats 1 to 4 players, not {players}")
    declare = settings.get("declare", DEFAULTS["declare"])
    if declare not in (OPEN, SEALED):
        raise SettingError("declare", str(declare), ALLOWED["declare"])
    dice = _int(settings, "dice")
    if dice is not None and dice not in DICE:
        raise SettingError("dice", str(dice), ALLOWED["dice"])
    rounds = _int(settings, "rounds")
    if rounds is None or not 0 <= rounds <= MAX_ROUNDS:
        raise SettingError("rounds", str(rounds), ALLOWED["rounds"])
    return Setup(
        players=players,
        dice=DICE_BY_PLAYERS[players] if dice is None else dice,
        sealed=declare == SEALED,
        rounds=rounds,
    )


def deadline_hours(settings: Mapping[str, Json]) -> int | None:
    """Hours each step may take, or None for no time limit."""
    value = settings.get("deadline", DEFAULTS["deadline"])
    return value if isinstance(value, int) and not isinstance(value, bool) else None
