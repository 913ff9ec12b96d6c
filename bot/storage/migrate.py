"""Running the Alembic migrations from the program (on start, and `greedbot migrate`)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
# PostgreSQL's insufficient_privilege.
_NOT_ALLOWED = "42501"


class SchemaBehindError(Exception):
    """The schema needs migrations that this database role may not run: one line."""


def alembic_config() -> Config:
    if not (MIGRATIONS / "env.py").exists():
        raise RuntimeError(f"the migrations are missing from {MIGRATIONS}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the schema up to `revision` over the engine's own connection.

    A schema already at the head is only read (the bot's own role may not change it); one
    that is behind, with a role that may not change it, raises `SchemaBehindError`."""
    config = alembic_config()

    def upgrade(connection: Connection) -> None:
        heads = set(ScriptDirectory.from_config(config).get_heads())
        current = set(MigrationContext.configure(connection).get_current_heads())
        if revision == "head" and current == heads:
            return
        config.attributes["connection"] = connection
        try:
            command.upgrade(config, revision)
        except DBAPIError as error:
            if getattr(error.orig, "sqlstate", None) != _NOT_ALLOWED:
                raise
            raise SchemaBehindError(
                f"the database schema is at {', '.join(sorted(current)) or 'nothing'} and "
                f"this greedbot needs {', '.join(sorted(heads))}, which this database role "
                f"may not make ({error.orig}): run greedbot migrate as the owner"
            ) from None

    async with engine.begin() as connection:
        await connection.run_sync(upgrade)
