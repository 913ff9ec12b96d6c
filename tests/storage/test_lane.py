"""A throw's statements run on the driver: they write and read what SQLAlchemy would, keep
a transaction whole, give their connections back, tell a handled message apart, and are
heard by the engine's listeners; on SQLite and on PostgreSQL."""

from __future__ import annotations

import datetime as dt
from typing import Any

import aiosqlite
import pytest
from sqlalchemy import bindparam, event, literal, select
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util import greenlet_spawn

from bot.storage import streams
from bot.storage.errors import key_taken, message_handled
from bot.storage.lane import Lane
from bot.storage.rows import EVENTS, MESSAGES
from bot.storage.store import SqlStore
from bot.storage.tables import EVENT
from bot.village.records import (
    SENT,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    StoredEvent,
    VillageRecord,
)
from bot.village.settings import VillageSettings
from tests.storage.test_store_contract import day_record

pytestmark = pytest.mark.db

AT = dt.datetime(2026, 12, 1, 3, 4, 5, 678_901, tzinfo=dt.UTC)
READ_EVENT = select(EVENT.c.data, EVENT.c.recorded_at, EVENT.c.message_id).where(
    EVENT.c.village_id == bindparam("v"), EVENT.c.version == bindparam("version")
)
DATA = {"faces": ["D", "Eg"], "ja": "緑のE", "nested": {"n": [1, 2.5, None, True]}}


class GuardFailedError(Exception):
    pass


async def a_village(store: SqlStore, village_id: int) -> None:
    village = VillageRecord(village_id, "greed", VillageSettings(), 1, AT)
    await store.create_village(village, day_record(village_id), [NewEvent("VillageCreated", {})])


def a_message(village_id: int, message_id: int) -> dict[str, Any]:
    # Sent at a time written in another zone: kept and read back as the same instant, in UTC.
    sent = AT.astimezone(dt.timezone(dt.timedelta(hours=9)))
    record = MessageRecord(village_id, message_id, 5, sent, AT, "throw", place_id=2**62)
    return MESSAGES.values(record)


def an_event(village_id: int, version: int) -> dict[str, Any]:
    stored = StoredEvent(village_id, 1, 5, version, "greed", "DiceThrown", DATA, 1, AT)
    return EVENTS.values(stored)


async def test_what_the_lane_writes_reads_back_as_sqlalchemy_reads_it(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    await a_village(store, village_id)
    lane = Lane(engine)
    assert await lane.execute(streams.MESSAGE_INSERT, a_message(village_id, 1)) == 1
    await lane.execute(streams.EVENT_INSERT, an_event(village_id, 2))
    # Read by SQLAlchemy...
    message = await store.get_message(village_id, 1)
    assert message is not None
    assert (message.sent_at, message.received_at, message.place_id) == (AT, AT, 2**62)
    [*_, thrown] = await store.load_stream(village_id, 1, 0)
    assert (thrown.type, thrown.data, thrown.recorded_at) == ("DiceThrown", DATA, AT)
    # ...and by the lane, through the columns' own conversions.
    row = await lane.row(READ_EVENT, {"v": village_id, "version": 2})
    assert row == {"data": DATA, "recorded_at": AT, "message_id": 1}
    assert row["recorded_at"].tzinfo is not None
    assert await lane.row(READ_EVENT, {"v": village_id, "version": 3}) is None


async def test_a_transaction_that_raises_writes_nothing_and_its_connection_serves_on(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    await a_village(store, village_id)
    lane = Lane(engine)
    with pytest.raises(GuardFailedError):
        async with lane.transaction() as run:
            await run.execute(streams.MESSAGE_INSERT, a_message(village_id, 1))
            await run.execute_many(
                streams.EVENT_INSERT, [an_event(village_id, 2), an_event(village_id, 3)]
            )
            raise GuardFailedError  # a guard of the caller's that failed
    assert await store.get_message(village_id, 1) is None
    assert await lane.row(READ_EVENT, {"v": village_id, "version": 2}) is None
    assert engine.sync_engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    async with lane.transaction() as run:
        await run.execute(streams.MESSAGE_INSERT, a_message(village_id, 1))
        await run.execute_many(
            streams.EVENT_INSERT, [an_event(village_id, 2), an_event(village_id, 3)]
        )
    assert await store.get_message(village_id, 1) is not None
    assert [e.version for e in await store.load_stream(village_id, 1, 0)][-2:] == [2, 3]
    assert engine.sync_engine.pool.checkedout() == 0  # type: ignore[attr-defined]


async def test_a_message_handled_already_is_told_apart_from_another_key_taken(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    await a_village(store, village_id)
    lane = Lane(engine)
    await lane.execute(streams.MESSAGE_INSERT, a_message(village_id, 1))
    await lane.execute(streams.EVENT_INSERT, an_event(village_id, 2))
    with pytest.raises(Exception) as handled:
        await lane.execute(streams.MESSAGE_INSERT, a_message(village_id, 1))
    assert key_taken(handled.value) and message_handled(handled.value)
    with pytest.raises(Exception) as taken:  # the village stream's version 2, taken
        await lane.execute(streams.EVENT_INSERT, an_event(village_id, 2))
    assert key_taken(taken.value) and not message_handled(taken.value)
    assert engine.sync_engine.pool.checkedout() == 0  # type: ignore[attr-defined]


async def test_the_engines_statement_listeners_hear_the_lane(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    await a_village(store, village_id)
    heard: list[tuple[str, bool]] = []

    def listen(
        _c: object, _cursor: object, statement: str, _p: object, _x: object, many: bool
    ) -> None:
        heard.append((statement.split(None, 1)[0].upper(), many))

    event.listen(engine.sync_engine, "before_cursor_execute", listen)
    try:
        lane = Lane(engine)
        await lane.execute(streams.MESSAGE_INSERT, a_message(village_id, 1))
        async with lane.transaction() as run:
            await run.execute_many(streams.EVENT_INSERT, [an_event(village_id, 2)])
            await run.row(READ_EVENT, {"v": village_id, "version": 2})
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", listen)
    assert heard == [("INSERT", False), ("INSERT", True), ("SELECT", False)]


async def test_a_replys_record_leaves_the_next_statements_commit_durable(
    engine: AsyncEngine, store: SqlStore, village_id: int, backend: str
) -> None:
    """A reply's record is committed without waiting for the disk: for that write alone,
    never for what a connection of the pool commits next (a throw's write)."""
    await a_village(store, village_id)
    [outbox_id] = await store.add_outbox(
        [OutboxRecord(village_id, 1, 0, {"key": "throw"}, "ja", None, "message", AT)]
    )
    await store.mark_outbox(outbox_id, SENT, 77, AT)
    [] = await store.pending_outbox([village_id])
    assert engine.sync_engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    # Every connection the pool holds, at once, asked how it commits.
    pool = engine.sync_engine.pool
    pooled = [await engine.raw_connection() for _ in range(pool.checkedin())]  # type: ignore[attr-defined]
    try:
        for connection in pooled:
            driver: Any = connection.driver_connection
            if backend == "postgresql":
                assert await driver.fetchval("SHOW synchronous_commit") == "on"
            else:
                assert await driver.execute_fetchall("PRAGMA synchronous") == [(2,)]  # FULL
    finally:
        for connection in pooled:
            await greenlet_spawn(connection.close)


async def test_sqlite_writes_go_with_the_next_statement_in_one_trip_to_its_thread(
    sqlite_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A transaction's BEGIN IMMEDIATE and its writes whose count no one reads wait for
    the next statement (or the commit) and go in its trip to aiosqlite's thread; the
    connection goes back to the pool without a rollback (nothing is open)."""
    engine, store, village_id = sqlite_engine, SqlStore(sqlite_engine), 1
    await a_village(store, village_id)
    lane = Lane(engine)
    await lane.row(READ_EVENT, {"v": village_id, "version": 1})  # the pool's connection made
    trips = 0
    queue = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal trips
        trips += 1
        return await queue(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    async with lane.transaction() as run:
        await run.write(streams.MESSAGE_INSERT, a_message(village_id, 1))
        await run.execute_many(streams.EVENT_INSERT, [an_event(village_id, 2)])
        assert trips == 0
        # The read sees both writes: they went first, in its trip.
        assert await run.row(READ_EVENT, {"v": village_id, "version": 2}) is not None
        assert trips == 1
        await run.execute_many(streams.EVENT_INSERT, [an_event(village_id, 3)])
    assert trips == 2  # the last write went with the commit
    assert [e.version for e in await store.load_stream(village_id, 1, 0)][-2:] == [2, 3]
    trips = 0
    assert await lane.execute(streams.MESSAGE_INSERT, a_message(village_id, 2)) == 1
    assert trips == 1  # a statement alone commits in its own trip
    assert await store.get_message(village_id, 2) is not None


async def test_a_sqlite_write_that_fails_with_the_commit_rolls_the_transaction_back(
    sqlite_engine: AsyncEngine,
) -> None:
    """A waiting write's failure comes from the commit, and nothing of the transaction
    stays: the message handled already is still told apart."""
    engine, store, village_id = sqlite_engine, SqlStore(sqlite_engine), 1
    await a_village(store, village_id)
    lane = Lane(engine)
    await lane.execute(streams.MESSAGE_INSERT, a_message(village_id, 1))
    with pytest.raises(Exception) as handled:
        async with lane.transaction() as run:
            await run.execute_many(streams.EVENT_INSERT, [an_event(village_id, 2)])
            await run.write(streams.MESSAGE_INSERT, a_message(village_id, 1))
    assert message_handled(handled.value)
    assert await lane.row(READ_EVENT, {"v": village_id, "version": 2}) is None
    assert engine.sync_engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    # The connection serves on: the lock was released.
    async with lane.transaction() as run:
        await run.execute_many(streams.EVENT_INSERT, [an_event(village_id, 2)])
    assert await lane.row(READ_EVENT, {"v": village_id, "version": 2}) is not None


async def test_a_sqlite_connection_given_back_inside_a_transaction_is_rolled_back(
    sqlite_engine: AsyncEngine,
) -> None:
    """Its write lock released, its writes gone, before the pool lends it again."""
    engine, store, village_id = sqlite_engine, SqlStore(sqlite_engine), 1
    await a_village(store, village_id)
    pooled = await engine.raw_connection()
    driver: Any = pooled.driver_connection
    await driver.execute("BEGIN IMMEDIATE")
    insert = Lane(engine).compiled(streams.MESSAGE_INSERT)
    await driver.execute(insert.sql, insert.arguments(a_message(village_id, 1)))
    assert driver.in_transaction
    await greenlet_spawn(pooled.close)
    assert not driver.in_transaction
    assert await store.get_message(village_id, 1) is None
    # The lock is free: another write goes through at once.
    assert await Lane(engine).execute(streams.MESSAGE_INSERT, a_message(village_id, 2)) == 1


async def test_a_write_within_a_units_transaction_is_sent_at_once(
    sqlite_engine: AsyncEngine,
) -> None:
    """The unit commits through SQLAlchemy, which knows nothing of a write waiting on the
    lane: a write there goes at once, in the unit's transaction."""
    store = SqlStore(sqlite_engine)
    await a_village(store, 1)
    async with sqlite_engine.connect() as connection:
        await connection.execute(select(literal(1)))
        pooled = await connection.get_raw_connection()
        run = Lane(sqlite_engine).within(pooled)
        await run.write(streams.MESSAGE_INSERT, a_message(1, 1))
        await connection.commit()
    assert await store.get_message(1, 1) is not None
