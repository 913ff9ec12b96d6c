"""Chat messages that play Ducks (ducks.md §5): what a message asks, before any rule is checked.

NFKC first and case does not matter, so full-width input counts. Quoted lines and code are
not read (chat.md), the same rule as Greed's grammar (`bot.games.chat_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, TypeAlias

from bot.games.chat_text import CODE, normalize, visible
from bot.games.ducks.moves import DuckMove, Pass, Promote, Roll, Stop

TOO_MANY_TAGS: Final = "too_many_tags"
TAG_AND_STOP: Final = "tag_and_stop"
UNREADABLE: Final = "unreadable"
"""A keyword of play in a message that fits no form (`promote 7`, `5を昇格して振る`)."""


@dataclass(frozen=True, slots=True)
class Moves:
    """The message's moves in the order they apply: a promotion or a pass, then a roll; or a
    promotion, then a stop."""

    moves: tuple[DuckMove, ...]

    @property
    def tagged(self) -> bool:
        """It holds the roll tag (people not seated are answered only for a tag)."""
        return any(isinstance(move, Roll) for move in self.moves)


@dataclass(frozen=True, slots=True)
class Malformed:
    """A message that tries to play but cannot. The village refuses it when `tagged` or when
    it comes from the player on turn; from anyone else it is chatter."""

    reason: str
    tagged: bool
    tags: int = 0


@dataclass(frozen=True, slots=True)
class NotPlay:
    """Chatter (or a slash command, which is the command parser's)."""


Reading: TypeAlias = Moves | Malformed | NotPlay

_TAG: Final = re.compile(r"\[\[\s*ducks\s*\]\]")
_END: Final = re.compile(r"[\s!.。]+\Z")

# Latin letters glue onto an English keyword ("bypass", "stopped" are other words), katakana
# onto a katakana one ("パスタ", "ストップウォッチ"); kanji keywords count wherever they are,
# since Japanese is written without spaces ("5を昇格して" tries to promote).
_LATIN: Final = "a-z\u00c0-\u024f"
_KATAKANA: Final = "\u30a1-\u30fa\u30fc"
_KEYWORD: Final = re.compile(
    rf"(?<![{_LATIN}])(?:promote|pass|stop)(?![{_LATIN}])"
    rf"|(?<![{_KATAKANA}])(?:パス|ストップ)(?![{_KATAKANA}])"
    r"|昇格|見送り|中止"
)

_DICE: Final = r"[1-6](?:\s*[+,、]?\s*[1-6]){0,4}"
_STOP: Final = r"(?:stop|ストップ|中止)"
_PLAY: Final = re.compile(
    rf"(?:(?:promote|昇格)\s*(?P<named>{_DICE})|(?P<before>{_DICE})\s*(?:を\s*)?昇格)"
    rf"(?:[\s,、]*(?P<then>{_STOP}))?"
    r"|(?P<pass>pass|パス|見送り)"
    rf"|(?P<stop>{_STOP})"
)


def read(text: str) -> Reading:
    """What one chat message asks; never raises."""
    text = normalize(text).lower()
    if text.strip().startswith("/"):
        return NotPlay()
    marked = visible(text)
    tags = len(_TAG.findall(marked))
    if tags > 1:
        return Malformed(TOO_MANY_TAGS, tagged=True, tags=tags)
    tagged = tags == 1
    # A space, not nothing, so removing the tag cannot join the text on either side; code
    # reads as a space too, once the tags are counted.
    rest = _END.sub("", _TAG.sub(" ", marked).replace(CODE, " ")).strip()
    if not _KEYWORD.search(rest):
        return Moves((Roll(),)) if tagged else NotPlay()
    form = _PLAY.fullmatch(rest)
    if form is None:
        return Malformed(UNREADABLE, tagged=tagged, tags=tags)
    moves: list[DuckMove] = []
    dice = form["named"] or form["before"]
    if dice:
        moves.append(Promote(tuple(int(d) for d in re.findall("[1-6]", dice))))
    if form["pass"]:
        moves.append(Pass())
    if form["then"] or form["stop"]:
        if tagged:
            return Malformed(TAG_AND_STOP, tagged=True, tags=tags)
        moves.append(Stop())
    if tagged:
        moves.append(Roll())
    return Moves(tuple(moves))
