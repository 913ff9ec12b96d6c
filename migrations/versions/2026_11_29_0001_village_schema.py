"""Villages, days, players, the append-only event table, processed messages, day scores.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from bot.storage.tables import Id, UtcDateTime

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The event table is the record of every throw: the database itself refuses to change it.
SQLITE_TRIGGERS = [
    """CREATE TRIGGER event_no_update BEFORE UPDATE ON event
       BEGIN SELECT RAISE(ABORT, 'event is append-only'); END""",
    """CREATE TRIGGER event_no_delete BEFORE DELETE ON event
       BEGIN SELECT RAISE(ABORT, 'event is append-only'); END""",
]
POSTGRESQL_TRIGGERS = [
    """CREATE FUNCTION event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'event is append-only'; END $$""",
    """CREATE TRIGGER event_no_change BEFORE UPDATE OR DELETE ON event
       FOR EACH ROW EXECUTE FUNCTION event_append_only()""",
]


def upgrade() -> None:
    op.create_table(
        "village",
        sa.Column("village_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("village_id", name=op.f("pk_village")),
    )
    op.create_table(
        "village_day",
        sa.Column("village_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("day", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("opened_at", UtcDateTime(), nullable=False),
        sa.Column("closes_at", UtcDateTime(), nullable=False),
        sa.Column("closed_at", UtcDateTime(), nullable=True),
        sa.Column("seed", sa.LargeBinary(length=32), nullable=False),
        sa.Column("commitment", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_village_day_village_id_village")
        ),
        sa.PrimaryKeyConstraint("village_id", "day", name=op.f("pk_village_day")),
    )
    op.create_index("ix_village_day_open", "village_day", ["closed_at", "closes_at"])
    op.create_table(
        "player",
        sa.Column("village_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("joined_at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_player_village_id_village")
        ),
        sa.PrimaryKeyConstraint("village_id", "player_id", name=op.f("pk_player")),
    )
    op.create_table(
        "event",
        sa.Column("event_id", Id, autoincrement=True, nullable=False),
        sa.Column("village_id", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("type", sa.String(length=64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("recorded_at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_event_village_id_village")
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_event")),
        sa.UniqueConstraint(
            "village_id", "day", "player_id", "version",
            name=op.f("uq_event_village_id_day_player_id_version"),
        ),
    )
    op.create_index("ix_event_village_id_day", "event", ["village_id", "day"])
    op.create_table(
        "message",
        sa.Column("village_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("message_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("player_id", sa.BigInteger(), nullable=False),
        sa.Column("sent_at", UtcDateTime(), nullable=False),
        sa.Column("received_at", UtcDateTime(), nullable=False),
        sa.Column("outcome", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_message_village_id_village")
        ),
        sa.PrimaryKeyConstraint("village_id", "message_id", name=op.f("pk_message")),
    )
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
    triggers = SQLITE_TRIGGERS if op.get_bind().dialect.name == "sqlite" else POSTGRESQL_TRIGGERS
    for statement in triggers:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS event_no_change ON event")
        op.execute("DROP FUNCTION IF EXISTS event_append_only()")
    op.drop_table("player_day")
    op.drop_table("message")
    op.drop_index("ix_event_village_id_day", table_name="event")
    op.drop_table("event")
    op.drop_table("player")
    op.drop_index("ix_village_day_open", table_name="village_day")
    op.drop_table("village_day")
    op.drop_table("village")
