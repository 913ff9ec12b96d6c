"""A replay's scripted roll (ducks.md §6): `@dice B | W W …`, the Boss, a bar, the white dice."""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from bot.games.api import ChanceRequest, Dice, Outcome
from bot.games.ducks.scoring import FACES

_SEPARATORS: Final = re.compile(r"[\s,]+")


def _faces(part: str, what: str) -> list[int]:
    faces = []
    for token in _SEPARATORS.split(part.strip()):
        if not token:
            continue
        if not (token.isascii() and token.isdigit() and int(token) in FACES):
            raise ValueError(f"{what}: {token!r} is not a face (1 to 6)")
        faces.append(int(token))
    return faces


def parse(text: str, request: ChanceRequest | None = None) -> Outcome:
    """The outcome `text` scripts: values 0..5 (face − 1), the Boss first.

    With `request`, the white dice must be as many as that roll throws. Raises ValueError
    saying what is wrong.
    """
    text = unicodedata.normalize("NFKC", text).strip()
    if text.lower().startswith("@dice"):
        text = text[len("@dice") :]
    boss_part, bar, white_part = text.partition("|")
    if not bar:
        raise ValueError(f"{text!r}: write the Boss, a bar, then the white dice (`5 | 2 3 5`)")
    boss = _faces(boss_part, "the Boss")
    if len(boss) != 1:
        raise ValueError(f"one Boss before the bar, not {len(boss)} faces")
    whites = _faces(white_part, "a white die")
    if not 1 <= len(whites) <= 5:
        raise ValueError(f"a roll has 1 to 5 white dice, not {len(whites)}")
    if request is not None:
        draw = request.draw
        if not isinstance(draw, Dice) or draw.sides != len(FACES):
            raise ValueError(f"{draw} is not a roll of Ducks")
        if len(whites) != draw.count - 1:
            raise ValueError(
                f"{len(whites)} white dice scripted, but this roll throws {draw.count - 1} "
                "with the Boss"
            )
    return tuple(face - 1 for face in (*boss, *whites))


def line(outcome: Outcome) -> str:
    """The replay line of an outcome: `@dice 5 | 4 5 4 5 2`."""
    boss, *whites = (value + 1 for value in outcome)
    return f"@dice {boss} | {' '.join(str(w) for w in whites)}"
