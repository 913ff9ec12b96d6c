"""What the village accepts from a chat before anything reaches the database.

A chat hands over whatever people typed: text with NUL or other control characters, lone
surrogates (broken UTF-16 that no database can store), names longer than a column, numbers
beyond any column's range. Each is checked here, at the service's door, so that a bad value
gets a clear refusal instead of an error from deep inside a query.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

MAX_NAME: Final = 100
"""The longest player name kept (the column's width); Discord's own names are shorter."""
MAX_WHOLE: Final = 2**31 - 1
"""The largest day, turn, round or count a command takes (a 32-bit column's range)."""
MAX_ID: Final = 2**63 - 1
"""The largest chat id (Discord's ids are 64-bit)."""

# Control characters a chat message may hold in a name or an argument: tab and line breaks
# are spacing; the rest (NUL first) are never typed on purpose.
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SURROGATE: Final = re.compile(r"[\ud800-\udfff]")


def unusable(text: str) -> bool:
    """Whether `text` holds a character no reply or database should carry."""
    return bool(_CONTROL.search(text) or _SURROGATE.search(text))


def clean_name(name: str) -> str:
    """A chat name as the village keeps it: NFC, control characters and broken characters
    dropped, spaces collapsed, at most MAX_NAME characters. People do not choose how a chat
    passes their name on, so it is cleaned, not refused."""
    name = _SURROGATE.sub("\ufffd", name)
    name = " ".join(_CONTROL.sub("", unicodedata.normalize("NFC", name)).split())
    if len(name) > MAX_NAME:
        name = name[: MAX_NAME - 1] + "…"
    return name or "?"


def whole_in_range(number: int) -> bool:
    return -MAX_WHOLE <= number <= MAX_WHOLE


def id_in_range(number: int) -> bool:
    return 0 <= number <= MAX_ID
