"""A throw's few statements, and the store's bulk reads, run on the driver.

SQLAlchemy builds every statement of the store and lends every connection from its pool.
For the handful a throw sends (what it reads, its writes, the record of its reply posted),
the village and day every move reads, and the bulk reads of a day's close (the day's
events, every score row's points), it stops there: each is compiled once for the engine's
database, and the driver (asyncpg, aiosqlite) runs it on a connection taken from
SQLAlchemy's pool. SQLAlchemy's execution layer (a `Connection` or a session, an execution
context, result rows) cost twice a statement's own Python for each of them, and a throw is
little more than its statements (bench/README.md). Everything else in the store stays on
SQLAlchemy.

Values go through each column type's own conversion both ways, as SQLAlchemy would convert
them: JSON serialized, times checked to be aware UTC (and, on SQLite, kept as text).

The engine's `before_cursor_execute` listeners hear these statements too (they are called
with the statement and its arguments, and no connection, cursor or context), so that what
counts the statements SQLAlchemy sends counts these as well.
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
import weakref
from asyncio import CancelledError
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from typing import Any, Protocol, cast

import asyncpg
from sqlalchemy import Table, bindparam
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql import ClauseElement, Executable
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.util import greenlet_spawn

Row = dict[str, Any]

DURABLE = "FULL"
"""SQLite's `synchronous` for every commit but a reply's record: each waits for the disk."""
UNHURRIED = "NORMAL"
"""SQLite's `synchronous` for a reply's record (see `Lane.transaction`)."""

# PostgreSQL's classes of errors that end a connection (08) or the server's work (57P): the
# connection is not given back to the pool, which opens a new one.
_CONNECTION_STATES = ("08", "57P")


class Compiled:
    """A statement compiled for one database: its text, how its named parameters become
    the positional arguments the driver takes, and how a row it returns is read back."""

    def __init__(self, statement: Executable, dialect: Dialect) -> None:
        compiled = cast(SQLCompiler, cast(ClauseElement, statement).compile(dialect=dialect))
        if any(bind.expanding for bind in compiled.binds.values()):
            # An `IN` of a list is written out anew for each list: a statement built for one
            # call, which the lane does not take (it keeps what it compiled for good).
            raise ValueError("the lane runs statements built once, with no IN of a list")
        self.sql = compiled.string
        names = compiled.positiontup or []
        # The values of binds the statement carries itself (a LIMIT, a literal).
        self._defaults = {
            name: bind.effective_value for name, bind in compiled.binds.items() if not bind.required
        }
        self._order = tuple(names)
        self._convert = tuple(
            compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in names
        )
        returned = list(getattr(statement, "exported_columns", ()))
        self._columns = tuple(column.key for column in returned)
        processors = [
            column.type.dialect_impl(dialect).result_processor(dialect, None) for column in returned
        ]
        self._read: tuple[tuple[int, Callable[[Any], Any]], ...] = tuple(
            (place, processor) for place, processor in enumerate(processors) if processor
        )

    def arguments(self, params: Mapping[str, Any]) -> list[Any]:
        defaults = self._defaults
        values = []
        for name, convert in zip(self._order, self._convert, strict=True):
            value = params[name] if name in params else defaults[name]
            values.append(value if convert is None else convert(value))
        return values

    def row(self, values: Iterable[Any]) -> Row:
        """A returned row by column name, from the driver's record (asyncpg) or tuple
        (SQLite): both give the values in the statement's column order."""
        return dict(zip(self._columns, self.values(values), strict=True))

    def values(self, values: Iterable[Any]) -> tuple[Any, ...]:
        """A returned row's values in the statement's column order, each as its column's
        type reads it."""
        read = tuple(values)
        if not self._read:
            return read
        changed = list(read)
        for place, processor in self._read:
            changed[place] = processor(changed[place])
        return tuple(changed)


_COMPILED: weakref.WeakKeyDictionary[Dialect, dict[int, tuple[Executable, Compiled]]] = (
    weakref.WeakKeyDictionary()
)
"""Statements compiled for each engine's database, shared by every store on it."""
_WRITERS: weakref.WeakKeyDictionary[Engine, asyncio.Lock] = weakref.WeakKeyDictionary()
"""The queue of each SQLite database's writers in this process (see `Lane`)."""


def compiled_statements(engine: AsyncEngine) -> int:
    """How many statements this process has compiled for the engine's database. Each kind
    of write is built and compiled once, so this stops growing once every kind has been
    written (a statement built anew for every write would be compiled and kept anew)."""
    return len(_COMPILED.get(engine.dialect, {}))


class Lane:
    """Statements run on a pooled connection's driver: each a transaction by itself, or
    several in one (`transaction`)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._dialect = engine.dialect
        self._dispatch = engine.sync_engine.dispatch
        self._compiled = _COMPILED.setdefault(engine.dialect, {})
        self.dialect = engine.dialect.name
        self._sqlite = self.dialect == "sqlite"
        # SQLite takes one writer at a time, and a writer that finds the file locked sleeps
        # in growing steps before it tries again (its busy handler): a burst of throws made
        # some wait a second. The process's own writes on the lane queue here instead, in
        # order, each waiting only for the commit before it.
        self._writes = (
            _WRITERS.setdefault(engine.sync_engine, asyncio.Lock()) if self._sqlite else None
        )

    def compiled(self, statement: Executable) -> Compiled:
        """The statement compiled once for the engine's database. Statements here are
        built once (at import, or one for each shape of throw), so they are kept by
        identity, with the statement itself so that its identity stays its own."""
        found = self._compiled.get(id(statement))
        if found is None:
            found = self._compiled[id(statement)] = (
                statement,
                Compiled(statement, self._dialect),
            )
        return found[1]

    async def row(self, statement: Executable, params: Mapping[str, Any]) -> Row | None:
        """The first row of one statement, a transaction by itself; None if it has none."""
        async with self._connection() as run:
            return await run.row(statement, params)

    async def tuples(
        self, statement: Executable, params: Mapping[str, Any]
    ) -> list[tuple[Any, ...]]:
        """Every row of one statement, a transaction by itself, as `Statements.tuples`."""
        async with self._connection() as run:
            return await run.tuples(statement, params)

    def within(self, pooled: PoolProxiedConnection) -> Statements:
        """Statements on a connection SQLAlchemy holds in a transaction of its own (a unit
        of work's), neither begun nor ended here: for the unit's reads, which then see
        what the unit wrote. (A write here could run before SQLAlchemy has begun the
        unit's transaction: the unit writes through SQLAlchemy.)"""
        if self._sqlite:
            return _SqliteStatements(self, pooled, transaction=True)
        return _PostgresStatements(self, pooled, transaction=True)

    async def execute(self, statement: Executable, params: Mapping[str, Any]) -> int:
        """One write, a transaction by itself: the rows it changed."""
        async with self._writing(), self._connection() as run:
            return await run.execute(statement, params)

    @asynccontextmanager
    async def transaction(self, *, durable: bool = True) -> AsyncIterator[Statements]:
        """Statements on one connection, committed together at the end of the block,
        rolled back if it raises. Not `durable` (SQLite): committed without waiting for the
        disk, for a record the bot survives losing (as PostgreSQL's `synchronous_commit`
        off does for one statement)."""
        async with self._writing(), self._connection(True, durable) as run:
            yield run

    def _writing(self) -> AbstractAsyncContextManager[Any]:
        return self._writes if self._writes is not None else nullcontext()

    @asynccontextmanager
    async def _connection(
        self, transaction: bool = False, durable: bool = True
    ) -> AsyncIterator[_DriverStatements]:
        pooled = await self._engine.raw_connection()
        run: _DriverStatements = (
            _SqliteStatements(self, pooled, transaction, durable)
            if self._sqlite
            else _PostgresStatements(self, pooled, transaction)
        )
        try:
            await run.begin()
            yield run
            await run.commit()
        except BaseException as error:
            if _ends_connection(error) or not await _rolled_back(run):
                # Closed at once, not given back: the pool opens a new one when needed.
                await greenlet_spawn(
                    pooled.invalidate, error if isinstance(error, Exception) else None
                )
            raise
        finally:
            # Never given back unhurried: what the connection commits next must wait for
            # the disk (or it is closed instead).
            if not await run.durable_again():
                await greenlet_spawn(pooled.invalidate, None)
            # Given back as SQLAlchemy gives back its own (its reset may wait on the driver).
            await greenlet_spawn(pooled.close)

    def heard(self, compiled: Compiled, arguments: Sequence[Any], many: bool = False) -> None:
        """Tell the engine's statement listeners (what counts statements)."""
        if self._dispatch.before_cursor_execute:
            for listener in self._dispatch.before_cursor_execute:
                listener(None, None, compiled.sql, arguments, None, many)


class Statements(Protocol):
    """Statements run one after another, in a transaction or each alone: on the driver
    (the lane's), or on a SQLAlchemy connection inside a unit of work."""

    dialect: str
    """The database's name in SQLAlchemy (`postgresql`, `sqlite`)."""

    async def row(self, statement: Executable, params: Mapping[str, Any]) -> Row | None:
        """The statement's first row by column name, None if it has none."""

    async def tuples(
        self, statement: Executable, params: Mapping[str, Any]
    ) -> list[tuple[Any, ...]]:
        """Every row's values in the statement's column order: a bulk read's cheapest form."""

    async def execute(self, statement: Executable, params: Mapping[str, Any]) -> int:
        """A write: the rows it changed."""

    async def write(self, statement: Executable, params: Mapping[str, Any]) -> None:
        """A write whose count no one reads. In a transaction a runner may send it with
        the next statement or the commit (SQLite's, in the same trip to its thread): what
        it raises then comes from that statement, or from the commit."""

    async def execute_many(
        self, statement: Executable, params: Sequence[Mapping[str, Any]]
    ) -> None:
        """The same write for each of `params` (sent as `write` is)."""

    async def insert_returning(
        self, table: Table, rows: Sequence[Mapping[str, Any]], returning: tuple[str, ...]
    ) -> list[Row]:
        """`rows` inserted into `table`, giving back the `returning` columns of each, in no
        promised order: each runner writes many rows its own cheapest way."""


class ConnectionStatements:
    """`Statements` on a SQLAlchemy connection, in its transaction (a unit of work's)."""

    def __init__(self, connection: AsyncConnection) -> None:
        self._connection = connection
        self.dialect = connection.dialect.name

    async def row(self, statement: Executable, params: Mapping[str, Any]) -> Row | None:
        found = (await self._connection.execute(statement, dict(params))).first()
        return None if found is None else dict(found._mapping)

    async def tuples(
        self, statement: Executable, params: Mapping[str, Any]
    ) -> list[tuple[Any, ...]]:
        result = await self._connection.execute(statement, dict(params))
        return [tuple(found) for found in result]

    async def execute(self, statement: Executable, params: Mapping[str, Any]) -> int:
        result = await self._connection.execute(statement, dict(params))
        return int(getattr(result, "rowcount", 0))

    async def write(self, statement: Executable, params: Mapping[str, Any]) -> None:
        await self._connection.execute(statement, dict(params))

    async def execute_many(
        self, statement: Executable, params: Sequence[Mapping[str, Any]]
    ) -> None:
        await self._connection.execute(statement, [dict(p) for p in params])

    async def insert_returning(
        self, table: Table, rows: Sequence[Mapping[str, Any]], returning: tuple[str, ...]
    ) -> list[Row]:
        # SQLAlchemy sends many rows with RETURNING in batches of its own ("insertmanyvalues").
        statement = table.insert().returning(*(table.c[name] for name in returning))
        result = await self._connection.execute(statement, [dict(row) for row in rows])
        return [dict(found._mapping) for found in result]


class _DriverStatements:
    """Statements on one pooled connection's driver."""

    def __init__(self, lane: Lane, pooled: PoolProxiedConnection, transaction: bool) -> None:
        self._lane = lane
        self._transaction = transaction
        self._driver: Any = pooled.driver_connection
        self.dialect = lane.dialect

    async def row(self, statement: Executable, params: Mapping[str, Any]) -> Row | None:
        raise NotImplementedError

    async def rows(self, statement: Executable, params: Mapping[str, Any]) -> list[Row]:
        compiled = self._lane.compiled(statement)
        return [compiled.row(values) for values in await self._fetch(statement, params)]

    async def tuples(
        self, statement: Executable, params: Mapping[str, Any]
    ) -> list[tuple[Any, ...]]:
        compiled = self._lane.compiled(statement)
        return [compiled.values(values) for values in await self._fetch(statement, params)]

    async def _fetch(self, statement: Executable, params: Mapping[str, Any]) -> list[Any]:
        """The driver's rows of a statement."""
        raise NotImplementedError

    async def execute(self, statement: Executable, params: Mapping[str, Any]) -> int:
        raise NotImplementedError

    async def write(self, statement: Executable, params: Mapping[str, Any]) -> None:
        await self.execute(statement, params)

    async def execute_many(
        self, statement: Executable, params: Sequence[Mapping[str, Any]]
    ) -> None:
        raise NotImplementedError

    async def insert_returning(
        self, table: Table, rows: Sequence[Mapping[str, Any]], returning: tuple[str, ...]
    ) -> list[Row]:
        # One statement of as many VALUES rows (built once for each count: a throw keeps
        # one or two replies).
        statement = _insert_rows(table, len(rows), tuple(rows[0]), returning)
        params = {f"r{n}_{key}": value for n, row in enumerate(rows) for key, value in row.items()}
        return await self.rows(statement, params)

    async def begin(self) -> None:
        pass

    async def commit(self) -> None:
        pass

    async def rollback(self) -> None:
        pass

    async def durable_again(self) -> bool:
        """Commits wait for the disk again: False when that could not be made so."""
        return True

    def _prepared(
        self, statement: Executable, params: Mapping[str, Any]
    ) -> tuple[Compiled, list[Any]]:
        compiled = self._lane.compiled(statement)
        arguments = compiled.arguments(params)
        self._lane.heard(compiled, arguments)
        return compiled, arguments

    def _prepared_many(
        self, statement: Executable, params: Sequence[Mapping[str, Any]]
    ) -> tuple[Compiled, list[list[Any]]]:
        compiled = self._lane.compiled(statement)
        rows = [compiled.arguments(p) for p in params]
        self._lane.heard(compiled, rows, many=True)
        return compiled, rows


class _PostgresStatements(_DriverStatements):
    """asyncpg: a statement alone is a transaction by itself; several are inside BEGIN and
    COMMIT."""

    def __init__(self, lane: Lane, pooled: PoolProxiedConnection, transaction: bool) -> None:
        super().__init__(lane, pooled, transaction)
        self._open: Any = None

    async def row(self, statement: Executable, params: Mapping[str, Any]) -> Row | None:
        compiled, arguments = self._prepared(statement, params)
        found = await cast(asyncpg.Connection, self._driver).fetchrow(compiled.sql, *arguments)
        return None if found is None else compiled.row(found)

    async def _fetch(self, statement: Executable, params: Mapping[str, Any]) -> list[Any]:
        compiled, arguments = self._prepared(statement, params)
        return list(await cast(asyncpg.Connection, self._driver).fetch(compiled.sql, *arguments))

    async def execute(self, statement: Executable, params: Mapping[str, Any]) -> int:
        compiled, arguments = self._prepared(statement, params)
        status = await cast(asyncpg.Connection, self._driver).execute(compiled.sql, *arguments)
        # "UPDATE 1", "INSERT 0 3": the count of rows comes last.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def execute_many(
        self, statement: Executable, params: Sequence[Mapping[str, Any]]
    ) -> None:
        compiled, rows = self._prepared_many(statement, params)
        await cast(asyncpg.Connection, self._driver).executemany(compiled.sql, rows)

    async def begin(self) -> None:
        if self._transaction:
            self._open = cast(asyncpg.Connection, self._driver).transaction()
            await self._open.start()

    async def commit(self) -> None:
        if self._open is not None:
            await self._open.commit()
            self._open = None

    async def rollback(self) -> None:
        if self._open is not None:
            await self._open.rollback()
            self._open = None


class _SqliteStatements(_DriverStatements):
    """aiosqlite: SQLite runs on the connection's own thread, and every call is a trip
    there and back (`_on_thread`), about 80 µs on a 2-core machine, as much as a statement
    itself. The driver's own calls take two for a statement (its cursor is closed in a
    second trip): a throw took twelve, all inside the one write lock. Here a statement is
    one trip; what must come first (a `PRAGMA`, `BEGIN IMMEDIATE`) and the writes whose
    count no one reads (`write`, `execute_many`) wait for the next statement or the commit
    and go in its trip; the `PRAGMA` that follows a commit goes with the commit. A
    later throw on the console is two trips: its table's move, then its writes and the
    commit."""

    def __init__(
        self,
        lane: Lane,
        pooled: PoolProxiedConnection,
        transaction: bool,
        durable: bool = True,
    ) -> None:
        super().__init__(lane, pooled, transaction)
        self._durable = durable
        self._unhurried = False
        self._waiting: list[_Waiting] = []
        """What runs before the next statement, or before the commit, in its trip."""
        self._wrote = False
        """Whether a statement ran or waits: there is something to commit."""
        self._deferring = False
        """Whether writes may wait for the commit: only in a transaction the lane itself
        begins and ends (not in a unit's, `Lane.within`, whose commit is SQLAlchemy's)."""

    async def row(self, statement: Executable, params: Mapping[str, Any]) -> Row | None:
        found = await self.rows(statement, params)
        return found[0] if found else None

    async def _fetch(self, statement: Executable, params: Mapping[str, Any]) -> list[Any]:
        compiled, arguments = self._prepared(statement, params)
        return (await self._run((compiled.sql, arguments, False)))[1]

    async def execute(self, statement: Executable, params: Mapping[str, Any]) -> int:
        compiled, arguments = self._prepared(statement, params)
        return (await self._run((compiled.sql, arguments, False)))[0]

    async def write(self, statement: Executable, params: Mapping[str, Any]) -> None:
        compiled, arguments = self._prepared(statement, params)
        await self._later((compiled.sql, arguments, False))

    async def execute_many(
        self, statement: Executable, params: Sequence[Mapping[str, Any]]
    ) -> None:
        compiled, rows = self._prepared_many(statement, params)
        await self._later((compiled.sql, rows, True))

    async def begin(self) -> None:
        if not self._durable:
            # In WAL mode NORMAL syncs the log at checkpoints, not at every commit: a power
            # loss may lose the last commits, a crash of the process none. (Set outside a
            # transaction, as SQLite wants: until `durable_again`, on this connection.)
            self._waiting.append((f"PRAGMA synchronous={UNHURRIED}", (), False))
            self._unhurried = True
        if self._transaction:
            # Several statements are a write: the write lock is taken at once (waiting as
            # long as the engine's lock wait), so that no other writer's commit makes what
            # the first statements read stale by the last.
            self._waiting.append(("BEGIN IMMEDIATE", (), False))
            self._deferring = True

    async def commit(self) -> None:
        if not self._wrote:
            # No statement ran: nothing was begun, nothing set.
            self._waiting.clear()
            self._unhurried = False
            return
        if not self._transaction and not self._unhurried:
            return  # each statement alone committed in its own trip
        waiting, self._waiting = self._waiting, []
        durable = await _on_thread(self._driver, _commit, waiting, self._unhurried)
        self._unhurried = not durable

    async def rollback(self) -> None:
        self._waiting.clear()
        await _on_thread(self._driver, _rollback)

    async def durable_again(self) -> bool:
        if not self._unhurried:
            return True
        try:
            await _on_thread(self._driver, _run_all, [(f"PRAGMA synchronous={DURABLE}", (), False)])
        except Exception:
            return False
        self._unhurried = False
        return True

    async def _later(self, statement: _Waiting) -> None:
        """A write sent with the next statement or the commit; at once outside a
        transaction of the lane's own (a statement alone, or within a unit's)."""
        if not self._deferring:
            await self._run(statement)
            return
        self._wrote = True
        self._waiting.append(statement)

    async def _run(self, statement: _Waiting) -> tuple[int, list[Any]]:
        self._wrote = True
        waiting, self._waiting = self._waiting, []
        return cast(
            tuple[int, list[Any]],
            await _on_thread(self._driver, _statement, waiting, statement, not self._transaction),
        )


_Waiting = tuple[str, Sequence[Any], bool]
"""A statement for SQLite's thread: its text, its arguments (a list of them if many), and
whether it runs once for each of many."""


async def _on_thread(driver: Any, work: Callable[..., Any], *args: Any) -> Any:
    """`work(sqlite3_connection, *args)` run on the aiosqlite connection's own thread, in
    one trip. aiosqlite offers no public call for this (only one statement, or one
    statement and then its cursor's close, a trip each): `_execute` queues a call on its
    thread, `_conn` is the connection it holds there (aiosqlite 0.19 to 0.22; the SQLite
    suite fails at once if either goes)."""
    return await driver._execute(lambda: work(driver._conn, *args))


def _statement(
    connection: sqlite3.Connection, waiting: list[_Waiting], statement: _Waiting, alone: bool
) -> tuple[int, list[Any]]:
    """On SQLite's thread: what waits, the statement, and its commit if `alone`. Gives
    the rows it changed and the rows it returned."""
    _run_all(connection, waiting)
    changed, rows = _one(connection, statement)
    if alone and connection.in_transaction:
        # The driver began a transaction before the write: a statement alone commits.
        connection.commit()
    return changed, rows


def _one(connection: sqlite3.Connection, statement: _Waiting) -> tuple[int, list[Any]]:
    sql, arguments, many = statement
    cursor = connection.executemany(sql, arguments) if many else connection.execute(sql, arguments)
    try:
        rows = cursor.fetchall()
        return cursor.rowcount, rows
    finally:
        cursor.close()


def _run_all(connection: sqlite3.Connection, statements: list[_Waiting]) -> None:
    for statement in statements:
        _one(connection, statement)


def _commit(connection: sqlite3.Connection, waiting: list[_Waiting], restore: bool) -> bool:
    """What waits, the commit, then waiting for the disk again if `restore`: whether
    commits do (a failure to restore is not the commit's: `durable_again` tries once more,
    or drops the connection)."""
    _run_all(connection, waiting)
    if connection.in_transaction:
        connection.commit()
    if not restore:
        return True
    try:
        _run_all(connection, [(f"PRAGMA synchronous={DURABLE}", (), False)])
    except sqlite3.Error:
        return False
    return True


def _rollback(connection: sqlite3.Connection) -> None:
    if connection.in_transaction:
        connection.rollback()


async def _rolled_back(run: _DriverStatements) -> bool:
    try:
        await run.rollback()
    except Exception:
        return False
    return True


def _ends_connection(error: BaseException) -> bool:
    """Whether `error` leaves the connection unfit for another statement: a lost
    connection, a timeout or a cancelled wait (the database may still be running the
    statement). After anything else (a key taken, a constraint, SQLite's lock, a guard of
    the caller's that wrote nothing) it is rolled back and serves again."""
    if isinstance(error, asyncpg.PostgresError):
        state = getattr(error, "sqlstate", None) or ""
        return state.startswith(_CONNECTION_STATES)
    return isinstance(
        error,
        # asyncpg's own state out of step with the server (`errors.unavailable`) too.
        asyncpg.InterfaceError
        | asyncpg.InternalClientError
        | OSError
        | TimeoutError
        | CancelledError,
    )


@functools.cache
def _insert_rows(
    table: Table, count: int, columns: tuple[str, ...], returning: tuple[str, ...]
) -> Executable:
    """An insert of `count` rows of `columns`, from parameters `r{n}_{column}`."""
    rows = [
        {key: bindparam(f"r{n}_{key}", type_=table.c[key].type) for key in columns}
        for n in range(count)
    ]
    return table.insert().values(rows).returning(*(table.c[name] for name in returning))
