"""What the village's clock does when it is due (a day's close, a table's time limit), village
by village: one village's trouble must not hold up the others, but a database that is down
ends the round, for the loop that calls it to try again later."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from bot.village.core import Core
from bot.village.ports import KeptChanging, OperatorError, StoreError
from bot.village.records import VillageRecord
from bot.village.replies import Delivery

_logger = logging.getLogger(__name__)

K = TypeVar("K")


async def each_due(
    core: Core,
    due: Sequence[tuple[int, K]],
    owns: Callable[[VillageRecord], bool] | None,
    work: Callable[[VillageRecord, K], Awaitable[list[Delivery]]],
    undone: Callable[[K], str],
) -> dict[int, list[Delivery]]:
    """`work` on each due (village, item) of the villages this process `owns`; what to
    post, by village. `undone(item)` says in the log what did not happen ("its day did not
    close")."""
    posts: dict[int, list[Delivery]] = {}
    for village_id, item in due:
        village = await core.villages.get_village(village_id)
        if village is None or (owns is not None and not owns(village)):
            continue
        try:
            deliveries = await work(village, item)
        except KeptChanging:
            # Others kept writing to this village meanwhile: the next round tries again,
            # and the other villages go on.
            _logger.warning("village %s: %s this time (it kept changing)", village_id, undone(item))
            continue
        except (StoreError, OperatorError):
            raise  # the database is down: nothing can be done now
        except Exception:
            # One village or table that cannot move on (a bug, a row from a broken
            # release) must not hold up every other: it waits, logged.
            _logger.exception("village %s: %s", village_id, undone(item))
            continue
        if deliveries:
            posts.setdefault(village_id, []).extend(deliveries)
    return posts
