"""A throw's few statements on PostgreSQL, run on the driver.

SQLAlchemy builds every statement of the store and lends every connection from its pool.
For the handful a throw sends (what it reads, its one write, the record of its reply
posted), it stops there: each is compiled once for asyncpg, and asyncpg runs it on a
connection taken from SQLAlchemy's pool. SQLAlchemy's execution layer (a `Connection`, an
execution context, result rows) costs twice the statement's own Python for each of them,
and a throw is little more than its statements (bench/README.md). Everything else in the
store stays on SQLAlchemy.

The engine's `before_cursor_execute` listeners hear these statements too (they are called
with the statement and its arguments, and no connection, cursor or context), so that what
counts the statements SQLAlchemy sends counts these as well.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from typing import Any, cast

import asyncpg
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

# PostgreSQL's classes of errors that end a connection (08) or the server's work (57P): the
# connection is not given back to the pool, which opens a new one.
_CONNECTION_STATES = ("08", "57P")


class Compiled:
    """A statement compiled for asyncpg: its text, and how its named parameters become the
    positional arguments asyncpg takes (in order, through each column type's own
    conversion: JSON serialized, times checked to be aware UTC)."""

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        compiled = cast(SQLCompiler, statement.compile(dialect=dialect))
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

    def arguments(self, params: Mapping[str, Any]) -> list[Any]:
        defaults = self._defaults
        values = []
        for name, convert in zip(self._order, self._convert, strict=True):
            value = params[name] if name in params else defaults[name]
            values.append(value if convert is None else convert(value))
        return values


_COMPILED: weakref.WeakKeyDictionary[Dialect, dict[int, tuple[ClauseElement, Compiled]]] = (
    weakref.WeakKeyDictionary()
)
"""Statements compiled for each engine's database, shared by every store on it."""


class Lane:
    """Statements run on a pooled connection's driver, each a transaction by itself."""

    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine
        self._dispatch = engine.sync_engine.dispatch
        self._compiled = _COMPILED.setdefault(engine.dialect, {})

    def compiled(self, statement: ClauseElement) -> Compiled:
        """The statement compiled once for the engine's database. Statements here are
        built once (at import, or one for each shape of throw), so they are kept by
        identity, with the statement itself so that its identity stays its own."""
        found = self._compiled.get(id(statement))
        if found is None:
            found = self._compiled[id(statement)] = (
                statement,
                Compiled(statement, self._engine.dialect),
            )
        return found[1]

    async def row(self, statement: ClauseElement, params: Mapping[str, Any]) -> Any:
        """The statement's first row (an `asyncpg.Record`), or None."""
        return await self._run(statement, params, fetch=True)

    async def execute(self, statement: ClauseElement, params: Mapping[str, Any]) -> None:
        await self._run(statement, params, fetch=False)

    async def _run(self, statement: ClauseElement, params: Mapping[str, Any], fetch: bool) -> Any:
        compiled = self.compiled(statement)
        arguments = compiled.arguments(params)
        if self._dispatch.before_cursor_execute:
            self._heard(compiled.sql, arguments)
        pooled = await self._engine.raw_connection()
        try:
            driver = cast(asyncpg.Connection, pooled.driver_connection)
            if fetch:
                return await driver.fetchrow(compiled.sql, *arguments)
            await driver.execute(compiled.sql, *arguments)
            return None
        except BaseException as error:
            if _ends_connection(error):
                # Closed at once, not given back: the pool opens a new one when needed.
                pooled.invalidate(error if isinstance(error, Exception) else None)
            raise
        finally:
            pooled.close()

    def _heard(self, sql: str, arguments: Sequence[Any]) -> None:
        for listener in self._dispatch.before_cursor_execute:
            listener(None, None, sql, arguments, None, False)


def _ends_connection(error: BaseException) -> bool:
    """Whether the connection can serve another statement after `error`: yes after an error
    of the statement itself (a key taken, a constraint), no after a lost connection, a
    timeout or a cancelled wait (the server may still be running the statement)."""
    if isinstance(error, asyncpg.PostgresError):
        state = getattr(error, "sqlstate", None) or ""
        return state.startswith(_CONNECTION_STATES)
    return True
