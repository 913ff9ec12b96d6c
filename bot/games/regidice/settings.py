"""A Regidice table's settings as typed in `/regidice new` and `/regidice config` (§2).

Stored the way Gleek stores its own: `declare` as `open`/`sealed`, `dice` as an int or None
("by the number of players", `DICE_BY_PLAYERS`, measured in bench/README.md; resolved when the
table starts, since the players are not known before), `deadline` as int hours or None for
`off`, `rounds` as an int (0: no cap).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bot.games import table_settings as common
from bot.games.api import Json, SettingError

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
MAX_ROUNDS: Final = 999
DEFAULTS: Final[Mapping[str, Json]] = {
    "declare": OPEN,
    "dice": None,
    "deadline": 12,
    "rounds": 50,
}

_BY_PLAYERS: Final = ("auto", "default", "自動")

ALLOWED: Final = {
    "declare": "open, sealed (公開, 非公開)",
    "dice": f"{DICE.start}-{DICE.stop - 1}",
    "deadline": common.DEADLINE_ALLOWED,
    "rounds": f"0-{MAX_ROUNDS} (0: no cap)",
}


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def _declare(value: str, text: str) -> Json:
    if text not in _DECLARE_WORDS:
        raise SettingError("declare", value, ALLOWED["declare"])
    return _DECLARE_WORDS[text]


def _dice(value: str, text: str) -> Json:
    if text in _BY_PLAYERS:
        return None
    number = _number(text)
    if number is None or number not in DICE:
        raise SettingError("dice", value, ALLOWED["dice"])
    return number


def _rounds(value: str, text: str) -> Json:
    number = _number(text)
    if number is None or number > MAX_ROUNDS:
        raise SettingError("rounds", value, ALLOWED["rounds"])
    return number


_READERS: Final[Mapping[str, common.Reader]] = {
    "declare": _declare,
    "dice": _dice,
    "deadline": common.read_deadline,
    "rounds": _rounds,
}
KEYS: Final = tuple(_READERS)


def change(changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
    """`base` (the defaults where it says nothing) with `changes` applied."""
    return common.change(changes, base, DEFAULTS, _READERS)


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
    return common.deadline_hours(settings, DEFAULTS["deadline"])
