"""Regidice's dice and their names (regidice.md §1): colours, parities, ids and tokens.

A die has an id that never changes (`R1`, `B4`, `K12`: its colour's letter and a number) and
pips that do. In text a die is pip + colour (`5r`, Japanese `5赤`); dice of equal pip and
colour are interchangeable in commands, so a move names dice by `Token` and the rules pick
the ids.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final


class Colour(enum.StrEnum):
    """The dice colours in §7's order (r b y k), which every listing follows."""

    RED = "r"
    BLUE = "b"
    YELLOW = "y"
    BLACK = "k"


COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
PLAYER_COLOURS: Final[tuple[Colour, ...]] = (Colour.RED, Colour.BLUE, Colour.YELLOW)
"""The colours a player starts with; black dice begin as the enemies."""


class Parity(enum.StrEnum):
    ODD = "odd"
    EVEN = "even"

    def holds(self, pips: int) -> bool:
        return (pips % 2 == 1) == (self is Parity.ODD)


PIPS: Final = range(1, 7)
BLACK_DICE: Final = 12


@dataclass(frozen=True, slots=True)
class Token:
    """A die as typed: its pips and colour (`5r`)."""

    pips: int
    colour: Colour

    def __str__(self) -> str:
        return f"{self.pips}{self.colour.value}"


def die_id(colour: Colour, number: int) -> str:
    return f"{colour.value.upper()}{number}"


def colour_of(die: str) -> Colour:
    """The colour an id names: its letter."""
    return Colour(die[0].lower())


def number_of(die: str) -> int:
    return int(die[1:])


def id_order(die: str) -> tuple[int, int]:
    """Ids by colour (R, B, Y, K), then by number: every list of ids is kept in this order."""
    return COLOURS.index(colour_of(die)), number_of(die)


def sort_ids(dice: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(dice, key=id_order))


def starting_ids(seat: int, per_colour: int) -> tuple[str, ...]:
    """§2: seat 0 gets R1–Rd, B1–Bd, Y1–Yd, seat 1 the next d of each, and so on."""
    first = seat * per_colour + 1
    return tuple(die_id(c, n) for c in PLAYER_COLOURS for n in range(first, first + per_colour))


def token_text(pips: int, die: str, locked: bool = False) -> str:
    """A die as the replies write it: `5r`, `6b*` for a locked one."""
    return f"{pips}{colour_of(die).value}{'*' if locked else ''}"
