"""Databases for the tests: SQLite always, PostgreSQL when TEST_DATABASE_URL points at one.

`make test` runs the suite in one process per core (pytest-xdist):
each process wipes and migrates a PostgreSQL database of its own, named after the one in
TEST_DATABASE_URL with the process's name added (`greedbot_test_gw0`), and copies its SQLite
villages from one file it migrated once."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import shutil
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
from bot.words import shapes

# A reply made with params that do not fit its key's shape is a bug of the code that made
# it: under the tests it raises where the village hands it to a chat (a running village logs
# it and shows the fallback text).
shapes.STRICT = True

GIVEN_POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")
REQUIRE_POSTGRES = os.environ.get("GREEDBOT_REQUIRE_POSTGRES") == "1"
BACKENDS = ["sqlite", "postgresql"]
# Set by pytest-xdist in each of its worker processes (gw0, gw1 …); empty in a plain run.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")


def _own_url(url: str) -> str:
    """The database this process may wipe: the given one, or in a worker its own beside it
    (two processes wiping one schema would destroy each other's tables mid-test)."""
    if not url or not WORKER:
        return url
    given = make_url(url)
    return given.set(database=f"{given.database}_{WORKER}").render_as_string(hide_password=False)


POSTGRES_URL = _own_url(GIVEN_POSTGRES_URL)

STORES = ["memory", *BACKENDS]
"""What the `Store` port runs on: the memory store, and `SqlStore` on each database."""

_postgres_problem: str | None = None


def _check_postgres() -> str | None:
    """None when PostgreSQL can be used, else why not."""
    if not GIVEN_POSTGRES_URL:
        return "TEST_DATABASE_URL is not set"
    # The suite wipes the database it is given: refuse any whose name does not say "test".
    if "test" not in (make_url(GIVEN_POSTGRES_URL).database or ""):
        return "the database in TEST_DATABASE_URL must have 'test' in its name (it is wiped)"

    async def ping() -> None:
        engine = make_engine(GIVEN_POSTGRES_URL)
        try:
            async with engine.connect() as connection:
                await connection.execute(text("select 1"))
        finally:
            await engine.dispose()

    try:
        asyncio.run(ping())
    except Exception as error:
        return f"cannot reach {GIVEN_POSTGRES_URL}: {error.__class__.__name__}: {error}"
    return None


async def _own_database(create: bool) -> None:
    """Create (or drop) this worker's database, from a connection to the given one."""
    name = make_url(POSTGRES_URL).database
    engine = make_engine(GIVEN_POSTGRES_URL).execution_options(isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            exists = await connection.scalar(
                text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}
            )
            if create and not exists:
                await connection.execute(text(f'CREATE DATABASE "{name}"'))
            elif not create and exists:
                await connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    finally:
        await engine.dispose()


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
    if _postgres_problem or _is_xdist_controller(config):
        return  # the controller of worker processes runs no test: its workers reset their own
    if WORKER:
        asyncio.run(_own_database(create=True))
    asyncio.run(_reset_postgres())


def pytest_unconfigure(config: pytest.Config) -> None:
    if WORKER and not _postgres_problem:
        asyncio.run(_own_database(create=False))


def _is_xdist_controller(config: pytest.Config) -> bool:
    return not WORKER and bool(getattr(config.option, "numprocesses", None))


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
        where = (
            f"{GIVEN_POSTGRES_URL} (a database of its own per worker)"
            if _is_xdist_controller(terminalreporter.config)
            else POSTGRES_URL
        )
        terminalreporter.write_line(f"PostgreSQL suite ran against {where}", green=True)


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


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty village database at the head of the migrations, made once per process:
    copying it is a hundred times faster than migrating a new file for every test. (The
    migrations themselves are tested on new files in tests/storage/test_migration_tables.py.)"""
    path = tmp_path_factory.mktemp("template") / "village.db"

    async def make() -> None:
        engine = make_engine(f"sqlite:///{path}")
        await migrate(engine)
        await engine.dispose()

    asyncio.run(make())
    # Closing the last connection folds the write-ahead log into the file: one file to copy.
    assert not path.with_name("village.db-wal").exists()
    return path


def migrated_copy(template: Path, path: Path) -> Path:
    shutil.copyfile(template, path)
    return path


def _engine_of(backend: str, tmp_path: Path, migrated_sqlite: Path) -> AsyncEngine:
    """A migrated database: a SQLite file of the test's own, or the PostgreSQL suite's."""
    if backend == "sqlite":
        return make_engine(f"sqlite:///{migrated_copy(migrated_sqlite, tmp_path / 'village.db')}")
    return make_engine(POSTGRES_URL)


@pytest.fixture
async def engine(backend: str, tmp_path: Path, migrated_sqlite: Path) -> AsyncIterator[AsyncEngine]:
    engine = _engine_of(backend, tmp_path, migrated_sqlite)
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
def sql_store(engine: AsyncEngine) -> SqlStore:
    """The store on each database; a folder whose tests play on memory (tests/discord) may
    still ask for this where a test is about what the databases keep."""
    return SqlStore(engine)


@pytest.fixture
def store(sql_store: SqlStore) -> SqlStore:
    return sql_store


@pytest.fixture(params=STORES)
async def any_store(
    request: pytest.FixtureRequest, tmp_path: Path, migrated_sqlite: Path
) -> AsyncIterator[Store]:
    """The store in memory, on SQLite and on PostgreSQL: for the tests of what the `Store`
    port promises through its methods, which every one of them must keep."""
    name: str = request.param
    if name == "memory":
        yield MemoryStore()
        return
    if name == "postgresql" and _postgres_problem:
        pytest.skip(f"PostgreSQL suite skipped: {_postgres_problem}")
    engine = _engine_of(name, tmp_path, migrated_sqlite)
    yield SqlStore(engine)
    await engine.dispose()


@pytest.fixture
async def sqlite_engine(tmp_path: Path, migrated_sqlite: Path) -> AsyncIterator[AsyncEngine]:
    """A migrated SQLite file of the test's own, for what only SQLite has."""
    engine = _engine_of("sqlite", tmp_path, migrated_sqlite)
    yield engine
    await engine.dispose()


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "village.db"
