"""Databases an earlier release filled (tests/storage/data), for the migrations after it: a
copy of the SQLite file, or the same rows in a PostgreSQL schema of their own at the
release's revision."""

from __future__ import annotations

import secrets
import shutil
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.storage.engine import async_url, make_engine
from bot.storage.migrate import migrate
from tests.conftest import POSTGRES_URL, _postgres_problem

SERIAL_IDS = {"event": "event_id", "outbox": "outbox_id"}
"""The tables whose ids a sequence gives, and their id column."""


@asynccontextmanager
async def release_database(
    backend: str, source: Path, revision: str, tables: Sequence[str], folder: Path
) -> AsyncIterator[AsyncEngine]:
    """The database the release left in `source` (at `revision`) on `backend`. On
    PostgreSQL its `tables` are copied in this order, so that every foreign key finds its
    row, into a schema migrated to `revision`; skipped where PostgreSQL cannot be reached."""
    # A copy, on either database: opening the file itself would change the kept one.
    path = folder / source.name
    shutil.copy(source, path)
    if backend == "sqlite":
        engine = make_engine(f"sqlite:///{path}")
        try:
            yield engine
        finally:
            await engine.dispose()
        return
    if _postgres_problem:
        pytest.skip(f"PostgreSQL suite skipped: {_postgres_problem}")
    schema = f"release_{secrets.token_hex(4)}"
    admin = make_engine(POSTGRES_URL)
    async with admin.begin() as connection:
        await connection.execute(sa.text(f"CREATE SCHEMA {schema}"))
    engine = create_async_engine(
        async_url(POSTGRES_URL), connect_args={"server_settings": {"search_path": schema}}
    )
    try:
        await migrate(engine, revision)
        await _copy(path, engine, tables)
        yield engine
    finally:
        await engine.dispose()
        async with admin.begin() as connection:
            await connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        await admin.dispose()


async def _copy(source: Path, engine: AsyncEngine, tables: Sequence[str]) -> None:
    reader = make_engine(f"sqlite:///{source}")
    try:
        async with reader.connect() as reading, engine.begin() as writing:
            for name in tables:
                table = await reading.run_sync(
                    lambda sync, name=name: sa.Table(name, sa.MetaData(), autoload_with=sync)
                )
                rows = [dict(row._mapping) for row in await reading.execute(sa.select(table))]
                if not rows:
                    continue
                target = await writing.run_sync(
                    lambda sync, name=name: sa.Table(name, sa.MetaData(), autoload_with=sync)
                )
                await writing.execute(target.insert(), rows)
                if name in SERIAL_IDS:
                    # The copied rows keep their ids: the sequence goes on after them.
                    column = SERIAL_IDS[name]
                    await writing.execute(
                        sa.text(
                            f"SELECT setval(pg_get_serial_sequence('{name}', '{column}'),"
                            f" (SELECT max({column}) FROM {name}))"
                        )
                    )
    finally:
        await reader.dispose()
