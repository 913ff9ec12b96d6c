"""Pooled PostgreSQL connections the server closed: never a bug, and never kept.

The pool does not ping a connection before each transaction (three round trips a
transaction, see bench/README.md). A connection the server has closed while it sat in the
pool (a restart, `pg_terminate_backend`, an idle timeout) is dropped when it is taken, as
asyncpg already knows it closed; one that dies while in use fails that move as "try again"
and is discarded, so the next move gets a fresh connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest
from sqlalchemy import literal, select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.engine import make_engine
from bot.storage.lane import Lane
from bot.storage.store import SqlStore
from bot.village.ports import StoreError
from bot.village.records import SENT


async def backend_pid(engine: AsyncEngine) -> int:
    async with engine.connect() as connection:
        return int(await connection.scalar(text("select pg_backend_pid()")))


async def terminate(admin: AsyncEngine, pid: int) -> None:
    """Kill the backend `pid` and wait until it is gone, as a restart would."""
    async with admin.connect() as connection:
        await connection.execute(text(f"select pg_terminate_backend({pid})"))
        for _ in range(200):
            alive = await connection.scalar(
                text(f"select count(*) from pg_stat_activity where pid = {pid}")
            )
            if not alive:
                break
            await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # the event loop reads the server's goodbye


@pytest.fixture
async def own_engine(postgres_engine: AsyncEngine) -> AsyncIterator[AsyncEngine]:
    """An engine with a pool of its own, whose connections the test may have terminated."""
    engine = make_engine(postgres_engine.url.render_as_string(hide_password=False))
    yield engine
    await engine.dispose()


async def test_a_pooled_connection_the_server_closed_is_replaced_before_use(
    postgres_engine: AsyncEngine, own_engine: AsyncEngine
) -> None:
    store = SqlStore(own_engine)
    pid = await backend_pid(own_engine)
    await terminate(postgres_engine, pid)
    assert await store.village_ids() is not None  # played, on a new connection
    assert await backend_pid(own_engine) != pid


async def test_a_connection_that_dies_in_use_fails_that_move_only(
    postgres_engine: AsyncEngine, own_engine: AsyncEngine
) -> None:
    store = SqlStore(own_engine)
    with pytest.raises(StoreError):
        async with store.unit() as unit:
            assert unit._bound is not None
            pid = int(await unit._bound.scalar(text("select pg_backend_pid()")))
            await terminate(postgres_engine, pid)
            await unit.village_ids()
    assert await store.village_ids() is not None  # the next move plays
    assert await backend_pid(own_engine) != pid


async def test_a_connection_asyncpg_lost_step_with_is_dropped_and_the_move_told_to_retry(
    own_engine: AsyncEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server shutting down may end a pooled connection while asyncpg still reads an
    earlier error on it: asyncpg then refuses the next statement as out of step with its
    connection. That is "try again", and the connection is closed, not pooled again."""
    store = SqlStore(own_engine)
    lane = Lane(own_engine)
    await store.village_ids()  # a connection in the pool
    used: list[asyncpg.Connection] = []

    async def out_of_step(self: asyncpg.Connection, *_: object, **__: object) -> str:
        used.append(self)
        raise asyncpg.InternalClientError(
            "cannot switch to state 12; another operation (2) is in progress"
        )

    monkeypatch.setattr(asyncpg.Connection, "execute", out_of_step)
    with pytest.raises(StoreError):
        await store.mark_outbox(1, SENT, 2, None)
    monkeypatch.undo()
    [connection] = used
    assert connection.is_closed()
    assert await lane.row(select(literal(1).label("one")), {}) == {"one": 1}  # a fresh one
