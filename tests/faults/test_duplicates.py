"""Duplicate and simultaneous deliveries, on SQLite and on PostgreSQL.

A chat delivers a message again after a reconnect, and two bot processes may both read it
(a rolling restart); a player may post two throws at the same instant. Each message must
count at most once, a throw posted before its author could see the previous one is a double
post, the stream's versions stay contiguous and the score row is what the stream replays to.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.console.scripted import ScriptedDice
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Incoming
from bot.village.service import VillageService
from bot.words.reply import Reply
from tests.faults.village import (
    ALICE,
    GM,
    SIX,
    T0,
    assert_log_agrees,
    keys,
    message,
    outbox_of,
    thrown_by,
)

pytestmark = pytest.mark.db

# The village answers a second after the messages were sent: none of them was posted after
# its author saw the answer to another.
ANSWERED_AT = T0 + dt.timedelta(seconds=1)


@pytest.fixture(params=[1, 2], ids=["one_process", "two_processes"])
async def services(
    request: pytest.FixtureRequest, store: SqlStore, engine: AsyncEngine, village_id: int
) -> AsyncIterator[list[VillageService]]:
    """The village, and the services that handle its messages: one, or two with their own
    connections to the same database, as two bot processes would be."""
    outbox: bool = request.node.callspec.params["outbox"]
    stores = [store]
    if request.param == 2:
        url = engine.url.render_as_string(hide_password=False)
        stores.append(SqlStore(make_engine(url)))
    made = [
        VillageService(s, ManualClock(ANSWERED_AT), ScriptedDice(), outbox=outbox) for s in stores
    ]
    created = await made[0].handle(message(village_id, GM, "/village create"))
    assert keys(list(created.replies)) == ["village_created", "day_opened"]
    for service in made:
        assert isinstance(service.core.dice, ScriptedDice)
        service.core.dice.queue("D G $ R R Eb")
    yield made
    for extra in stores[1:]:
        await extra.engine.dispose()


async def deliver(services: list[VillageService], messages: list[Incoming]) -> list[list[Reply]]:
    """Every message handled at the same time, by the services in turn."""
    answers = await asyncio.gather(
        *(services[i % len(services)].handle(m) for i, m in enumerate(messages))
    )
    return [list(answer.replies) for answer in answers]


async def assert_kept_once(
    engine: AsyncEngine, village_id: int, messages: list[Incoming], outbox: bool
) -> None:
    """With the outbox, each message's replies are kept once (seq 0 and no other)."""
    kept = await outbox_of(engine, village_id)
    for incoming in messages:
        seqs = [seq for message_id, seq in kept if message_id == incoming.message_id]
        assert seqs == ([0] if outbox else []), (incoming.message_id, kept)


@pytest.mark.parametrize("outbox", [False, True], ids=["console", "discord"])
async def test_one_message_delivered_twice_at_once_is_thrown_once(
    services: list[VillageService], store: SqlStore, village_id: int, outbox: bool
) -> None:
    throw = message(village_id, ALICE, SIX)
    answers = await deliver(services, [throw, throw])
    assert sorted(keys(replies) for replies in answers) == [[], ["greed.throw"]]
    stream = await assert_log_agrees(store, village_id, ALICE.player_id)
    assert thrown_by(stream) == [throw.message_id]
    assert await store.get_message(village_id, throw.message_id) is not None
    await assert_kept_once(store.engine, village_id, [throw], outbox)


@pytest.mark.parametrize("outbox", [False, True], ids=["console", "discord"])
async def test_two_throws_sent_at_one_instant_throw_once_and_the_other_is_a_double_post(
    services: list[VillageService], store: SqlStore, village_id: int, outbox: bool
) -> None:
    first, second = message(village_id, ALICE, SIX), message(village_id, ALICE, SIX)
    # Each of the two also delivered twice: four deliveries at once.
    answers = await deliver(services, [first, second, second, first])
    assert sorted(keys(replies) for replies in answers) == [
        [],
        [],
        ["greed.double_post"],
        ["greed.throw"],
    ]
    stream = await assert_log_agrees(store, village_id, ALICE.player_id)
    [thrower] = thrown_by(stream)
    assert thrower in (first.message_id, second.message_id)
    recorded = [await store.get_message(village_id, m.message_id) for m in (first, second)]
    assert all(record is not None for record in recorded)
    await assert_kept_once(store.engine, village_id, [first, second], outbox)


@pytest.mark.parametrize("outbox", [False, True], ids=["console", "discord"])
async def test_one_command_delivered_twice_at_once_is_answered_once(
    services: list[VillageService], store: SqlStore, village_id: int, outbox: bool
) -> None:
    status = message(village_id, ALICE, "/greed status")
    answers = await deliver(services, [status, status])
    assert sorted(keys(replies) for replies in answers) == [[], ["greed.status"]]
    assert await store.get_message(village_id, status.message_id) is not None
    await assert_kept_once(store.engine, village_id, [status], outbox)
