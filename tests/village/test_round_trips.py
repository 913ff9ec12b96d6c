"""What a throw, a status and a posted reply ask of the database: the statements each sends,
counted on both databases. Counts, not times: a change that makes a move read or write once
more fails here, whatever the machine."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage.lane import compiled_statements
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.records import OutboxRecord
from bot.village.replies import Answer
from bot.village.service import VillageService
from bot.words.reply import ReplyKind
from tests.village.talk import ALICE, GM, T0, message_id, say, throw_of

pytestmark = pytest.mark.db


@contextmanager
def counted(engine: AsyncEngine) -> Iterator[list[str]]:
    """The SQL statements sent inside the block."""
    sent: list[str] = []

    def keep(_c: object, _cursor: object, statement: str, *_: object) -> None:
        sent.append(statement.split(None, 1)[0].upper())

    event.listen(engine.sync_engine, "before_cursor_execute", keep)
    try:
        yield sent
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", keep)


async def village(store: SqlStore, village_id: int, *, discord: bool) -> VillageService:
    service = VillageService(
        store, ManualClock(T0), ScriptedDice(), outbox=discord, flood_gate=discord
    )
    await say(service, village_id, GM, "/village create")
    return service


async def a_throw(service: VillageService, village_id: int) -> Answer:
    """Alice's next throw with every die she may throw."""
    [status] = (await say(service, village_id, ALICE, "/greed status")).replies
    assert status.state is not None
    return await say(
        service, village_id, ALICE, throw_of(service, max(status.state["legal_counts"]))
    )


MARK = {"postgresql": "WITH", "sqlite": "UPDATE"}
"""A reply recorded as posted: an update, on PostgreSQL under a CTE that lets its commit
not wait for the disk."""
WRITES = {
    ("postgresql", False): ["WITH"],
    ("postgresql", True): ["WITH", MARK["postgresql"]],
    ("sqlite", False): ["INSERT", "UPDATE", "INSERT", "INSERT"],
    ("sqlite", True): ["INSERT", "UPDATE", "INSERT", "INSERT", "INSERT", MARK["sqlite"]],
}
"""A later throw's writes. PostgreSQL: every write in one statement; SQLite: one statement
at a time (message, table, events, score row; on Discord the reply kept). On Discord the
answer is then recorded as posted."""


@pytest.mark.parametrize("discord", [False, True], ids=["console", "discord"])
async def test_a_later_throw_after_the_players_last_one_only_writes(
    engine: AsyncEngine, store: SqlStore, village_id: int, backend: str, discord: bool
) -> None:
    """The process that wrote the player's last throw knows what the next one reads (their
    table's version, their stream, when the last answer was posted)."""
    service = await village(store, village_id, discord=discord)
    await a_throw(service, village_id)
    [status] = (await say(service, village_id, ALICE, "/greed status")).replies
    assert status.state is not None
    message = throw_of(service, max(status.state["legal_counts"]))
    with counted(engine) as sent:
        answer = await say(service, village_id, ALICE, message)
    assert answer.replies[0].kind == "throw"
    assert sent == WRITES[backend, discord]


@pytest.mark.parametrize("discord", [False, True], ids=["console", "discord"])
async def test_a_later_throw_in_a_process_that_kept_nothing_reads_first(
    engine: AsyncEngine, store: SqlStore, village_id: int, backend: str, discord: bool
) -> None:
    """A process started since (or that let the player's context go) reads what the move
    is decided from in one statement, and on Discord when the last answer was posted; then
    writes as any later throw. (Its status read the player's stream.)"""
    first = await village(store, village_id, discord=discord)
    await a_throw(first, village_id)
    service = VillageService(
        store, ManualClock(T0), first.core.dice, outbox=discord, flood_gate=discord
    )
    [status] = (await say(service, village_id, ALICE, "/greed status")).replies
    assert status.state is not None
    message = throw_of(service, max(status.state["legal_counts"]))
    service.core.plays.forget(village_id)
    with counted(engine) as sent:
        answer = await say(service, village_id, ALICE, message)
    assert answer.replies[0].kind == "throw"
    reads = ["SELECT", "SELECT"] if discord else ["SELECT"]
    assert sent == reads + WRITES[backend, discord]


async def test_a_status_of_ones_own_day_reads_once(
    engine: AsyncEngine, store: SqlStore, village_id: int, backend: str
) -> None:
    service = await village(store, village_id, discord=True)
    await a_throw(service, village_id)
    with counted(engine) as sent:
        answer = await say(service, village_id, ALICE, "/greed status")
    assert answer.replies[0].key == "greed.status"
    # The village, the day, the message, the player and their day table in one read; the
    # stream from memory; then the message and its reply kept (on PostgreSQL in one
    # statement), and the reply posted.
    kept = ["WITH"] if backend == "postgresql" else ["INSERT", "INSERT"]
    assert sent == ["SELECT", *kept, MARK[backend]]


async def test_a_status_from_memory_is_the_status_read_afresh(
    store: SqlStore, village_id: int
) -> None:
    """The kept stream and the points read with the command give the same answer as a
    process that has kept nothing and reads everything."""
    service = await village(store, village_id, discord=False)
    for _ in range(4):
        await a_throw(service, village_id)
    [kept] = (await say(service, village_id, ALICE, "/greed status")).replies
    fresh_service = VillageService(store, ManualClock(T0), ScriptedDice())
    [fresh] = (await say(fresh_service, village_id, ALICE, "/greed status")).replies
    assert kept.state == fresh.state
    assert kept.state is not None and kept.state["throw"] + kept.state["turn"] > 1


async def test_a_reply_is_recorded_posted_in_one_statement(
    engine: AsyncEngine, store: SqlStore, village_id: int, backend: str
) -> None:
    service = await village(store, village_id, discord=True)
    answer = await service.handle(
        Incoming(village_id, message_id(), ALICE, T0, parse_message(throw_of(service, 6)))
    )
    [delivery] = answer.deliveries
    assert delivery.outbox_id is not None
    assert delivery.outbox_id in {r.outbox_id for r in await store.pending_outbox()}
    with counted(engine) as sent:
        assert await service.delivered(delivery.outbox_id, 777, T0)
    assert sent == [MARK[backend]]
    assert delivery.outbox_id not in {r.outbox_id for r in await store.pending_outbox()}


async def test_the_replies_of_a_message_get_their_ids_in_their_order_in_one_insert(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    await village(store, village_id, discord=True)
    entries = [
        OutboxRecord(village_id, 4242, seq, {"n": seq}, "ja", None, "village", T0)
        for seq in range(5)
    ]
    with counted(engine) as sent:
        ids = await store.add_outbox(entries)
    assert sent == ["INSERT"]
    assert ids == sorted(ids) and len(set(ids)) == 5
    kept = {r.outbox_id: r for r in await store.pending_outbox([village_id])}
    assert [kept[i].seq for i in ids] == [0, 1, 2, 3, 4]
    assert [kept[i].reply for i in ids] == [{"n": n} for n in range(5)]


BOB = Author(3, "bob")


async def a_village_played(store: SqlStore, village_id: int) -> None:
    """A village on Discord: throws, a status, and a Ducks table started and rolled at (a
    throw's, an answer's and a table move's writes, each with its replies kept)."""
    service = await village(store, village_id, discord=True)
    dice = service.core.dice
    assert isinstance(dice, ScriptedDice)
    for _ in range(4):
        await a_throw(service, village_id)
    await say(service, village_id, ALICE, "/ducks new")
    await say(service, village_id, BOB, "/ducks join")
    for author, text, faces in (
        (ALICE, "/ducks start", None),
        (ALICE, "[[ducks]]", "6 | 6 6 6 1 2"),
        (ALICE, "昇格 6 6 6", None),
        (ALICE, "/ducks stop", None),
        (BOB, "[[ducks]]", "4 | 4 4 1 2 3"),
    ):
        if faces is not None:
            dice.queue(faces)
        answer = await say(service, village_id, author, text)
        assert answer.replies and all(r.kind != ReplyKind.REFUSED for r in answer.replies)


async def test_a_write_of_a_kind_written_before_compiles_nothing(
    engine: AsyncEngine, store: SqlStore, village_id: int, other_village_id: int
) -> None:
    """Each kind of write (a throw of so many events and replies, an answer, a move) is
    built once and compiled once: a second village played as the first compiles nothing.
    A statement built anew for every throw was compiled anew and kept for good, which
    made a throw on PostgreSQL three times slower and grew the process by 60 KB a throw."""
    await a_village_played(store, village_id)
    compiled = compiled_statements(engine)
    await a_village_played(store, other_village_id)
    assert compiled_statements(engine) == compiled
