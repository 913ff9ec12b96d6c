"""A replay's scripted roll (regidice.md §8): `@dice Ann: 3r 1r 6r 2b | Bob: 5r 5b | …`.

A line names players, so it is read in two steps: `check_roll_script` checks what it can
without the table (every part `NAME: tokens`, each name once), which also tells a Regidice
line from Greed's `@dice D G $ R R Eb` and Ducks' `@dice 5 | 2 3 5` (they have no names);
`roll_script` fits it to the table's names and to the roll it answers.

The roll's label lists its dice by seat, then by id, and says nothing of whose each is; so
each player's dice are taken as the next run of ids, as many of each colour as its tokens
have, and every id of that run must be of the colours the tokens say (a mismatch is an
error). Within a colour, the tokens in the order written go to the ids in ascending order.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Final

from bot.games.api import ChanceRequest, Dice, Outcome
from bot.games.regidice.commands import parse_token
from bot.games.regidice.dice import COLOURS, Colour, Token, colour_of

_TAG: Final = "@dice"
_SEPARATORS: Final = re.compile(r"[\s,、]+")


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold()


def parse_roll(text: str) -> tuple[tuple[str, tuple[Token, ...]], ...]:
    """(name, tokens) for each part of the line, in the order written. Raises ValueError
    saying what is wrong."""
    text = unicodedata.normalize("NFKC", text).strip()
    if text.lower().startswith(_TAG):
        text = text[len(_TAG) :]
    parts: list[tuple[str, tuple[Token, ...]]] = []
    for part in text.split("|"):
        name, colon, rest = part.partition(":")
        if not colon or not name.strip():
            raise ValueError(f"{part.strip()!r}: a Regidice roll is NAME: dice for each player")
        if _key(name) in (_key(n) for n, _ in parts):
            raise ValueError(f"{name.strip()} is rolled twice")
        found = []
        for word in _SEPARATORS.split(rest.strip()):
            if not word:
                continue
            token = parse_token(word)
            if token is None:
                raise ValueError(f"{word!r} is not a die (pips and colour: 5r, 3黒)")
            found.append(token)
        if not found:
            raise ValueError(f"{name.strip()} is given no dice")
        parts.append((name.strip(), tuple(found)))
    return tuple(parts)


def check_roll_script(text: str) -> None:
    """Raises ValueError when the line cannot be a Regidice roll at any table."""
    parse_roll(text)


def roll_script(text: str, request: ChanceRequest, names: Sequence[str]) -> Outcome:
    """The outcome the line scripts for `request` (values pips − 1 in the label's id order).
    `names` are the table's players in seat order. Raises ValueError saying what does not
    fit."""
    parts = parse_roll(text)
    if not isinstance(request.draw, Dice) or request.draw.sides != 6 or not request.label:
        raise ValueError(f"a Regidice roll answers a roll of six-sided dice, not {request.draw}")
    ids = [str(i) for i in request.label[1:]]
    keys = [_key(n) for n in names]
    seats: dict[int, tuple[Token, ...]] = {}
    for name, rolled in parts:
        if _key(name) not in keys:
            raise ValueError(f"{name} is not at this table ({', '.join(names)})")
        seats[keys.index(_key(name))] = rolled
    outcome: dict[str, int] = {}
    at = 0
    for seat in sorted(seats):
        rolled = seats[seat]
        size = len(rolled)
        run = ids[at : at + size]
        at += size
        for colour in COLOURS:
            mine = [t for t in rolled if t.colour is colour]
            of_colour = [d for d in run if colour_of(d) is colour]
            if len(mine) != len(of_colour):
                raise ValueError(_mismatch(names[seat], colour, len(mine), len(of_colour)))
            for token, die in zip(mine, of_colour, strict=True):
                outcome[die] = token.pips - 1
    if at != len(ids):
        raise ValueError(f"the roll throws {len(ids)} dice, the line scripts {at}")
    return tuple(outcome[d] for d in ids)


def _mismatch(name: str, colour: Colour, scripted: int, rolled: int) -> str:
    return f"{name}: {scripted} {colour.value} dice scripted, {rolled} rolled"
