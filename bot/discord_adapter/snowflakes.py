"""Discord's ids checked at the edge: the village keeps them in 64-bit signed columns.

Discord's ids (snowflakes) stay below 2^63 until about 2084, so an id at or past it, or a
negative one, comes only from a broken or forged payload. Let through, it would fail deep in a
query as an internal error with a traceback; the adapter ignores such a message or command
instead, with one warning in the log, before the village hears of it.
"""

from __future__ import annotations

import logging

from bot.village.inputs import id_in_range

_logger = logging.getLogger(__name__)


def out_of_range(**ids: int | None) -> list[str]:
    """`name id` of each given id no database column can hold (None: no such id here)."""
    return [
        f"{name} {value}"
        for name, value in ids.items()
        if value is not None and not id_in_range(value)
    ]


def ignored(what: str, wrong: list[str]) -> bool:
    """Whether `what` (a message, a slash command) carries ids the village cannot keep; if so,
    it is logged as ignored."""
    if not wrong:
        return False
    _logger.warning("%s ignored: %s beyond the 64-bit ids Discord gives", what, ", ".join(wrong))
    return True
