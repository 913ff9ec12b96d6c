"""A Regidice table's settings as typed in `/regidice new` and `/regidice config` (§2).

Stored the way Gleek stores its own: `declare` as `open`/`sealed`, `dice` as an int,
`deadline` as int hours or None for `off`, `rounds` as an int (0: no cap). `dice` and `rounds`
may be None: the default for the declarations and the number of players (`BY_PLAYERS`),
resolved when the table starts, since the players are not known before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, NamedTuple

from bot.games import table_settings as common
from bot.games.api import Json, SettingError

OPEN: Final = "open"
SEALED: Final = "sealed"
_DECLARE_WORDS: Final = {"open": OPEN, "公開": OPEN, "sealed": SEALED, "非公開": SEALED}
DICE: Final = range(2, 10)


class Default(NamedTuple):
    """What a table plays with unless it says otherwise."""

    dice: int
    """Dice of each colour per player (§1)."""
    rounds: int
    """The round limit (§2)."""


BY_PLAYERS: Final[Mapping[str, Mapping[int, Default]]] = {
    OPEN: {1: Default(9, 80), 2: Default(4, 18), 3: Default(3, 17), 4: Default(3, 11)},
    SEALED: {1: Default(9, 80), 2: Default(7, 18), 3: Default(5, 17), 4: Default(4, 11)},
}
"""§1, §2 (BR): the starting dice and the round limit by declarations and number of players,
the village's difficulty, written here only: docs/regidice.md §11 (and its Japanese page)
show them, and a test reads them there and compares.

Set from the measured win rates of `bench/regidice.py`'s sensible team (bench/README.md,
2026-12-03) so that it wins between 45% and 80% of its tables. The dice alone cannot do it:
the win rate jumps between adjacent counts (2 players, open: 34% with 3, 100% with 4), and a
team of 3 or 4 almost never runs out of dice; what it runs out of is rounds. So open tables
keep the spec's dice and play fewer rounds than the spec's 50 (with which the team won 42%,
100%, 98% and 99% of its tables of 1 to 4 players), solo more. At a sealed table
declarations clash, and the player left collecting nothing may be the target and lose the
game: with the open table's dice the team hardly ever won, so sealed tables start with more
dice, and the same round limit. Alone, nothing is ever seen of another's declaration: the
same for both."""

MAX_ROUNDS: Final = 999
DEFAULTS: Final[Mapping[str, Json]] = {
    "declare": OPEN,
    "dice": None,
    "deadline": 12,
    "rounds": None,
}

_AUTO_WORDS: Final = ("auto", "default", "自動")
"""`dice:auto`, `rounds:自動`: back to the default (`BY_PLAYERS`)."""

ALLOWED: Final = {
    "declare": "regidice.declare",
    "dice": "regidice.dice",
    "deadline": common.DEADLINE_ALLOWED,
    "rounds": "regidice.rounds",
}
"""What a refusal says each setting takes. `regidice.…` names the catalogues' entry
(`allowed.regidice.rounds`), since Ducks' `rounds:` takes other values under the same name;
the deadline reads as every game's."""


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def _declare(value: str, text: str) -> Json:
    if text not in _DECLARE_WORDS:
        raise SettingError("declare", value, ALLOWED["declare"])
    return _DECLARE_WORDS[text]


def _dice(value: str, text: str) -> Json:
    if text in _AUTO_WORDS:
        return None
    number = _number(text)
    if number is None or number not in DICE:
        raise SettingError("dice", value, ALLOWED["dice"])
    return number


def _rounds(value: str, text: str) -> Json:
    if text in _AUTO_WORDS:
        return None
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
    sealed: bool
    rounds: int
    """The round limit; 0: no cap (`setup` gives the default by declarations and players)."""


def _int(settings: Mapping[str, Json], key: str) -> int | None:
    value = settings.get(key, DEFAULTS[key])
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingError(key, str(value), ALLOWED[key])
    return value


def setup(settings: Mapping[str, Json], players: int) -> Setup:
    """The table's settings for `players`, each left out (None) resolved from `BY_PLAYERS`."""
    if players not in BY_PLAYERS[OPEN]:
        raise ValueError(f"a Regidice table seats 1 to 4 players, not {players}")
    declare = settings.get("declare", DEFAULTS["declare"])
    if declare not in (OPEN, SEALED):
        raise SettingError("declare", str(declare), ALLOWED["declare"])
    dice = _int(settings, "dice")
    if dice is not None and dice not in DICE:
        raise SettingError("dice", str(dice), ALLOWED["dice"])
    rounds = _int(settings, "rounds")
    if rounds is not None and not 0 <= rounds <= MAX_ROUNDS:
        raise SettingError("rounds", str(rounds), ALLOWED["rounds"])
    default = BY_PLAYERS[declare][players]
    return Setup(
        players=players,
        dice=default.dice if dice is None else dice,
        sealed=declare == SEALED,
        rounds=default.rounds if rounds is None else rounds,
    )


def settle(settings: Mapping[str, Json], players: int) -> dict[str, Json]:
    """The settings the start fixes: the dice and the round limit the defaults give this
    many players, written in, so that the table plays them whatever later defaults say."""
    fixed = setup(settings, players)
    return {**DEFAULTS, **settings, "dice": fixed.dice, "rounds": fixed.rounds}


def deadline_hours(settings: Mapping[str, Json]) -> int | None:
    """Hours each step may take, or None for no time limit."""
    return common.deadline_hours(settings, DEFAULTS["deadline"])
