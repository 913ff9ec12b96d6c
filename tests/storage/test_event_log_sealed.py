"""The log really cannot be changed: every way to rewrite or remove a throw is refused by the
database itself, on SQLite and on PostgreSQL, and the bot's own PostgreSQL role may only read
and append the log (so it cannot take the triggers away either)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.cli.main import USAGE_ERROR, main
from bot.console.replay import replay
from bot.console.session import Output
from bot.storage import tables
from bot.storage.engine import async_url, make_engine
from bot.storage.grants import TABLE_PRIVILEGES, GrantError, grant
from bot.storage.migrate import SchemaBehindError, migrate
from bot.storage.store import SqlStore
from bot.village.ports import VersionConflict
from bot.village.records import SENT, OutboxRecord
from tests.conftest import POSTGRES_URL
from tests.console.golden import TRANSCRIPTS_DIR, Block, format_blocks, golden_seeds
from tests.storage.test_store_contract import T0, appending, message, new_village

pytestmark = pytest.mark.db

COLUMNS = (
    "event_id, village_id, day, table_id, player_id, version, game, type, data, message_id,"
    " recorded_at"
)
# Every column but the id, for the inserts below; a forged throw's data.
INSERT = (
    "INSERT {verb} INTO event (village_id, day, table_id, player_id, version, game, type, data,"
    " recorded_at) VALUES (:v, 1, {table}, 5, {version}, 'greed', 'Forged',"
    ' \'{{"faces": ["D", "D", "D", "D", "D", "D"]}}\', \'2026-12-01 03:00:00+00\')'
)
NOT_ALLOWED = "42501"  # PostgreSQL's insufficient_privilege
DAY_TABLE = tables.DAY_TABLES_FROM
"""The number of alice's day table: the village's first day table."""


async def rows(engine: AsyncEngine, village_id: int) -> list[tuple[Any, ...]]:
    async with engine.connect() as connection:
        found = await connection.execute(
            sa.text(f"SELECT {COLUMNS} FROM event WHERE village_id = :v ORDER BY event_id"),
            {"v": village_id},
        )
        return [tuple(row) for row in found]


async def a_logged_day(store: SqlStore, village_id: int) -> list[tuple[Any, ...]]:
    """A village whose log holds its own stream's first event (no table, version 1) and two
    events of alice's day table (`DAY_TABLE`, versions 1 and 2)."""
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A", "B", points=150), 1, message(village_id, 1))
    logged = await rows(store.engine, village_id)
    assert [(row[3], row[5]) for row in logged] == [(None, 1), (DAY_TABLE, 1), (DAY_TABLE, 2)]
    return logged


def sqlstate(error: BaseException) -> str | None:
    return getattr(getattr(error, "orig", None), "sqlstate", None)


# --- refused on both databases ------------------------------------------------------------


async def test_an_update_is_refused(store: SqlStore, village_id: int) -> None:
    logged = await a_logged_day(store, village_id)
    with pytest.raises(DBAPIError, match="append-only"):
        async with store.engine.begin() as connection:
            await connection.execute(
                sa.text("UPDATE event SET type = 'Forged' WHERE event_id = :id"),
                {"id": logged[1][0]},
            )
    assert await rows(store.engine, village_id) == logged


async def test_a_delete_is_refused(store: SqlStore, village_id: int) -> None:
    # SQLite has no TRUNCATE: a DELETE without WHERE is its way of emptying a table.
    logged = await a_logged_day(store, village_id)
    for statement in ("DELETE FROM event WHERE village_id = :v", "DELETE FROM event"):
        with pytest.raises(DBAPIError, match="append-only"):
            async with store.engine.begin() as connection:
                await connection.execute(sa.text(statement), {"v": village_id})
    assert await rows(store.engine, village_id) == logged


async def test_an_ordinary_append_still_works_and_a_stale_one_is_a_conflict(
    store: SqlStore, village_id: int
) -> None:
    logged = await a_logged_day(store, village_id)
    await store.append(appending(village_id, 2, "C", points=450), 1, message(village_id, 2))
    with pytest.raises(VersionConflict):
        await store.append(appending(village_id, 2, "X", points=999), 1, message(village_id, 3))
    after = await rows(store.engine, village_id)
    assert after[:3] == logged and [(row[3], row[5], row[7]) for row in after[3:]] == [
        (DAY_TABLE, 3, "C")
    ]


# --- PostgreSQL: TRUNCATE and upserts -----------------------------------------------------


async def test_truncate_is_refused_on_postgresql(
    postgres_engine: AsyncEngine, village_id: int
) -> None:
    logged = await a_logged_day(SqlStore(postgres_engine), village_id)
    for statement in (
        "TRUNCATE event",
        "TRUNCATE event RESTART IDENTITY",
        "TRUNCATE village CASCADE",
    ):
        with pytest.raises(DBAPIError, match="TRUNCATE is refused"):
            async with postgres_engine.begin() as connection:
                await connection.execute(sa.text(statement))
    assert await rows(postgres_engine, village_id) == logged


@pytest.mark.parametrize(
    "conflict",
    [
        "(village_id, table_id, version) WHERE table_id IS NOT NULL",
        "(village_id, day, version) WHERE table_id IS NULL",
    ],
    ids=["table-stream", "village-stream"],
)
async def test_an_upsert_is_refused_on_postgresql(
    postgres_engine: AsyncEngine, village_id: int, conflict: str
) -> None:
    logged = await a_logged_day(SqlStore(postgres_engine), village_id)
    table = str(DAY_TABLE) if "NOT NULL" in conflict else "NULL"
    statement = INSERT.format(verb="", table=table, version=1) + (
        f" ON CONFLICT {conflict} DO UPDATE SET data = EXCLUDED.data, type = EXCLUDED.type"
    )
    with pytest.raises(DBAPIError, match="append-only"):
        async with postgres_engine.begin() as connection:
            await connection.execute(sa.text(statement), {"v": village_id})
    assert await rows(postgres_engine, village_id) == logged


# --- SQLite: replacing a row ----------------------------------------------------------------

REPLACES = {
    # The same stream position as alice's first throw: REPLACE would delete it.
    "insert-or-replace": INSERT.format(verb="OR REPLACE", table=DAY_TABLE, version=1),
    "replace-into": INSERT.format(verb="", table=DAY_TABLE, version=1).replace(
        "INSERT  INTO", "REPLACE INTO"
    ),
    "village-stream": INSERT.format(verb="OR REPLACE", table="NULL", version=1),
    "on-conflict-do-update": INSERT.format(verb="", table=DAY_TABLE, version=1)
    + " ON CONFLICT (village_id, table_id, version) WHERE table_id IS NOT NULL"
    " DO UPDATE SET data = excluded.data, type = excluded.type",
    "on-conflict-no-target": INSERT.format(verb="", table=DAY_TABLE, version=1)
    + " ON CONFLICT DO UPDATE SET data = excluded.data",
    # A new position, but the event id of a logged row.
    "same-event-id": "REPLACE INTO event (event_id, village_id, day, table_id, player_id,"
    f" version, game, type, data, recorded_at) VALUES (:id, :v, 1, {DAY_TABLE}, 5, 99,"
    " 'greed', 'Forged', '{}', '2026-12-01 03:00:00')",
    "same-event-id-upsert": "INSERT INTO event (event_id, village_id, day, table_id, player_id,"
    f" version, game, type, data, recorded_at) VALUES (:id, :v, 1, {DAY_TABLE}, 5, 99,"
    " 'greed', 'Forged', '{}', '2026-12-01 03:00:00')"
    " ON CONFLICT (event_id) DO UPDATE SET data = excluded.data",
    "update-or-replace": "UPDATE OR REPLACE event SET version = 1 WHERE event_id = :later",
}


@pytest.mark.parametrize("statement", REPLACES.values(), ids=REPLACES.keys())
async def test_every_replace_is_refused_on_sqlite(
    sqlite_engine: AsyncEngine, village_id: int, statement: str
) -> None:
    logged = await a_logged_day(SqlStore(sqlite_engine), village_id)
    values = {"v": village_id, "id": logged[1][0], "later": logged[2][0]}
    with pytest.raises(DBAPIError, match="append-only"):
        async with sqlite_engine.begin() as connection:
            await connection.execute(sa.text(statement), values)
    assert await rows(sqlite_engine, village_id) == logged


async def test_an_append_by_hand_still_works_on_sqlite(
    sqlite_engine: AsyncEngine, village_id: int
) -> None:
    """The trigger refuses a taken position only: new positions of both streams pass."""
    logged = await a_logged_day(SqlStore(sqlite_engine), village_id)
    async with sqlite_engine.begin() as connection:
        await connection.execute(
            sa.text(INSERT.format(verb="", table=DAY_TABLE, version=3)), {"v": village_id}
        )
        await connection.execute(
            sa.text(INSERT.format(verb="", table="NULL", version=2)), {"v": village_id}
        )
    after = await rows(sqlite_engine, village_id)
    assert after[:3] == logged and [(row[3], row[5]) for row in after[3:]] == [
        (DAY_TABLE, 3),
        (None, 2),
    ]
    assert after[3][0] > logged[2][0]


async def test_event_ids_stay_positive_on_sqlite(
    sqlite_engine: AsyncEngine, village_id: int
) -> None:
    # SQLite shows the id it is about to give as -1 to a BEFORE INSERT trigger: a stored -1
    # would make every append look like a replace.
    logged = await a_logged_day(SqlStore(sqlite_engine), village_id)
    statement = REPLACES["same-event-id"].replace("REPLACE", "INSERT")
    with pytest.raises(DBAPIError, match="ids are positive"):
        async with sqlite_engine.begin() as connection:
            await connection.execute(sa.text(statement), {"v": village_id, "id": -1})
    assert await rows(sqlite_engine, village_id) == logged


async def test_the_replace_trigger_knows_every_unique_key_of_event(
    sqlite_engine: AsyncEngine,
) -> None:
    """The trigger spells out the event id and the two stream positions: a new unique key
    on the event table needs a line in it (migration 0004), and this test says so."""
    async with sqlite_engine.connect() as connection:
        unique = {
            row[1]
            for row in await connection.execute(sa.text("PRAGMA index_list(event)"))
            if row[2]
        }
        pk = [
            row[1]
            for row in await connection.execute(sa.text("PRAGMA table_info(event)"))
            if row[5]
        ]
    assert unique == {"uq_event_table_version", "uq_event_village_version"}
    assert pk == ["event_id"]


async def test_the_sealing_migration_goes_down_and_up_again(sqlite_engine: AsyncEngine) -> None:
    from tests.storage.test_migration_tables import _downgrade

    def triggers() -> sa.TextClause:
        return sa.text("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")

    await _downgrade(sqlite_engine, "0003")
    async with sqlite_engine.connect() as connection:
        assert list(await connection.scalars(triggers())) == ["event_no_delete", "event_no_update"]
    await migrate(sqlite_engine)
    async with sqlite_engine.connect() as connection:
        assert list(await connection.scalars(triggers())) == [
            "event_no_delete",
            "event_no_replace",
            "event_no_update",
            "event_positive_id",
        ]


# --- the bot's own PostgreSQL role --------------------------------------------------------


def test_every_table_has_its_privileges() -> None:
    assert set(TABLE_PRIVILEGES) == {*tables.metadata.tables, "alembic_version"}
    assert TABLE_PRIVILEGES["event"] == ("SELECT", "INSERT")
    assert all("DELETE" not in p and "TRUNCATE" not in p for p in TABLE_PRIVILEGES.values())


def test_granting_on_sqlite_says_there_are_no_roles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "village.db"
    assert main(["migrate", "--db", f"sqlite:///{path}", "--grant", "greedbot_app"]) == (
        USAGE_ERROR
    )
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "SQLite has no database roles" in err
    assert not path.exists()  # nothing was done


def role_url(role: str, password: str) -> str:
    return (
        make_url(async_url(POSTGRES_URL))
        .set(username=role, password=password)
        .render_as_string(hide_password=False)
    )


@pytest.fixture
async def app_role(postgres_engine: AsyncEngine) -> AsyncIterator[str]:
    """A login role of this test's own, granted the bot's privileges; dropped at the end
    (roles belong to the whole server, not to the test database)."""
    role = f"greedbot_test_app_{secrets.token_hex(4)}"
    async with postgres_engine.begin() as connection:
        await connection.execute(sa.text(f"CREATE ROLE {role} LOGIN PASSWORD '{role}'"))
    try:
        await grant(postgres_engine, role)
        yield role
    finally:
        async with postgres_engine.begin() as connection:
            # Its sessions first: a role still connected cannot be dropped cleanly.
            await connection.execute(
                sa.text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = :r"
                ),
                {"r": role},
            )
            await connection.execute(sa.text(f"DROP OWNED BY {role}"))
            await connection.execute(sa.text(f"DROP ROLE {role}"))


@pytest.fixture
async def app_engine(app_role: str) -> AsyncIterator[AsyncEngine]:
    engine = make_engine(role_url(app_role, app_role))
    yield engine
    await engine.dispose()


async def test_the_app_role_may_read_and_append_the_log(
    postgres_engine: AsyncEngine, app_engine: AsyncEngine, village_id: int
) -> None:
    logged = await a_logged_day(SqlStore(postgres_engine), village_id)
    async with app_engine.begin() as connection:
        await connection.execute(
            sa.text(INSERT.format(verb="", table=DAY_TABLE, version=3)), {"v": village_id}
        )
    after = await rows(app_engine, village_id)
    assert after[:3] == logged and [(row[3], row[5], row[7]) for row in after[3:]] == [
        (DAY_TABLE, 3, "Forged")
    ]


ATTACKS = {
    "update": "UPDATE event SET type = 'Forged' WHERE village_id = :v",
    "delete": "DELETE FROM event WHERE village_id = :v",
    "truncate": "TRUNCATE event",
    "drop-trigger": "DROP TRIGGER event_no_change ON event",
    "disable-trigger": "ALTER TABLE event DISABLE TRIGGER event_no_change",
    "disable-all-triggers": "ALTER TABLE event DISABLE TRIGGER ALL",
    "drop-truncate-trigger": "DROP TRIGGER event_no_truncate ON event",
    "drop-table": "DROP TABLE event",
    "replace-the-function": "CREATE OR REPLACE FUNCTION event_append_only() RETURNS trigger"
    " LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
    "own-trigger": "CREATE TRIGGER forge BEFORE INSERT ON event FOR EACH ROW"
    " EXECUTE FUNCTION event_append_only()",
    "take-the-table": "ALTER TABLE event OWNER TO CURRENT_USER",
    "replica-mode": "SET session_replication_role = replica",
}


@pytest.mark.parametrize("attack", ATTACKS.values(), ids=ATTACKS.keys())
async def test_the_app_role_cannot_change_the_log_or_its_guards(
    postgres_engine: AsyncEngine, app_engine: AsyncEngine, village_id: int, attack: str
) -> None:
    logged = await a_logged_day(SqlStore(postgres_engine), village_id)
    with pytest.raises(DBAPIError) as refused:
        async with app_engine.begin() as connection:
            await connection.execute(sa.text(attack), {"v": village_id})
    assert sqlstate(refused.value) == NOT_ALLOWED, refused.value
    assert await rows(postgres_engine, village_id) == logged
    async with postgres_engine.connect() as connection:
        guards = await connection.scalars(
            sa.text(
                "SELECT tgname FROM pg_trigger WHERE tgrelid = 'event'::regclass"
                " AND tgenabled = 'O' AND NOT tgisinternal ORDER BY tgname"
            )
        )
        assert list(guards) == ["event_no_change", "event_no_truncate"]


async def test_the_app_role_has_exactly_the_bots_privileges(
    postgres_engine: AsyncEngine, app_role: str
) -> None:
    every = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")
    async with postgres_engine.connect() as connection:
        for table, wanted in TABLE_PRIVILEGES.items():
            held = {
                privilege
                for privilege in every
                if await connection.scalar(
                    sa.text("SELECT has_table_privilege(:r, :t, :p)"),
                    {"r": app_role, "t": table, "p": privilege},
                )
            }
            assert held == set(wanted), table
        owned = await connection.scalar(
            sa.text(
                "SELECT count(*) FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner"
                " WHERE r.rolname = :r"
            ),
            {"r": app_role},
        )
        assert owned == 0
        for sequence in ("event_event_id_seq", "outbox_outbox_id_seq"):
            assert await connection.scalar(
                sa.text("SELECT has_sequence_privilege(:r, :s, 'USAGE')"),
                {"r": app_role, "s": sequence},
            )
            assert not await connection.scalar(
                sa.text("SELECT has_sequence_privilege(:r, :s, 'UPDATE')"),
                {"r": app_role, "s": sequence},
            )


async def test_granting_again_takes_back_what_the_bot_does_not_need(
    postgres_engine: AsyncEngine, app_role: str
) -> None:
    async with postgres_engine.begin() as connection:
        await connection.execute(sa.text(f"GRANT ALL ON event, message TO {app_role}"))
    await grant(postgres_engine, app_role)
    async with postgres_engine.connect() as connection:
        for table in ("event", "message"):
            for privilege in ("UPDATE", "DELETE", "TRUNCATE"):
                assert not await connection.scalar(
                    sa.text("SELECT has_table_privilege(:r, :t, :p)"),
                    {"r": app_role, "t": table, "p": privilege},
                )


async def test_grant_refuses_a_missing_role_and_the_owner(postgres_engine: AsyncEngine) -> None:
    with pytest.raises(GrantError, match="there is no role"):
        await grant(postgres_engine, f"greedbot_test_nobody_{secrets.token_hex(4)}")
    async with postgres_engine.connect() as connection:
        owner = await connection.scalar(sa.text("SELECT current_user"))
    with pytest.raises(GrantError, match="could change the log"):
        await grant(postgres_engine, str(owner))


async def _replayed(name: str, database_url: str | None) -> str:
    blocks: list[Block] = []

    def collect(number: int, line: str, outputs: list[Output]) -> None:
        blocks.append(Block(number, line, [output.as_json() for output in outputs]))

    lines = (TRANSCRIPTS_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    await replay(lines, collect, database_url, seeds=golden_seeds())
    return format_blocks(blocks)


@pytest.mark.parametrize("name", ["day_close", "ducks_a_whole_game"])
async def test_the_bot_plays_as_the_app_role(app_role: str, name: str) -> None:
    """Whole villages as the app role: the start-up's migration check (at the head, it only
    reads), throws, a day's close, a table game; what they print is the golden transcript."""
    played = await _replayed(name, role_url(app_role, app_role))
    assert played == (TRANSCRIPTS_DIR / f"{name}.out").read_text(encoding="utf-8")


async def test_the_outbox_and_posts_work_as_the_app_role(
    postgres_engine: AsyncEngine, app_engine: AsyncEngine, village_id: int
) -> None:
    await new_village(SqlStore(postgres_engine), village_id)
    store = SqlStore(app_engine)
    await store.append(appending(village_id, 0, "A", points=150), 1, message(village_id, 1))
    await store.record_message(message(village_id, 2))
    await store.set_day_post(village_id, 1, 4444)
    [outbox_id] = await store.add_outbox(
        [OutboxRecord(village_id, 1, 0, {"text": "hi"}, "ja", None, "message", T0)]
    )
    await store.mark_outbox(outbox_id, SENT, posted_id=55, posted_at=T0, attempts=1)
    assert await store.pending_outbox([village_id]) == []
    assert await store.day_posts(village_id) == {1: 4444}
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A"]


async def test_a_schema_behind_is_refused_in_one_line_as_the_app_role(
    postgres_engine: AsyncEngine, app_role: str
) -> None:
    schema = f"behind_{secrets.token_hex(4)}"
    async with postgres_engine.begin() as connection:
        await connection.execute(sa.text(f"CREATE SCHEMA {schema}"))

    def on_schema(url: str) -> AsyncEngine:
        return create_async_engine(
            async_url(url), connect_args={"server_settings": {"search_path": schema}}
        )

    owner, app = on_schema(POSTGRES_URL), on_schema(role_url(app_role, app_role))
    try:
        await migrate(owner, "0003")
        await grant(owner, app_role)
        with pytest.raises(SchemaBehindError) as refused:
            await migrate(app)
        assert "run greedbot migrate as the owner" in str(refused.value)
        assert "\n" not in str(refused.value)
        async with owner.connect() as connection:
            at = await connection.scalar(sa.text("SELECT version_num FROM alembic_version"))
        assert at == "0003"
    finally:
        await app.dispose()
        await owner.dispose()
        async with postgres_engine.begin() as connection:
            await connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
