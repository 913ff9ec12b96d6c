"""A table counter on the village row, and one day table per player, day and game.

A player's first throw of the day made their table under the day's exclusive lock,
numbering it from the village's highest table number: 100 first throws at once waited in
line. The village row now keeps the number its next table takes (`next_table`), taken by
one `UPDATE … RETURNING`, and a unique index on the day tables (the tables with no place)
makes two first throws of one player at once make one table: the second finds it taken
and reads again. Existing villages start from their highest table number plus one.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # A column added with a constant default: no table rebuild on SQLite, none of the
    # village's foreign keys touched.
    op.add_column(
        "village",
        sa.Column("next_table", sa.BigInteger(), nullable=False, server_default="1"),
    )
    op.execute(
        "UPDATE village SET next_table = 1 + COALESCE("
        "(SELECT MAX(table_id) FROM game_table WHERE game_table.village_id = village.village_id),"
        " 0)"
    )
    op.create_index(
        "uq_game_table_day_opener",
        "game_table",
        ["village_id", "day", "opener_id", "game"],
        unique=True,
        sqlite_where=sa.text("place_id IS NULL"),
        postgresql_where=sa.text("place_id IS NULL"),
    )


def downgrade() -> None:
    op.drop_index("uq_game_table_day_opener", table_name="game_table")
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops a column in place (3.35+); a batch rebuild of the village table
        # would drop the row every other table's foreign key points at.
        op.execute("ALTER TABLE village DROP COLUMN next_table")
    else:
        op.drop_column("village", "next_table")
