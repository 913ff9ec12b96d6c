"""Building the async engine for a database URL: asyncpg for PostgreSQL, aiosqlite for SQLite."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry, PoolResetState

from bot.storage.lane import DURABLE

CONNECT_TIMEOUT = 10
POOL_SIZE = 15
"""PostgreSQL connections one bot process keeps at most (opened as needed, then kept)."""
LOCK_WAIT = 5
"""Seconds SQLite waits for a lock another program holds before the move is refused (the
player is told to post again); a throw never waits minutes."""


def async_url(url: str) -> str:
    """Accept plain `postgresql://` and `sqlite:///` URLs and pick the async drivers."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    elif parsed.drivername == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    return parsed.render_as_string(hide_password=False)


def make_engine(url: str) -> AsyncEngine:
    url = async_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        # No folder is made here for the file: a mistyped path must fail, not grow folders
        # (the command line makes the embedded database's data folder, bot/cli/database.py).
        engine = create_async_engine(
            url,
            connect_args={"timeout": LOCK_WAIT},
            # A connection given back is rolled back only if a transaction is open on it
            # (`_roll_back_if_begun`), not always: on aiosqlite a rollback is a trip to the
            # connection's thread even when there is nothing to roll back, and a throw gave
            # its connection back inside the one write lock.
            pool_reset_on_return=None,
        )
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        event.listen(engine.sync_engine, "reset", _roll_back_if_begun)
        return engine
    engine = create_async_engine(
        url,
        # No ping before each transaction: on asyncpg it is a BEGIN, a statement and a
        # ROLLBACK, three round trips more per move, paid most by the slowest moves under
        # load (bench/README.md). A connection the server closed while it sat in the pool
        # is dropped when taken (`_drop_closed`); one that dies in use fails that move as
        # "try again" (`errors.unavailable`), and SQLAlchemy discards it and every
        # connection pooled before it, so the next move gets a fresh one.
        pool_pre_ping=False,
        # A fixed pool of 15, no overflow: the default's 10 overflow connections are
        # closed as they come back and opened again at the next burst (a connection
        # costs several round trips and a server process), which cost more than waiting.
        pool_size=POOL_SIZE,
        max_overflow=0,
        connect_args={"timeout": CONNECT_TIMEOUT, "command_timeout": 30},
    )
    event.listen(engine.sync_engine, "checkout", _drop_closed)
    return engine


def _drop_closed(_dbapi_connection: Any, record: ConnectionPoolEntry, _proxy: Any) -> None:
    """A pooled connection whose end asyncpg has read already (the server restarted,
    `pg_terminate_backend`, an idle timeout) is replaced by a new one before use: no round
    trip, the driver's own flag. The pool tries a new connection on `DisconnectionError`."""
    driver = record.driver_connection
    if driver is not None and driver.is_closed():
        raise DisconnectionError("the server closed this pooled connection")


def _roll_back_if_begun(
    dbapi_connection: Any, record: ConnectionPoolEntry, state: PoolResetState
) -> None:
    """A SQLite connection coming back to the pool with a transaction still open (a write
    lock held) is rolled back before anyone takes it again."""
    if state.terminate_only or not state.asyncio_safe:
        return  # being closed, or collected outside the event loop: SQLAlchemy's own case
    driver = record.driver_connection
    if driver is not None and driver.in_transaction:
        dbapi_connection.rollback()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # WAL lets the console and a running bot read while one writes; foreign keys are off
    # by default in SQLite.
    cursor.execute("PRAGMA journal_mode=WAL")
    # Every commit waits for the disk (SQLite's default, said here: a reply's record is the
    # one write that does not wait, and the lane sets this back after it).
    cursor.execute(f"PRAGMA synchronous={DURABLE}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={LOCK_WAIT * 1000}")
    cursor.close()
