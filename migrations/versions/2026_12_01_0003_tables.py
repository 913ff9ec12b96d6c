"""Tables: every game is played at a table with its own event stream and score rows.

A Greed day becomes a one-seat table per player and day. Existing events keep every column
and value they had; each gains the id of the table it belongs to. The day score rows become
rows per table and player.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

from bot.storage.tables import UtcDateTime

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

VILLAGE_STREAM = 0

SQLITE_TRIGGERS = [
    """CREATE TRIGGER event_no_update BEFORE UPDATE ON event
       BEGIN SELECT RAISE(ABORT, 'event is append-only'); END""",
    """CREATE TRIGGER event_no_delete BEFORE DELETE ON event
       BEGIN SELECT RAISE(ABORT, 'event is append-only'); END""",
]


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.create_table(
        "game_table",
        sa.Column("village_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("table_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("opener_id", sa.BigInteger(), nullable=False),
        sa.Column("place_id", sa.BigInteger(), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("opened_at", UtcDateTime(), nullable=False),
        sa.Column("started_at", UtcDateTime(), nullable=True),
        sa.Column("ended_at", UtcDateTime(), nullable=True),
        sa.Column("deadline_at", UtcDateTime(), nullable=True),
        sa.Column("seed", sa.LargeBinary(length=32), nullable=True),
        sa.Column("commitment", sa.String(length=64), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_game_table_village_id_village")
        ),
        sa.PrimaryKeyConstraint("village_id", "table_id", name=op.f("pk_game_table")),
    )
    op.create_index("ix_game_table_day", "game_table", ["village_id", "day", "opener_id"])
    op.create_index("ix_game_table_place", "game_table", ["village_id", "place_id", "status"])
    op.create_index("ix_game_table_deadline", "game_table", ["deadline_at"])
    op.create_table(
        "table_score",
        sa.Column("village_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("table_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("ended_message_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_table_score_village_id_village")
        ),
        sa.PrimaryKeyConstraint(
            "village_id", "table_id", "player_id", name=op.f("pk_table_score")
        ),
    )
    op.create_index("ix_table_score_player", "table_score", ["village_id", "player_id", "day"])
    # SQLite rebuilds the event table to drop its unique key, and its triggers go with it:
    # they are made again below, after the one update this migration makes.
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("table_id", sa.BigInteger(), nullable=True))
        batch.drop_constraint("uq_event_village_id_day_player_id_version", type_="unique")
    if not sqlite:
        op.execute("ALTER TABLE event DISABLE TRIGGER event_no_change")
    _tables_from_days()
    if sqlite:
        for statement in SQLITE_TRIGGERS:
            op.execute(statement)
    else:
        op.execute("ALTER TABLE event ENABLE TRIGGER event_no_change")
    _unique_streams()
    op.drop_table("player_day")


def _unique_streams() -> None:
    op.create_index(
        "uq_event_table_version",
        "event",
        ["village_id", "table_id", "version"],
        unique=True,
        sqlite_where=sa.text("table_id IS NOT NULL"),
        postgresql_where=sa.text("table_id IS NOT NULL"),
    )
    op.create_index(
        "uq_event_village_version",
        "event",
        ["village_id", "day", "version"],
        unique=True,
        sqlite_where=sa.text("table_id IS NULL"),
        postgresql_where=sa.text("table_id IS NULL"),
    )


def _tables_from_days() -> None:
    """Each player's day stream becomes a one-seat table, numbered in the village in the
    order the streams began; its events and score row follow it."""
    bind = op.get_bind()
    meta = sa.MetaData()
    village = sa.Table("village", meta, autoload_with=bind)
    day = sa.Table("village_day", meta, autoload_with=bind)
    event = sa.Table("event", meta, autoload_with=bind)
    player_day = sa.Table("player_day", meta, autoload_with=bind)
    game_table = sa.Table("game_table", meta, autoload_with=bind)
    table_score = sa.Table("table_score", meta, autoload_with=bind)
    games = dict(bind.execute(sa.select(village.c.village_id, village.c.game)).all())
    days = {
        (row.village_id, row.day): row
        for row in bind.execute(
            sa.select(day.c.village_id, day.c.day, day.c.settings, day.c.closed_at)
        )
    }
    streams = bind.execute(
        sa.select(
            event.c.village_id,
            event.c.day,
            event.c.player_id,
            sa.func.min(event.c.event_id).label("first"),
            sa.func.min(event.c.recorded_at).label("opened_at"),
            sa.func.max(event.c.version).label("version"),
        )
        .where(event.c.player_id != VILLAGE_STREAM)
        .group_by(event.c.village_id, event.c.day, event.c.player_id)
        .order_by(event.c.village_id, sa.text("first"))
    ).all()
    numbers: dict[int, int] = {}
    ids: dict[tuple[int, int, int], int] = {}
    for stream in streams:
        table_id = numbers[stream.village_id] = numbers.get(stream.village_id, 0) + 1
        ids[(stream.village_id, stream.day, stream.player_id)] = table_id
        of_day = days[(stream.village_id, stream.day)]
        settings: dict[str, Any] = dict(of_day.settings or {})
        bind.execute(
            game_table.insert().values(
                village_id=stream.village_id,
                table_id=table_id,
                game=games[stream.village_id],
                day=stream.day,
                opener_id=stream.player_id,
                place_id=None,
                settings=dict(settings.get("rules") or {}),
                seats=[stream.player_id],
                status="playing" if of_day.closed_at is None else "finished",
                opened_at=stream.opened_at,
                started_at=stream.opened_at,
                ended_at=of_day.closed_at,
                deadline_at=None,
                seed=None,
                commitment=None,
                version=stream.version,
            )
        )
        bind.execute(
            event.update()
            .where(
                event.c.village_id == stream.village_id,
                event.c.day == stream.day,
                event.c.player_id == stream.player_id,
            )
            .values(table_id=table_id)
        )
    for row in bind.execute(sa.select(player_day)).all():
        key = (row.village_id, row.day, row.player_id)
        if key not in ids:
            continue  # a score row without events cannot exist; nothing to carry over
        bind.execute(
            table_score.insert().values(
                village_id=row.village_id,
                table_id=ids[key],
                player_id=row.player_id,
                day=row.day,
                game=games[row.village_id],
                version=row.version,
                points=row.points,
                detail={"turns": list(row.turns or [])},
                finished=row.finished,
                ended_message_id=row.ended_message_id,
            )
        )


def downgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.create_table(
        "player_day",
        sa.Column("village_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("day", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("turns", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("ended_message_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_player_day_village_id_village")
        ),
        sa.PrimaryKeyConstraint("village_id", "day", "player_id", name=op.f("pk_player_day")),
    )
    bind = op.get_bind()
    meta = sa.MetaData()
    table_score = sa.Table("table_score", meta, autoload_with=bind)
    player_day = sa.Table("player_day", meta, autoload_with=bind)
    # Only one-seat day tables have a place in the old schema; other games' tables go.
    village = sa.Table("village", meta, autoload_with=bind)
    games = dict(bind.execute(sa.select(village.c.village_id, village.c.game)).all())
    for row in bind.execute(sa.select(table_score)).all():
        if row.game != games.get(row.village_id):
            continue
        bind.execute(
            player_day.insert().values(
                village_id=row.village_id,
                day=row.day,
                player_id=row.player_id,
                version=row.version,
                points=row.points,
                turns=list((row.detail or {}).get("turns", [])),
                finished=row.finished,
                ended_message_id=row.ended_message_id,
            )
        )
    op.drop_index("uq_event_village_version", table_name="event")
    op.drop_index("uq_event_table_version", table_name="event")
    with op.batch_alter_table("event") as batch:
        batch.drop_column("table_id")
        batch.create_unique_constraint(
            "uq_event_village_id_day_player_id_version",
            ["village_id", "day", "player_id", "version"],
        )
    if sqlite:
        for statement in SQLITE_TRIGGERS:
            op.execute(statement)
    op.drop_index("ix_table_score_player", table_name="table_score")
    op.drop_table("table_score")
    op.drop_index("ix_game_table_deadline", table_name="game_table")
    op.drop_index("ix_game_table_place", table_name="game_table")
    op.drop_index("ix_game_table_day", table_name="game_table")
    op.drop_table("game_table")
