"""A day's close from the streams the process keeps: the same close as from the database,
and never from a kept stream that something else has moved on since."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.day.stream_cache import StreamCache
from bot.village.records import DayClosing, PlayerDayRecord, StoredEvent
from bot.village.service import VillageService
from bot.words.reply import Reply

pytestmark = pytest.mark.db

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
CLOSED = dt.datetime(2026, 12, 1, 15, 0, 1, tzinfo=dt.UTC)
"""A second after day 1's time (the village's default update: 00:00 in Tokyo)."""
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
BOB = Author(3, "bob")
CAROL = Author(4, "carol")
ERIN = Author(5, "erin")
SIX = "[[greed]]" * 6
_messages = itertools.count(1)


WHOLE_DAY = "the whole day"
"""A read of every day table's events (nothing kept): one statement for the day."""


class NotingStore(SqlStore):
    """The store, noting the day tables whose events each read of a day's streams asked
    for, and running `before_close` (once) just before a day's close is written."""

    def __init__(
        self,
        engine: AsyncEngine,
        session: AsyncSession | None = None,
        before_reading: list[Callable[[], Awaitable[Any]]] | None = None,
        before_close: list[Callable[[], Awaitable[Any]]] | None = None,
    ) -> None:
        super().__init__(engine, session)
        # Lists, shared by the copies of the store each unit of work makes.
        self.reads: list[list[int] | str] = []
        self.before_reading = before_reading or []
        self.before_close = before_close or []

    async def day_streams(
        self, village_id: int, day: int, tables: Any = None
    ) -> dict[int, list[StoredEvent]]:
        self.reads.append(WHOLE_DAY if tables is None else sorted(tables))
        while self.before_reading:
            await self.before_reading.pop()()
        return await super().day_streams(village_id, day, tables)

    async def close_day(self, closing: DayClosing) -> bool:
        while self.before_close:
            await self.before_close.pop()()
        return await super().close_day(closing)


def service_of(store: SqlStore, at: dt.datetime = T0, *, closer: bool = False) -> VillageService:
    """A process of the bot: one that plays (every message at `at`), or the day loop of one
    that closes (its replies kept in the outbox, as on Discord)."""
    # The next day's seed known: two closes of the same day open the same next day.
    return VillageService(
        store, ManualClock(at), ScriptedDice(), outbox=closer, seeds=lambda: bytes(32)
    )


async def say(
    service: VillageService, village_id: int, author: Author, text: str, dice: str = ""
) -> list[Reply]:
    if dice:
        scripted = service.core.dice
        assert isinstance(scripted, ScriptedDice)
        scripted.queue(dice)
    at = service.core.clock.now()
    incoming = Incoming(village_id, next(_messages), author, at, parse_message(text))
    return (await service.handle(incoming)).replies


async def take(service: VillageService, village_id: int, author: Author) -> int:
    """`author` ends their turn with Turn End; the message's id."""
    message_id = next(_messages)
    at = service.core.clock.now()
    incoming = Incoming(village_id, message_id, author, at, parse_message("TE"))
    replies = (await service.handle(incoming)).replies
    assert replies[0].key == "greed.turn_end"
    return message_id


async def play_day_1(store: SqlStore, village_id: int) -> VillageService:
    """Day 1 as a bot plays it: alice and bob stop in a turn, carol's day was rolled back
    and goes on, erin's five turns are done. The service keeps every stream it played."""
    service = service_of(store)
    await say(service, village_id, GM, "/village create")
    await say(service, village_id, ALICE, SIX, "$ $ $ D D R")
    await say(service, village_id, ALICE, "TE")
    await say(service, village_id, ALICE, SIX, "D G $ R R Eb")
    await say(service, village_id, BOB, SIX, "$ $ $ D D R")
    await say(service, village_id, CAROL, SIX, "$ $ $ D D R")
    await say(service, village_id, CAROL, "TE")
    [rolled] = await say(service, village_id, GM, "/greed rollback player:carol turn:1 reason:r")
    assert rolled.key == "greed.rolled_back"
    await say(service, village_id, CAROL, SIX, "D G $ R R Eb")
    for _ in range(5):
        out = await say(service, village_id, ERIN, SIX, "$ $ R R Eg Eb")
        assert out[0].key == "greed.greed_out"
    return service


@dataclass
class Closed:
    replies: list[Reply]
    streams: dict[int, list[StoredEvent]]
    scores: dict[int, PlayerDayRecord]
    reads: list[list[int] | str]
    """The day tables whose events the close read (each read's)."""


async def close_rolled_back(
    engine: AsyncEngine, village_id: int, kept: StreamCache | None
) -> Closed:
    """Day 1 closed by the day loop of a process that keeps `kept` (none when None), and
    what the close wrote, all rolled back: the same day can be closed again."""
    session = AsyncSession(engine, expire_on_commit=False)
    store = NotingStore(engine, session)
    closer = service_of(store, CLOSED, closer=True)
    if kept is not None:
        closer.core.streams = kept
    await session.begin()
    try:
        answers = await closer.tick(lambda village: village.village_id == village_id)
        reads = list(store.reads)
        written = await store.day_streams(village_id, 1)
        scores = await store.day_scores(village_id, 1)
    finally:
        await session.rollback()
        await session.close()
    return Closed(answers[village_id].replies, written, scores, reads)


async def test_a_close_from_kept_streams_is_the_close_from_a_full_read(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    player = await play_day_1(store, village_id)
    assert len(await store.day_tables(village_id, 1)) == 4
    assert len(player.core.streams) == 4  # the process keeps every stream it played

    from_database = await close_rolled_back(engine, village_id, None)
    from_memory = await close_rolled_back(engine, village_id, player.core.streams)

    assert from_database.reads == [WHOLE_DAY]  # nothing kept: every table's events
    assert from_memory.reads == []  # no event read, no stream replayed
    assert from_memory.replies == from_database.replies
    assert from_memory.streams == from_database.streams
    assert from_memory.scores == from_database.scores
    # A close with something to show: turns cut short, each player's memo, the next day.
    closed = from_memory.replies[0]
    assert closed.key == "day_closed"
    assert closed.params["unfinished"] == ["alice", "bob", "carol"]
    assert [r.to for r in from_memory.replies if r.key == "greed.memo"] == [
        "alice",
        "bob",
        "carol",
        "erin",
    ]
    assert from_memory.replies[-1].key == "day_opened"
    assert {p: s.points for p, s in from_memory.scores.items()} == {2: 800, 3: 0, 4: 0, 5: 0}


async def test_a_kept_stream_another_process_moved_on_is_read_again(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    player = await play_day_1(store, village_id)
    other = service_of(store)  # another process: bob's next throw is not in `player`'s memory
    await take(other, village_id, BOB)
    tables = await store.day_tables(village_id, 1)

    from_database = await close_rolled_back(engine, village_id, None)
    from_memory = await close_rolled_back(engine, village_id, player.core.streams)

    assert from_memory.reads == [[tables[BOB.player_id].table_id]]
    assert from_memory.replies == from_database.replies
    assert from_memory.streams == from_database.streams
    assert from_memory.scores == from_database.scores
    assert from_memory.scores[BOB.player_id].points == 800
    assert from_memory.replies[0].params["unfinished"] == ["alice", "carol"]


async def one_turn_day(store: SqlStore, village_id: int) -> VillageService:
    """A village of one turn a day, where alice has thrown 800 and not yet taken it."""
    service = service_of(store)
    await say(service, village_id, GM, "/village create turns:1")
    [thrown] = await say(service, village_id, ALICE, SIX, "$ $ $ D D R")
    assert thrown.key == "greed.throw"
    return service


async def test_a_move_between_the_close_reading_the_tables_and_the_streams_is_read_again(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    """alice ends her day with Turn End (a message with no throw) after the close read her
    table and before it read her stream: the close reads the day again, and her memo links
    to where her day ended."""
    player = await one_turn_day(store, village_id)
    ended: list[int] = []

    async def turn_end() -> None:
        ended.append(await take(player, village_id, ALICE))

    closing = NotingStore(engine, before_reading=[turn_end])
    closer = service_of(closing, CLOSED, closer=True)  # a process that keeps no stream
    answers = await closer.tick(lambda village: village.village_id == village_id)

    assert closing.reads == [WHOLE_DAY, WHOLE_DAY]  # read, then read again (nothing kept)
    [closed, memo, *_] = answers[village_id].replies
    assert closed.params["unfinished"] == []
    row = (await store.day_scores(village_id, 1))[ALICE.player_id]
    assert (row.points, row.finished, row.ended_message_id) == (800, True, ended[0])
    assert memo.params["message_id"] == ended[0]


async def test_a_kept_stream_moved_on_while_the_close_ran_is_not_closed_from(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    """The close takes alice's stream from memory; another process's Turn End lands before
    the close is written: the close starts over and reads her stream, kept no more."""
    player = await one_turn_day(store, village_id)
    other = service_of(store)
    ended: list[int] = []

    async def turn_end() -> None:
        ended.append(await take(other, village_id, ALICE))

    closing = NotingStore(engine, before_close=[turn_end])
    closer = service_of(closing, CLOSED, closer=True)
    closer.core.streams = player.core.streams
    answers = await closer.tick(lambda village: village.village_id == village_id)

    # From memory first, then read: hers was the one stream kept, so the whole day.
    assert closing.reads == [WHOLE_DAY]
    assert answers[village_id].replies[0].params["unfinished"] == []
    row = (await store.day_scores(village_id, 1))[ALICE.player_id]
    assert (row.points, row.finished, row.ended_message_id) == (800, True, ended[0])
