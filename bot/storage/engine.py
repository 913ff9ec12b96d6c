"""Building the async engine for a database URL: asyncpg for PostgreSQL, aiosqlite for SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

CONNECT_TIMEOUT = 10
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
        database = parsed.database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, connect_args={"timeout": LOCK_WAIT})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(
        url,
        pool_pre_ping=True,
        connect_args={"timeout": CONNECT_TIMEOUT, "command_timeout": 30},
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # WAL lets the console and a running bot read while one writes; foreign keys are off
    # by default in SQLite.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={LOCK_WAIT * 1000}")
    cursor.close()
