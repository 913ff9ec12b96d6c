"""The time limit: a table whose awaited move did not come in time gets the game's default
move, at the deadline it missed; the clock's tick applies it at every table due, in the
order everything in the village fell due (`bot.village.overdue`)."""

from __future__ import annotations

import datetime as dt

from bot.village.core import Core, Incoming
from bot.village.moves import settle_chance
from bot.village.records import TABLE_PLAYING, NewEvent
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


async def expire_due(
    core: Core, village_id: int, table_id: int, now: dt.datetime | None = None
) -> list[Delivery]:
    """A table whose time to move ran out (by `now`; by default the clock's now): the
    game's default move, played as it would have been at the deadline it missed, and
    announced in its place. Nothing when it is not due (another process got there first)."""

    async def run(unit: Core) -> list[Delivery]:
        village = await unit.villages.get_village(village_id)
        table = await unit.table_log.get_table(village_id, table_id)
        if village is None or table is None or table.status != TABLE_PLAYING:
            return []
        missed = table.deadline_at
        if missed is None or missed > (now or unit.clock.now()):
            return []  # another process got there first
        at_deadline = unit.at(missed)
        seated = await load(at_deadline, table, village)
        event = NewEvent(TIME_RAN_OUT, {"deadline": missed.isoformat()}, at=missed)
        replies = await expire(at_deadline, None, seated, (event,), missed)
        return await unit.settle(village, replies, None, place_id=table.place_id)

    return await core.unit(run)
