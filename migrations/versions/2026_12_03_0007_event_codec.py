"""Every event keeps the version of the game's codec that wrote it.

A game's codec reads every version it ever wrote, bringing an old event up to date on the
way in; for that it must know which version each event is. The events stored so far are of
version 1, the only one any game has written: the column's default says so for them.

The log is sealed (0001, 0004): no row of `event` may be updated. Adding a column with a
constant default rewrites no row on either database: PostgreSQL (11 and later) keeps the
default in the catalogue and shows it for the rows before it, firing no row trigger;
SQLite's `ALTER TABLE … ADD COLUMN` changes the table's definition only, and keeps its
triggers (a batch rebuild would drop them, and copy every row). Going down drops the
column the same way, in place.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "event", sa.Column("codec", sa.Integer(), nullable=False, server_default="1")
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        # In place (SQLite 3.35+): a batch rebuild would drop the log's triggers.
        op.execute("ALTER TABLE event DROP COLUMN codec")
    else:
        op.drop_column("event", "codec")
