"""The village store on SQLAlchemy 2 async: SQLite (aiosqlite) and PostgreSQL (asyncpg)."""

from __future__ import annotations

import copy
import datetime as dt
import sqlite3
from collections.abc import AsyncIterator, Collection, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import replace
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    DateTime,
    Integer,
    String,
    Text,
    and_,
    bindparam,
    exists,
    func,
    select,
    true,
    update,
)
from sqlalchemy import cast as sql_cast
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from bot.storage import streams
from bot.storage import tables as t
from bot.storage.batch import answer_statement, append_throw
from bot.storage.errors import key_taken, message_handled, unavailable
from bot.storage.lane import ConnectionStatements, Lane, Statements
from bot.storage.marks import Mark, MarkBatches
from bot.storage.rows import (
    Prefixed,
    day_record,
    day_row,
    event_row,
    message_record,
    outbox_record,
    outbox_row,
    player_record,
    score_record,
    score_row,
    stored_event,
    table_record,
    table_row,
    village_record,
)
from bot.village.ports import DuplicateMessage, StoreError, VersionConflict, VillageExists
from bot.village.records import (
    PENDING,
    TABLE_FINISHED,
    TABLE_PLAYING,
    TABLE_SEATING,
    VILLAGE_STREAM,
    AnswerPosted,
    Appended,
    DayClosing,
    DayPoints,
    DayRecord,
    DayTable,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    PlayContext,
    PlayerDayRecord,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
    TableAppend,
    TableRecord,
    VillageRecord,
)
from bot.village.settings import VillageSettings

VILLAGE_APPEND_ATTEMPTS = 5


_SQLITE_BUSY_SNAPSHOT = 517  # sqlite3.h: SQLITE_BUSY | (2 << 8)


class SqlStore:
    """`bot.village.ports.Store` on a SQLAlchemy async engine. One method, one transaction."""

    def __init__(self, engine: AsyncEngine, session: AsyncSession | None = None) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        self._bound = session
        # The same pool, without BEGIN and COMMIT: for a write that is one statement.
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        # A throw's own statements, on the driver.
        self._lane = Lane(engine)
        self._marks = MarkBatches(self._write_marks)

    def _in(self, session: AsyncSession) -> SqlStore:
        """This store with every call in `session` (made for each unit: cheaply, from this
        store's parts rather than the engine's)."""
        bound = copy.copy(self)
        bound._bound = session
        return bound

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[SqlStore]:
        """This store with every call in one transaction: committed at the end of the block,
        rolled back if it raises. A throw reads its player and appends in one unit."""
        if self._bound is not None:
            yield self
            return
        async with self._transaction() as session:
            yield self._in(session)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[AsyncSession]:
        if self._bound is not None:
            yield self._bound
            return
        try:
            async with self._sessions() as session, session.begin():
                yield session
        except Exception as error:
            mapped = _store_error(error)
            if mapped is error:
                raise
            raise mapped from error

    async def _row(self, statement: Any, params: dict[str, Any]) -> Mapping[str, Any] | None:
        """The first row of one statement, a transaction by itself (in a unit, part of the
        unit.s), by column name; outside a unit, run on the driver."""
        if self._bound is None:
            with _on_driver():
                return cast(Mapping[str, Any] | None, await self._lane.row(statement, params))
        async with self._statement() as connection:
            row = (await connection.execute(statement, params)).first()
            return None if row is None else cast(Mapping[str, Any], row._mapping)

    async def _read(self, statement: Any, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Every row of a bulk read, in its column order, on the driver: a transaction by
        itself, or in a unit on the unit's own connection (where it sees what the unit
        wrote)."""
        with _on_driver():
            if self._bound is None:
                return await self._lane.tuples(statement, params)
            connection = await self._bound.connection()
            pooled = await connection.get_raw_connection()
            return await self._lane.within(pooled).tuples(statement, params)

    async def _read_one(self, statement: Any, params: dict[str, Any]) -> Prefixed | None:
        """A read's one row, as `_read`, its columns as attributes."""
        found = await self._read(statement, params)
        if not found:
            return None
        keys = [column.key for column in statement.exported_columns]
        return Prefixed(dict(zip(keys, found[0], strict=True)), "")

    async def _write(self, statement: Any, params: dict[str, Any]) -> None:
        """One write statement, a transaction by itself (in a unit, part of the unit's)."""
        if self._bound is None:
            with _on_driver():
                await self._lane.execute(statement, params)
            return
        async with self._statement() as connection:
            await connection.execute(statement, params)

    @asynccontextmanager
    async def _statement(self) -> AsyncIterator[AsyncConnection]:
        """A connection for one statement that is a transaction by itself: no `BEGIN` and
        `COMMIT`, two round trips fewer. (In a unit, the unit's own connection.)"""
        if self._bound is not None:
            yield await self._bound.connection()
            return
        try:
            async with self._autocommit.connect() as connection:
                yield connection
        except Exception as error:
            mapped = _store_error(error)
            if mapped is error:
                raise
            raise mapped from error

    def _one_statement(self, append: StreamAppend) -> bool:
        """A throw on PostgreSQL, on the player's table of the day or their first (which
        makes the table), by a player the village knows or one joining it (not a rename,
        which is logged in the village's stream): its writes go in one statement
        (`bot.storage.batch`)."""
        return (
            self.engine.dialect.name == "postgresql"
            and append.renamed_from is None
            and bool(append.events)
        )

    # -- villages and days ---------------------------------------------------------------

    async def village_ids(self, guild_ids: Collection[int] | None = None) -> list[int]:
        query = select(t.Village.village_id)
        if guild_ids is not None:
            query = query.where(t.Village.guild_id.in_(list(guild_ids)))
        async with self._transaction() as session:
            return list(await session.scalars(query.order_by(t.Village.village_id)))

    async def get_village(self, village_id: int) -> VillageRecord | None:
        row = await self._read_one(_VILLAGE_ROW, {"v": village_id})
        return None if row is None else village_record(row)

    async def create_village(
        self, village: VillageRecord, day: DayRecord, events: Sequence[NewEvent]
    ) -> None:
        try:
            async with self._transaction() as session:
                session.add(
                    t.Village(
                        village_id=village.village_id,
                        guild_id=village.guild_id,
                        game=village.game,
                        settings=village.settings.model_dump(mode="json"),
                        day=village.day,
                        created_at=village.created_at,
                        layout=village.layout,
                    )
                )
                await session.flush()
                session.add(day_row(day))
                for version, event in enumerate(events, start=1):
                    session.add(
                        event_row(
                            village.village_id,
                            day.day,
                            VILLAGE_STREAM,
                            version,
                            village.game,
                            event,
                            village.created_at,
                        )
                    )
                await session.flush()
        except IntegrityError:
            raise VillageExists(village.village_id) from None

    async def update_settings(
        self, village_id: int, settings: VillageSettings, event: NewEvent
    ) -> None:
        await self._with_village_event(
            village_id,
            event,
            update(t.Village)
            .where(t.Village.village_id == village_id)
            .values(settings=settings.model_dump(mode="json")),
        )

    async def get_day(self, village_id: int, day: int) -> DayRecord | None:
        row = await self._read_one(_DAY_ROW, {"v": village_id, "d": day})
        return None if row is None else day_record(row)

    async def extend_day(
        self, village_id: int, day: int, closes_at: dt.datetime, event: NewEvent
    ) -> bool:
        return await self._with_village_event(
            village_id,
            event,
            update(t.VillageDay)
            .where(
                t.VillageDay.village_id == village_id,
                t.VillageDay.day == day,
                t.VillageDay.closed_at.is_(None),
            )
            .values(closes_at=closes_at),
            day=day,
        )

    async def close_day(self, closing: DayClosing) -> bool:
        try:
            async with self._transaction() as session:
                # Only one writer may close a day, and only from the state it read: the
                # guarded update is the lock.
                result = await session.execute(
                    update(t.VillageDay)
                    .where(
                        t.VillageDay.village_id == closing.village_id,
                        t.VillageDay.day == closing.day,
                        t.VillageDay.closed_at.is_(None),
                        t.VillageDay.version == closing.day_version,
                    )
                    .values(closed_at=closing.closed_at)
                )
                if _rowcount(result) == 0:
                    day = await session.get(t.VillageDay, (closing.village_id, closing.day))
                    if day is not None and day.closed_at is not None:
                        return False
                    raise VersionConflict(closing.village_id)
                village = await session.get(t.Village, closing.village_id)
                assert village is not None
                # The day's row is this closer's now: every throw that held it shared has
                # committed, and a later one finds the day closed.
                tables = await _lock_day_tables(session, closing, village.game)
                # Every player's table of the day, in a few statements for all of them.
                together = [s for s in closing.streams if s.player is None and s.expected_version]
                await _close_tables(session, together, closing, village.game, tables)
                apart = {id(s) for s in together}
                for stream in closing.streams:
                    if id(stream) not in apart:
                        await streams.write_stream(
                            ConnectionStatements(await session.connection()),
                            stream,
                            closing.village_id,
                            closing.day,
                            village.game,
                            closing.closed_at,
                        )
                await streams.insert_village_event(
                    ConnectionStatements(await session.connection()),
                    closing.village_id,
                    closing.day,
                    village.game,
                    closing.closed_event,
                    closing.closed_at,
                )
                session.add(day_row(closing.next_day))
                # The next day's opening is the first event of its own village stream.
                session.add(
                    event_row(
                        closing.village_id,
                        closing.next_day.day,
                        VILLAGE_STREAM,
                        1,
                        village.game,
                        closing.opened_event,
                        closing.closed_at,
                    )
                )
                village.day = closing.next_day.day
                await session.flush()
            return True
        except IntegrityError:
            raise VersionConflict(closing.village_id) from None

    async def due_villages(self, now: dt.datetime) -> list[int]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.VillageDay.village_id)
                .where(t.VillageDay.closed_at.is_(None), t.VillageDay.closes_at <= now)
                .order_by(t.VillageDay.closes_at)
            )
            return list(dict.fromkeys(rows))

    # -- players -------------------------------------------------------------------------

    async def get_player(self, village_id: int, player_id: int) -> PlayerRecord | None:
        async with self._transaction() as session:
            row = await session.get(t.Player, (village_id, player_id))
            return None if row is None else player_record(row)

    async def find_players(self, village_id: int, name: str) -> list[PlayerRecord]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Player)
                .where(t.Player.village_id == village_id, func.lower(t.Player.name) == name.lower())
                .order_by(t.Player.joined_at, t.Player.player_id)
            )
            return [player_record(row) for row in rows]

    async def upsert_player(self, player: PlayerRecord) -> None:
        async with self._transaction() as session:
            await streams.upsert_player(ConnectionStatements(await session.connection()), player)

    async def players(self, village_id: int) -> list[PlayerRecord]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Player)
                .where(t.Player.village_id == village_id)
                .order_by(t.Player.joined_at, t.Player.player_id)
            )
            return [player_record(row) for row in rows]

    # -- streams -------------------------------------------------------------------------

    async def load_stream(self, village_id: int, day: int, player_id: int) -> list[StoredEvent]:
        # The village's own stream of the day, or the player's day table.
        stream = (
            (t.Event.day == day) & t.Event.table_id.is_(None)
            if player_id == VILLAGE_STREAM
            else t.Event.table_id == _day_table(village_id, day, player_id)
        )
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Event)
                .where(t.Event.village_id == village_id, stream)
                .order_by(t.Event.version)
            )
            return [stored_event(row) for row in rows]

    async def play_context(
        self, village_id: int, message_id: int, player_id: int
    ) -> PlayContext | None:
        # One statement, no transaction around it: the move's write is guarded by what
        # this read gave (the table's version, the day open, the message new).
        row = await self._row(_PLAY_CONTEXT, {"v": village_id, "m": message_id, "p": player_id})
        if row is None:
            return None
        day = None if row["d_day"] is None else day_record(Prefixed(row, "d_"))
        player = None
        if row["p_name"] is not None:
            player = PlayerRecord(village_id, player_id, row["p_name"], row["p_joined_at"])
        table = row["table_id"]
        return PlayContext(
            village=village_record(Prefixed(row, "v_")),
            day=day,
            handled=bool(row["handled"]),
            player=player,
            points_before=int(row["points_before"]),
            table=None if table is None else (int(table), int(row["table_version"])),
        )

    async def day_events(self, village_id: int, day: int) -> list[StoredEvent]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Event)
                .where(t.Event.village_id == village_id, t.Event.day == day)
                .order_by(t.Event.event_id)
            )
            return [stored_event(row) for row in rows]

    async def append(
        self,
        append: StreamAppend,
        day: int,
        message: MessageRecord | None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> Appended:
        if append.game is not None and message is not None and self._one_statement(append):
            # A throw on PostgreSQL: one statement, a transaction by itself (in a unit, part
            # of the unit's). It writes everything or nothing; what it refuses, the caller
            # reads again: a message handled already, a day closed, a table moved on.
            try:
                return await _append_throw(self, append, day, append.game, message, outbox)
            except IntegrityError:
                raise VersionConflict(append.player_id) from None
        if self._bound is None and append.game is not None:
            # A throw elsewhere (SQLite, a rename): its statements in one transaction on the
            # driver.
            with _on_driver():
                async with self._lane.transaction() as run:
                    return await _append(run, append, day, append.game, message, outbox)
        try:
            async with self._transaction() as session:
                run = ConnectionStatements(await session.connection())
                game = append.game or await _game_of(run, append.projection.village_id)
                return await _append(run, append, day, game, message, outbox)
        except IntegrityError:
            raise VersionConflict(append.player_id) from None

    async def _with_village_event(
        self, village_id: int, event: NewEvent, statement: Any, day: int | None = None
    ) -> bool:
        """Run `statement` (if any) and append `event` to the village stream, atomically.

        Inside a unit a lost race on the stream's version ends the unit (VersionConflict),
        which its caller runs again; on its own the append simply takes the next version."""
        for _ in range(1 if self._bound is not None else VILLAGE_APPEND_ATTEMPTS):
            try:
                async with self._transaction() as session:
                    village = await session.get(t.Village, village_id)
                    if village is None:
                        raise StoreError(f"no village {village_id}")
                    if statement is not None:
                        result = await session.execute(statement)
                        if _rowcount(result) == 0:
                            return False
                    # Written at once: inside a unit, a lost version race fails here, not
                    # in a later write.
                    await streams.insert_village_event(
                        ConnectionStatements(await session.connection()),
                        village_id,
                        village.day if day is None else day,
                        village.game,
                        event,
                        _utc_now(),
                    )
                return True
            except IntegrityError:
                if self._bound is not None:
                    raise VersionConflict(village_id) from None
                continue  # another village event took the version: take the next one
        raise VersionConflict(village_id)

    # -- tables --------------------------------------------------------------------------

    async def create_table(self, table: TableRecord, events: Sequence[NewEvent]) -> TableRecord:
        try:
            async with self._transaction() as session:
                run = ConnectionStatements(await session.connection())
                number = await streams.take_table_number(run, table.village_id)
                made = replace(table, table_id=number, version=len(events))
                session.add(table_row(made))
                await session.flush()
                for version, event in enumerate(events, start=1):
                    session.add(_table_event(made, version, event, table.opened_at))
                await session.flush()
                return made
        except IntegrityError:
            raise VersionConflict(table.village_id) from None

    async def get_table(self, village_id: int, table_id: int) -> TableRecord | None:
        async with self._transaction() as session:
            row = await session.get(t.GameTable, (village_id, table_id))
            return None if row is None else table_record(row)

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
            return None if row is None else table_record(row)

    async def load_table(self, village_id: int, table_id: int) -> list[StoredEvent]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Event)
                .where(t.Event.village_id == village_id, t.Event.table_id == table_id)
                .order_by(t.Event.version)
            )
            return [stored_event(row) for row in rows]

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
                    raise VersionConflict(f"table {table.table_id} moved on")
                run = ConnectionStatements(await session.connection())
                for player in append.players:
                    await streams.upsert_player(run, player)
                at = append.at or _utc_now()
                for offset, event in enumerate(append.events, start=1):
                    session.add(_table_event(table, append.expected_version + offset, event, at))
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

    async def table_scores(self, village_id: int) -> list[PlayerDayRecord]:
        """Every score row of the village, every game and table, by day then player."""
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.TableScore)
                .where(t.TableScore.village_id == village_id)
                .order_by(t.TableScore.day, t.TableScore.table_id, t.TableScore.player_id)
            )
            return [score_record(row) for row in rows]

    # -- messages and scores -------------------------------------------------------------

    async def record_message(self, message: MessageRecord) -> None:
        values = streams.message_values(message)
        if self._bound is None:  # a transaction by itself, on the driver
            with _on_driver():
                await self._lane.execute(streams.MESSAGE_INSERT, values)
            return
        try:
            await (await self._bound.connection()).execute(streams.MESSAGE_INSERT, values)
        except Exception as error:
            if key_taken(error):
                raise DuplicateMessage(message.message_id) from None
            raise

    async def answer(self, message: MessageRecord, entries: Sequence[OutboxRecord]) -> list[int]:
        if self._bound is not None or not entries:
            await self.record_message(message)
            return await self.add_outbox(entries)
        # A transaction by itself, on the driver: on PostgreSQL one statement.
        with _on_driver():
            if self._lane.dialect == "postgresql":
                params = {f"m_{k}": v for k, v in streams.message_values(message).items()}
                for n, entry in enumerate(entries):
                    params.update({f"o{n}_{k}": v for k, v in outbox_row(entry).items()})
                row = await self._lane.row(answer_statement(len(entries)), params)
                assert row is not None  # a SELECT of a scalar subquery: always one row
                return [int(i) for i in row["outbox_ids"]]
            async with self._lane.transaction() as run:
                await run.write(streams.MESSAGE_INSERT, streams.message_values(message))
                return await streams.keep_replies(run, entries)

    async def get_message(self, village_id: int, message_id: int) -> MessageRecord | None:
        async with self._transaction() as session:
            row = await session.get(t.Message, (village_id, message_id))
            return None if row is None else message_record(row)

    async def message_places(self, village_id: int, message_ids: Collection[int]) -> dict[int, int]:
        if not message_ids:
            return {}
        async with self._transaction() as session:
            rows = await session.execute(
                select(t.Message.message_id, t.Message.place_id).where(
                    t.Message.village_id == village_id,
                    t.Message.message_id.in_(list(message_ids)),
                    t.Message.place_id.is_not(None),
                )
            )
            return {int(m): int(p) for m, p in rows if p is not None}

    async def table_places(
        self, village_ids: Collection[int] | None = None
    ) -> list[tuple[int, int, int]]:
        """Each open table's place and the highest message id handled in it, for every
        village asked about at once. The message table keeps where each message was posted
        (NULL for the village channel itself, hence the COALESCE), so this is the last
        message handled *there*, not the village's last anywhere: a thread's catch-up starts
        from its own last move. Day tables of the village's game have no place and match
        nothing."""
        handled_at = func.coalesce(t.Message.place_id, t.Message.village_id)
        query = (
            select(t.GameTable.village_id, t.GameTable.place_id, func.max(t.Message.message_id))
            .join(
                t.Message,
                and_(
                    t.Message.village_id == t.GameTable.village_id,
                    handled_at == t.GameTable.place_id,
                ),
            )
            .where(
                t.GameTable.status.in_([TABLE_SEATING, TABLE_PLAYING]),
                t.GameTable.place_id.is_not(None),
            )
            .group_by(t.GameTable.village_id, t.GameTable.place_id)
            .order_by(t.GameTable.village_id, t.GameTable.place_id)
        )
        if village_ids is not None:
            if not village_ids:
                return []
            query = query.where(t.GameTable.village_id.in_(list(village_ids)))
        async with self._transaction() as session:
            rows = await session.execute(query)
            return [(int(v), int(p), int(m)) for v, p, m in rows if p is not None]

    async def last_message_id(self, village_id: int) -> int:
        """The highest message id the village has seen (the console numbers on from it)."""
        async with self._transaction() as session:
            messages = await session.scalar(
                select(func.max(t.Message.message_id)).where(t.Message.village_id == village_id)
            )
            events = await session.scalar(
                select(func.max(t.Event.message_id)).where(t.Event.village_id == village_id)
            )
            return max(int(messages or 0), int(events or 0))

    async def day_posts(self, village_id: int) -> dict[int, int]:
        async with self._transaction() as session:
            rows = await session.execute(
                select(t.VillageDay.day, t.VillageDay.post_id).where(
                    t.VillageDay.village_id == village_id, t.VillageDay.post_id.is_not(None)
                )
            )
            return {int(day): int(post) for day, post in rows if post is not None}

    async def set_day_post(self, village_id: int, day: int, post_id: int) -> None:
        async with self._transaction() as session:
            await session.execute(
                update(t.VillageDay)
                .where(t.VillageDay.village_id == village_id, t.VillageDay.day == day)
                .values(post_id=post_id)
            )

    # -- the outbox ----------------------------------------------------------------------

    async def add_outbox(self, entries: Sequence[OutboxRecord]) -> list[int]:
        if not entries:
            return []
        async with self._transaction() as session:
            return await streams.keep_replies(
                ConnectionStatements(await session.connection()), entries
            )

    async def pending_outbox(
        self, village_ids: Collection[int] | None = None
    ) -> list[OutboxRecord]:
        query = select(t.Outbox).where(t.Outbox.status == PENDING)
        if village_ids is not None:
            query = query.where(t.Outbox.village_id.in_(list(village_ids)))
        async with self._transaction() as session:
            rows = await session.scalars(query.order_by(t.Outbox.outbox_id))
            return [outbox_record(row) for row in rows]

    async def mark_outbox(
        self,
        outbox_id: int,
        status: str,
        posted_id: int | None = None,
        posted_at: dt.datetime | None = None,
        attempts: int | None = None,
    ) -> None:
        mark = Mark(outbox_id, status, posted_id, posted_at, attempts)
        if self._bound is not None:  # part of the unit
            connection = await self._bound.connection()
            await connection.execute(_MARK, _mark_values(mark))
            return
        # On Discord, one for every reply posted: recorded with those asked for meanwhile.
        await self._marks.record(mark)

    async def _write_marks(self, marks: Sequence[Mark]) -> None:
        """Replies' records in one statement on PostgreSQL, in one transaction on SQLite;
        neither waits for the disk (`_MARKS`, `Lane.transaction`)."""
        with _on_driver():
            if self._lane.dialect == "postgresql":
                await self._lane.execute(
                    _MARKS,
                    {
                        "outbox_ids": [m.outbox_id for m in marks],
                        "statuses": [m.status for m in marks],
                        "posted_ids": [m.posted_id for m in marks],
                        "posted_ats": [m.posted_at for m in marks],
                        "attempts": [m.attempts for m in marks],
                    },
                )
                return
            # Not waiting for the disk, as on PostgreSQL.
            async with self._lane.transaction(durable=False) as run:
                await run.execute_many(_MARK, [_mark_values(m) for m in marks])

    async def first_answer(self, village_id: int, message_id: int) -> AnswerPosted | None:
        row = await self._row(_FIRST_ANSWER, {"v": village_id, "m": message_id})
        return None if row is None else AnswerPosted(row["status"], row["posted_at"])

    async def get_player_day(
        self, village_id: int, day: int, player_id: int
    ) -> PlayerDayRecord | None:
        async with self._transaction() as session:
            row = await session.scalar(
                select(t.TableScore).where(
                    t.TableScore.village_id == village_id,
                    t.TableScore.table_id == _day_table(village_id, day, player_id),
                    t.TableScore.player_id == player_id,
                )
            )
            return None if row is None else score_record(row)

    async def player_days(
        self, village_id: int, player_id: int | None = None
    ) -> list[PlayerDayRecord]:
        """The score rows of the village's own game's day tables (the memo's and the
        standings' days), by day then player."""
        query = (
            select(t.TableScore)
            .join(t.Village, t.Village.village_id == t.TableScore.village_id)
            .where(t.TableScore.village_id == village_id, t.TableScore.game == t.Village.game)
        )
        if player_id is not None:
            query = query.where(t.TableScore.player_id == player_id)
        async with self._transaction() as session:
            rows = await session.scalars(query.order_by(t.TableScore.day, t.TableScore.player_id))
            return [score_record(row) for row in rows]

    # -- reads for day closes and standings

    async def day_tables(self, village_id: int, day: int) -> dict[int, DayTable]:
        """Every player's day table of `day` (the village's own game), by player: its id,
        its version and where its score row says their play ended, in one read. A close
        reads these first, then the events of only the tables it does not keep in memory."""
        score = _SCORE.c
        query = select(
            _TABLE.c.opener_id, _TABLE.c.table_id, _TABLE.c.version, score.ended_message_id
        ).outerjoin(
            _SCORE,
            and_(
                score.village_id == _TABLE.c.village_id,
                score.table_id == _TABLE.c.table_id,
                score.player_id == _TABLE.c.opener_id,
            ),
        )
        async with self._transaction() as session:
            connection = await session.connection()
            rows = await connection.execute(_of_the_days_tables(query, village_id, day))
            return {int(opener): DayTable(*table) for opener, *table in rows}

    async def day_streams(
        self, village_id: int, day: int, tables: Collection[int] | None = None
    ) -> dict[int, list[StoredEvent]]:
        """Every player's stream of `day` (their day table of the village's own game), each
        in version order, by player, in one read: a close reads them all at once. `tables`:
        only these tables' streams (the ones a close does not keep in memory)."""
        # Columns, not ORM objects, read by position: a close reads every event of the day
        # at once, and a row's attributes cost more than its event.
        params = {"v": village_id, "d": day}
        streams: dict[int, list[StoredEvent]] = {}
        if tables is None:
            rows = await self._read(_DAY_EVENTS, params)
        else:
            query = _DAY_EVENTS.where(t.GameTable.table_id.in_(list(tables)))
            async with self._transaction() as session:
                connection = await session.connection()
                rows = [tuple(row) for row in await connection.execute(query, params)]
        for opener, player, version, game, kind, data, message, recorded_at, table, codec in rows:
            if opener is not None:
                streams.setdefault(opener, []).append(
                    StoredEvent(
                        village_id,
                        day,
                        player,
                        version,
                        game,
                        kind,
                        data,
                        message,
                        recorded_at,
                        table,
                        codec,
                    )
                )
        return streams

    async def day_scores(self, village_id: int, day: int) -> dict[int, PlayerDayRecord]:
        """The score row of every player's day table of `day` (the village's own game), by
        player: what `get_player_day` gives, for the whole day in one read."""
        query = select(t.TableScore).join(
            t.GameTable,
            and_(
                t.GameTable.village_id == t.TableScore.village_id,
                t.GameTable.table_id == t.TableScore.table_id,
                t.GameTable.opener_id == t.TableScore.player_id,
            ),
        )
        async with self._transaction() as session:
            rows = await session.scalars(_of_the_days_tables(query, village_id, day))
            return {row.player_id: score_record(row) for row in rows}

    async def score_points(self, village_id: int) -> list[DayPoints]:
        """Every score row of the village, of every game and table, in the order of
        `table_scores`, without their turns and detail: the standings and the days of the
        memos need only the points, and decoding every turn of every day is most of a
        close's reading."""
        return [DayPoints(*values) for values in await self._read(_SCORE_POINTS, {"v": village_id})]


@contextmanager
def _on_driver() -> Iterator[None]:
    """Statements run on the driver raise to the village as `_mapped` says; what is the
    village's already (a refusal, a conflict, a message handled) passes as it is."""
    try:
        yield
    except (StoreError, DuplicateMessage):
        raise
    except Exception as error:
        raise _mapped(error) from error


def _mapped(error: Exception) -> Exception:
    """What a statement run on the driver raises to the village: a key or unique index
    taken is a version conflict (another writer got there first), as is SQLite's stale
    snapshot; SQLite's other failures (a lock held too long, a file it cannot use) are
    "try again"; the rest as for any statement."""
    if message_handled(error):
        return DuplicateMessage(str(error))
    if key_taken(error):
        return VersionConflict(str(error))
    if isinstance(error, sqlite3.OperationalError):
        if getattr(error, "sqlite_errorcode", None) == _SQLITE_BUSY_SNAPSHOT:
            return VersionConflict(str(error))
        return StoreError(str(error))
    return _store_error(error)


def _store_error(error: Exception) -> Exception:
    """What a failed transaction or statement raises to the village."""
    if isinstance(error, IntegrityError | StoreError):
        return error
    if isinstance(error, OperationalError):
        # SQLite refuses at once a writer whose snapshot is stale (SQLITE_BUSY_SNAPSHOT):
        # the same as a version conflict, so the caller reloads and tries again. A lock
        # another program held for the whole wait (plain SQLITE_BUSY) is no conflict:
        # trying again would only wait as long again, so the player is told to retry.
        if getattr(error.orig, "sqlite_errorcode", None) == _SQLITE_BUSY_SNAPSHOT:
            return VersionConflict(str(error))
        return StoreError(str(error))
    if unavailable(error):
        return StoreError(str(error))
    return error


# -- rows and records ------------------------------------------------------------------------


def _table_event(table: TableRecord, version: int, event: NewEvent, at: dt.datetime) -> t.Event:
    player = event.data.get("player_id")
    return event_row(
        table.village_id,
        table.day,
        player if isinstance(player, int) else VILLAGE_STREAM,
        version,
        table.game,
        event,
        at,
        table.table_id,
    )


def _table_values(table: TableRecord) -> dict[str, Any]:
    row = table_row(table)
    return {
        column: getattr(row, column)
        for column in (
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
    }


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


# The tables a throw writes, as plain tables: statements on them skip the ORM's bookkeeping.
_MESSAGE = t.metadata.tables["message"]
_EVENT = t.metadata.tables["event"]
_DAY = t.metadata.tables["village_day"]
_VILLAGE = t.metadata.tables["village"]
_TABLE = t.metadata.tables["game_table"]
_SCORE = t.metadata.tables["table_score"]
_OUTBOX = t.metadata.tables["outbox"]


_MARK = (
    _OUTBOX.update()
    .where(_OUTBOX.c.outbox_id == bindparam("outbox"))
    .values(status=bindparam("status"), posted_id=bindparam("posted_id"))
    .values(posted_at=bindparam("posted_at"))
    .values(attempts=func.coalesce(bindparam("attempts", type_=Integer), _OUTBOX.c.attempts))
)
"""A reply's fate recorded (with the attempts it took, when given)."""


def _marks() -> Any:
    """Replies' fates recorded in one statement, from arrays of their columns (PostgreSQL).

    Committed without waiting for the write-ahead log to reach the disk, which is most of a
    small write's time: a record a crash of the database may lose (its last fraction of a
    second). The reply then looks pending and is posted again under its nonce, which the
    chat recognises, as after any record that could not be written. Everything a throw
    writes waits for the disk."""
    given = (
        func.unnest(
            bindparam("outbox_ids", type_=ARRAY(BigInteger)),
            bindparam("statuses", type_=ARRAY(String)),
            bindparam("posted_ids", type_=ARRAY(BigInteger)),
            bindparam("posted_ats", type_=ARRAY(DateTime(timezone=True))),
            bindparam("attempts", type_=ARRAY(Integer)),
        )
        .table_valued("outbox_id", "status", "posted_id", "posted_at", "attempts")
        .render_derived("given")
    )
    unhurried = select(func.set_config("synchronous_commit", "off", true()).label("set"))
    return (
        _OUTBOX.update()
        .where(
            _OUTBOX.c.outbox_id == given.c.outbox_id,
            exists(select(unhurried.cte("unhurried").c.set)),
        )
        .values(
            status=given.c.status,
            posted_id=given.c.posted_id,
            posted_at=given.c.posted_at,
            attempts=func.coalesce(given.c.attempts, _OUTBOX.c.attempts),
        )
    )


_MARKS = _marks()


def _mark_values(mark: Mark) -> dict[str, Any]:
    return {
        "outbox": mark.outbox_id,
        "status": mark.status,
        "posted_id": mark.posted_id,
        "posted_at": mark.posted_at,
        "attempts": mark.attempts,
    }


_FIRST_ANSWER = (
    select(_OUTBOX.c.status, _OUTBOX.c.posted_at)
    .where(_OUTBOX.c.village_id == bindparam("v"), _OUTBOX.c.message_id == bindparam("m"))
    .order_by(_OUTBOX.c.seq)
    .limit(1)
)
_SCORE_POINTS = (
    select(
        _SCORE.c.day,
        _SCORE.c.player_id,
        _SCORE.c.points,
        _SCORE.c.finished,
        _SCORE.c.ended_message_id,
        _SCORE.c.table_id,
        _SCORE.c.game,
    )
    .where(_SCORE.c.village_id == bindparam("v"))
    .order_by(_SCORE.c.day, _SCORE.c.table_id, _SCORE.c.player_id)
)
"""Every score row's points (`DayPoints`, in its fields' order)."""


async def _lock_day_tables(
    session: AsyncSession, closing: DayClosing, game: str
) -> dict[int, tuple[int, int]]:
    """Every player's day table with throws, locked: (table id, version) by player. Raises
    VersionConflict when one is not in the closing: a first throw makes a table without
    moving the day's version, so one made after the closer read the day sends it back to
    read the day again."""
    connection = await session.connection()
    tables = {
        int(opener): (int(table_id), int(version))
        for opener, table_id, version in await connection.execute(
            select(_TABLE.c.opener_id, _TABLE.c.table_id, _TABLE.c.version)
            .where(
                _TABLE.c.village_id == closing.village_id,
                _TABLE.c.day == closing.day,
                _TABLE.c.game == game,
                _TABLE.c.version > 0,
            )
            .with_for_update()
        )
    }
    unseen = set(tables) - {stream.player_id for stream in closing.streams}
    if unseen:
        raise VersionConflict(f"player {min(unseen)} made their day table after the close read it")
    return tables


def _labelled(prefix: str, column: Any) -> Any:
    # Settings as their JSON text: the same text is read on every move, and its settings
    # are worked out once (`rows.settings_of`).
    value = sql_cast(column, Text) if column.key == "settings" else column
    return value.label(f"{prefix}{column.key}")


_VILLAGE_ROW = select(*(_labelled("", c) for c in _VILLAGE.c)).where(
    _VILLAGE.c.village_id == bindparam("v")
)
_DAY_ROW = select(*(_labelled("", c) for c in _DAY.c)).where(
    _DAY.c.village_id == bindparam("v"), _DAY.c.day == bindparam("d")
)


def _play_context() -> Any:
    """One statement for what a day game's move reads first (see `Store.play_context`)."""
    village, day, player, table = (
        t.metadata.tables[name] for name in ("village", "village_day", "player", "game_table")
    )
    handled = (
        select(_MESSAGE.c.message_id)
        .where(
            _MESSAGE.c.village_id == village.c.village_id, _MESSAGE.c.message_id == bindparam("m")
        )
        .exists()
    )
    points_before = (
        select(func.coalesce(func.sum(_SCORE.c.points), 0))
        .where(
            _SCORE.c.village_id == village.c.village_id,
            _SCORE.c.player_id == bindparam("p"),
            _SCORE.c.game == village.c.game,
            _SCORE.c.day < village.c.day,
        )
        .scalar_subquery()
    )

    return (
        select(
            *(_labelled("v_", column) for column in village.c),
            *(_labelled("d_", column) for column in day.c),
            player.c.name.label("p_name"),
            player.c.joined_at.label("p_joined_at"),
            handled.label("handled"),
            points_before.label("points_before"),
            table.c.table_id.label("table_id"),
            table.c.version.label("table_version"),
        )
        .select_from(
            village.outerjoin(
                day, and_(day.c.village_id == village.c.village_id, day.c.day == village.c.day)
            )
            .outerjoin(
                player,
                and_(
                    player.c.village_id == village.c.village_id,
                    player.c.player_id == bindparam("p"),
                ),
            )
            .outerjoin(
                table,
                and_(
                    table.c.village_id == village.c.village_id,
                    table.c.day == village.c.day,
                    table.c.opener_id == bindparam("p"),
                    table.c.game == village.c.game,
                ),
            )
        )
        .where(village.c.village_id == bindparam("v"))
        .order_by(table.c.table_id)
        .limit(1)
    )


_PLAY_CONTEXT = _play_context()


async def _close_tables(
    session: AsyncSession,
    appends: Sequence[StreamAppend],
    closing: DayClosing,
    game: str,
    tables: dict[int, tuple[int, int]],
) -> None:
    """The closing events, versions and score rows of the day's tables, each kind of write
    in one statement for every table (a close of 100 players was 300 statements). `tables`:
    as locked, by player. A table that moved since the closer read it ends the close, which
    reads the day again."""
    if not appends:
        return
    connection = await session.connection()
    for stream in appends:
        if tables.get(stream.player_id, (0, -1))[1] != stream.expected_version:
            raise VersionConflict(f"the day table of player {stream.player_id} moved on")
    await connection.execute(
        update(_TABLE)
        .where(_TABLE.c.village_id == bindparam("v"), _TABLE.c.table_id == bindparam("t"))
        .values(version=bindparam("version"), status=bindparam("status")),
        [
            {
                "v": closing.village_id,
                "t": tables[s.player_id][0],
                "version": s.expected_version + len(s.events),
                "status": TABLE_FINISHED if s.projection.finished else TABLE_PLAYING,
            }
            for s in appends
        ],
    )
    events = [
        streams.event_values(event)
        for s in appends
        for event in streams.as_stored(
            s, closing.day, game, closing.closed_at, tables[s.player_id][0]
        )
    ]
    if events:
        await connection.execute(streams.EVENT_INSERT, events)
    await connection.execute(
        streams.score_upsert(connection.dialect.name),
        [score_row(s.projection, tables[s.player_id][0], game) for s in appends],
    )


async def _append_throw(
    store: SqlStore,
    append: StreamAppend,
    day: int,
    game: str,
    message: MessageRecord,
    outbox: Sequence[OutboxRecord],
) -> Appended:
    stored = streams.as_stored(append, day, game, message.received_at, 0)
    score = score_row(append.projection, 0, game)
    del score["table_id"]
    status = TABLE_FINISHED if append.projection.finished else TABLE_PLAYING
    where: dict[str, Any] = {
        "village_id": append.projection.village_id,
        "day": day,
        "player_id": append.player_id,
        "game": game,
        "expected": append.expected_version,
        "version": append.expected_version + len(append.events),
        "status": status,
    }
    if append.expected_version == 0:
        # The first throw of the day makes the table, opened as it is thrown.
        at = message.received_at
        where.update(at=at, ended_at=at if status == TABLE_FINISHED else None)
    outcome = await append_throw(
        store._row,
        streams.message_values(message),
        where,
        [{k: v for k, v in streams.event_values(e).items() if k != "table_id"} for e in stored],
        score,
        [outbox_row(entry) for entry in outbox],
        None if append.player is None else streams.player_values(append.player),
    )
    if not outcome.day_open:
        raise VersionConflict(f"day {day} is closed")
    if outcome.table_id is None:
        raise VersionConflict(f"the day table of player {append.player_id} moved on")
    return Appended([replace(e, table_id=outcome.table_id) for e in stored], outcome.outbox_ids)


async def _append(
    run: Statements,
    append: StreamAppend,
    day: int,
    game: str,
    message: MessageRecord | None,
    outbox: Sequence[OutboxRecord],
) -> Appended:
    """A player's day stream appended to, with the message that did it and its replies,
    statement by statement (the caller's transaction holds them together)."""
    village_id = append.projection.village_id
    if message is not None:
        # A message handled already fails here, or (sent with the next statement) there:
        # either way its key tells it apart (`errors.message_handled`).
        try:
            await run.write(streams.MESSAGE_INSERT, streams.message_values(message))
        except Exception as error:
            if key_taken(error):
                raise DuplicateMessage(message.message_id) from None
            raise
    # A closed day takes no more events. The day is only share-locked: a closer waits for
    # this append's commit, then finds the table this append wrote (moved from the version
    # it read, or one it did not read) and reads again. On SQLite a later throw's table
    # move checks the day itself (one writer: the day stays as the move saw it until the
    # commit), one statement fewer.
    settings = None
    while_open = run.dialect == "sqlite" and append.expected_version != 0
    if not while_open:
        found = await run.row(streams.DAY_OPEN, {"v": village_id, "d": day})
        if found is None:
            raise VersionConflict(f"day {day} is closed")
        settings = found["settings"]
    recorded_at = message.received_at if message else _utc_now()
    events = await streams.write_stream(
        run, append, village_id, day, game, recorded_at, settings, while_open
    )
    return Appended(events, await streams.keep_replies(run, outbox))


async def _game_of(run: Statements, village_id: int) -> str:
    found = await run.row(_VILLAGE_GAME, {"v": village_id})
    if found is None:
        raise StoreError(f"no village {village_id}")
    return str(found["game"])


_VILLAGE_GAME = select(_VILLAGE.c.game).where(_VILLAGE.c.village_id == bindparam("v"))


def _rowcount(result: Any) -> int:
    return int(getattr(result, "rowcount", 0))


def _of_the_days_tables(query: Any, village_id: Any, day: Any) -> Any:
    """`query` (which reads `game_table`) kept to the players' day tables of `day`: the
    tables of the village's own game."""
    return query.join(t.Village, t.Village.village_id == t.GameTable.village_id).where(
        t.GameTable.village_id == village_id,
        t.GameTable.day == day,
        t.GameTable.game == t.Village.game,
    )


def _day_events() -> Any:
    """Every event of the players' day tables of a day (parameters `v`, `d`), by table."""
    e = _EVENT.c
    query = (
        select(
            t.GameTable.opener_id,
            e.player_id,
            e.version,
            e.game,
            e.type,
            e.data,
            e.message_id,
            e.recorded_at,
            e.table_id,
            e.codec,
        )
        .join(
            t.Event,
            and_(
                t.Event.village_id == t.GameTable.village_id,
                t.Event.table_id == t.GameTable.table_id,
            ),
        )
        # A day table's events carry its day: the index on (village, day) then reads
        # that day's events only, not the village's every day.
        .where(t.Event.day == bindparam("d"))
        .order_by(t.GameTable.table_id, t.Event.version)
    )
    return _of_the_days_tables(query, bindparam("v"), bindparam("d"))


_DAY_EVENTS = _day_events()


def _day_table(village_id: int, day: int, player_id: int) -> Any:
    """The id of a player's day table of the village's own game, as a subquery."""
    return (
        select(t.GameTable.table_id)
        .join(t.Village, t.Village.village_id == t.GameTable.village_id)
        .where(
            t.GameTable.village_id == village_id,
            t.GameTable.day == day,
            t.GameTable.opener_id == player_id,
            t.GameTable.game == t.Village.game,
        )
        .limit(1)
        .scalar_subquery()
    )
