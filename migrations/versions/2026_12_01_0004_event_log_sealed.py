"""The event log sealed: no TRUNCATE on PostgreSQL, no replacing a row on SQLite.

PostgreSQL's row triggers (0001) refuse UPDATE and DELETE, but TRUNCATE fires no row
trigger: a statement trigger refuses it here (also when it comes by `TRUNCATE village
CASCADE`).

SQLite's `INSERT OR REPLACE`, `REPLACE INTO` and an upsert's conflict resolution delete the
row that holds the same key without firing the DELETE trigger (unless `recursive_triggers`
is on): a throw's faces could be rewritten. A BEFORE INSERT trigger refuses any insert whose
event id or stream position (the partial unique indexes of 0003) is already taken, which is
exactly the insert that REPLACE would turn into a rewrite; an ordinary append takes a new
position and passes. An AFTER INSERT trigger keeps event ids positive: SQLite shows an id it
is about to assign as -1 to a BEFORE trigger, so a stored -1 would refuse every append.

A migration that rebuilds the SQLite event table (batch mode, as 0003 does) drops its
triggers with it and must make all of them again: 0001's and these.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SQLITE_TRIGGERS = [
    """CREATE TRIGGER event_no_replace BEFORE INSERT ON event
       WHEN EXISTS (SELECT 1 FROM event WHERE event_id = NEW.event_id)
         OR (NEW.table_id IS NOT NULL AND EXISTS (
               SELECT 1 FROM event WHERE table_id IS NOT NULL AND village_id = NEW.village_id
                 AND table_id = NEW.table_id AND version = NEW.version))
         OR (NEW.table_id IS NULL AND EXISTS (
               SELECT 1 FROM event WHERE table_id IS NULL AND village_id = NEW.village_id
                 AND day = NEW.day AND version = NEW.version))
       BEGIN
         SELECT RAISE(ABORT, 'event is append-only: its id or stream position is taken');
       END""",
    """CREATE TRIGGER event_positive_id AFTER INSERT ON event WHEN NEW.event_id < 1
       BEGIN SELECT RAISE(ABORT, 'event is append-only: event ids are positive'); END""",
]
POSTGRESQL_TRIGGERS = [
    """CREATE FUNCTION event_not_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'event is append-only: TRUNCATE is refused'; END $$""",
    """CREATE TRIGGER event_no_truncate BEFORE TRUNCATE ON event
       FOR EACH STATEMENT EXECUTE FUNCTION event_not_truncated()""",
]


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    for statement in SQLITE_TRIGGERS if sqlite else POSTGRESQL_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS event_positive_id")
        op.execute("DROP TRIGGER IF EXISTS event_no_replace")
    else:
        op.execute("DROP TRIGGER IF EXISTS event_no_truncate ON event")
        op.execute("DROP FUNCTION IF EXISTS event_not_truncated()")
