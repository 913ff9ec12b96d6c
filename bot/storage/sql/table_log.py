"""The SQL store's tables of several seats and their streams (`bot.village.ports.TableLog`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from bot.storage import streams
from bot.storage import tables as t
from bot.storage.lane import ConnectionStatements
from bot.storage.rows import EVENTS, TABLES, score_row
from bot.storage.sql.base import SqlBase, _rowcount, _utc_now
from bot.village.ports import UnknownVillage, VersionConflict
from bot.village.records import (
    TABLE_PLAYING,
    TABLE_SEATING,
    NewEvent,
    StoredEvent,
    TableAppend,
    TableRecord,
    table_event,
)


class SqlTableLog(SqlBase):
    """`bot.village.ports.TableLog` in SQL."""

    async def create_table(self, table: TableRecord, events: Sequence[NewEvent]) -> TableRecord:
        try:
            async with self._transaction() as session:
                run = ConnectionStatements(await session.connection())
                number = await streams.take_table_number(run, table.village_id)
                made = replace(table, table_id=number, version=len(events))
                session.add(TABLES.row(made))
                await session.flush()
                for version, event in enumerate(events, start=1):
                    session.add(EVENTS.row(table_event(made, version, event, table.opened_at)))
                await session.flush()
                return made
        except IntegrityError:
            raise VersionConflict(table.village_id) from None

    async def get_table(self, village_id: int, table_id: int) -> TableRecord | None:
        async with self._transaction() as session:
            row = await session.get(t.GameTable, (village_id, table_id))
            return None if row is None else TABLES.record(row)

    async def table_at(
        self, village_id: int, place_id: int, *, open_only: bool = True
    ) -> TableRecord | None:
        """The open table (taking seats or in play) of a place, if any; or its latest
        table, open or not."""
        query = select(t.GameTable).where(
            t.GameTable.village_id == village_id, t.GameTable.place_id == place_id
        )
        if open_only:
            query = query.where(t.GameTable.status.in_([TABLE_SEATING, TABLE_PLAYING]))
        async with self._transaction() as session:
            row = await session.scalar(query.order_by(t.GameTable.table_id.desc()).limit(1))
            return None if row is None else TABLES.record(row)

    async def load_table(self, village_id: int, table_id: int) -> list[StoredEvent]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Event)
                .where(t.Event.village_id == village_id, t.Event.table_id == table_id)
                .order_by(t.Event.version)
            )
            return [EVENTS.record(row) for row in rows]

    async def append_table(self, append: TableAppend) -> None:
        table = append.table
        try:
            async with self._transaction() as session:
                moved = await session.execute(
                    update(t.GameTable)
                    .where(
                        t.GameTable.village_id == table.village_id,
                        t.GameTable.table_id == table.table_id,
                        t.GameTable.version == append.expected_version,
                    )
                    .values(_table_values(table))
                )
                if _rowcount(moved) == 0:
                    if await session.get(t.Village, table.village_id) is None:
                        raise UnknownVillage(f"no village {table.village_id}")
                    raise VersionConflict(f"table {table.table_id} moved on")
                run = ConnectionStatements(await session.connection())
                for player in append.players:
                    await streams.upsert_player(run, player)
                at = append.at or _utc_now()
                for offset, event in enumerate(append.events, start=1):
                    version = append.expected_version + offset
                    session.add(EVENTS.row(table_event(table, version, event, at)))
                await session.flush()
                for score in append.scores:
                    row = score_row(score, table.table_id, table.game)
                    await run.execute(streams.score_upsert(run.dialect), row)
        except IntegrityError:
            raise VersionConflict(f"table {table.table_id} moved on") from None

    async def due_tables(self, now: dt.datetime) -> list[tuple[int, int]]:
        async with self._transaction() as session:
            rows = await session.execute(
                select(t.GameTable.village_id, t.GameTable.table_id)
                .where(
                    t.GameTable.status == TABLE_PLAYING,
                    t.GameTable.deadline_at.is_not(None),
                    t.GameTable.deadline_at <= now,
                )
                .order_by(t.GameTable.deadline_at)
            )
            return [(int(v), int(i)) for v, i in rows]


_MOVED = frozenset(
    (
        "settings",
        "seats",
        "status",
        "opener_id",
        "started_at",
        "ended_at",
        "deadline_at",
        "seed",
        "commitment",
        "version",
    )
)
"""What a table's move may change of its row (never where or when it was opened)."""


def _table_values(table: TableRecord) -> dict[str, Any]:
    return {column: value for column, value in TABLES.values(table).items() if column in _MOVED}
