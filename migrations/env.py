"""Alembic environment: async engines, or a connection handed over by `greedbot migrate`."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from bot.config import Settings
from bot.storage.engine import make_engine
from bot.storage.tables import metadata

config = context.config


def run_with(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_online() -> None:
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        settings = Settings()
        url = settings.database()
        if not settings.database_url:
            # `alembic upgrade head` on the embedded database, as `greedbot migrate` would.
            settings.data_dir.mkdir(parents=True, exist_ok=True)
    engine = make_engine(url)
    async with engine.connect() as connection:
        await connection.run_sync(run_with)
        await connection.commit()
    await engine.dispose()


def run_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url") or Settings().database(),
        target_metadata=metadata,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
elif (shared := config.attributes.get("connection")) is not None:
    run_with(shared)
else:
    asyncio.run(run_online())
