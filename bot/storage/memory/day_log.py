"""Players' day streams (their day tables) and the village's own stream of each day, in
memory."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.storage.memory.base import MemoryBase
from bot.storage.memory.copies import copied
from bot.storage.memory.streams import write_stream
from bot.village.ports import VersionConflict
from bot.village.records import (
    VILLAGE_STREAM,
    Appended,
    DayTable,
    MessageRecord,
    OutboxRecord,
    PlayContext,
    StoredEvent,
    StreamAppend,
)


class MemoryDayLog(MemoryBase):
    async def load_stream(self, village_id: int, day: int, player_id: int) -> list[StoredEvent]:
        state = self._read()
        if player_id == VILLAGE_STREAM:
            return state.stream(state.village_streams.get((village_id, day), ()))
        table = state.day_table(village_id, day, player_id)
        if table is None:
            return []
        return state.stream(state.table_streams.get((village_id, table.table_id), ()))

    async def day_events(self, village_id: int, day: int) -> list[StoredEvent]:
        return [
            copied(event)
            for event in self._read().events.values()
            if event.village_id == village_id and event.day == day
        ]

    async def append(
        self,
        append: StreamAppend,
        day: int,
        message: MessageRecord | None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> Appended:
        async with self._writing() as state:
            village_id = append.projection.village_id
            village = state.village(village_id)
            game = append.game or village.record.game
            if message is not None:
                state.add_message(message)  # a message handled already fails here
            found = state.days.get((village_id, day))
            if found is None or not found.is_open:
                raise VersionConflict(f"day {day} is closed")
            recorded_at = message.received_at if message is not None else self._now()
            events = write_stream(state, append, village_id, day, game, recorded_at)
            return Appended(events, state.keep_replies(outbox))

    async def play_context(
        self, village_id: int, message_id: int, player_id: int
    ) -> PlayContext | None:
        state = self._read()
        here = state.here(village_id, message_id)
        if here is None:
            return None
        village, day, handled = here
        player = state.players.get((village_id, player_id))
        table = state.day_table(village_id, village.day, player_id)
        return PlayContext(
            village=village,
            day=day,
            handled=handled,
            player=None if player is None else copied(player),
            points_before=sum(
                row.points
                for (v, _, p), row in state.scores.items()
                if (v, p) == (village_id, player_id)
                and row.game == village.game
                and row.day < village.day
            ),
            table=None if table is None else (table.table_id, table.version),
        )

    async def day_tables(self, village_id: int, day: int) -> dict[int, DayTable]:
        state = self._read()
        tables: dict[int, DayTable] = {}
        for table in state.day_tables(village_id, day):
            score = state.scores.get((village_id, table.table_id, table.opener_id))
            ended = None if score is None else score.ended_message_id
            tables.setdefault(table.opener_id, DayTable(table.table_id, table.version, ended))
        return tables

    async def day_streams(
        self, village_id: int, day: int, tables: Collection[int] | None = None
    ) -> dict[int, list[StoredEvent]]:
        state = self._read()
        streams: dict[int, list[StoredEvent]] = {}
        for table in state.day_tables(village_id, day):
            if tables is not None and table.table_id not in tables:
                continue
            ids = state.table_streams.get((village_id, table.table_id), ())
            # A day table's events carry its day (the database reads them by it).
            events = [e for e in state.stream(ids) if e.day == day]
            if events:
                streams.setdefault(table.opener_id, []).extend(events)
        return streams
