"""The village service on a real database: concurrency, messages counted once, outages."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice, ScriptError
from bot.engine.greed import parse_faces
from bot.fairness.dice import derive_faces
from bot.fairness.source import FairDice
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.replies import Reply, ReplyKind
from bot.village.service import VillageService

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
    dice.queue(parse_faces("D G $ R R Eb"))
    [reply] = await ask(service, message(village_id, ALICE, SIX))
    assert reply.kind is ReplyKind.THROW and reply.to == "alice"
    assert reply.state is not None and set(reply.state) >= STATE_FIELDS
    assert reply.state["legal_counts"] == [4, 5]


async def test_a_message_is_processed_once(store: SqlStore, village_id: int) -> None:
    dice = ScriptedDice()
    service = await make_village(store, village_id, dice)
    dice.queue(parse_faces("D G $ R R Eb"))
    throw = message(village_id, ALICE, SIX)
    first = await ask(service, throw)
    assert [r.kind for r in first] == [ReplyKind.THROW]
    assert await ask(service, throw) == []
    assert len(await store.load_stream(village_id, 1, ALICE.player_id)) == 1
    assert dice.queued == 0


async def test_the_fair_dice_come_from_the_days_seed(store: SqlStore, village_id: int) -> None:
    service = await make_village(store, village_id, FairDice())
    throw = message(village_id, ALICE, SIX)
    [reply] = await ask(service, throw)
    day = await store.get_day(village_id, 1)
    assert day is not None
    expected = derive_faces(day.seed, village_id, 1, ALICE.player_id, 1, throw.message_id, 6)
    assert reply.params["faces"] == [f.token for f in expected]
    [event] = [e for e in await store.load_stream(village_id, 1, 2) if e.type == "DiceThrown"]
    assert event.data["throw_seq"] == 1 and event.data["scripted"] is False


async def test_simultaneous_messages_of_one_player_apply_one_at_a_time(
    store: SqlStore, engine: AsyncEngine, backend: str, village_id: int
) -> None:
    await make_village(store, village_id, FairDice())
    url = engine.url.render_as_string(hide_password=False)
    # Two bot processes sharing the database, each with its own connections.
    other = SqlStore(make_engine(url))
    services = [
        VillageService(store, ManualClock(T0), FairDice()),
        VillageService(other, ManualClock(T0), FairDice()),
    ]
    throws = [message(village_id, ALICE, SIX) for _ in range(6)]
    results = await asyncio.gather(*(ask(services[i % 2], throw) for i, throw in enumerate(throws)))
    await other.engine.dispose()
    kinds = [replies[0].kind for replies in results]
    played = [r for replies in results for r in replies if r.kind is not ReplyKind.REFUSED]
    stream = await store.load_stream(village_id, 1, ALICE.player_id)
    thrown = [e for e in stream if e.type == "DiceThrown"]
    # each message did exactly one thing; every throw is in the stream once, in order
    assert len(thrown) == sum(r.kind in _THROWING for r in played)
    assert [e.data["throw_seq"] for e in thrown] == list(range(1, len(thrown) + 1))
    assert [e.version for e in stream] == list(range(1, len(stream) + 1))
    assert len({e.message_id for e in thrown}) == len(thrown)
    assert ReplyKind.THROW in kinds or ReplyKind.GREED_OUT in kinds or ReplyKind.SWEEP in kinds


_THROWING = {ReplyKind.THROW, ReplyKind.SWEEP, ReplyKind.GREED_OUT, ReplyKind.TURN_END}


async def test_a_database_that_is_down_gets_a_reply_and_loses_nothing(village_id: int) -> None:
    engine = make_engine("postgresql://greedbot@127.0.0.1:1/nowhere")
    service = VillageService(SqlStore(engine), ManualClock(T0), FairDice())
    try:
        replies = await ask(service, message(village_id, ALICE, SIX))
        assert [(r.kind, r.key) for r in replies] == [(ReplyKind.REFUSED, "store_unavailable")]
        assert await service.tick() == {}
    finally:
        await engine.dispose()


async def test_a_channel_without_a_village_says_so(store: SqlStore, village_id: int) -> None:
    service = VillageService(store, ManualClock(T0), FairDice())
    replies = await ask(service, message(village_id, ALICE, SIX))
    assert [r.key for r in replies] == ["no_village"]
    assert await ask(service, message(village_id, ALICE, "hello")) == []
    assert await store.get_village(village_id) is None


async def test_a_day_past_its_time_closes_before_the_next_message(
    store: SqlStore, village_id: int
) -> None:
    dice = ScriptedDice()
    service = await make_village(store, village_id, dice)
    dice.queue(parse_faces("D G $ R R Eb"))
    await ask(service, message(village_id, ALICE, SIX))
    later = T0 + dt.timedelta(days=1)
    service.core.clock.set(later)  # type: ignore[attr-defined]
    dice.queue(parse_faces("D $ R R Eb Eg"))
    replies: list[Reply] = await ask(service, message(village_id, ALICE, SIX, at=later))
    assert [r.kind for r in replies][:2] == [ReplyKind.DAY_CLOSED, ReplyKind.MEMO]
    assert replies[-1].kind is ReplyKind.THROW
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
    dice.queue(parse_faces("D D D"))
    with pytest.raises(ScriptError, match="queued 3 faces but the throw has 6 dice"):
        await ask(service, message(village_id, ALICE, SIX))
    assert await store.load_stream(village_id, 1, ALICE.player_id) == []
