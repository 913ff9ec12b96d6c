"""Migration 0008 on SQLite and on PostgreSQL: a Regidice table in play that an earlier release
began with its dice left to the default (`dice: null`, a round limit stored) is given the
dice that release started it with, by its number of players; every other table stays as it
was (tables finished or abandoned, taking seats, with dice of their own, begun with today's
defaults, of other games)."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage import tables as t
from bot.storage.migrate import migrate
from bot.village.records import TABLE_ABANDONED, TABLE_FINISHED, TABLE_PLAYING, TABLE_SEATING
from tests.storage.release import release_database
from tests.storage.test_migration_codec import RELEASE_DB, TABLES
from tests.storage.test_migration_tables import _downgrade

T0 = dt.datetime(2026, 12, 2, 3, 0, tzinfo=dt.UTC)
OLD = {"declare": "open", "dice": None, "deadline": 12, "rounds": 50}
"""A table's settings as the releases before 0008 stored them: the dice left to the default,
the round limit written in."""
FIRST = 500
"""Where the tables this test writes are numbered from, past the release's."""

# (seats, status, settings, the dice expected after the migration: None for unchanged)
CASES: list[tuple[int, str, dict[str, Any], int | None]] = [
    (1, TABLE_PLAYING, OLD, 9),
    (2, TABLE_PLAYING, OLD, 3),
    (3, TABLE_PLAYING, {**OLD, "declare": "sealed"}, 3),
    (4, TABLE_PLAYING, {**OLD, "rounds": 0}, 2),
    (2, TABLE_PLAYING, {**OLD, "dice": 5}, None),
    (2, TABLE_FINISHED, OLD, None),
    (2, TABLE_ABANDONED, OLD, None),
    (2, TABLE_SEATING, OLD, None),
    # Begun by the release that took the round limit by players too: today's defaults.
    (2, TABLE_PLAYING, {**OLD, "rounds": None}, None),
]


@pytest.fixture(params=["sqlite", "postgresql"])
async def at_0007(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """The release database of 0006, migrated to 0007."""
    async with release_database(request.param, RELEASE_DB, "0006", TABLES, tmp_path) as db:
        await migrate(db, "0007")
        yield db


async def settings_of(engine: AsyncEngine) -> dict[tuple[int, int], dict[str, Any]]:
    async with engine.connect() as connection:
        rows = await connection.execute(
            sa.select(t.GameTable.village_id, t.GameTable.table_id, t.GameTable.settings)
        )
        return {(v, n): dict(settings) for v, n, settings in rows}


async def write_cases(engine: AsyncEngine) -> int:
    """The tables of `CASES`, numbered from `FIRST`, and a Ducks table in play; their
    village."""
    async with engine.begin() as connection:
        village_id = await connection.scalar(sa.select(sa.func.min(t.Village.village_id)))
        rows = [
            table_row(village_id, FIRST + n, "regidice", seats, status, settings)
            for n, (seats, status, settings, _) in enumerate(CASES)
        ]
        rows.append(
            table_row(village_id, FIRST + len(CASES), "ducks", 2, TABLE_PLAYING, {"dice": None})
        )
        await connection.execute(t.GameTable.__table__.insert(), rows)
    assert isinstance(village_id, int)
    return village_id


def table_row(
    village_id: int, table_id: int, game: str, seats: int, status: str, settings: dict[str, Any]
) -> dict[str, Any]:
    return {
        "village_id": village_id,
        "table_id": table_id,
        "game": game,
        "day": 1,
        "opener_id": 1,
        "place_id": 7000 + table_id,
        "settings": settings,
        "seats": list(range(1, seats + 1)),
        "status": status,
        "opened_at": T0,
        "started_at": None if status == TABLE_SEATING else T0,
        "ended_at": T0 if status in (TABLE_FINISHED, TABLE_ABANDONED) else None,
        "deadline_at": None,
        "seed": None,
        "commitment": None,
        "version": 1,
    }


async def test_a_table_in_play_keeps_the_dice_it_was_begun_with(at_0007: AsyncEngine) -> None:
    village_id = await write_cases(at_0007)
    before = await settings_of(at_0007)
    await migrate(at_0007)
    after = await settings_of(at_0007)
    expected = dict(before)
    for n, (_, _, settings, dice) in enumerate(CASES):
        if dice is not None:
            expected[village_id, FIRST + n] = {**settings, "dice": dice}
    assert after == expected
    # Only the dice were written in: the round limit stays as stored.
    assert after[village_id, FIRST + 3]["rounds"] == 0
    assert after[village_id, FIRST + 1]["rounds"] == 50


async def test_going_down_leaves_the_dice_written_in(at_0007: AsyncEngine) -> None:
    village_id = await write_cases(at_0007)
    await migrate(at_0007)
    migrated = await settings_of(at_0007)
    assert migrated[village_id, FIRST]["dice"] == 9
    await _downgrade(at_0007, "0007")
    assert await settings_of(at_0007) == migrated
    await migrate(at_0007)  # and up again: nothing left to change
    assert await settings_of(at_0007) == migrated
