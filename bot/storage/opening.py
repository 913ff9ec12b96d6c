"""The one way into storage: `open_store(url)` gives the village's store at a URL, ready to
use, and closes it when the caller is done. Nothing outside `bot/storage` builds a store or
names a store class: the console, the replay, the Discord bot and the command line all come
in here, so a new store (or a change in how one is opened) is made in one place."""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from contextlib import ExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event

from bot.storage.engine import make_engine
from bot.storage.memory import MemoryStore
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.ports import Clock, Store

MEMORY = "memory:"
"""The URL of a store kept in memory, with no database at all (`MemoryStore`, which keeps
what a database keeps until the process ends): what the tests of rules and text replay on."""


@asynccontextmanager
async def open_store(
    url: str | None,
    *,
    clock: Clock | None = None,
    migrated: bool = True,
    failures: list[BaseException] | None = None,
) -> AsyncIterator[Store]:
    """The village's store at `url`, closed on leaving.

    `MEMORY`: kept in memory, its writes timed by `clock`. None: a SQLite file of its own,
    removed on leaving (a replay that keeps nothing). Any other URL: that database, its schema
    first brought up to date, unless `migrated` is False (a command that never writes, or
    never connects). `failures` collects each error the database raised, as it raised it (the
    village answers a failed write with "try again"; a replay says what failed)."""
    if url == MEMORY:
        yield MemoryStore(clock)
        return
    with ExitStack() as stack:
        if url is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="greedbot-"))
            url = f"sqlite:///{Path(folder) / 'village.db'}"
        engine = make_engine(url)
        if failures is not None:
            kept = failures

            def remember(context: Any) -> None:
                kept.append(context.original_exception)

            event.listen(engine.sync_engine, "handle_error", remember)
        try:
            if migrated:
                await migrate(engine)
            yield SqlStore(engine)
        finally:
            await engine.dispose()
