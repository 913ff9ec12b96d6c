"""Every player's day stream as a day's close replays it: from the streams this process
keeps, where they are at the version the close read, and the others in one read.

A player who threw through this process has their stream kept as their last move left it
(`Core.streams`): replaying it again, and reading its events, was most of a close's time.
A kept stream is used only at the version the close has just read from the database, and
the close's write is guarded by that same version, so a stale one is never used nor written
over: the close would fail and read the day again.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.village.core import Core
from bot.village.ports import VersionConflict
from bot.village.records import DayRecord, DayTable, VillageRecord
from bot.village.stream import StreamView, read_stream


async def day_views(
    core: Core, village: VillageRecord, day: DayRecord, tables: Mapping[int, DayTable]
) -> dict[int, StreamView]:
    """The view of every player's stream of `day` whose table (as read in `tables`) has
    moves, by player."""
    views: dict[int, StreamView] = {}
    unread: dict[int, DayTable] = {}
    for player_id, table in tables.items():
        if table.version == 0:
            continue  # made, never played: nothing to close
        kept = core.streams.get(
            (village.village_id, day.day, player_id), (table.table_id, table.version)
        )
        if kept is not None:
            views[player_id] = kept.view
        else:
            unread[player_id] = table
    if not unread:
        return views
    game = core.game(village)
    # Nothing kept (a process started since, say): the whole day is read, by the store's
    # statement for it (one built once), rather than the list of every table.
    asked = [table.table_id for table in unread.values()] if views else None
    read = await core.day_log.day_streams(village.village_id, day.day, asked)
    for player_id, table in unread.items():
        view = read_stream(game, day.settings.rules, read.get(player_id, []))
        if view.version != table.version:
            # A move landed between the two reads: the table's row (its score row's end
            # with it) and its events no longer tell one story. Read the day again.
            raise VersionConflict(f"the day table of player {player_id} moved on")
        views[player_id] = view
    return views
