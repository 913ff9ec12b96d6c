"""Telling a database that cannot be used right now apart from a bug.

A database that is starting, stopping, restarting or out of connections must reach players as
"try again" (`StoreError`), never as an internal error: nothing was written either way.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator

import asyncpg
from sqlalchemy.exc import (
    DBAPIError,
    EmulatedDBAPIException,
    IntegrityError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout

# PostgreSQL's error classes for "not now": 08 connection exception, 53 insufficient
# resources (too many connections, disk full), 57P operator intervention (shutdown,
# starting up, crash), 58 system error (I/O).
_STATES = ("08", "53", "57P", "58")
# What SQLite says when its file cannot be used (locking is a version conflict instead).
_SQLITE = ("unable to open database", "disk i/o error", "database or disk is full")
_CLOSED = ("connection is closed", "connection was closed", "underlying connection is closed")


def _chain(error: BaseException, *, suppressed: bool = False) -> Iterator[BaseException]:
    """`error` and what caused it: the driver's error it wraps, its cause, and the error
    it was raised while handling (also where `raise … from None` hid it, if `suppressed`)."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [error]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        orig = getattr(current, "orig", None)
        todo += [
            orig if isinstance(orig, BaseException) else None,
            current.__cause__,
            None if current.__suppress_context__ and not suppressed else current.__context__,
        ]


# Only errors of the database layer are judged: a player's refusal or a bug raised while
# handling some earlier error must not pass for an outage.
_DATABASE_ERRORS = (
    SQLAlchemyError,
    # The drivers' errors as SQLAlchemy's async adapters raise them where it does not wrap
    # them itself (a new connection for the pool, refused while the server starts), and
    # the drivers' own, as statements on the driver raise them.
    EmulatedDBAPIException,
    sqlite3.Error,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    OSError,
    asyncio.TimeoutError,
    TimeoutError,
)


def unavailable(error: BaseException) -> bool:
    """Whether `error` (or what caused it) says the database cannot be used now."""
    if not isinstance(error, _DATABASE_ERRORS):
        return False
    for cause in _chain(error):
        if isinstance(cause, OSError | asyncio.TimeoutError | TimeoutError | PoolTimeout):
            return True
        if isinstance(cause, asyncpg.InternalClientError):
            # asyncpg out of step with its connection: seen when the server, shutting
            # down, ends a pooled connection while it reads the end of an earlier error
            # ("cannot switch to state 12; another operation (2) is in progress").
            return True
        if isinstance(cause, DBAPIError) and cause.connection_invalidated:
            return True
        state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
        if isinstance(state, str) and state.startswith(_STATES):
            return True
        text = str(cause).lower()
        if (
            isinstance(cause, OperationalError | InterfaceError)
            and "database is locked" not in text
        ):
            return True
        if any(marker in text for marker in (*_SQLITE, *_CLOSED)):
            return True
    return False


def key_taken(error: BaseException) -> bool:
    """Whether a write failed on a key or unique index another row holds (or another
    constraint): through SQLAlchemy, or from the driver itself."""
    return isinstance(
        error, IntegrityError | sqlite3.IntegrityError | asyncpg.IntegrityConstraintViolationError
    )


MESSAGE_KEY = "pk_message"
"""The message table's primary key (the schema's naming convention): taken, the message
was handled already."""


def message_handled(error: BaseException) -> bool:
    """Whether a write failed on the message table's key: the message was handled already
    (through SQLAlchemy, or from the driver itself)."""
    for cause in _chain(error):
        if getattr(cause, "constraint_name", None) == MESSAGE_KEY:
            return True  # asyncpg names the constraint
        if isinstance(cause, sqlite3.IntegrityError) and "failed: message." in str(cause):
            return True  # SQLite names the columns: "UNIQUE constraint failed: message.…"
    return False


_SQLITE_FOREIGN_KEY = 787  # sqlite3.h: SQLITE_CONSTRAINT | (3 << 8)
_FOREIGN_KEY_STATE = "23503"  # PostgreSQL's foreign_key_violation


def village_missing(error: BaseException) -> bool:
    """Whether a write failed on a foreign key: every one points at the village, so the
    write named a village there is not. Looked for behind what a path made of the refusal
    (a version conflict, a message handled), even where it hid its cause."""
    for cause in _chain(error, suppressed=True):
        if isinstance(cause, asyncpg.ForeignKeyViolationError):
            return True
        if getattr(cause, "sqlstate", None) == _FOREIGN_KEY_STATE:
            return True  # the driver's error as SQLAlchemy's adapter raises it
        if isinstance(cause, sqlite3.IntegrityError) and (
            getattr(cause, "sqlite_errorcode", None) == _SQLITE_FOREIGN_KEY
            or "foreign key constraint failed" in str(cause).lower()
        ):
            return True
    return False
