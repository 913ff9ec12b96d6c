"""The database of a command: its URL checked before use, and whatever goes wrong with it
told in one line (exit code 3; a malformed URL is a usage error, 2)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.errors import CliError, DatabaseError, one_line

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

    from bot.config import Settings

BACKENDS = ("postgresql", "sqlite")
_EXAMPLE = "postgresql://USER@HOST/DATABASE or sqlite:///PATH"
# Text of the errors that mean the schema is missing: not migrated (yet).
_NO_TABLE = ("no such table", "does not exist")


def checked_url(url: str, source: str = "--db") -> str:
    """`url` if greedbot can use it, else a one-line usage error naming `source` (where the
    URL came from). The URL itself is not repeated: it may hold a password."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from bot.config import EXAMPLE_PASSWORD
    from bot.storage.engine import async_url

    try:
        parsed = make_url(async_url(url))
        backend = parsed.get_backend_name()
        if backend not in BACKENDS:
            raise CliError(
                f"{source}: greedbot keeps its villages in PostgreSQL or SQLite, not {backend} "
                f"({_EXAMPLE})"
            )
        dialect = parsed.get_dialect()
        if not getattr(dialect, "is_async", False):
            raise CliError(
                f"{source}: the driver {parsed.drivername} does not work with asyncio; "
                f"leave it out ({_EXAMPLE})"
            )
        dialect.import_dbapi()
        if (parsed.password or "").startswith(EXAMPLE_PASSWORD):
            # Anyone who read .env.example knows it: a database nobody should keep a village in.
            raise CliError(
                f"{source}: the database password is still the placeholder of .env.example; "
                "choose a long random one in .env (letters and digits)"
            )
    except CliError:
        raise
    except ImportError as error:
        raise CliError(f"{source}: the database driver is not installed ({error})") from None
    except (ArgumentError, ValueError, TypeError) as error:
        reason = one_line(str(error)).split(";")[0] or type(error).__name__
        raise CliError(f"{source} is not a database URL ({reason}): write {_EXAMPLE}") from None
    return url


def safe(url: str) -> str:
    """The URL as it may be shown: without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def in_memory(url: str) -> bool:
    """A SQLite URL without a file (`sqlite://`, `sqlite:///`, `sqlite:///:memory:`)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for PostgreSQL and for an in-memory SQLite)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or in_memory(url):
        return None
    return Path(str(parsed.database))


def require_file(url: str) -> None:
    """A command that only reads must not make an empty SQLite database where none was."""
    path = sqlite_file(url)
    if path is not None and not path.is_file():
        what = "a folder" if path.is_dir() else "no file"
        raise DatabaseError(f"cannot use the database {safe(url)}: {what} at {path}")


def reason(error: BaseException) -> str:
    """What the database (or the network) said, in one line: the driver's own message
    rather than SQLAlchemy's (or the store's) wrapping of it."""
    from sqlalchemy.exc import DBAPIError

    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__
    driver: list[BaseException] = [
        e.orig for e in chain if isinstance(e, DBAPIError) and isinstance(e.orig, BaseException)
    ]
    # The driver's own words, else the first error that says anything.
    said = driver[0] if driver else next((e for e in chain if str(e).strip()), error)
    text = one_line(str(said).split("\n(Background on this error")[0])
    if not text:
        return "no answer in time" if isinstance(said, TimeoutError) else type(said).__name__
    return text


def _hint(text: str) -> str:
    lowered = text.lower()
    if any(marker in lowered for marker in _NO_TABLE) and (
        "table" in lowered or "relation" in lowered
    ):
        return f"{text} (is it greedbot's? run greedbot migrate --db URL first)"
    return text


@contextmanager
def database_errors(url: str | None, doing: str = "use") -> Iterator[None]:
    """Turn what the database layer raises inside the block into one line, exit code 3
    (`url` None: a replay's temporary database). Bugs (anything else) go through, and so
    does a closed pipe: the reader went away, not the database."""
    import asyncpg
    from sqlalchemy.exc import SQLAlchemyError

    from bot.village.ports import StoreError

    where = "the temporary database" if url is None else f"the database {safe(url)}"
    try:
        yield
    except (CliError, BrokenPipeError):
        raise
    except (
        StoreError,
        SQLAlchemyError,
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
        OSError,
        TimeoutError,
    ) as error:
        raise DatabaseError(f"cannot {doing} {where}: {_hint(reason(error))}") from error


async def check_writable(engine: AsyncEngine, url: str) -> None:
    """Raise DatabaseError when the database can be read but not written: a read-only SQLite
    file, a PostgreSQL standby or read-only session. An update of no row is a write to SQLite;
    PostgreSQL says whether its transactions are read-only."""
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    async with engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            transaction = await connection.begin()
            try:
                await connection.execute(
                    text("UPDATE alembic_version SET version_num = version_num WHERE 0 = 1")
                )
            except (SQLAlchemyError, OSError) as error:
                raise DatabaseError(
                    f"cannot write to the database {safe(url)}: {reason(error)}"
                ) from error
            finally:
                await transaction.rollback()
        else:
            read_only = await connection.scalar(text("SHOW transaction_read_only"))
            if str(read_only).lower() == "on":
                raise DatabaseError(
                    f"cannot write to the database {safe(url)}: it is read-only "
                    "(a standby, or default_transaction_read_only is on)"
                )
            missing = await _missing_privileges(connection)
            if missing:
                role = await connection.scalar(text("SELECT current_user"))
                raise DatabaseError(
                    f"cannot write to the database {safe(url)}: the role {role} may not "
                    f"{', '.join(missing[:3])}{' …' if len(missing) > 3 else ''} "
                    "(greedbot migrate --grant ROLE, run as the owner, gives it what it needs)"
                )


async def _missing_privileges(connection: AsyncConnection) -> list[str]:
    """What the bot does on PostgreSQL that the connected role may not (the privileges
    `greedbot migrate --grant` gives the bot's own role)."""
    from sqlalchemy import text

    from bot.storage.grants import TABLE_PRIVILEGES

    missing = []
    for table, privileges in TABLE_PRIVILEGES.items():
        for privilege in privileges:
            allowed = await connection.scalar(
                text("SELECT has_table_privilege(CAST(:table AS text), CAST(:privilege AS text))"),
                {"table": table, "privilege": privilege},
            )
            if not allowed:
                missing.append(f"{privilege} {table}")
    return missing


def load_settings() -> Settings:
    """The settings, or a one-line usage error naming the one that is wrong."""
    from pydantic import ValidationError

    from bot.config import Settings

    try:
        return Settings()
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"]) or "settings"
        raise CliError(f"{where}: {one_line(problem['msg'])}") from None


def database_url(given: str | None, settings: Settings | None = None) -> str:
    """The URL given with --db, else the settings' (DATABASE_URL, else the embedded SQLite),
    checked."""
    if given:
        return checked_url(given, "--db")
    return checked_url((settings or load_settings()).database(), "DATABASE_URL")


def database_place(given: str | None, settings: Settings | None = None) -> str:
    """`database_url`, for a command that keeps or reads villages. A SQLite file must be in
    a folder that exists: a mistyped path gets one line, and no folder is made for it. Only
    the embedded database (no --db, no DATABASE_URL) has its data folder made on first use.
    An in-memory SQLite is refused: gone when the command ends, it keeps nothing."""
    embedded: Path | None = None
    if given:
        url, source = checked_url(given, "--db"), "--db"
    else:
        settings = settings or load_settings()
        url, source = checked_url(settings.database(), "DATABASE_URL"), "DATABASE_URL"
        if not settings.database_url:
            embedded = settings.data_dir
    if in_memory(url):
        raise CliError(
            f"{source}: {url} is a database in memory, gone when greedbot ends; name a file "
            "(sqlite:///PATH)"
        )
    path = sqlite_file(url)
    if path is None or path.parent.is_dir():
        return url
    if embedded is not None:
        try:
            embedded.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DatabaseError(
                f"cannot make the data folder {embedded}: {reason(error)}"
            ) from error
        return url
    if path.parent.exists():
        raise CliError(f"{source}: {path.parent} is not a folder, so it cannot hold {path.name}")
    raise CliError(
        f"{source}: there is no folder {path.parent} for {path.name}; check the path, or make "
        "the folder first (greedbot makes none for a database)"
    )
