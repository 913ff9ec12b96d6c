"""What every game's message grammar reads the same way: a message as the player meant it.

NFKC first, so full-width input counts; invisible characters go, so they cannot split a tag
or a keyword; and quoted lines and code are not read (chat.md): quoting someone's move never
plays it. Standard library only, like the game API.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

# Invisible characters that could split a tag so it looks played but is not, or the reverse.
_ZERO_WIDTH: Final = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))

# An unclosed fence runs to the end of the message, as Discord renders it.
_FENCE: Final = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
# Fences are gone by the time this runs, so only runs of one or two backticks remain; a span
# closes on a run of exactly the same length, as in Markdown.
_INLINE_CODE: Final = re.compile(r"(?<!`)(`{1,2})(?!`).+?(?<!`)\1(?!`)", re.DOTALL)


def normalize(text: str) -> str:
    """The message in NFKC, without invisible characters."""
    return unicodedata.normalize("NFKC", text).translate(_ZERO_WIDTH)


CODE: Final = "\ufffc"
"""What code leaves in `visible` text: a mark that is no space, so that no tag is made of
its two halves around it (`[[greed` and `]]` around an empty code span), and that a grammar
reads as a space once it has counted the tags."""


def visible(text: str) -> str:
    """The text that is neither code nor quoted; code leaves a `CODE` mark."""
    # A fence becomes a mark rather than a line break, so whatever follows it stays on the
    # opener's line and is dropped with it when that line is quoted.
    text = _FENCE.sub(CODE, text)
    kept: list[str] = []
    for line in text.split("\n"):
        head = line.lstrip()
        if head.startswith(">>>"):
            break
        kept.append("" if head.startswith(">") else line)
    # A mark, not nothing (nor a space, which a tag may hold), so code cannot join two
    # halves of a tag into one.
    return _INLINE_CODE.sub(CODE, "\n".join(kept))
