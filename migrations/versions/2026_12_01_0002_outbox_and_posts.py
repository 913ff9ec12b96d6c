"""Replies kept until delivered (the outbox), forum villages with a post per day, and where
each message was posted.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from bot.storage.tables import Id, UtcDateTime

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("village") as batch:
        batch.add_column(
            sa.Column("layout", sa.String(length=16), nullable=False, server_default="channel")
        )
    with op.batch_alter_table("village_day") as batch:
        batch.add_column(sa.Column("post_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("message") as batch:
        batch.add_column(sa.Column("place_id", sa.BigInteger(), nullable=True))
    op.create_table(
        "outbox",
        sa.Column("outbox_id", Id, autoincrement=True, nullable=False),
        sa.Column("village_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("reply", sa.JSON(), nullable=False),
        sa.Column("locale", sa.String(length=8), nullable=False),
        sa.Column("place_id", sa.BigInteger(), nullable=True),
        sa.Column("via", sa.String(length=16), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("posted_id", sa.BigInteger(), nullable=True),
        sa.Column("posted_at", UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["village_id"], ["village.village_id"], name=op.f("fk_outbox_village_id_village")
        ),
        sa.PrimaryKeyConstraint("outbox_id", name=op.f("pk_outbox")),
    )
    # The sender looks for what is still pending; the double-post rule for the first answer
    # to a message.
    op.create_index("ix_outbox_pending", "outbox", ["status", "village_id", "outbox_id"])
    op.create_index("ix_outbox_message", "outbox", ["village_id", "message_id", "seq"])


def downgrade() -> None:
    op.drop_index("ix_outbox_message", table_name="outbox")
    op.drop_index("ix_outbox_pending", table_name="outbox")
    op.drop_table("outbox")
    with op.batch_alter_table("message") as batch:
        batch.drop_column("place_id")
    with op.batch_alter_table("village_day") as batch:
        batch.drop_column("post_id")
    with op.batch_alter_table("village") as batch:
        batch.drop_column("layout")
