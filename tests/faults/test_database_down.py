"""A PostgreSQL that goes down while a village plays, and comes back.

Players keep posting while the database restarts (an upgrade, a crash, a host reboot). Each
of their messages must be refused with "try again" and change nothing, the day loop must
keep running, and once the database is back the same service, never restarted, must play
on: the throw posted again is drawn once and the log and the score rows still agree.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator, Callable

import pytest

from bot.console.scripted import ScriptedDice
from bot.fairness.seed import new_seed
from bot.games.api import ChanceContext, ChanceRequest, Outcome
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.service import VillageService
from bot.words.reply import ReplyKind
from tests.faults.cluster import Cluster
from tests.faults.village import (
    ALICE,
    FOUR,
    GM,
    SIX,
    T0,
    Chat,
    assert_log_agrees,
    keys,
    message,
    outbox_of,
    thrown_by,
)

pytestmark = pytest.mark.db

VILLAGE = 42


@pytest.fixture
async def private_store(private_url: str) -> AsyncIterator[SqlStore]:
    """The store of a fresh database on the private cluster, which the test may stop."""
    engine = make_engine(private_url)
    yield SqlStore(engine)
    await engine.dispose()


class StopsOnDraw(ScriptedDice):
    """Dice that stop the database once, as they are drawn: the throw's reads are done, its
    write is still to come."""

    def __init__(self, cluster: Cluster, mode: str) -> None:
        super().__init__()
        self.cluster = cluster
        self.mode = mode
        self.armed = False

    def draw(
        self,
        game: str,
        request: ChanceRequest,
        context: ChanceContext,
        fair: Callable[[], Outcome],
    ) -> tuple[Outcome, bool]:
        if self.armed:
            self.armed = False
            self.cluster.stop(self.mode)
        return super().draw(game, request, context, fair)


async def open_village(
    private_store: SqlStore, *, outbox: bool, dice: ScriptedDice | None = None
) -> tuple[Chat, ScriptedDice]:
    dice = dice or ScriptedDice()
    clock = ManualClock(T0)
    chat = Chat(VillageService(private_store, clock, dice, outbox=outbox), clock)
    assert keys(await chat.post(chat.message(VILLAGE, GM, "/village create"))) == [
        "village_created",
        "day_opened",
    ]
    return chat, dice


@pytest.mark.parametrize("outbox", [False, True], ids=["console", "discord"])
@pytest.mark.parametrize("mode", ["fast", "immediate"])
async def test_a_throw_while_the_database_is_down_is_refused_and_plays_once_it_is_back(
    cluster: Cluster, private_store: SqlStore, outbox: bool, mode: str
) -> None:
    chat, dice = await open_village(private_store, outbox=outbox)
    dice.queue("D G $ R R Eb")
    first = chat.message(VILLAGE, ALICE, SIX)
    assert keys(await chat.post(first)) == ["greed.throw"]

    cluster.stop(mode)
    dice.queue("G G G R")
    second = chat.message(VILLAGE, ALICE, FOUR)
    [refusal] = await chat.post(second)
    assert (refusal.kind, refusal.key, refusal.to) == (
        ReplyKind.REFUSED,
        "store_unavailable",
        "alice",
    )
    # Nothing shown and nothing written: the move may have been decided from what the
    # player's last move left before its write found the database down, and its dice are
    # drawn again the same (for the same message at the same point) when it plays.

    cluster.start()
    # The chat delivers the same message again (the adapter's catch-up, or a retry).
    [again] = await chat.post(second)
    assert (again.key, again.params["faces"]) == ("greed.throw", ["G", "G", "G", "R"])
    assert dice.queued == 0
    assert await chat.post(second) == []  # and a third time it is known
    [banked] = await chat.post(chat.message(VILLAGE, ALICE, "TE"))
    assert banked.key == "greed.turn_end" and banked.state is not None
    assert banked.state["day_points"] == 650

    stream = await assert_log_agrees(private_store, VILLAGE, ALICE.player_id)
    assert thrown_by(stream) == [first.message_id, second.message_id]
    assert await private_store.get_message(VILLAGE, second.message_id) is not None
    kept = await outbox_of(private_store.engine, VILLAGE)
    if outbox:  # one reply kept for each message, the refused delivery none
        assert [m for m, _ in kept].count(second.message_id) == 1
        assert len(chat.posted) == len(set(chat.posted)) == len(kept)
    else:
        assert kept == []


@pytest.mark.parametrize("mode", ["fast", "immediate"])
async def test_the_day_loop_runs_through_an_outage_and_closes_the_day_once_it_is_back(
    cluster: Cluster, private_store: SqlStore, mode: str
) -> None:
    chat, dice = await open_village(private_store, outbox=True)
    dice.queue("D G $ R R Eb")
    assert keys(await chat.post(chat.message(VILLAGE, ALICE, SIX))) == ["greed.throw"]
    chat.clock.set(T0 + dt.timedelta(days=1))  # the day's close is due

    cluster.stop(mode)
    assert await chat.service.tick() == {}
    assert await chat.service.tick() == {}  # and again: the loop keeps calling it

    cluster.start()
    posts = await chat.service.tick()
    announced = keys(list(posts[VILLAGE].replies))
    assert announced.count("day_closed") == 1 and announced.count("day_opened") == 1
    assert await chat.service.tick() == {}  # closed once
    village = await private_store.get_village(VILLAGE)
    assert village is not None and village.day == 2
    await assert_log_agrees(private_store, VILLAGE, ALICE.player_id)


@pytest.mark.parametrize("outbox", [False, True], ids=["console", "discord"])
@pytest.mark.parametrize("mode", ["fast", "immediate"])
async def test_a_throw_whose_write_the_database_dies_under_is_refused_and_kept_once_after(
    cluster: Cluster, private_store: SqlStore, outbox: bool, mode: str
) -> None:
    dice = StopsOnDraw(cluster, mode)
    chat, _ = await open_village(private_store, outbox=outbox, dice=dice)
    dice.queue("D G $ R R Eb")
    first = chat.message(VILLAGE, ALICE, SIX)
    assert keys(await chat.post(first)) == ["greed.throw"]

    dice.queue("G G G R")
    dice.armed = True
    second = chat.message(VILLAGE, ALICE, FOUR)
    [refusal] = await chat.post(second)
    assert (refusal.kind, refusal.key) == (ReplyKind.REFUSED, "store_unavailable")

    cluster.start()
    # Nothing of the throw was written.
    assert await private_store.get_message(VILLAGE, second.message_id) is None
    before = await private_store.load_stream(VILLAGE, 1, ALICE.player_id)
    assert thrown_by(before) == [first.message_id]
    # Delivered again, the message gets the faces it was drawn the first time, once.
    [again] = await chat.post(second)
    assert (again.key, again.params["faces"]) == ("greed.throw", ["G", "G", "G", "R"])
    stream = await assert_log_agrees(private_store, VILLAGE, ALICE.player_id)
    assert thrown_by(stream) == [first.message_id, second.message_id]
    if outbox:
        kept = await outbox_of(private_store.engine, VILLAGE)
        assert [m for m, _ in kept].count(second.message_id) == 1


async def test_a_reply_delivered_while_the_database_is_down_stays_pending_until_recorded(
    cluster: Cluster, private_store: SqlStore
) -> None:
    dice = ScriptedDice()
    service = VillageService(private_store, ManualClock(T0), dice, outbox=True)
    await service.handle(message(VILLAGE, GM, "/village create"))
    for kept in await service.pending([VILLAGE]):
        assert kept.outbox_id is not None and await service.delivered(kept.outbox_id, 1, T0)
    dice.queue("D G $ R R Eb")
    [throw] = (await service.handle(message(VILLAGE, ALICE, SIX))).deliveries
    assert throw.outbox_id is not None

    cluster.stop("fast")
    # Posted on the chat, but the database cannot take where it went: not an error.
    assert not await service.delivered(throw.outbox_id, 2, T0)

    cluster.start()
    assert [kept.outbox_id for kept in await service.pending([VILLAGE])] == [throw.outbox_id]
    assert await service.delivered(throw.outbox_id, 2, T0)
    assert await service.pending([VILLAGE]) == []


class StopsOnSeed:
    """Day seeds that stop the database once, as the next day's seed is made: the day's
    close has been read and decided, and is still to be written."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.armed = False

    def __call__(self) -> bytes:
        if self.armed:
            self.armed = False
            self.cluster.stop("immediate")
        return new_seed()


async def test_a_day_close_the_database_dies_under_is_done_once_by_a_later_tick(
    cluster: Cluster, private_store: SqlStore
) -> None:
    seeds = StopsOnSeed(cluster)
    clock = ManualClock(T0)
    dice = ScriptedDice()
    service = VillageService(private_store, clock, dice, seeds=seeds)
    await service.handle(message(VILLAGE, GM, "/village create"))
    dice.queue("D G $ R R Eb")
    await service.handle(message(VILLAGE, ALICE, SIX))
    clock.set(T0 + dt.timedelta(days=1))

    seeds.armed = True
    assert await service.tick() == {}
    assert not seeds.armed and not cluster.running()
    cluster.start()
    day_one = await private_store.get_day(VILLAGE, 1)
    assert day_one is not None and day_one.is_open  # nothing of the close was written
    posts = await service.tick()
    assert keys(list(posts[VILLAGE].replies)).count("day_closed") == 1
    assert await service.tick() == {}
    village = await private_store.get_village(VILLAGE)
    assert village is not None and village.day == 2
    await assert_log_agrees(private_store, VILLAGE, ALICE.player_id)


@pytest.mark.parametrize("outbox", [False, True], ids=["console", "discord"])
@pytest.mark.parametrize("mode", ["fast", "immediate"])
@pytest.mark.parametrize("noticed", [True, False], ids=["noticed", "unseen"])
async def test_a_restart_between_two_moves_costs_at_most_one_try_again(
    cluster: Cluster, private_store: SqlStore, outbox: bool, mode: str, noticed: bool
) -> None:
    """No move came while the database was down: the pooled connection is dead. The pool
    does not ping before each transaction, so a connection whose end the bot's event loop
    has read is replaced before use and the move plays; one whose end it has not read yet
    (`unseen`: the loop did not run between the stop and the start) fails the move as "try
    again" and is discarded, and the same message delivered again plays, once."""
    chat, dice = await open_village(private_store, outbox=outbox)
    dice.queue("D G $ R R Eb")
    first = chat.message(VILLAGE, ALICE, SIX)
    assert keys(await chat.post(first)) == ["greed.throw"]

    cluster.stop(mode)
    if noticed:
        await asyncio.sleep(0.2)  # the event loop runs meanwhile, as in the bot
    cluster.start()
    dice.queue("G G G R")
    second = chat.message(VILLAGE, ALICE, FOUR)
    replies = await chat.post(second)
    if noticed:
        assert keys(replies) == ["greed.throw"]
    else:
        [refusal] = replies
        assert (refusal.kind, refusal.key) == (ReplyKind.REFUSED, "store_unavailable")
        replies = await chat.post(second)
    [again] = replies
    assert (again.key, again.params["faces"]) == ("greed.throw", ["G", "G", "G", "R"])
    assert await chat.post(second) == []
    stream = await assert_log_agrees(private_store, VILLAGE, ALICE.player_id)
    assert thrown_by(stream) == [first.message_id, second.message_id]
