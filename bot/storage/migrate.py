"""Running the Alembic migrations from the program (on start, and `greedbot migrate`)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config() -> Config:
    if not (MIGRATIONS / "env.py").exists():
        raise RuntimeError(f"the migrations are missing from {MIGRATIONS}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the schema up to `revision` over the engine's own connection."""
    config = alembic_config()

    def upgrade(connection: Connection) -> None:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    async with engine.begin() as connection:
        await connection.run_sync(upgrade)
