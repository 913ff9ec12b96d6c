"""Databases for the tests: SQLite always, PostgreSQL when TEST_DATABASE_URL points at one."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.engine import make_engine
from bot.storage.memory import MemoryStore
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.ports import Store

POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")
REQUIRE_POSTGRES = os.environ.get("GREEDBOT_REQUIRE_POSTGRES") == "1"
BACKENDS = ["sqlite", "postgresql"]
STORES = ["memory", *BACKENDS]
"""What the `Store` port runs on: the memory store, and `SqlStore` on each database."""

_postgres_problem: str | None = None


def _check_postgres() -> str | None:
    """None when PostgreSQL can be used, else why not."""
    if not POSTGRES_URL:
        return "TEST_DATABASE_URL is not set"
    # The suite wipes the database it is given: refuse any whose name does not say "test".
    if "test" not in (make_url(POSTGRES_URL).database or ""):
        return "the database in TEST_DATABASE_URL must have 'test' in its name (it is wiped)"

    async def ping() -> None:
        engine = make_engine(POSTGRES_URL)
        try:
            async with engine.connect() as connection:
                await connection.execute(text("select 1"))
        finally:
            await engine.dispose()

    try:
        asyncio.run(ping())
    except Exception as error:
        return f"cannot reach {POSTGRES_URL}: {error.__class__.__name__}: {error}"
    return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="rewrite tests/transcripts/*.out from the replays instead of comparing with them",
    )


def pytest_configure(config: pytest.Config) -> None:
    global _postgres_problem
    _postgres_problem = _check_postgres()
    if _postgres_problem and REQUIRE_POSTGRES:
        raise pytest.UsageError(f"PostgreSQL is required here but {_postgres_problem}")
    if not _postgres_problem:
        asyncio.run(_reset_postgres())


async def _reset_postgres() -> None:
    engine = make_engine(POSTGRES_URL)
    async with engine.begin() as connection:
        await connection.execute(text("DROP SCHEMA public CASCADE"))
        await connection.execute(text("CREATE SCHEMA public"))
    await migrate(engine)
    await engine.dispose()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _postgres_problem:
        terminalreporter.write_line(
            f"PostgreSQL suite SKIPPED: {_postgres_problem}. The storage tests ran on SQLite "
            "only; set TEST_DATABASE_URL=postgresql://USER@HOST/DB to run them on PostgreSQL.",
            yellow=True,
            bold=True,
        )
    else:
        terminalreporter.write_line(f"PostgreSQL suite ran against {POSTGRES_URL}", green=True)


_ids = itertools.count(random.Random().randrange(1, 10**9) * 1000)


@pytest.fixture
def village_id() -> int:
    """A village id no other test uses: tests share the PostgreSQL database."""
    return next(_ids)


@pytest.fixture
def other_village_id() -> int:
    """A second village id no other test uses, for a test of two villages."""
    return next(_ids)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    if name == "postgresql" and _postgres_problem:
        pytest.skip(f"PostgreSQL suite skipped: {_postgres_problem}")
    return name


async def _engine_of(backend: str, tmp_path: Path) -> AsyncEngine:
    """A migrated database: a SQLite file of the test's own, or the PostgreSQL suite's."""
    if backend == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'village.db'}")
        await migrate(engine)
        return engine
    return make_engine(POSTGRES_URL)


@pytest.fixture
async def engine(backend: str, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    engine = await _engine_of(backend, tmp_path)
    yield engine
    await engine.dispose()


@pytest.fixture
async def postgres_engine() -> AsyncIterator[AsyncEngine]:
    """PostgreSQL alone, for what only it has (a connection pool to run dry, a backend to
    terminate); skipped, and said so, where it cannot be reached."""
    if _postgres_problem:
        pytest.skip(f"PostgreSQL suite skipped: {_postgres_problem}")
    engine = make_engine(POSTGRES_URL)
    yield engine
    await engine.dispose()


@pytest.fixture
def store(engine: AsyncEngine) -> SqlStore:
    return SqlStore(engine)


@pytest.fixture(params=STORES)
async def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """The store in memory, on SQLite and on PostgreSQL: for the tests of what the `Store`
    port promises through its methods, which every one of them must keep."""
    name: str = request.param
    if name == "memory":
        yield MemoryStore()
        return
    if name == "postgresql" and _postgres_problem:
        pytest.skip(f"PostgreSQL suite skipped: {_postgres_problem}")
    engine = await _engine_of(name, tmp_path)
    yield SqlStore(engine)
    await engine.dispose()


@pytest.fixture
async def sqlite_engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """A migrated SQLite file of the test's own, for what only SQLite has."""
    engine = make_engine(f"sqlite:///{tmp_path / 'village.db'}")
    await migrate(engine)
    yield engine
    await engine.dispose()


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "village.db"
