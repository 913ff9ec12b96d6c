"""What every part of the SQL store shares: its engine and the unit it may be bound to, how
a call runs (a transaction of its own, one statement on the driver, or its part of a unit),
and what a failure raises to the village."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager, contextmanager
from typing import Any, cast

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession, async_sessionmaker

from bot.storage.errors import key_taken, message_handled, unavailable
from bot.storage.lane import Lane
from bot.storage.marks import MarkBatches
from bot.storage.rows import Prefixed
from bot.village.ports import DuplicateMessage, StoreError, VersionConflict

_SQLITE_BUSY_SNAPSHOT = 517  # sqlite3.h: SQLITE_BUSY | (2 << 8)


class SqlBase:
    """The SQL store's parts (`SqlStore` puts them together and sets them up), and how each
    of its methods runs its statements."""

    engine: AsyncEngine
    _sessions: async_sessionmaker[AsyncSession]
    _bound: AsyncSession | None
    """The session of the unit this store is bound to; None outside a unit."""
    _autocommit: AsyncEngine
    _lane: Lane
    _marks: MarkBatches

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


def _rowcount(result: Any) -> int:
    return int(getattr(result, "rowcount", 0))


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)
