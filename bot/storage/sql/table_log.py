"""The SQL store's tables of several seats and their streams (`bot.village.ports.TableLog`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import and_, bindparam, func, select
from sqlalchemy.exc import IntegrityError

from bot.storage import streams, table_move
from bot.storage import tables as t
from bot.storage.errors import message_handled
from bot.storage.lane import ConnectionStatements
from bot.storage.rows import DAYS, EVENTS, TABLES, VILLAGES, Prefixed
from bot.storage.sql.base import SqlBase, _on_driver, _utc_now
from bot.storage.sql.villages import _labelled
from bot.village.ports import DuplicateMessage, VersionConflict
from bot.village.records import (
    TABLE_PLAYING,
    TABLE_SEATING,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    StoredEvent,
    TableAppend,
    TableContext,
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

    async def table_context(
        self, village_id: int, message_id: int, place_id: int
    ) -> TableContext | None:
        # One statement, no transaction around it: a move's write is guarded by what this
        # read gave (the table's version, the message new).
        row = await self._row(_TABLE_CONTEXT, {"v": village_id, "m": message_id, "p": place_id})
        if row is None:
            return None
        day = None if row["d_day"] is None else DAYS.record(Prefixed(row, "d_"))
        table = None if row["t_table_id"] is None else TABLES.record(Prefixed(row, "t_"))
        return TableContext(
            village=VILLAGES.record(Prefixed(row, "v_")),
            day=day,
            handled=bool(row["handled"]),
            table=table,
        )

    async def load_table(self, village_id: int, table_id: int) -> list[StoredEvent]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Event)
                .where(t.Event.village_id == village_id, t.Event.table_id == table_id)
                .order_by(t.Event.version)
            )
            return [EVENTS.record(row) for row in rows]

    async def append_table(self, append: TableAppend) -> None:
        at = append.at or _utc_now()
        try:
            async with self._transaction() as session:
                run = ConnectionStatements(await session.connection())
                await table_move.write(run, append, None, (), at)
        except IntegrityError:
            raise VersionConflict(f"table {append.table.table_id} moved on") from None

    async def move_table(
        self, append: TableAppend, message: MessageRecord, outbox: Sequence[OutboxRecord] = ()
    ) -> list[int]:
        at = append.at or message.received_at
        if self.engine.dialect.name == "postgresql":
            # One statement, a transaction by itself (in a unit, part of the unit's).
            values = table_move.params(append, message, outbox, at)
            try:
                row = await self._row(
                    table_move.statement(*table_move.shape(append, outbox)), values
                )
            except IntegrityError as error:
                raise _refused(error, append) from None
            assert row is not None  # a SELECT of scalar subqueries: always one row
            if row["table_id"] is None:
                village = {"w_village_id": append.table.village_id}
                raise table_move.not_moved(
                    append, await self._row(table_move.VILLAGE_OF, village) is not None
                )
            return [int(i) for i in row["outbox_ids"] or ()]
        if self._bound is None:
            # SQLite: its statements in one transaction on the driver.
            with _on_driver():
                async with self._lane.transaction() as run:
                    return await table_move.write(run, append, message, outbox, at)
        try:
            async with self._transaction() as session:
                run = ConnectionStatements(await session.connection())
                return await table_move.write(run, append, message, outbox, at)
        except IntegrityError as error:
            raise _refused(error, append) from None

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


def _refused(error: IntegrityError, append: TableAppend) -> Exception:
    """A move's write refused by a key: its message handled already, or another writer's
    move of the table first."""
    if message_handled(error):
        return DuplicateMessage(f"message of table {append.table.table_id} handled already")
    return VersionConflict(f"table {append.table.table_id} moved on")


def _table_context() -> Any:
    """One statement for what a move at a table reads first (see `Store.table_context`):
    the village, its day, whether the message was handled, and the place's latest table."""
    village, day, table = t.VILLAGE, t.DAY, t.TABLE
    handled = (
        select(t.MESSAGE.c.message_id)
        .where(
            t.MESSAGE.c.village_id == village.c.village_id,
            t.MESSAGE.c.message_id == bindparam("m"),
        )
        .exists()
    )
    placed = table.alias("placed")
    latest = (
        select(func.max(placed.c.table_id))
        .where(placed.c.village_id == village.c.village_id, placed.c.place_id == bindparam("p"))
        .scalar_subquery()
    )
    return (
        select(
            *(_labelled("v_", column) for column in village.c),
            *(_labelled("d_", column) for column in day.c),
            *(column.label(f"t_{column.key}") for column in table.c),
            handled.label("handled"),
        )
        .select_from(
            village.outerjoin(
                day, and_(day.c.village_id == village.c.village_id, day.c.day == village.c.day)
            ).outerjoin(
                table,
                and_(table.c.village_id == village.c.village_id, table.c.table_id == latest),
            )
        )
        .where(village.c.village_id == bindparam("v"))
    )


_TABLE_CONTEXT = _table_context()
