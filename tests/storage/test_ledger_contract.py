"""The store's messages and outbox, its villages' lists and posts, on every backend (in
memory, SQLite, PostgreSQL): messages counted once, replies numbered in the order they were
kept and read back oldest first, their fates recorded."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from bot.village.ports import DuplicateMessage, Store
from bot.village.records import (
    BY_VILLAGE,
    DROPPED,
    PENDING,
    SENT,
    AnswerPosted,
    NewEvent,
    VillageRecord,
)
from bot.village.settings import VillageSettings
from tests.storage.test_store_contract import (
    T0,
    appending,
    closing_of_day_1,
    day_record,
    kept_reply,
    message,
    new_village,
)

pytestmark = pytest.mark.db


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store on every backend, the memory store too: the contract is the port's."""
    return any_store


async def test_an_answer_keeps_the_message_and_its_replies_together(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    ids = await store.answer(message(village_id, 7), [kept_reply(village_id, 7, s) for s in (0, 1)])
    later = await store.answer(message(village_id, 8), [kept_reply(village_id, 8, 0)])
    assert ids[0] < ids[1] < later[0]  # numbered in the order they were kept
    assert await store.get_message(village_id, 7) == message(village_id, 7)
    with pytest.raises(DuplicateMessage):
        await store.answer(message(village_id, 7), [kept_reply(village_id, 7, 5)])
    pending = await store.pending_outbox([village_id])
    assert [(e.outbox_id, e.message_id, e.seq) for e in pending] == [
        (ids[0], 7, 0),
        (ids[1], 7, 1),
        (later[0], 8, 0),
    ]
    assert pending[0] == replace(kept_reply(village_id, 7, 0), outbox_id=ids[0])


async def test_pending_replies_are_those_of_the_villages_asked_about(
    store: Store, village_id: int, other_village_id: int
) -> None:
    await new_village(store, village_id)
    await new_village(store, other_village_id)
    announcement = replace(kept_reply(other_village_id, 0, 0), message_id=None, via=BY_VILLAGE)
    [other] = await store.add_outbox([announcement])
    [mine] = await store.add_outbox([kept_reply(village_id, 3, 0)])
    assert other < mine
    assert [e.outbox_id for e in await store.pending_outbox([village_id])] == [mine]
    both = await store.pending_outbox([village_id, other_village_id])
    assert [e.outbox_id for e in both] == [other, mine]
    assert both[0].message_id is None
    everywhere = [e.outbox_id for e in await store.pending_outbox()]
    assert everywhere.index(other) < everywhere.index(mine)
    assert await store.pending_outbox([]) == []
    assert await store.add_outbox([]) == []


async def test_a_replys_fate_is_recorded_and_its_first_answer_read(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    assert await store.first_answer(village_id, 7) is None
    first, second = await store.answer(
        message(village_id, 7), [kept_reply(village_id, 7, s) for s in (0, 1)]
    )
    assert await store.first_answer(village_id, 7) == AnswerPosted(PENDING, None)
    posted = T0 + dt.timedelta(seconds=2)
    await store.mark_outbox(first, SENT, posted_id=555, posted_at=posted)
    await store.mark_outbox(second, DROPPED, attempts=3)
    assert await store.first_answer(village_id, 7) == AnswerPosted(SENT, posted)
    assert await store.pending_outbox([village_id]) == []
    # Sent again later: the attempts recorded so far stand when none are given.
    await store.mark_outbox(second, PENDING)
    [again] = await store.pending_outbox([village_id])
    assert (again.outbox_id, again.attempts, again.posted_id) == (second, 3, None)
    await store.mark_outbox(second, SENT, posted_id=556, posted_at=posted, attempts=4)
    assert await store.pending_outbox([village_id]) == []


async def test_where_messages_were_posted_and_the_last_one_handled(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    assert await store.last_message_id(village_id) == 0
    await store.record_message(message(village_id, 30))
    await store.record_message(replace(message(village_id, 40), place_id=4242))
    assert await store.message_places(village_id, [30, 40, 50]) == {40: 4242}
    assert await store.message_places(village_id, []) == {}
    assert await store.last_message_id(village_id) == 40
    # An event's message counts too (appending's events name message 900 + version).
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 35))
    assert await store.last_message_id(village_id) == 900


async def test_villages_are_listed_by_server(
    store: Store, village_id: int, other_village_id: int
) -> None:
    # Servers of their own: the PostgreSQL suite's database holds other tests' villages.
    server, other_server, empty = village_id, other_village_id, other_village_id + 1
    for village, guild in ((village_id, server), (other_village_id, other_server)):
        record = VillageRecord(village, "greed", VillageSettings(), 1, T0, guild_id=guild)
        await store.create_village(record, day_record(village), [])
    assert await store.village_ids([server]) == [village_id]
    assert await store.village_ids([other_server, empty]) == [other_village_id]
    assert await store.village_ids([server, other_server]) == [village_id, other_village_id]
    assert await store.village_ids([]) == []
    listed = await store.village_ids()
    assert {village_id, other_village_id} <= set(listed) and listed == sorted(listed)


async def test_each_days_post_is_remembered(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    assert await store.day_posts(village_id) == {}
    await store.set_day_post(village_id, 1, 9001)
    posted = await store.get_day(village_id, 1)
    assert posted is not None and posted.post_id == 9001
    assert await store.close_day(closing_of_day_1(village_id, posted.version))
    await store.set_day_post(village_id, 2, 9002)
    assert await store.day_posts(village_id) == {1: 9001, 2: 9002}
    day = await store.get_day(village_id, 2)
    assert day is not None and day.post_id == 9002


async def test_a_closed_day_is_not_extended(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    assert await store.close_day(closing_of_day_1(village_id, 0))
    later = T0 + dt.timedelta(days=3)
    assert not await store.extend_day(village_id, 1, later, NewEvent("DayExtended", {}))
    assert not await store.extend_day(village_id, 9, later, NewEvent("DayExtended", {}))
    day = await store.get_day(village_id, 1)
    assert day is not None and day.closes_at == day_record(village_id).closes_at
    assert [e.type for e in await store.load_stream(village_id, 1, 0)] == [
        "VillageCreated",
        "DayClosed",
    ]


async def test_villages_are_due_in_the_order_their_days_close(
    store: Store, village_id: int, other_village_id: int
) -> None:
    await new_village(store, village_id)  # closes at T0 + 24h
    early = VillageRecord(other_village_id, "greed", VillageSettings(), 1, T0)
    earlier_day = replace(day_record(other_village_id), closes_at=T0 + dt.timedelta(hours=1))
    await store.create_village(early, earlier_day, [])
    due = await store.due_villages(T0 + dt.timedelta(days=1))
    assert [v for v in due if v in (village_id, other_village_id)] == [
        other_village_id,
        village_id,
    ]
