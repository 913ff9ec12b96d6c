"""Everything that fell due in a village while nobody applied it (the bot was away, or the
clock jumped): its days' closes and its tables' time limits, applied in the order they fell
due, each as it would have been at its own due time. A Ducks turn forfeited at 23:49 then
counts in the standings the 00:00 close posts, as it would have with the bot up.

A time limit due at the very instant a day closes goes first: the move was due within that
day, so what it scores is in the day's close.

Each thing is applied in a unit of its own that reads it again first (`days.close_due`,
`time_limit.expire_due`): a process stopped between two of them applies the rest the next
time, and nothing twice.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from bot.village import days
from bot.village.core import Core
from bot.village.due import each_due
from bot.village.ports import KeptChanging, OperatorError, StoreError
from bot.village.records import TABLE_PLAYING, VillageRecord
from bot.village.replies import Delivery
from bot.village.tables.time_limit import MAX_DEFAULTS_PER_TICK, expire_due

_logger = logging.getLogger(__name__)


async def tick(
    core: Core,
    owns: Callable[[VillageRecord], bool] | None = None,
    grace: dt.timedelta = dt.timedelta(0),
) -> dict[int, list[Delivery]]:
    """Apply what fell due `grace` ago or earlier (a throw or a move sent just before, still
    on its way, counts) in every village that this process `owns`; what to post, by
    village, in the order it fell due."""
    by = core.clock.now() - grace
    due: dict[int, list[int]] = {
        village_id: [] for village_id in await core.villages.due_villages(by)
    }
    for village_id, table_id in await core.table_log.due_tables(by):
        due.setdefault(village_id, []).append(table_id)

    async def apply(village: VillageRecord, table_ids: list[int]) -> list[Delivery]:
        return await catch_up(core, village, by, table_ids)

    return await each_due(
        core, list(due.items()), owns, apply, lambda _: "what fell due was not applied"
    )


async def village_due(core: Core, village_id: int, by: dt.datetime) -> list[Delivery]:
    """Apply what fell due in one village by `by`, in the order it fell due: before a
    message sent at `by` and read back after downtime is handled, so that it finds the
    village as it stood when it was sent (a close posted after the time limit that fell due
    before it, not the other way round)."""
    village = await core.villages.get_village(village_id)
    if village is None:
        return []
    tables = [table for where, table in await core.table_log.due_tables(by) if where == village_id]
    return await catch_up(core, village, by, tables)


@dataclass(slots=True)
class _Due:
    """What is still to apply in one village, by when it fell due."""

    close: dt.datetime | None
    """When the open day closes."""
    deadlines: dict[int, dt.datetime]
    """When the awaited move of each table in play was due, by table id."""
    left: dict[int, int] = field(default_factory=dict)
    """The defaults each table may still play in this round (`MAX_DEFAULTS_PER_TICK`)."""

    def first(self, by: dt.datetime) -> tuple[dt.datetime, int | None] | None:
        """The earliest thing due by `by`: (when, table id), or (when, None) for the day's
        close. Tables first at a tie with the close; between tables, the older table."""
        found = [(at, 0, table_id) for table_id, at in self.deadlines.items() if at <= by]
        if self.close is not None and self.close <= by:
            found.append((self.close, 1, 0))
        if not found:
            return None
        at, is_close, table_id = min(found)
        return at, None if is_close else table_id


async def catch_up(
    core: Core, village: VillageRecord, by: dt.datetime, table_ids: Collection[int]
) -> list[Delivery]:
    """Apply, in the order they fell due, the village's day closes and the time limits of
    the tables `table_ids` that are due by `by`; the announcements, in that order.

    A table whose time limit cannot be applied (a bug, or others kept moving it) is left
    for the next round and the rest goes on: tables do not wait for each other. A close
    that cannot be made ends the village's round: what fell due after it waits for it."""
    village_id = village.village_id
    due = _Due(await _close_of(core, village_id), await _deadlines(core, village_id, table_ids))
    due.left = dict.fromkeys(due.deadlines, MAX_DEFAULTS_PER_TICK)
    deliveries: list[Delivery] = []
    while (found := due.first(by)) is not None:
        at, table_id = found
        if table_id is not None:
            deliveries += await _time_limit(core, due, village_id, table_id, at, by)
            continue
        posted = await _close(core, due, village_id, at, by)
        if posted is None:
            return deliveries  # what fell due after the close waits for it
        deliveries += posted
    return deliveries


async def _close(
    core: Core, due: _Due, village_id: int, at: dt.datetime, by: dt.datetime
) -> list[Delivery] | None:
    """Close the day due at `at`, in a unit of its own; its announcements, and when the
    next day closes. None when it could not be closed now."""
    try:
        closed = await core.unit(lambda unit: days.close_due(unit, village_id, by))
    except KeptChanging:  # a StoreError, but the database is up: the village waits
        _logger.warning(
            "village %s: its day did not close this time (it kept changing)", village_id
        )
        return None
    except (StoreError, OperatorError):
        raise  # the database is down: the next tick tries again
    except Exception:
        # A bug must not stop the other villages; this one waits, logged.
        _logger.exception("village %s: its day did not close", village_id)
        return None
    if closed is None:
        due.close = None  # not due after all: another process closed it, or no village
        return []
    posted, following = closed
    # Closed here, the next day is known; closed by another process meanwhile, read it.
    due.close = following.closes_at if following else await _close_of(core, village_id)
    if due.close == at:
        due.close = None  # never the same close twice in one round
    return posted


async def _time_limit(
    core: Core, due: _Due, village_id: int, table_id: int, at: dt.datetime, by: dt.datetime
) -> list[Delivery]:
    """The time limit of one table, due at `at`: its default move, in a unit of its own."""
    try:
        return await _expire(core, due, village_id, table_id, at, by)
    except KeptChanging:  # a StoreError, but the database is up: the table waits
        _logger.warning(
            "village %s: the time limit of table %s was not applied this time (it kept changing)",
            village_id,
            table_id,
        )
    except (StoreError, OperatorError):
        raise
    except Exception:
        # A table that cannot move on (a bug, a row from a broken release) must not hold
        # up the village's days or its other tables: it waits, logged.
        _logger.exception(
            "village %s: the time limit of table %s was not applied", village_id, table_id
        )
    del due.deadlines[table_id]  # the next tick looks again
    return []


async def _expire(
    core: Core, due: _Due, village_id: int, table_id: int, at: dt.datetime, by: dt.datetime
) -> list[Delivery]:
    """The default move of one table whose time ran out at `at`, and when its next move
    is due (if that can still fall due in this round)."""
    done = await expire_due(core, village_id, table_id, by)
    due.left[table_id] -= 1
    after = await core.table_log.get_table(village_id, table_id)
    following = after.deadline_at if after is not None and after.status == TABLE_PLAYING else None
    if following is None or following <= at or due.left[table_id] <= 0:
        # Over, or a default that awaited no new move (or enough for one round): the next
        # tick looks again.
        del due.deadlines[table_id]
    else:
        due.deadlines[table_id] = following
    return done


async def _close_of(core: Core, village_id: int) -> dt.datetime | None:
    """When the village's open day closes (None: no village, or no day open)."""
    village = await core.villages.get_village(village_id)
    if village is None:
        return None
    day = await core.villages.get_day(village_id, village.day)
    return day.closes_at if day is not None and day.is_open else None


async def _deadlines(
    core: Core, village_id: int, table_ids: Collection[int]
) -> dict[int, dt.datetime]:
    """When each of these tables awaits its move, while it is in play."""
    found = {}
    for table_id in table_ids:
        table = await core.table_log.get_table(village_id, table_id)
        if table is not None and table.status == TABLE_PLAYING and table.deadline_at is not None:
            found[table_id] = table.deadline_at
    return found
