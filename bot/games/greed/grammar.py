"""Chat messages that play Greed (chat.md §1): `[[greed]]` tags throw, TE ends the turn.

What a message asks, before any rule is checked: how many dice it throws is the count of its
tags; whether that many may be thrown now is the rules' call.
"""

from __future__ import annotations

import re
from typing import Final

from bot.games.api import Play, Reading, Unreadable
from bot.games.chat_text import CODE, normalize, visible
from bot.games.greed.day import EndTurn
from bot.games.greed.moves import ThrowDice

MAX_TAGS: Final = 6

TOO_MANY_TAGS: Final = "too_many_tags"
TAGS_AND_TURN_END: Final = "tags_and_turn_end"

_TAG: Final = re.compile(r"\[\[\s*greed\s*\]\]", re.IGNORECASE)

_TURN_END_WORD: Final = r"(?:te|ターンエンド|turn\s*end)"
_TURN_END_ONLY: Final = re.compile(rf"{_TURN_END_WORD}\s*[!.。]*", re.IGNORECASE)
# `/greed end` typed as a command is a Turn End too (with arguments it is the command's
# to refuse).
_TURN_END_COMMAND: Final = re.compile(r"/greed\s+end", re.IGNORECASE)
# Only Latin letters (and digits) glue onto "te": "steak" and "côte" are words, but "次はTEで"
# mentions a Turn End, because Japanese is written without spaces.
_GLUE: Final = r"0-9A-Za-z\u00c0-\u024f\u0300-\u036f\u1e00-\u1eff"
_TURN_END_TOKEN: Final = re.compile(
    rf"ターンエンド|(?<![{_GLUE}])(?:te|turn\s*end|/greed\s+end)(?![{_GLUE}])", re.IGNORECASE
)

_TURN_END: Final = Play((EndTurn(),), tagged=False)


def read(text: str) -> Reading:
    """What one chat message asks of Greed; never raises."""
    text = normalize(text)
    stripped = text.strip()
    if stripped.startswith("/"):
        # Commands are the command parser's; the one that plays is `/greed end`.
        return _TURN_END if _TURN_END_COMMAND.fullmatch(stripped) else None
    marked = visible(text)
    tags = len(_TAG.findall(marked))
    # Around the tags, code reads as a space.
    rest = _TAG.sub(" ", marked).replace(CODE, " ")
    if tags == 0:
        return _TURN_END if _TURN_END_ONLY.fullmatch(rest.strip()) else None
    if _TURN_END_TOKEN.search(rest):
        return Unreadable(TAGS_AND_TURN_END, tagged=True, tags=tags)
    if tags > MAX_TAGS:
        return Unreadable(TOO_MANY_TAGS, tagged=True, tags=tags)
    return Play((ThrowDice(tags),), tagged=True, tags=tags)
