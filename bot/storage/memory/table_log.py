"""Tables of games with seats and their streams, in memory."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace

from bot.storage.memory.base import MemoryBase
from bot.storage.memory.copies import copied
from bot.storage.memory.state import State
from bot.village.ports import VersionConflict
from bot.village.records import (
    TABLE_PLAYING,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    StoredEvent,
    TableAppend,
    TableContext,
    TableRecord,
    table_event,
)

_SETTLED = ("village_id", "table_id", "game", "day", "place_id", "opened_at")
"""What a table keeps from its opening whatever its moves say: every other field is the
table's state after its latest move."""


class MemoryTableLog(MemoryBase):
    async def create_table(self, table: TableRecord, events: Sequence[NewEvent]) -> TableRecord:
        async with self._writing() as state:
            number = state.take_table_number(table.village_id)
            made = copied(replace(table, table_id=number, version=len(events)))
            if (made.village_id, number) in state.tables:
                raise VersionConflict(table.village_id)
            state.tables[(made.village_id, number)] = made
            for version, event in enumerate(events, start=1):
                state.add_event(table_event(made, version, event, table.opened_at))
            return copied(made)

    async def get_table(self, village_id: int, table_id: int) -> TableRecord | None:
        found = self._read().tables.get((village_id, table_id))
        return None if found is None else copied(found)

    async def table_at(
        self, village_id: int, place_id: int, *, open_only: bool = True
    ) -> TableRecord | None:
        found = [
            table
            for (v, _), table in self._read().tables.items()
            if v == village_id and table.place_id == place_id and (not open_only or table.is_open)
        ]
        return copied(max(found, key=lambda table: table.table_id)) if found else None

    async def table_context(
        self, village_id: int, message_id: int, place_id: int
    ) -> TableContext | None:
        here = self._read().here(village_id, message_id)
        if here is None:
            return None
        village, day, handled = here
        return TableContext(
            village=village,
            day=day,
            handled=handled,
            table=await self.table_at(village_id, place_id, open_only=False),
        )

    async def load_table(self, village_id: int, table_id: int) -> list[StoredEvent]:
        state = self._read()
        return state.stream(state.table_streams.get((village_id, table_id), ()))

    async def append_table(self, append: TableAppend) -> None:
        async with self._writing() as state:
            self._append(state, append)

    async def move_table(
        self, append: TableAppend, message: MessageRecord, outbox: Sequence[OutboxRecord] = ()
    ) -> list[int]:
        async with self._writing() as state:
            self._append(state, append, message.received_at)
            state.add_message(message)
            return state.keep_replies(outbox)

    def _append(self, state: State, append: TableAppend, at: dt.datetime | None = None) -> None:
        """The table moved on from the version `append` expects, on `state`."""
        table = append.table
        state.village(table.village_id)
        key = (table.village_id, table.table_id)
        found = state.tables.get(key)
        if found is None or found.version != append.expected_version:
            raise VersionConflict(f"table {table.table_id} moved on")
        settled = {name: getattr(found, name) for name in _SETTLED}
        state.tables[key] = copied(replace(table, **settled))
        for player in append.players:
            state.upsert_player(player)
        at = append.at or at or self._now()
        for offset, event in enumerate(append.events, start=1):
            state.add_event(table_event(table, append.expected_version + offset, event, at))
        for score in append.scores:
            state.upsert_score(score, table.table_id, table.game)

    async def due_tables(self, now: dt.datetime) -> list[tuple[int, int]]:
        due = sorted(
            (
                table
                for table in self._read().tables.values()
                if table.status == TABLE_PLAYING
                and table.deadline_at is not None
                and table.deadline_at <= now
            ),
            key=lambda table: table.deadline_at or now,
        )
        return [(table.village_id, table.table_id) for table in due]
