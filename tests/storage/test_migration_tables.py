"""Migration 0003 (tables) on databases filled by the release before it: every throw, score
and export of those villages is unchanged, on SQLite and on PostgreSQL. Then 0005 (the
table counter) on the same databases: each village numbers on after its highest table; and
0006, which numbers players' day tables apart from the tables players open.

`data/release-0002.sqlite` was filled by replaying five transcripts with the 0002 release
(days open and closed, rollbacks and restores, variants, scripted and fair dice);
`data/release-0002.json` holds what that release exported for every day and its score rows.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.games.registry import DEFAULT
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.storage.tables import DAY_TABLES_FROM
from bot.village.chance import FairChance
from bot.village.clock import SystemClock
from bot.village.core import Core
from bot.village.day.record import day_record
from bot.village.records import (
    TABLE_SEATING,
    MessageRecord,
    NewEvent,
    PlayerDayRecord,
    PlayerRecord,
    StreamAppend,
    TableRecord,
)
from tests.storage.release import release_database

DATA = Path(__file__).parent / "data"
RELEASE_DB = DATA / "release-0002.sqlite"
EXPECTED: dict[str, Any] = json.loads((DATA / "release-0002.json").read_text(encoding="utf-8"))
# Copied in this order, so that every foreign key finds its row.
OLD_TABLES = ("village", "village_day", "player", "event", "message", "player_day", "outbox")


async def exported(engine: AsyncEngine) -> dict[str, Any]:
    store = SqlStore(engine)
    core = Core(store, SystemClock(), FairChance(), DEFAULT)
    found: dict[str, Any] = {}
    for village_id in await store.village_ids():
        village = await store.get_village(village_id)
        assert village is not None
        found[str(village_id)] = {
            "days": [await day_record(core, village, d) for d in range(1, village.day + 1)],
            "scores": [
                [r.day, r.player_id, r.points, list(r.turns), r.finished, r.ended_message_id]
                for r in await store.player_days(village_id)
            ],
        }
    return json.loads(json.dumps(found, sort_keys=True))


async def events_of(engine: AsyncEngine) -> list[tuple[Any, ...]]:
    async with engine.connect() as connection:
        rows = await connection.execute(
            sa.text(
                "SELECT event_id, village_id, day, player_id, version, game, type, data,"
                " message_id FROM event ORDER BY event_id"
            )
        )
        return [(*row[:7], json.dumps(row[7], sort_keys=True), row[8]) for row in rows]


@pytest.fixture
async def release_sqlite(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    path = tmp_path / "village.db"
    shutil.copy(RELEASE_DB, path)
    engine = make_engine(f"sqlite:///{path}")
    yield engine
    await engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
async def release(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """The release database on SQLite (a copy of the file), or on PostgreSQL: a schema of
    its own at revision 0002, filled with the file's rows."""
    async with release_database(request.param, RELEASE_DB, "0002", OLD_TABLES, tmp_path) as db:
        yield db


async def test_the_release_database_is_at_0002(release_sqlite: AsyncEngine) -> None:
    async with release_sqlite.connect() as connection:
        version = await connection.scalar(sa.text("SELECT version_num FROM alembic_version"))
    assert version == "0002"


async def test_every_throw_score_and_export_is_unchanged(release: AsyncEngine) -> None:
    before = await events_of(release)
    await migrate(release)
    assert await events_of(release) == before
    found = await exported(release)
    # What exports carry since that release (the count and digest of a closed day's throws,
    # the players' names) is made from the same throws: held apart, the rest is unchanged.
    for village in found.values():
        for day in village["days"]:
            del day["names"]
            if day["seed"] is not None:
                assert day.pop("draw_count") == len(day["throws"])
                assert len(day.pop("draw_digest")) == 64
    assert found == EXPECTED


async def test_each_day_stream_became_a_table_of_its_own(release: AsyncEngine) -> None:
    await migrate(release)
    async with release.connect() as connection:
        streams = (
            await connection.execute(
                sa.text(
                    "SELECT DISTINCT village_id, day, player_id, table_id FROM event"
                    " WHERE player_id <> 0"
                )
            )
        ).all()
        tables = (
            await connection.execute(
                sa.text("SELECT village_id, table_id, day, opener_id, version FROM game_table")
            )
        ).all()
        village_stream = await connection.scalar(
            sa.text("SELECT count(*) FROM event WHERE player_id = 0 AND table_id IS NOT NULL")
        )
    assert streams and all(table_id is not None for *_, table_id in streams)
    assert sorted((v, t, d, p) for v, d, p, t in streams) == sorted(row[:4] for row in tables)
    assert village_stream == 0


async def test_the_log_stays_append_only_after_the_migration(release: AsyncEngine) -> None:
    await migrate(release)
    with pytest.raises(sa.exc.DBAPIError):
        async with release.begin() as connection:
            await connection.execute(sa.text("UPDATE event SET data = data"))
    with pytest.raises(sa.exc.DBAPIError):
        async with release.begin() as connection:
            await connection.execute(sa.text("DELETE FROM event"))


async def test_a_stream_version_is_still_taken_once(release: AsyncEngine) -> None:
    await migrate(release)
    async with release.connect() as connection:
        row = (
            await connection.execute(
                sa.text(
                    "SELECT village_id, day, table_id, player_id, version, game FROM event"
                    " WHERE table_id IS NOT NULL ORDER BY event_id LIMIT 1"
                )
            )
        ).one()
    with pytest.raises(sa.exc.IntegrityError):
        async with release.begin() as connection:
            await connection.execute(
                sa.text(
                    "INSERT INTO event (village_id, day, table_id, player_id, version, game,"
                    " type, data, recorded_at) VALUES (:v, :d, :t, :p, :n, :g, 'X', '{}',"
                    " '2026-12-01 00:00:00')"
                ),
                {"v": row[0], "d": row[1], "t": row[2], "p": row[3], "n": row[4], "g": row[5]},
            )


async def test_downgrading_gives_back_the_day_scores(release_sqlite: AsyncEngine) -> None:
    async with release_sqlite.connect() as connection:
        before = (
            await connection.execute(sa.text("SELECT * FROM player_day ORDER BY 1, 2, 3"))
        ).all()
    await migrate(release_sqlite)
    await _downgrade(release_sqlite, "0002")
    async with release_sqlite.connect() as connection:
        after = (
            await connection.execute(sa.text("SELECT * FROM player_day ORDER BY 1, 2, 3"))
        ).all()
    assert [tuple(r) for r in after] == [tuple(r) for r in before]


async def _downgrade(engine: AsyncEngine, revision: str) -> None:
    from alembic import command

    from bot.storage.migrate import alembic_config

    config = alembic_config()

    def down(connection: sa.engine.Connection) -> None:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)

    async with engine.begin() as connection:
        await connection.run_sync(down)


# -- 0005: the table counter on the village row ------------------------------------------


async def _counters(engine: AsyncEngine) -> tuple[dict[int, int], dict[int, int]]:
    """Each village's `next_table`, and its highest table number (0: none)."""
    async with engine.connect() as connection:
        counters = dict(
            (await connection.execute(sa.text("SELECT village_id, next_table FROM village"))).all()
        )
        highest = dict(
            (
                await connection.execute(
                    sa.text(
                        "SELECT village.village_id, COALESCE(MAX(table_id), 0) FROM village"
                        " LEFT JOIN game_table ON game_table.village_id = village.village_id"
                        " GROUP BY village.village_id"
                    )
                )
            ).all()
        )
    return counters, highest


async def test_each_village_numbers_its_next_table_after_its_highest(
    release: AsyncEngine,
) -> None:
    await migrate(release)
    counters, highest = await _counters(release)
    assert counters and counters.keys() == highest.keys()
    assert any(number > 0 for number in highest.values())
    assert {v: n - 1 for v, n in counters.items()} == highest


async def test_a_first_throw_after_the_migration_takes_the_next_number(
    release: AsyncEngine,
) -> None:
    """The migrated villages play on: a Ducks table takes the next number after every table
    the release made, and a day table one of the day tables' own (0006), so that the
    tables players open keep the small numbers."""
    await migrate(release)
    store = SqlStore(release)
    counters, highest = await _counters(release)
    village_id = max(highest, key=lambda v: highest[v])
    village = await store.get_village(village_id)
    assert village is not None
    day = await store.get_day(village_id, village.day)
    assert day is not None
    if not day.is_open:
        pytest.skip("the village's day is closed")  # the release data keeps one open
    player = 999_999
    at = day.opened_at
    assert await _first_throw(store, village_id, player) == DAY_TABLES_FROM
    ducks = await store.create_table(
        TableRecord(
            village_id=village_id,
            table_id=0,
            game="ducks",
            day=day.day,
            opener_id=player,
            place_id=4242,
            settings={},
            seats=(player,),
            status=TABLE_SEATING,
            opened_at=at,
        ),
        [],
    )
    assert ducks.table_id == highest[village_id] + 1
    after, _ = await _counters(release)
    assert after[village_id] == counters[village_id] + 1


async def test_a_day_table_is_made_once_per_player_and_day(release: AsyncEngine) -> None:
    await migrate(release)
    async with release.connect() as connection:
        row = (
            await connection.execute(
                sa.text(
                    "SELECT village_id, day, opener_id, game FROM game_table"
                    " WHERE place_id IS NULL LIMIT 1"
                )
            )
        ).one()
    copy = (
        "INSERT INTO game_table (village_id, table_id, game, day, opener_id, place_id,"
        " settings, seats, status, opened_at, version) VALUES (:v, 10000, :g, :d, :p, :place,"
        " '{}', '[]', 'playing', '2026-12-01 00:00:00', 1)"
    )
    values = {"v": row[0], "d": row[1], "p": row[2], "g": row[3]}
    with pytest.raises(sa.exc.IntegrityError):
        async with release.begin() as connection:
            await connection.execute(sa.text(copy), {**values, "place": None})
    async with release.begin() as connection:  # a table with a place is no day table
        await connection.execute(sa.text(copy), {**values, "place": 4242})


async def _first_throw(store: SqlStore, village_id: int, player: int) -> int:
    """A player's first throw of the village's open day: the number of its day table."""
    village = await store.get_village(village_id)
    assert village is not None
    day = await store.get_day(village_id, village.day)
    assert day is not None and day.is_open
    at = day.opened_at
    written = await store.append(
        StreamAppend(
            player_id=player,
            expected_version=0,
            events=(NewEvent("Moved", {}, message_id=1),),
            projection=PlayerDayRecord(village_id, day.day, player, 1, 0),
            player=PlayerRecord(village_id, player, f"newcomer {player}", at),
            game=village.game,
        ),
        day.day,
        MessageRecord(village_id, 10**15 + player, player, at, at, "throw"),
    )
    table_id = written.events[0].table_id
    assert table_id is not None
    return table_id


async def test_0006_goes_down_and_up_again_past_the_day_tables_it_numbered(
    release: AsyncEngine,
) -> None:
    await migrate(release)
    store = SqlStore(release)
    _, highest = await _counters(release)
    open_days = []
    for village_id in highest:
        village = await store.get_village(village_id)
        day = None if village is None else await store.get_day(village_id, village.day)
        if day is not None and day.is_open:
            open_days.append(village_id)
    village_id = open_days[0]  # the release data keeps one open
    assert await _first_throw(store, village_id, 999_001) == DAY_TABLES_FROM
    await _downgrade(release, "0005")
    counters, _ = await _counters(release)
    # One counter again: the next table is numbered past the day table the new one made.
    assert counters[village_id] == DAY_TABLES_FROM + 1
    await migrate(release)
    assert await _first_throw(store, village_id, 999_002) == DAY_TABLES_FROM + 1


async def test_0005_goes_down_and_up_again(release: AsyncEngine) -> None:
    await migrate(release)
    before, _ = await _counters(release)
    await _downgrade(release, "0004")
    async with release.connect() as connection:
        columns = await connection.run_sync(
            lambda sync: [c["name"] for c in sa.inspect(sync).get_columns("village")]
        )
        indexes = await connection.run_sync(
            lambda sync: [i["name"] for i in sa.inspect(sync).get_indexes("game_table")]
        )
    assert "next_table" not in columns and "uq_game_table_day_opener" not in indexes
    await migrate(release)
    assert (await _counters(release))[0] == before
