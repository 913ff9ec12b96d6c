"""The time limit: a table whose awaited move did not come in time gets the game's default
move, at the deadline it missed; the clock's tick applies it at every table due."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from bot.village.core import Core, Incoming
from bot.village.due import each_due
from bot.village.moves import settle_chance
from bot.village.records import TABLE_PLAYING, NewEvent, VillageRecord
from bot.village.replies import Delivery
from bot.village.stream import TIME_RAN_OUT
from bot.village.tables.commit import commit, where
from bot.village.tables.seated import Seated, load
from bot.words.reply import Reply

MAX_DEFAULTS_PER_TICK = 1_000
"""The defaults one table plays in one tick when the clock jumped past many deadlines (a
whole Gleek game is about 550 moves): the next tick plays on, so no tick runs unbounded."""


async def expire(
    core: Core,
    incoming: Incoming | None,
    seated: Seated,
    village_events: tuple[NewEvent, ...],
    since: dt.datetime | None = None,
) -> list[Reply]:
    """The default move now (`skip`), or at the deadline it missed (`since`): the next move
    is awaited from that instant, so a clock that jumps past several deadlines plays each
    default in turn, at its own deadline."""
    game = seated.kind.game
    events = list(game.expire(seated.state))
    at = where(seated.table, incoming, seated.names)
    applied = settle_chance(core, game, seated.state, events, seated.view.throws, at)
    return await commit(core, incoming, seated, applied, None, village_events, since)


async def expire_due(core: Core, village_id: int, table_id: int) -> list[Delivery]:
    """A table whose time to move ran out: the game's default move, announced in its place."""

    async def run(unit: Core) -> list[Delivery]:
        village = await unit.store.get_village(village_id)
        table = await unit.store.get_table(village_id, table_id)
        now = unit.clock.now()
        if village is None or table is None or table.status != TABLE_PLAYING:
            return []
        if table.deadline_at is None or table.deadline_at > now:
            return []  # another process got there first
        seated = await load(unit, table, village)
        event = NewEvent(TIME_RAN_OUT, {"deadline": table.deadline_at.isoformat()}, at=now)
        replies = await expire(unit, None, seated, (event,), table.deadline_at)
        return await unit.settle(village, replies, None, place_id=table.place_id)

    return await core.unit(run)


async def _expire_all_due(core: Core, village_id: int, table_id: int) -> list[Delivery]:
    found: list[Delivery] = []
    before = await core.store.get_table(village_id, table_id)
    for _ in range(MAX_DEFAULTS_PER_TICK):
        deliveries = await expire_due(core, village_id, table_id)
        if not deliveries:
            break
        found += deliveries
        after = await core.store.get_table(village_id, table_id)
        if before is None or after is None or after.deadline_at == before.deadline_at:
            break  # a default that awaited no new move: the next tick looks again
        before = after  # the table as the next default finds it: read once, not twice
    return found


async def tick(
    core: Core,
    owns: Callable[[VillageRecord], bool] | None = None,
    grace: dt.timedelta = dt.timedelta(0),
) -> dict[int, list[Delivery]]:
    """Apply the time limit at every table whose time ran out (`grace` ago: a move sent
    just before, still on its way, counts); what to post, by village."""
    due = await core.store.due_tables(core.clock.now() - grace)

    async def expire(village: VillageRecord, table_id: int) -> list[Delivery]:
        return await _expire_all_due(core, village.village_id, table_id)

    return await each_due(core, due, owns, expire, _undone)


def _undone(table_id: int) -> str:
    return f"the time limit of table {table_id} was not applied"
