"""Regidice tables in play keep the dice they started with.

A Regidice table's `dice` setting may be left to the default for its number of players
(`dice: null`). The start now writes that number into the table's settings, so that a later
release's other defaults never change a table already begun; the releases before it left
it null and read it from the default each time the table was read. The defaults have
changed since (by declarations as well as players), so a table begun then and still in
play would be read with other dice than it was dealt. This writes in the default those
releases started it with: 9, 3, 3 and 2 of each colour for 1 to 4 players.

Only tables in play change. A table still taking seats is settled when it starts, by the
defaults of the release that starts it (its dice; the round limit those releases stored, 50,
stays its own); a finished or abandoned table is over, its events
decided everything, and it is never played again. A table those releases began is known by
its round limit: they always stored one (50 unless asked otherwise), while the release that
first took `rounds` by players too left both null, and its defaults are today's, so a table
it began already reads as it started. The rounds stay as stored. `game_table` is a
projection, not the sealed log: its rows may be updated.

Going down leaves the dice written in: they are the ones the table is played with.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_DICE_BY_PLAYERS = {1: 9, 2: 3, 3: 3, 4: 2}
"""The dice of each colour per player that the releases before 0008 started a table with
when it named none (bot/games/regidice/settings.py then): the migration keeps its own copy,
since the game's defaults go on changing."""
PLAYING = "playing"

_TABLE = sa.table(
    "game_table",
    sa.column("village_id", sa.BigInteger()),
    sa.column("table_id", sa.BigInteger()),
    sa.column("game", sa.String()),
    sa.column("status", sa.String()),
    sa.column("seats", sa.JSON()),
    sa.column("settings", sa.JSON()),
)


def upgrade() -> None:
    bind = op.get_bind()
    # Read and written in Python: a JSON path that both databases read alike would take
    # more than the few tables in play.
    tables = bind.execute(
        sa.select(_TABLE.c.village_id, _TABLE.c.table_id, _TABLE.c.seats, _TABLE.c.settings)
        .where(_TABLE.c.game == "regidice", _TABLE.c.status == PLAYING)
        .order_by(_TABLE.c.village_id, _TABLE.c.table_id)
    ).all()
    for village_id, table_id, seats, settings in tables:
        dice = OLD_DICE_BY_PLAYERS.get(len(seats))
        if dice is None or not isinstance(settings, dict):
            continue
        if settings.get("dice") is not None or settings.get("rounds") is None:
            continue
        bind.execute(
            _TABLE.update()
            .where(_TABLE.c.village_id == village_id, _TABLE.c.table_id == table_id)
            .values(settings={**settings, "dice": dice})
        )


def downgrade() -> None:
    pass
