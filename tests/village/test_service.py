"""The village service on a real database: concurrency, messages counted once, outages."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice, ScriptError
from bot.games.greed.fair import derive_faces
from bot.storage.engine import make_engine
from bot.storage.memory import MemoryStore
from bot.storage.store import SqlStore
from bot.village import overdue
from bot.village.chance import FairChance
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.ports import KeptChanging, StoreError, VersionConflict
from bot.village.records import (
    TABLE_PLAYING,
    TABLE_SEATING,
    DayClosing,
    NewEvent,
    TableAppend,
    TableRecord,
)
from bot.village.service import VillageService
from bot.words.reply import Reply, ReplyKind

pytestmark = pytest.mark.db

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
SIX = "[[greed]]" * 6
STATE_FIELDS = {
    "day",
    "turn",
    "lap",
    "throw",
    "faces",
    "turn_points",
    "best_take",
    "day_points",
    "total_points",
    "can_end",
    "legal_counts",
}

_messages = itertools.count(1000)


def message(village_id: int, author: Author, text: str, at: dt.datetime = T0) -> Incoming:
    return Incoming(village_id, next(_messages), author, at, parse_message(text))


async def ask(service: VillageService, incoming: Incoming) -> list[Reply]:
    return (await service.handle(incoming)).replies


async def make_village(
    store: SqlStore, village_id: int, dice: object | None = None
) -> VillageService:
    service = VillageService(store, ManualClock(T0), dice or ScriptedDice())  # type: ignore[arg-type]
    replies = await ask(service, message(village_id, GM, "/village create"))
    assert [r.key for r in replies] == ["village_created", "day_opened"]
    return service


async def test_every_play_reply_carries_the_protocol_state(
    store: SqlStore, village_id: int
) -> None:
    dice = ScriptedDice()
    service = await make_village(store, village_id, dice)
    dice.queue("D G $ R R Eb")
    [reply] = await ask(service, message(village_id, ALICE, SIX))
    assert reply.kind == ReplyKind.THROW and reply.to == "alice"
    assert reply.state is not None and set(reply.state) >= STATE_FIELDS
    assert reply.state["legal_counts"] == [4, 5]


async def test_a_refusal_carries_where_the_speaker_stands_only_when_it_is_about_the_day(
    store: SqlStore, village_id: int
) -> None:
    service = await make_village(store, village_id)
    [day] = await ask(service, message(village_id, ALICE, "[[greed]]" * 7))
    assert day.key == "greed.too_many_tags"
    assert day.state is not None and day.state["turn"] == 1
    # A table's refusal is about the table (none here: an empty one), and a village
    # command's about the village: the speaker's Greed day has no place in them.
    [table] = await ask(service, message(village_id, ALICE, "/ducks status"))
    [village] = await ask(service, message(village_id, ALICE, "/village day next"))
    assert (table.key, village.key) == ("no_table", "moderators_only")
    assert table.state == {} and village.state is None


async def test_a_table_games_tag_where_no_table_of_it_is_open_is_told_how_to_open_one(
    store: SqlStore, village_id: int
) -> None:
    service = await make_village(store, village_id)
    [refusal] = await ask(service, message(village_id, ALICE, "いくよ [[ducks]]"))
    assert (refusal.kind, refusal.key, refusal.params) == (
        ReplyKind.REFUSED,
        "no_table",
        {"game": "ducks"},
    )
    assert refusal.private and refusal.to == "alice"
    # The game's words with no tag are chat, and get nothing.
    later = T0 + dt.timedelta(seconds=1)
    assert await ask(service, message(village_id, ALICE, "パス", later)) == []


async def test_a_table_the_rules_cannot_expire_does_not_keep_the_day_open(
    store: SqlStore, village_id: int
) -> None:
    service = await make_village(store, village_id)
    # A Ducks table of one seat, in play and out of time: a row no release writes, which
    # the rules refuse to expire. The day's close and the other tables go on without it.
    broken = await store.create_table(
        TableRecord(village_id, 0, "ducks", 1, 7, village_id + 1, {}, (7,), TABLE_SEATING, T0),
        [],
    )
    out_of_time = dataclasses.replace(
        broken, status=TABLE_PLAYING, deadline_at=T0 + dt.timedelta(minutes=1), version=1
    )
    await store.append_table(TableAppend(out_of_time, 0, (NewEvent("TableStarted", {}),)))
    clock = service.core.clock
    assert isinstance(clock, ManualClock)
    clock.set(T0 + dt.timedelta(days=2))
    posts = await service.tick()
    keys = [d.reply.key for d in posts[village_id].deliveries]
    assert "day_closed" in keys and "day_opened" in keys


class CloseAlwaysConflicts:
    """A store on which one village's close always meets another writer first (or, with
    `refusal` a StoreError, finds the database down)."""

    def __init__(
        self, inner: Any, village_id: int, refusal: type[Exception] = VersionConflict
    ) -> None:
        self.inner = inner
        self.village_id = village_id
        self.refusal = refusal

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[CloseAlwaysConflicts]:
        async with self.inner.unit() as unit:
            yield CloseAlwaysConflicts(unit, self.village_id, self.refusal)

    async def close_day(self, closing: DayClosing) -> bool:
        if closing.village_id == self.village_id:
            raise self.refusal("another writer moved the village, or the database is down")
        return bool(await self.inner.close_day(closing))


async def two_villages_past_their_close(
    store: CloseAlwaysConflicts, *places: int
) -> VillageService:
    service = VillageService(store, ManualClock(T0), ScriptedDice())  # type: ignore[arg-type]
    for place in places:
        await ask(service, message(place, GM, "/village create"))
    clock = service.core.clock
    assert isinstance(clock, ManualClock)
    clock.set(T0 + dt.timedelta(days=2))
    return service


async def test_a_village_that_keeps_changing_does_not_keep_the_other_villages_days_open(
    village_id: int, other_village_id: int, caplog: pytest.LogCaptureFixture
) -> None:
    store = CloseAlwaysConflicts(MemoryStore(), village_id)
    service = await two_villages_past_their_close(store, village_id, other_village_id)
    posts = await service.tick()
    assert set(posts) == {other_village_id}
    assert "day_closed" in [d.reply.key for d in posts[other_village_id].deliveries]
    assert (await store.get_village(village_id)).day == 1  # type: ignore[union-attr]
    assert (await store.get_village(other_village_id)).day > 1  # type: ignore[union-attr]
    assert (
        f"village {village_id}: its day did not close this time (it kept changing)" in caplog.text
    )
    # Once the other writers stop, the next tick closes it.
    store.village_id = 0
    assert set(await service.tick()) == {village_id}


async def test_a_database_that_is_down_ends_the_tick_for_every_village(
    village_id: int, other_village_id: int
) -> None:
    """Unlike a village that kept changing, a database down is no village's own trouble: the
    tick stops (the loop tries again later) instead of going on to the next village."""
    store = CloseAlwaysConflicts(MemoryStore(), village_id, StoreError)
    service = await two_villages_past_their_close(store, village_id, other_village_id)
    with pytest.raises(StoreError) as raised:
        await overdue.tick(service.core)
    assert not isinstance(raised.value, KeptChanging)
    assert await service.tick() == {}  # the service's tick says nothing and keeps running


async def test_a_message_is_processed_once(store: SqlStore, village_id: int) -> None:
    dice = ScriptedDice()
    service = await make_village(store, village_id, dice)
    dice.queue("D G $ R R Eb")
    throw = message(village_id, ALICE, SIX)
    first = await ask(service, throw)
    assert [r.kind for r in first] == [ReplyKind.THROW]
    assert await ask(service, throw) == []
    assert len(await store.load_stream(village_id, 1, ALICE.player_id)) == 1
    assert dice.queued == 0


async def test_the_fair_dice_come_from_the_days_seed(store: SqlStore, village_id: int) -> None:
    service = await make_village(store, village_id, FairChance())
    throw = message(village_id, ALICE, SIX)
    [reply] = await ask(service, throw)
    day = await store.get_day(village_id, 1)
    assert day is not None
    expected = derive_faces(day.seed, village_id, 1, ALICE.player_id, 1, throw.message_id, 6)
    assert reply.params["faces"] == [f.token for f in expected]
    [event] = [e for e in await store.load_stream(village_id, 1, 2) if e.type == "DiceThrown"]
    assert event.data["throw_seq"] == 1 and event.data["scripted"] is False


class GreedOutsOnly:
    """Chance that shows `$ $ R R Eg Eb` on every six-dice throw: each turn greeds out at
    once, so every throw of six dice is legal until the day's turns are played."""

    def draw(self, game: str, request: Any, context: Any, fair: Any) -> Any:
        dice = ScriptedDice()
        dice.queue("$ $ R R Eg Eb")
        return dice.draw(game, request, context, fair)


class RacingStore:
    """A store that counts the reads a move is decided from and the version conflicts that
    send a move back to read again. Its first read waits, once made, until the other
    process's first read is made too: both then write on what they read, and one of them
    must read again."""

    def __init__(self, inner: SqlStore, together: asyncio.Barrier) -> None:
        self.inner = inner
        self.together = together
        self.reads = 0
        self.conflicts = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def play_context(self, village_id: int, message_id: int, player_id: int) -> Any:
        # What a move reads first: its table's version, which its write is guarded by.
        self.reads += 1
        context = await self.inner.play_context(village_id, message_id, player_id)
        if self.reads == 1:
            async with asyncio.timeout(10):
                await self.together.wait()
        return context

    async def append(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await self.inner.append(*args, **kwargs)
        except VersionConflict:
            self.conflicts += 1
            raise

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[Any]:
        try:
            async with self.inner.unit() as store:
                yield store
        except VersionConflict:
            self.conflicts += 1
            raise


async def test_simultaneous_messages_of_one_player_apply_one_at_a_time(
    store: SqlStore, engine: AsyncEngine, backend: str, village_id: int
) -> None:
    await make_village(store, village_id)
    url = engine.url.render_as_string(hide_password=False)
    # Two bot processes sharing the database, each with its own connections.
    other = SqlStore(make_engine(url))
    together = asyncio.Barrier(2)
    stores = [RacingStore(store, together), RacingStore(other, together)]
    services = [VillageService(s, ManualClock(T0), GreedOutsOnly()) for s in stores]  # type: ignore[arg-type]
    throws = [message(village_id, ALICE, SIX) for _ in range(6)]
    try:
        results = await asyncio.gather(
            *(ask(services[i % 2], throw) for i, throw in enumerate(throws))
        )
    finally:
        await other.engine.dispose()
    # Five turns, each a greed out on its first throw; the sixth message finds none left.
    first_keys = sorted(replies[0].key for replies in results)
    assert first_keys == ["greed.greed_out"] * 5 + ["greed.no_turns_left"]
    thrown_by = {
        t.message_id for t, r in zip(throws, results, strict=True) if r[0].key == "greed.greed_out"
    }
    stream = await store.load_stream(village_id, 1, ALICE.player_id)
    thrown = [e for e in stream if e.type == "DiceThrown"]
    # every throw is in the stream once, in order, and nothing else was written twice
    assert [e.data["throw_seq"] for e in thrown] == [1, 2, 3, 4, 5]
    assert {e.message_id for e in thrown} == thrown_by
    assert [e.version for e in stream] == list(range(1, len(stream) + 1))
    assert [e.type for e in stream].count("GreedOut") == 5
    # each process's first move read the stream before either wrote: one at least lost the
    # race and read again, and every read led to a move written or to that conflict
    conflicts = sum(s.conflicts for s in stores)
    assert conflicts >= 1
    assert sum(s.reads for s in stores) == len(throws) + conflicts


async def test_a_database_that_is_down_gets_a_reply_and_loses_nothing(village_id: int) -> None:
    engine = make_engine("postgresql://greedbot@127.0.0.1:1/nowhere")
    service = VillageService(SqlStore(engine), ManualClock(T0), FairChance())
    try:
        replies = await ask(service, message(village_id, ALICE, SIX))
        assert [(r.kind, r.key) for r in replies] == [(ReplyKind.REFUSED, "store_unavailable")]
        assert await service.tick() == {}
    finally:
        await engine.dispose()


async def test_a_channel_without_a_village_says_so(store: SqlStore, village_id: int) -> None:
    service = VillageService(store, ManualClock(T0), FairChance())
    replies = await ask(service, message(village_id, ALICE, SIX))
    assert [r.key for r in replies] == ["no_village"]
    assert await ask(service, message(village_id, ALICE, "hello")) == []
    assert await store.get_village(village_id) is None


async def test_a_day_past_its_time_closes_before_the_next_message(
    store: SqlStore, village_id: int
) -> None:
    dice = ScriptedDice()
    service = await make_village(store, village_id, dice)
    dice.queue("D G $ R R Eb")
    await ask(service, message(village_id, ALICE, SIX))
    later = T0 + dt.timedelta(days=1)
    service.core.clock.set(later)  # type: ignore[attr-defined]
    dice.queue("D $ R R Eb Eg")
    replies: list[Reply] = await ask(service, message(village_id, ALICE, SIX, at=later))
    assert [r.kind for r in replies][:2] == [ReplyKind.DAY_CLOSED, ReplyKind.MEMO]
    assert replies[-1].kind == ReplyKind.THROW
    assert replies[-1].state is not None and replies[-1].state["day"] == 2


async def test_a_village_may_be_created_with_its_settings(store: SqlStore, village_id: int) -> None:
    service = VillageService(store, ManualClock(T0), ScriptedDice())
    replies = await ask(
        service, message(village_id, GM, "/village create locale:en rules:house turns:3")
    )
    assert [r.key for r in replies] == ["village_created", "day_opened"]
    assert replies[1].params["rules"] == {"variant": "house", "turns": 3, "threshold": 500}
    village = await store.get_village(village_id)
    assert village is not None and village.settings.locale == "en"
    refused = await ask(service, message(village_id + 1, GM, "/village create turns:99"))
    assert [r.key for r in refused] == ["bad_setting"]
    assert await store.get_village(village_id + 1) is None


class BrokenDice:
    """A dice source with a bug in it."""

    def draw(self, *_: object) -> tuple[tuple[object, ...], bool]:
        raise RuntimeError("a bug in the dice")


async def test_a_bug_gets_a_reply_and_writes_nothing(store: SqlStore, village_id: int) -> None:
    service = await make_village(store, village_id, BrokenDice())
    replies = await ask(service, message(village_id, ALICE, SIX))
    assert [(r.kind, r.key) for r in replies] == [(ReplyKind.REFUSED, "internal_error")]
    assert await store.load_stream(village_id, 1, ALICE.player_id) == []
    assert await store.get_player(village_id, ALICE.player_id) is None


async def test_a_transcript_mistake_reaches_whoever_runs_it(
    store: SqlStore, village_id: int
) -> None:
    dice = ScriptedDice()
    service = await make_village(store, village_id, dice)
    dice.queue("D D D")
    with pytest.raises(ScriptError, match="queued 3 faces but the throw has 6 dice"):
        await ask(service, message(village_id, ALICE, SIX))
    assert await store.load_stream(village_id, 1, ALICE.player_id) == []
