"""What the village owes every message: it counts once, it says where the speaker stands, it
knows players by who they are, and a database in trouble is "try again", never a bug."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import logging
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.chat.parse import parse_message
from bot.chat.render import render, reply_shapes
from bot.console.scripted import ScriptedDice
from bot.storage.engine import async_url, make_engine
from bot.storage.errors import unavailable
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.ports import StoreError
from bot.village.records import VILLAGE_STREAM
from bot.village.requests import CommandRequest
from bot.village.service import VillageService
from bot.words.reply import Reply
from bot.words.shapes import check

pytestmark = pytest.mark.db

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
BOB = Author(3, "bob")
SIX = "[[greed]]" * 6
_ids = itertools.count(70_000)


def message(village_id: int, author: Author, line: str, message_id: int | None = None) -> Incoming:
    return Incoming(
        village_id, message_id or next(_ids), author, T0, parse_message(line), guild_id=9
    )


async def ask(service: VillageService, incoming: Incoming) -> list[Reply]:
    return (await service.handle(incoming)).replies


async def village_of(
    store: SqlStore, village_id: int, dice: Any = None, **options: Any
) -> VillageService:
    service = VillageService(store, ManualClock(T0), dice or ScriptedDice(), **options)
    await ask(service, message(village_id, GM, "/village create"))
    return service


def second_store(engine: AsyncEngine) -> SqlStore:
    """Another bot process on the same database, with connections of its own."""
    return SqlStore(make_engine(engine.url.render_as_string(hide_password=False)))


async def at_once(
    store: SqlStore, engine: AsyncEngine, incomings: list[Incoming], **options: Any
) -> list[list[Reply]]:
    """Each message handled by two processes on one database, all at the same time, the
    first process taking the even deliveries and the second the odd ones."""
    other = second_store(engine)
    services = [VillageService(s, ManualClock(T0), FairChance(), **options) for s in (store, other)]
    try:
        return await asyncio.gather(
            *(ask(services[i % 2], incoming) for i, incoming in enumerate(incomings))
        )
    finally:
        await other.engine.dispose()


# -- a command counts once, like a throw --------------------------------------------------------


async def test_a_command_delivered_many_times_at_once_is_applied_once(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    await village_of(store, village_id)
    extend = message(village_id, GM, "/village day extend")
    answers = await at_once(store, engine, [extend] * 12)
    assert sorted(len(a) for a in answers) == [0] * 11 + [1]
    day = await store.get_day(village_id, 1)
    opened = await store.day_events(village_id, 1)
    assert day is not None
    assert [e.type for e in opened].count("DayExtended") == 1
    # The day closes 24 hours later than it did, not 24 times that.
    first_close = dt.datetime(2026, 12, 1, 15, 0, tzinfo=dt.UTC)
    assert day.closes_at == first_close + dt.timedelta(days=1)


async def test_a_day_advanced_by_one_message_twice_closes_one_day(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    await village_of(store, village_id)
    advance = message(village_id, GM, "/village day next")
    answers = await at_once(store, engine, [advance] * 6)
    village = await store.get_village(village_id)
    assert village is not None and village.day == 2
    day2 = await store.get_day(village_id, 2)
    assert day2 is not None and day2.is_open  # the second day's seed stays secret
    closings = [r for a in answers for r in a if r.key == "day_closed"]
    assert len(closings) == 1


async def test_two_processes_answer_each_message_once_and_keep_one_set_of_replies(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    await village_of(store, village_id, outbox=True)
    throws = [message(village_id, Author(10 + n, f"p{n}"), SIX) for n in range(5)]
    # Each message reaches both processes at once, as on two bots on one shard.
    answers = await at_once(store, engine, [t for t in throws for _ in (0, 1)], outbox=True)
    for n, throw in enumerate(throws):
        pair = answers[2 * n : 2 * n + 2]
        assert sorted(len(replies) for replies in pair) == [0, 1]
        stream = await store.load_stream(village_id, 1, throw.author.player_id)
        assert [e.type for e in stream].count("DiceThrown") == 1
    pending = await store.pending_outbox([village_id])
    answered = [p.message_id for p in pending if p.message_id in {t.message_id for t in throws}]
    assert sorted(answered) == sorted(t.message_id for t in throws)


async def test_a_refusal_counts_once_too(store: SqlStore, village_id: int) -> None:
    service = await village_of(store, village_id)
    refused = message(village_id, ALICE, "/village day next")
    assert [r.key for r in await ask(service, refused)] == ["moderators_only"]
    assert await ask(service, refused) == []


# -- every refusal says where the speaker stands -----------------------------------------------


async def test_a_refusal_before_joining_shows_the_start_of_the_day(
    store: SqlStore, village_id: int
) -> None:
    service = await village_of(store, village_id)
    [reply] = await ask(service, message(village_id, ALICE, SIX * 2))
    assert reply.key == "greed.too_many_tags" and reply.state is not None
    assert (reply.state["day"], reply.state["turn"], reply.state["lap"]) == (1, 1, 1)
    assert reply.state["legal_counts"] == [6]


async def test_a_player_refused_a_moderators_command_sees_their_state(
    store: SqlStore, village_id: int
) -> None:
    dice = ScriptedDice()
    service = await village_of(store, village_id, dice)
    dice.queue("D G $ R R Eb")
    await ask(service, message(village_id, ALICE, SIX))
    [reply] = await ask(
        service, message(village_id, ALICE, "/greed rollback player:2 turn:1 reason:x")
    )
    assert reply.key == "moderators_only" and reply.private
    assert reply.state is not None and reply.state["legal_counts"] == [4, 5]
    assert [e.type for e in await store.load_stream(village_id, 1, ALICE.player_id)] == [
        "DiceThrown"
    ]


# -- players are people, not names -------------------------------------------------------------


async def test_a_name_two_players_go_by_is_refused_and_ids_are_exact(
    store: SqlStore, village_id: int
) -> None:
    dice = ScriptedDice()
    service = await village_of(store, village_id, dice)
    dice.queue("D G $ R R Eb")
    await ask(service, message(village_id, ALICE, SIX))
    dice.queue("G G R R Eg $")
    # Bob renames himself "alice" on the chat and throws.
    await ask(service, message(village_id, Author(BOB.player_id, "alice"), SIX))
    [ambiguous] = await ask(
        service, message(village_id, GM, "/greed rollback player:alice turn:1 reason:dispute")
    )
    assert ambiguous.key == "ambiguous_player"
    assert sorted(ambiguous.params["ids"]) == ["2", "3"]
    [rolled] = await ask(
        service,
        message(village_id, GM, f"/greed rollback player:<@{BOB.player_id}> turn:1 reason:x"),
    )
    assert rolled.key == "greed.rolled_back" and rolled.params["player"] == "alice"
    alice = await store.load_stream(village_id, 1, ALICE.player_id)
    assert [e.type for e in alice] == ["DiceThrown"]  # the real alice keeps her throw


async def test_a_rename_stays_in_the_log(store: SqlStore, village_id: int) -> None:
    dice = ScriptedDice()
    service = await village_of(store, village_id, dice)
    dice.queue("D G $ R R Eb")
    await ask(service, message(village_id, ALICE, SIX))
    dice.queue("G R R Eg")
    await ask(service, message(village_id, Author(ALICE.player_id, "アリス"), "[[greed]]" * 4))
    village_events = [
        e for e in await store.day_events(village_id, 1) if e.player_id == VILLAGE_STREAM
    ]
    [renamed] = [e for e in village_events if e.type == "PlayerRenamed"]
    assert renamed.data == {"player_id": 2, "from": "alice", "to": "アリス"}
    player = await store.get_player(village_id, ALICE.player_id)
    assert player is not None and player.name == "アリス"


async def test_members_of_the_moderator_role_are_moderators(
    store: SqlStore, village_id: int
) -> None:
    service = await village_of(store, village_id)
    [changed] = await ask(service, message(village_id, GM, "/village config modrole:<@&555>"))
    assert changed.key == "settings" and changed.params["next"]["modrole"] == 555
    helper = Author(4, "helper", role_ids=frozenset({555}))
    [extended] = await ask(service, message(village_id, helper, "/village day extend"))
    assert extended.key == "day_extended"
    stranger = Author(5, "stranger", role_ids=frozenset({556}))
    [refused] = await ask(service, message(village_id, stranger, "/village day extend"))
    assert refused.key == "moderators_only"


@pytest.mark.parametrize(
    ("setting", "wanted"),
    [
        ("refusal_ttl:off", ("refusal_ttl", None)),
        ("refusal_ttl:45", ("refusal_ttl", 45)),
        ("flood:4/20", ("flood", "4/20")),
        ("flood:off", ("flood", None)),
        ("name:グリード村", ("name", "グリード村")),
    ],
)
async def test_the_villages_own_settings_change_at_once(
    store: SqlStore, village_id: int, setting: str, wanted: tuple[str, Any]
) -> None:
    service = await village_of(store, village_id)
    [reply] = await ask(service, message(village_id, GM, f"/village config {setting}"))
    key, value = wanted
    assert reply.key == "settings" and reply.params["next"][key] == value


@pytest.mark.parametrize(
    "setting", ["refusal_ttl:1", "refusal_ttl:soon", "flood:0/5", "flood:many", "name: "]
)
async def test_a_bad_village_setting_is_refused_and_changes_nothing(
    store: SqlStore, village_id: int, setting: str
) -> None:
    service = await village_of(store, village_id)
    [reply] = await ask(service, message(village_id, GM, f"/village config {setting}"))
    assert reply.key == "bad_setting"
    village = await store.get_village(village_id)
    assert village is not None and village.settings.refusal_ttl == 120
    assert village.settings.flood_messages == 6 and village.settings.name == ""


# -- checking an attached export ---------------------------------------------------------------


async def test_an_attached_export_is_checked_and_compared_with_the_village(
    store: SqlStore, village_id: int
) -> None:
    service = await village_of(store, village_id, FairChance())
    await ask(service, message(village_id, ALICE, SIX))
    await ask(service, message(village_id, GM, "/village day next"))
    [exported] = await ask(service, message(village_id, ALICE, "/village export day:1"))
    document = dict(exported.params["document"])

    def verify(attached: str) -> Incoming:
        # As a slash command with a file brings it: the file's text as the `export` option.
        request = CommandRequest("greed", "verify", {"export": attached}, "/greed verify")
        return Incoming(village_id, next(_ids), ALICE, T0, request)

    [verified] = await ask(service, verify(json.dumps(document)))
    assert verified.params["ok"] is True and verified.params["ours"] is True
    # A file consistent with itself (a seed and faces made up together) is not the day
    # this village committed to.
    forged = {**document, "commitment": "0" * 64}
    [caught] = await ask(service, verify(json.dumps(forged)))
    assert caught.params["ok"] is False and caught.params["ours"] is False
    assert [r.key for r in await ask(service, verify("not json"))] == ["export_unreadable"]


@pytest.mark.parametrize("day", ["1", True, 1.5, "missing"])
async def test_an_attached_export_that_names_no_day_is_checked_all_the_same(
    store: SqlStore, village_id: int, day: object
) -> None:
    # The file may say anything; the reply tells its day as unknown, never as day 0, and
    # fits its shape, so that it is written rather than falling back to "no text".
    service = await village_of(store, village_id, FairChance())
    document: dict[str, Any] = {"village_id": village_id, "day": day, "throws": []}
    if day == "missing":
        del document["day"]
    request = CommandRequest("greed", "verify", {"export": json.dumps(document)}, "/greed verify")
    [verified] = await ask(service, Incoming(village_id, next(_ids), ALICE, T0, request))
    assert verified.key == "greed.verify" and verified.params["day"] is None
    assert check(verified, reply_shapes()) is None
    assert "Day ? does not verify" in render(verified, "en")
    assert "?dの検証" in render(verified, "ja")


@pytest.mark.parametrize(("game", "table"), [(5, "x"), (None, True), ("ducks", 1.0)])
async def test_an_attached_table_export_that_names_no_table_is_checked_all_the_same(
    store: SqlStore, village_id: int, game: object, table: object
) -> None:
    service = await village_of(store, village_id, FairChance())
    document = {"village_id": village_id, "game": game, "table_id": table, "draws": []}
    request = CommandRequest("ducks", "verify", {"export": json.dumps(document)}, "/ducks verify")
    [verified] = await ask(service, Incoming(village_id, next(_ids), ALICE, T0, request))
    assert verified.key == "table.verify" and verified.params["table"] is None
    assert check(verified, reply_shapes()) is None
    head = render(verified, "en").splitlines()[1]  # below the line about the file
    assert "table ?" in head and "None" not in head, head


# -- a database in trouble is "try again" -------------------------------------------------------


async def test_a_database_out_of_connections_is_unavailable_not_a_bug(
    village_id: int, postgres_engine: AsyncEngine
) -> None:
    url = async_url(postgres_engine.url.render_as_string(hide_password=False))
    tight = create_async_engine(url, pool_size=1, max_overflow=0, pool_timeout=0.3)
    store = SqlStore(tight)
    service = VillageService(store, ManualClock(T0), FairChance())
    try:
        async with tight.connect() as held:  # the only connection, taken
            await held.execute(text("select 1"))
            replies = await ask(service, message(village_id, ALICE, SIX))
            assert [r.key for r in replies] == ["store_unavailable"]
            assert await service.tick() == {}
    finally:
        await tight.dispose()


async def test_a_connection_killed_by_the_server_is_unavailable_not_a_bug(
    village_id: int, postgres_engine: AsyncEngine
) -> None:
    engine = postgres_engine
    doomed = SqlStore(make_engine(engine.url.render_as_string(hide_password=False)))
    await village_of(doomed, village_id)
    try:
        with pytest.raises(StoreError):
            async with doomed.unit() as unit:
                assert unit._bound is not None
                pid = await unit._bound.scalar(text("select pg_backend_pid()"))
                async with engine.connect() as admin:
                    await admin.execute(text(f"select pg_terminate_backend({int(pid)})"))
                await unit.get_village(village_id)
    finally:
        await doomed.engine.dispose()


def test_the_errors_of_a_server_starting_or_stopping_are_unavailable() -> None:
    import sqlite3

    import asyncpg
    from sqlalchemy.dialects.postgresql.asyncpg import AsyncAdapt_asyncpg_dbapi
    from sqlalchemy.exc import DBAPIError, IntegrityError, ProgrammingError

    starting = asyncpg.exceptions.CannotConnectNowError("the database system is starting up")
    stopping = asyncpg.exceptions.AdminShutdownError("terminating connection")
    crowded = asyncpg.exceptions.TooManyConnectionsError("sorry, too many clients already")
    for cause in (starting, stopping, crowded):
        assert cause.sqlstate[:2] in ("57", "53")
        assert unavailable(DBAPIError("select 1", {}, cause))
        # As SQLAlchemy's async adapter raises it where it does not wrap it (a new
        # connection for the pool, taken by a statement that runs on the driver).
        adapted = AsyncAdapt_asyncpg_dbapi.Error(str(cause))
        adapted.__cause__ = cause
        assert unavailable(adapted)
    assert unavailable(sqlite3.OperationalError("disk I/O error"))  # SQLite's, on the driver
    # asyncpg out of step with a connection the server ended while shutting down.
    assert unavailable(
        asyncpg.InternalClientError(
            "cannot switch to state 12; another operation (2) is in progress"
        )
    )
    duplicate = asyncpg.exceptions.UniqueViolationError("duplicate key")
    assert not unavailable(IntegrityError("insert", {}, duplicate))
    assert not unavailable(ProgrammingError("select nonsense", {}, Exception("syntax error")))
    assert not unavailable(RuntimeError("a bug"))


class BrokenStore:
    """A store with a bug in its day query."""

    async def due_villages(self, now: dt.datetime) -> list[int]:
        raise RuntimeError("a bug in the store")


async def test_the_day_loop_never_sees_an_exception(caplog: pytest.LogCaptureFixture) -> None:
    service = VillageService(BrokenStore(), ManualClock(T0), FairChance())  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR):
        assert await service.tick() == {}
    assert any("closing the days" in r.getMessage() for r in caplog.records)


async def test_a_flood_in_the_service_draws_no_dice(store: SqlStore, village_id: int) -> None:
    dice = ScriptedDice()
    service = await village_of(store, village_id, dice, flood_gate=True)
    await ask(service, message(village_id, GM, "/village config flood:2/10"))
    kinds = [
        [r.key for r in await ask(service, message(village_id, ALICE, "TE"))] for _ in range(5)
    ]
    assert kinds == [["greed.turn_end_refused"], ["greed.turn_end_refused"], ["flood"], [], []]


async def test_a_bad_setting_says_what_it_takes_in_the_villages_words(
    store: SqlStore, village_id: int
) -> None:
    from bot.chat.render import render

    service = await village_of(store, village_id)
    [reply] = await ask(service, message(village_id, GM, "/village config flood:fast"))
    assert "M秒にN回を超えたら" in render(reply, "ja")
    assert "more than N play messages" in render(reply, "en")


def test_the_flood_gate_forgets_quiet_players() -> None:
    from bot.village.flood import FloodGate

    gate = FloodGate()
    gate.check(1, 2, T0, 2, 10)  # quiet since
    gate.check(1, 3, T0 + dt.timedelta(minutes=2), 2, 10)  # still posting
    gate.forget_before(T0 + dt.timedelta(minutes=1))
    assert set(gate._players) == {(1, 3)}
