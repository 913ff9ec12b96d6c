"""Posted replies' records written together: what is asked for while a write is under way
goes into the next one; each asker learns what became of its own record."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Sequence

import pytest
from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage import tables as t
from bot.storage.marks import Mark, MarkBatches
from bot.storage.store import SqlStore
from bot.village.ports import StoreError
from bot.village.records import FAILED, SENT, OutboxRecord
from tests.storage.test_lane import a_village

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)


def mark(n: int) -> Mark:
    return Mark(n, SENT, 1000 + n, T0, None)


class Database:
    """Writes that take their time (and fail when told to), remembering each batch."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.failing = False
        self.gate = asyncio.Event()
        self.gate.set()

    async def write(self, marks: Sequence[Mark]) -> None:
        self.batches.append([m.outbox_id for m in marks])
        await self.gate.wait()
        if self.failing:
            raise StoreError("connection refused")


async def test_one_record_alone_is_written_at_once() -> None:
    database = Database()
    batches = MarkBatches(database.write)
    await batches.record(mark(1))
    await batches.record(mark(2))
    assert database.batches == [[1], [2]]


async def test_records_asked_for_during_a_write_go_into_the_next_one_together() -> None:
    database = Database()
    batches = MarkBatches(database.write)
    database.gate.clear()
    first = asyncio.create_task(batches.record(mark(1)))
    await asyncio.sleep(0)
    await asyncio.sleep(0)  # the first write is under way, held at the gate
    later = [asyncio.create_task(batches.record(mark(n))) for n in (2, 3, 4)]
    await asyncio.sleep(0)
    database.gate.set()
    await asyncio.gather(first, *later)
    assert database.batches == [[1], [2, 3, 4]]


async def test_a_failed_write_fails_each_of_its_records_and_not_the_next() -> None:
    database = Database()
    batches = MarkBatches(database.write)
    database.gate.clear()
    database.failing = True
    asked = [asyncio.create_task(batches.record(mark(n))) for n in (1, 2)]
    await asyncio.sleep(0)
    database.gate.set()
    results = await asyncio.gather(*asked, return_exceptions=True)
    assert all(isinstance(r, StoreError) for r in results)
    database.failing = False
    await batches.record(mark(3))
    assert database.batches[-1] == [3]


async def test_an_asker_that_stops_waiting_leaves_the_others_written() -> None:
    database = Database()
    batches = MarkBatches(database.write)
    database.gate.clear()
    impatient = asyncio.create_task(batches.record(mark(1)))
    patient = asyncio.create_task(batches.record(mark(2)))
    await asyncio.sleep(0)
    impatient.cancel()
    database.gate.set()
    await patient
    assert database.batches == [[1, 2]]
    with pytest.raises(asyncio.CancelledError):
        await impatient


@pytest.mark.db
async def test_replies_recorded_at_once_are_written_in_fewer_statements(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    await a_village(store, village_id)
    ids = await store.add_outbox(
        [
            OutboxRecord(village_id, 1, seq, {"key": "throw"}, "ja", None, "message", T0)
            for seq in range(8)
        ]
    )
    sent: list[str] = []

    def count(_c: object, _cursor: object, statement: str, *_: object) -> None:
        sent.append(statement)

    event.listen(engine.sync_engine, "before_cursor_execute", count)
    try:
        await asyncio.gather(
            *(store.mark_outbox(i, SENT, 500 + i, T0 + dt.timedelta(seconds=i)) for i in ids[:7]),
            store.mark_outbox(ids[7], FAILED, attempts=3),
        )
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", count)
    assert 1 <= len(sent) < len(ids)  # asked for at once: written together
    assert await store.pending_outbox([village_id]) == []
    async with engine.connect() as connection:
        found = await connection.execute(
            select(
                t.Outbox.outbox_id,
                t.Outbox.status,
                t.Outbox.posted_id,
                t.Outbox.posted_at,
                t.Outbox.attempts,
            ).where(t.Outbox.village_id == village_id)
        )
        rows = {row[0]: tuple(row[1:]) for row in found}
    for outbox_id in ids[:7]:
        posted = T0 + dt.timedelta(seconds=outbox_id)
        assert rows[outbox_id] == (SENT, 500 + outbox_id, posted, 0)
    assert rows[ids[7]] == (FAILED, None, None, 3)  # its attempts given; the others' kept
