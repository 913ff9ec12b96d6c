"""Migration 0007 (every event keeps its codec version) on a database the release before it
filled, on SQLite and on PostgreSQL: every event it stored reads back as of version 1 and
decodes to the same game events, and the log stays sealed.

`data/release-0006.sqlite` was filled by the release at revision 0006 (commit 6005d84)
replaying six transcripts into one file, on the golden seeds: day_close, rollback,
ducks_a_whole_game, gleek_worked_example, regidice_defeat and regidice_solo (a Greed day
closed and another in play with rollbacks, a Ducks table finished, a Gleek table in play,
Regidice tables finished and in play).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.games.registry import GAMES
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.records import StoredEvent
from bot.village.stream import TABLE_TYPES, VILLAGE_TYPES, encoded, read_stream
from tests.storage.release import release_database
from tests.storage.test_migration_tables import _downgrade

DATA = Path(__file__).parent / "data"
RELEASE_DB = DATA / "release-0006.sqlite"
# Copied in this order, so that every foreign key finds its row.
TABLES = (
    "village",
    "village_day",
    "player",
    "game_table",
    "event",
    "message",
    "table_score",
    "outbox",
)
AT = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
"""When a decoded event was recorded: no codec reads it."""
COLUMNS = "event_id, village_id, day, table_id, player_id, version, game, type, data, message_id"


@pytest.fixture(params=["sqlite", "postgresql"])
async def release(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    async with release_database(request.param, RELEASE_DB, "0006", TABLES, tmp_path) as db:
        yield db


async def events_of(engine: AsyncEngine) -> list[tuple[Any, ...]]:
    """Every event's columns of the release, in the order they were written."""
    async with engine.connect() as connection:
        rows = await connection.execute(sa.text(f"SELECT {COLUMNS} FROM event ORDER BY event_id"))
        return [(*row[:8], _json(row[8]), row[9]) for row in rows]


def _json(value: Any) -> dict[str, Any]:
    """A JSON column read by plain SQL: text on SQLite, already read on PostgreSQL."""
    found = json.loads(value) if isinstance(value, str) else value
    assert isinstance(found, dict)
    return found


def game_events(events: list[tuple[Any, ...]]) -> dict[tuple[int, int, int], object]:
    """The game events of every table, decoded as the village reads a stored event of the
    first version, by village, table and version."""
    decoded: dict[tuple[int, int, int], object] = {}
    for _, village, day, table, player, version, game, kind, data, message in events:
        if table is None or kind in TABLE_TYPES or kind in VILLAGE_TYPES:
            continue
        stored = StoredEvent(village, day, player, version, game, kind, data, message, AT, table)
        decoded[village, table, version] = GAMES[game].codec.decode(encoded(stored))
    return decoded


async def test_the_release_database_is_at_0006_with_every_game(tmp_path: Path) -> None:
    kept = release_database("sqlite", RELEASE_DB, "0006", TABLES, tmp_path)
    async with kept as engine, engine.connect() as connection:
        version = await connection.scalar(sa.text("SELECT version_num FROM alembic_version"))
        games = set(await connection.scalars(sa.text("SELECT DISTINCT game FROM game_table")))
    assert version == "0006"
    assert games == set(GAMES)


async def test_every_event_reads_back_of_version_1_and_decodes_as_before(
    release: AsyncEngine,
) -> None:
    before = await events_of(release)
    decoded = game_events(before)
    assert {GAMES[e[6]].key for e in before if (e[1], e[3], e[5]) in decoded} == set(GAMES)
    await migrate(release)
    assert await events_of(release) == before
    store = SqlStore(release)
    async with release.connect() as connection:
        tables = (
            await connection.execute(sa.text("SELECT village_id, table_id FROM game_table"))
        ).all()
    assert len(tables) == len({(e[1], e[3]) for e in before if e[3] is not None})
    after: dict[tuple[int, int, int], object] = {}
    for village_id, table_id in tables:
        table = await store.get_table(village_id, table_id)
        assert table is not None
        events = await store.load_table(village_id, table_id)
        assert {e.codec for e in events} == {1}
        game = GAMES[table.game]
        for e in events:
            if e.type not in TABLE_TYPES and e.type not in VILLAGE_TYPES:
                after[village_id, table_id, e.version] = game.codec.decode(encoded(e))
        # The village reads every table as it did: its whole stream, rollbacks and all.
        read_stream(game, table.settings, events, len(table.seats))
    for village_id in await store.village_ids():
        assert {e.codec for e in await store.load_stream(village_id, 1, 0)} == {1}
    assert after == decoded
    async with release.connect() as connection:
        codecs = set(await connection.scalars(sa.text("SELECT DISTINCT codec FROM event")))
    assert codecs == {1}


async def test_the_log_stays_sealed_after_0007(release: AsyncEngine) -> None:
    await migrate(release)
    for statement in ("UPDATE event SET codec = 2", "DELETE FROM event"):
        with pytest.raises(sa.exc.DBAPIError, match="append-only"):
            async with release.begin() as connection:
                await connection.execute(sa.text(statement))
    async with release.connect() as connection:
        assert set(await connection.scalars(sa.text("SELECT DISTINCT codec FROM event"))) == {1}


async def test_0007_goes_down_and_up_again(release: AsyncEngine) -> None:
    before = await events_of(release)
    await migrate(release)
    await _downgrade(release, "0006")
    async with release.connect() as connection:
        columns = await connection.run_sync(
            lambda sync: [c["name"] for c in sa.inspect(sync).get_columns("event")]
        )
    assert "codec" not in columns
    assert await events_of(release) == before
    with pytest.raises(sa.exc.DBAPIError, match="append-only"):
        async with release.begin() as connection:
            await connection.execute(sa.text("DELETE FROM event"))
    await migrate(release)
    async with release.connect() as connection:
        assert set(await connection.scalars(sa.text("SELECT DISTINCT codec FROM event"))) == {1}
