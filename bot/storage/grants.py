"""A PostgreSQL role for the bot that may read and append the event log, and nothing more.

The owner of the tables (who runs the migrations) grants a separate application role what
the store (`bot/storage/sql/`) does with each table, and no more: the event log is read and
appended to, never updated, deleted or truncated; the projections (villages, days,
players, tables, scores) and the outbox are inserted and updated; processed messages are
inserted; no row of any table is ever deleted. The role owns nothing, so it cannot drop or
disable the triggers that guard the log (`ALTER TABLE` and `DROP` need ownership).

SQLite has no roles: its file is the whole database, and its triggers guard the log.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

# Table -> privileges, from what the store runs on it. Every table the migrations make is
# here (a test checks it): a new one needs a line of its own.
TABLE_PRIVILEGES: dict[str, tuple[str, ...]] = {
    "event": ("SELECT", "INSERT"),
    "village": ("SELECT", "INSERT", "UPDATE"),  # settings, the current day
    "village_day": ("SELECT", "INSERT", "UPDATE"),  # the day's lock, its close, its post
    "player": ("SELECT", "INSERT", "UPDATE"),  # upserted (a rename)
    "game_table": ("SELECT", "INSERT", "UPDATE"),  # a table's version, status and seats
    "table_score": ("SELECT", "INSERT", "UPDATE"),  # the score rows, merged
    "message": ("SELECT", "INSERT"),  # each message is recorded once, never changed
    "outbox": ("SELECT", "INSERT", "UPDATE"),  # a reply marked as posted
    "alembic_version": ("SELECT",),  # the bot checks the schema is up to date at start
}
# The event and outbox ids: an insert takes the next value (nextval needs USAGE only).
SEQUENCE_PRIVILEGES = ("USAGE",)
# What the application role must never have on the event table.
FORBIDDEN_ON_EVENT = ("UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")

NO_ROLES = (
    "SQLite has no database roles: there is nothing to grant (the triggers in the file "
    "guard the event log)"
)


class GrantError(Exception):
    """The role cannot be given the bot's privileges: one line for the operator."""


def refuse_without_roles(engine: AsyncEngine) -> None:
    """Roles are PostgreSQL's: on SQLite, say so before anything is done."""
    if engine.dialect.name != "postgresql":
        raise GrantError(NO_ROLES)


async def grant(engine: AsyncEngine, role: str) -> None:
    """Give `role` exactly the bot's privileges on the schema the engine uses, taking back
    any others it had there; the owner runs this after the migrations."""
    refuse_without_roles(engine)
    async with engine.begin() as connection:
        await _check_role(connection, role)
        quote = connection.dialect.identifier_preparer.quote
        schema = str(await connection.scalar(text("SELECT current_schema()")))
        database = str(await connection.scalar(text("SELECT current_database()")))
        found = set(
            await connection.scalars(
                text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            )
        )
        missing = sorted(set(TABLE_PRIVILEGES) - found)
        if missing:
            raise GrantError(
                f"the schema {schema} has no table {', '.join(missing)}: run greedbot migrate"
            )
        who, where = quote(role), quote(schema)
        for statement in (
            f"REVOKE ALL ON ALL TABLES IN SCHEMA {where} FROM {who}",
            f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA {where} FROM {who}",
            f"REVOKE CREATE ON SCHEMA {where} FROM {who}",
            f"GRANT CONNECT ON DATABASE {quote(database)} TO {who}",
            f"GRANT USAGE ON SCHEMA {where} TO {who}",
            *(
                f"GRANT {', '.join(privileges)} ON TABLE {where}.{quote(table)} TO {who}"
                for table, privileges in TABLE_PRIVILEGES.items()
            ),
            f"GRANT {', '.join(SEQUENCE_PRIVILEGES)} ON ALL SEQUENCES IN SCHEMA {where} TO {who}",
        ):
            await connection.execute(text(statement))
        await _check_event(connection, role, f"{where}.event")


async def _check_role(connection: AsyncConnection, role: str) -> None:
    row = (
        await connection.execute(
            text(
                "SELECT rolsuper, pg_has_role(:role, tableowner, 'MEMBER')"
                " FROM pg_roles, pg_tables"
                " WHERE rolname = :role AND schemaname = current_schema()"
                " AND tablename = 'event'"
            ),
            {"role": role},
        )
    ).first()
    if row is None:
        exists = await connection.scalar(
            text("SELECT count(*) FROM pg_roles WHERE rolname = :role"), {"role": role}
        )
        if not exists:
            raise GrantError(
                f"there is no role {role}: create it first "
                f"(CREATE ROLE {role} LOGIN PASSWORD '…'), then run this again"
            )
        raise GrantError("there is no event table: run greedbot migrate")
    superuser, owner = row
    if superuser or owner:
        raise GrantError(
            f"{role} is {'a superuser' if superuser else 'the owner of the tables'}: it could "
            "change the log; give the bot a role of its own"
        )


async def _check_event(connection: AsyncConnection, role: str, event: str) -> None:
    """What the role may do to the log in the end, whatever it holds through other roles
    or PUBLIC: read and append, nothing else."""
    for privilege in ("SELECT", "INSERT", *FORBIDDEN_ON_EVENT):
        allowed = await connection.scalar(
            text("SELECT has_table_privilege(:role, :table, :privilege)"),
            {"role": role, "table": event, "privilege": privilege},
        )
        if bool(allowed) != (privilege in ("SELECT", "INSERT")):
            raise GrantError(
                f"{role} {'may' if allowed else 'may not'} {privilege} the event table "
                "(through another role or PUBLIC): it must only read and append it"
            )
