"""Players' day tables numbered apart from the tables players open.

Every player's Greed day is a table too, and both kinds took their numbers from one
counter: the first Ducks table of a village whose players had thrown was its table 3.
Players name the tables they open (`/ducks verify table:1`), never their day tables, so
day tables now take their numbers from a counter of their own (`next_day_table`), from
2^40 up, and the tables players open keep the small numbers. Existing tables keep their
numbers; an existing village's next opened table still follows its highest number.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DAY_TABLES_FROM = 2**40
"""Where day tables are numbered from: far above any number a village's players open."""


def upgrade() -> None:
    # A column added with a constant default: no table rebuild on SQLite, none of the
    # village's foreign keys touched.
    op.add_column(
        "village",
        sa.Column(
            "next_day_table",
            sa.BigInteger(),
            nullable=False,
            server_default=str(DAY_TABLES_FROM),
        ),
    )
    # Past any day table numbered so already (a database migrated down and up again).
    op.execute(
        f"UPDATE village SET next_day_table = 1 + COALESCE((SELECT MAX(table_id) FROM game_table"
        f" WHERE game_table.village_id = village.village_id AND table_id >= {DAY_TABLES_FROM}),"
        f" {DAY_TABLES_FROM - 1})"
    )


def downgrade() -> None:
    # The shared counter must pass the day tables numbered from the new one.
    op.execute(
        "UPDATE village SET next_table = 1 + COALESCE("
        "(SELECT MAX(table_id) FROM game_table WHERE game_table.village_id = village.village_id),"
        " 0)"
    )
    if op.get_bind().dialect.name == "sqlite":
        # SQLite drops a column in place (3.35+); a batch rebuild of the village table
        # would drop the row every other table's foreign key points at.
        op.execute("ALTER TABLE village DROP COLUMN next_day_table")
    else:
        op.drop_column("village", "next_day_table")
