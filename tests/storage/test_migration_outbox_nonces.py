"""Migration 0009 on SQLite and on PostgreSQL: the replies an earlier release left waiting keep
the nonce it may already have posted them under (a message's id and the reply's place, or `o`
and the outbox id for an announcement or a slash command's answer), so that a post made just
before the upgrade is not made again after it; replies posted already keep none, and new
replies their own."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.migrate import migrate
from tests.storage.release import release_database
from tests.storage.test_migration_codec import RELEASE_DB, TABLES
from tests.storage.test_migration_tables import _downgrade

T0 = dt.datetime(2026, 12, 5, 3, 0, tzinfo=dt.UTC)
MESSAGE = 1_577_000_000_000_000_001

# (message, seq, via, the reply's day post, status, the nonce expected after the migration)
CASES: list[tuple[int | None, int, str, int | None, str, str | None]] = [
    (MESSAGE, 1, "message", None, "pending", f"{MESSAGE}:1"),
    (MESSAGE, 2, "message", 3, "pending", "o{id}"),  # an announcement the message caused
    (None, 0, "village", 3, "pending", "o{id}"),
    (MESSAGE + 1, 0, "interaction", None, "pending", "o{id}"),
    (MESSAGE + 2, 0, "message", None, "sent", None),
]


@pytest.fixture(params=["sqlite", "postgresql"])
async def at_0008(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    async with release_database(request.param, RELEASE_DB, "0006", TABLES, tmp_path) as db:
        await migrate(db, "0008")
        yield db


def _row(village_id: int, case: tuple[Any, ...]) -> dict[str, Any]:
    message_id, seq, via, day_post, status, _ = case
    return {
        "village_id": village_id,
        "message_id": message_id,
        "seq": seq,
        "reply": {"kind": "info", "key": "x", "params": {}, "day_post": day_post},
        "locale": "ja",
        "place_id": None,
        "via": via,
        "created_at": T0,
        "status": status,
        "attempts": 0,
        "posted_id": None,
        "posted_at": None,
    }


async def test_waiting_replies_keep_the_nonce_they_may_have_been_posted_under(
    at_0008: AsyncEngine,
) -> None:
    outbox = sa.table(
        "outbox",
        *(sa.column(name) for name in ("outbox_id", "village_id", "message_id", "seq")),
        *(sa.column(name) for name in ("locale", "place_id", "via", "created_at", "status")),
        *(sa.column(name) for name in ("attempts", "posted_id", "posted_at")),
        sa.column("reply", sa.JSON()),
    )
    async with at_0008.begin() as connection:
        village_id = await connection.scalar(sa.text("SELECT min(village_id) FROM village"))
        ids = []
        for case in CASES:
            inserted = await connection.execute(
                outbox.insert().values(_row(village_id, case)).returning(outbox.c.outbox_id)
            )
            ids.append(inserted.scalar_one())
    await migrate(at_0008, "0009")
    async with at_0008.connect() as connection:
        found = dict(
            (await connection.execute(sa.text("SELECT outbox_id, nonce FROM outbox"))).all()
        )
        planned = dict(
            (await connection.execute(sa.text("SELECT outbox_id, group_nonce FROM outbox"))).all()
        )
    expected = [
        None if nonce is None else nonce.format(id=outbox_id)
        for outbox_id, (*_, nonce) in zip(ids, CASES, strict=True)
    ]
    assert [found[outbox_id] for outbox_id in ids] == expected
    # Each goes on its own again, under that nonce: none is free to share a post.
    assert [planned[outbox_id] for outbox_id in ids] == expected
    assert all(len(nonce) <= 25 for nonce in expected if nonce is not None)
    # And back: the columns go, the rows stay.
    await _downgrade(at_0008, "0008")
    async with at_0008.connect() as connection:
        columns = await connection.run_sync(
            lambda sync: {c["name"] for c in sa.inspect(sync).get_columns("outbox")}
        )
        count = await connection.scalar(sa.text("SELECT count(*) FROM outbox"))
    assert "nonce" not in columns and "group_nonce" not in columns and count == len(CASES)
