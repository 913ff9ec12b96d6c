"""What only the memory store needs said of its units: how long a write waits for another
unit's end. (SQLite waits `LOCK_WAIT` seconds for its one writer and PostgreSQL a
statement's timeout, then both refuse with StoreError; the contract of units themselves is
tested on every store in test_units_contract.py.)"""

from __future__ import annotations

import asyncio

import pytest

from bot.storage.memory import MemoryStore
from bot.village.ports import StoreError
from bot.village.records import PlayerRecord
from tests.storage.test_store_contract import T0, new_village


async def test_a_write_made_outside_a_unit_that_waits_for_it_is_refused_in_time(
    village_id: int,
) -> None:
    """A unit that waits for a write of its own made outside it (which waits for the unit's
    end) is refused after `lock_wait`, not left waiting forever; the unit can still end."""
    store = MemoryStore(lock_wait=0.05)
    await new_village(store, village_id)
    async with store.unit() as unit:
        await unit.upsert_player(PlayerRecord(village_id, 8, "bob", T0))
        with pytest.raises(StoreError):
            await asyncio.wait_for(
                store.upsert_player(PlayerRecord(village_id, 9, "carol", T0)), timeout=5
            )
    assert await store.get_player(village_id, 8) is not None
    assert await store.get_player(village_id, 9) is None


async def test_a_unit_waiting_for_another_unit_is_refused_in_time(village_id: int) -> None:
    store = MemoryStore(lock_wait=0.05)
    await new_village(store, village_id)
    async with store.unit():
        with pytest.raises(StoreError):
            await asyncio.wait_for(store.unit().__aenter__(), timeout=5)


async def test_a_write_waits_for_a_unit_that_ends_in_time(village_id: int) -> None:
    store = MemoryStore(lock_wait=5)
    await new_village(store, village_id)
    async with store.unit() as unit:
        waiting = asyncio.create_task(store.upsert_player(PlayerRecord(village_id, 9, "c", T0)))
        await asyncio.sleep(0.05)
        assert not waiting.done()
        await unit.upsert_player(PlayerRecord(village_id, 8, "bob", T0))
    await waiting
    assert await store.get_player(village_id, 9) is not None
