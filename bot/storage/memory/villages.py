"""Villages, their days and players, in memory."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from dataclasses import replace

from bot.storage.memory.base import MemoryBase
from bot.storage.memory.copies import copied
from bot.storage.memory.state import State, VillageRow
from bot.storage.memory.streams import write_stream
from bot.village.ports import VersionConflict, VillageExists
from bot.village.records import (
    TABLE_FINISHED,
    TABLE_PLAYING,
    DayClosing,
    DayRecord,
    NewEvent,
    PlayerRecord,
    TableRecord,
    VillageRecord,
    named,
    opening,
)
from bot.village.settings import VillageSettings


class MemoryVillages(MemoryBase):
    async def get_village(self, village_id: int) -> VillageRecord | None:
        found = self._read().villages.get(village_id)
        return None if found is None else copied(found.record)

    async def village_ids(self, guild_ids: Collection[int] | None = None) -> list[int]:
        villages = self._read().villages.values()
        return sorted(
            row.record.village_id
            for row in villages
            if guild_ids is None or row.record.guild_id in guild_ids
        )

    async def create_village(
        self, village: VillageRecord, day: DayRecord, events: Sequence[NewEvent]
    ) -> None:
        async with self._writing() as state:
            if village.village_id in state.villages:
                raise VillageExists(village.village_id)
            state.villages[village.village_id] = VillageRow(copied(village))
            state.days[(day.village_id, day.day)] = copied(day)
            game, at = village.game, village.created_at
            for event in opening(village.village_id, day.day, game, events, at):
                state.add_event(event)

    async def update_settings(
        self, village_id: int, settings: VillageSettings, event: NewEvent
    ) -> None:
        async with self._writing() as state:
            village = state.village(village_id)
            state.villages[village_id] = replace(
                village, record=copied(replace(village.record, settings=settings))
            )
            state.add_village_event(
                village_id, village.record.day, village.record.game, event, self._now()
            )

    async def get_day(self, village_id: int, day: int) -> DayRecord | None:
        found = self._read().days.get((village_id, day))
        return None if found is None else copied(found)

    async def extend_day(
        self, village_id: int, day: int, closes_at: dt.datetime, event: NewEvent
    ) -> bool:
        async with self._writing() as state:
            village = state.village(village_id)
            found = state.days.get((village_id, day))
            if found is None or not found.is_open:
                return False
            state.days[(village_id, day)] = copied(
                replace(found, closes_at=closes_at, version=found.version + 1)
            )
            state.add_village_event(village_id, day, village.record.game, event, self._now())
            return True

    async def close_day(self, closing: DayClosing) -> bool:
        async with self._writing() as state:
            state.village(closing.village_id)
            key = (closing.village_id, closing.day)
            day = state.days.get(key)
            if day is None or not day.is_open or day.version != closing.day_version:
                if day is not None and not day.is_open:
                    return False  # another writer closed it first
                raise VersionConflict(closing.village_id)
            state.days[key] = copied(
                replace(day, closed_at=closing.closed_at, version=day.version + 1)
            )
            village = state.village(closing.village_id)
            _close_streams(state, closing, village.record.game)
            state.add_village_event(
                closing.village_id,
                closing.day,
                village.record.game,
                closing.closed_event,
                closing.closed_at,
            )
            next_day = closing.next_day
            if (next_day.village_id, next_day.day) in state.days:
                raise VersionConflict(closing.village_id)
            state.days[(next_day.village_id, next_day.day)] = copied(next_day)
            # The next day's opening is the first event of its own village stream.
            game, opened = village.record.game, [closing.opened_event]
            for event in opening(closing.village_id, next_day.day, game, opened, closing.closed_at):
                state.add_event(event)
            # Read again: a table the close made took a number from the village's row.
            village = state.village(closing.village_id)
            state.villages[closing.village_id] = replace(
                village, record=replace(village.record, day=next_day.day)
            )
            return True

    async def due_villages(self, now: dt.datetime) -> list[int]:
        due = sorted(
            (day for day in self._read().days.values() if day.is_open and day.closes_at <= now),
            key=lambda day: day.closes_at,
        )
        return list(dict.fromkeys(day.village_id for day in due))

    async def get_player(self, village_id: int, player_id: int) -> PlayerRecord | None:
        found = self._read().players.get((village_id, player_id))
        return None if found is None else copied(found)

    async def find_players(self, village_id: int, name: str) -> list[PlayerRecord]:
        return named(await self.players(village_id), name)

    async def upsert_player(self, player: PlayerRecord) -> None:
        async with self._writing() as state:
            state.upsert_player(player)

    async def players(self, village_id: int) -> list[PlayerRecord]:
        found = [p for (v, _), p in self._read().players.items() if v == village_id]
        return [copied(p) for p in sorted(found, key=lambda p: (p.joined_at, p.player_id))]

    async def day_posts(self, village_id: int) -> dict[int, int]:
        return {
            day.day: day.post_id
            for (v, _), day in self._read().days.items()
            if v == village_id and day.post_id is not None
        }

    async def set_day_post(self, village_id: int, day: int, post_id: int) -> None:
        async with self._writing() as state:
            state.village(village_id)
            found = state.days.get((village_id, day))
            if found is not None:
                state.days[(village_id, day)] = replace(
                    found, post_id=post_id, version=found.version + 1
                )


def _close_streams(state: State, closing: DayClosing, game: str) -> None:
    """The day's streams written as a close writes them: every player's day table that has
    moved must be in the closing (a first throw after the closer read the day sends it back
    to read it again); the tables it read moved on together first, then the streams of new
    or renamed players, one by one."""
    tables: dict[int, TableRecord] = {}
    for table in state.day_tables(closing.village_id, closing.day):
        if table.version > 0:
            tables.setdefault(table.opener_id, table)
    unseen = set(tables) - {stream.player_id for stream in closing.streams}
    if unseen:
        raise VersionConflict(f"player {min(unseen)} made their day table after the close read it")
    together = [s for s in closing.streams if s.player is None and s.expected_version]
    for stream in together:
        read = tables.get(stream.player_id)
        if read is None or read.version != stream.expected_version:
            raise VersionConflict(f"the day table of player {stream.player_id} moved on")
    for stream in together:
        table = tables[stream.player_id]
        state.tables[(table.village_id, table.table_id)] = replace(
            table,
            version=stream.expected_version + len(stream.events),
            status=TABLE_FINISHED if stream.projection.finished else TABLE_PLAYING,
        )
        for event in stream.as_stored(closing.day, game, closing.closed_at, table.table_id):
            state.add_event(event)
    for stream in together:
        state.upsert_score(stream.projection, tables[stream.player_id].table_id, game)
    apart = {id(stream) for stream in together}
    for stream in closing.streams:
        if id(stream) not in apart:
            write_stream(state, stream, closing.village_id, closing.day, game, closing.closed_at)
