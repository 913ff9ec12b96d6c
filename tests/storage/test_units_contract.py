"""Units of work and what the store gives back, on every backend (in memory, SQLite,
PostgreSQL): a unit's writes are kept together or not at all and seen by no one else before
its end; what is read back is what a database reads back (JSON as JSON, times in UTC), and
no caller's change to what it gave or got changes what is kept."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from bot.village.ports import DuplicateMessage, Store, StoreError, VersionConflict
from bot.village.records import NewEvent, PlayerRecord, TableAppend
from bot.village.settings import VillageSettings
from tests.storage.test_store_contract import (
    T0,
    appending,
    kept_reply,
    message,
    new_village,
    throwing_on,
)
from tests.storage.test_tables_contract import score, seating

pytestmark = pytest.mark.db


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store on every backend, the memory store too: the contract is the port's."""
    return any_store


class RefusedError(Exception):
    pass


async def test_a_unit_that_raises_writes_nothing(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    with pytest.raises(RefusedError):
        async with store.unit() as unit:
            await unit.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
            await unit.add_outbox([kept_reply(village_id, 1, 0)])
            await unit.upsert_player(PlayerRecord(village_id, 9, "carol", T0))
            # its own writes, read inside it
            assert [e.type for e in await unit.load_stream(village_id, 1, 5)] == ["A"]
            raise RefusedError
    assert await store.load_stream(village_id, 1, 5) == []
    assert await store.get_message(village_id, 1) is None
    assert await store.pending_outbox([village_id]) == []
    assert await store.get_player(village_id, 9) is None
    # nor took a number: the first day table is still the first
    written = await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    day_tables = [t.table_id for t in (await store.day_tables(village_id, 1)).values()]
    assert [e.table_id for e in written.events] == day_tables


async def test_a_units_writes_are_seen_by_others_only_at_its_end(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    async with store.unit() as unit:
        await unit.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
        assert await store.load_stream(village_id, 1, 5) == []
        assert await store.get_message(village_id, 1) is None
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A"]
    assert await store.get_message(village_id, 1) is not None


async def test_a_message_handled_already_ends_a_throw_in_a_unit(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    with pytest.raises(Exception) as raised:
        async with store.unit() as unit:
            await unit.append(throwing_on(village_id, 1, "X"), 1, message(village_id, 1))
    assert isinstance(raised.value, DuplicateMessage), type(raised.value)
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A"]


async def test_json_is_read_back_as_json_and_times_in_utc(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    tokyo = dt.timezone(dt.timedelta(hours=9))
    event = NewEvent("A", {"faces": ("D", "G"), "by": {1: "x"}}, at=T0.astimezone(tokyo))
    throw = replace(appending(village_id, 0), events=(event,))
    await store.append(throw, 1, message(village_id, 1))
    [kept] = await store.load_stream(village_id, 1, 5)
    assert kept.data == {"faces": ["D", "G"], "by": {"1": "x"}}
    assert kept.recorded_at == T0 and kept.recorded_at.utcoffset() == dt.timedelta(0)
    table = await store.create_table(
        replace(seating(village_id), opened_at=T0.astimezone(tokyo)), []
    )
    found = await store.get_table(village_id, table.table_id)
    assert found is not None and found.opened_at.utcoffset() == dt.timedelta(0)


async def test_an_event_without_a_time_takes_the_stores(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    table = await store.create_table(seating(village_id), [])
    before = dt.datetime.now(dt.UTC)
    moved = replace(table, version=1)
    await store.append_table(TableAppend(moved, 0, (NewEvent("Rolled", {}),)))
    after = dt.datetime.now(dt.UTC)
    [event] = await store.load_table(village_id, table.table_id)
    assert before <= event.recorded_at <= after


async def test_what_is_given_and_read_back_is_the_callers_own(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    throw = appending(village_id, 0, "A", points=100)
    written = await store.append(throw, 1, message(village_id, 1), [kept_reply(village_id, 1, 0)])
    throw.events[0].data["n"] = "changed after it was given"
    written.events[0].data["n"] = "changed in what the write gave back"
    [read] = await store.load_stream(village_id, 1, 5)
    read.data["n"] = "changed in what was read"
    [reply] = await store.pending_outbox([village_id])
    reply.reply["key"] = "changed"
    row = await store.get_player_day(village_id, 1, 5)
    assert row is not None
    row.turns[0]["score"] = -1
    row.detail["x"] = 1
    table = await store.create_table(seating(village_id), [NewEvent("TableOpened", {})])
    rows = (score(village_id, table, 7, 3),)
    await store.append_table(TableAppend(replace(table, version=2), 1, (), rows))
    table.settings["rounds"] = "changed"
    found = await store.get_table(village_id, table.table_id)
    assert found is not None
    found.settings["rounds"] = "changed"

    assert [e.data for e in await store.load_stream(village_id, 1, 5)] == [{"n": 0}]
    assert [r.reply for r in await store.pending_outbox([village_id])] == [{"key": "r0"}]
    again = await store.get_player_day(village_id, 1, 5)
    assert again is not None and (again.turns, again.detail) == (({"score": 100},), {})
    kept = await store.get_table(village_id, table.table_id)
    assert kept is not None and kept.settings == {"rounds": "N"}


async def test_a_unit_is_given_up_at_its_first_refused_write(store: Store, village_id: int) -> None:
    """As PostgreSQL gives up a transaction at its first failed statement: a unit whose
    write was refused refuses every further call, and keeps nothing, even when its caller
    went on as if nothing had happened."""
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    with pytest.raises(StoreError):
        async with store.unit() as unit:
            await unit.upsert_player(PlayerRecord(village_id, 9, "carol", T0))
            with pytest.raises(VersionConflict):  # read at a version the table has left
                await unit.append(throwing_on(village_id, 5, "X"), 1, message(village_id, 2))
            with pytest.raises(StoreError):
                await unit.record_message(message(village_id, 3))
            with pytest.raises(StoreError):
                await unit.get_village(village_id)
    assert await store.get_player(village_id, 9) is None
    assert await store.get_message(village_id, 3) is None
    # the store itself goes on: the next unit is a new transaction
    async with store.unit() as unit:
        await unit.upsert_player(PlayerRecord(village_id, 9, "carol", T0))
    assert await store.get_player(village_id, 9) is not None


async def test_a_message_handled_already_gives_up_the_unit(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await store.record_message(message(village_id, 1))
    with pytest.raises(StoreError):
        async with store.unit() as unit:
            await unit.upsert_player(PlayerRecord(village_id, 9, "carol", T0))
            with pytest.raises(DuplicateMessage):
                await unit.record_message(message(village_id, 1))
            await unit.add_outbox([kept_reply(village_id, 1, 0)])
    assert await store.get_player(village_id, 9) is None
    assert await store.pending_outbox([village_id]) == []


async def test_settings_read_back_cannot_be_changed_by_a_reader(
    store: Store, village_id: int
) -> None:
    """Every reader of a village or a day gets rules no one can change: not the stored
    ones, nor what another reader (or another read of the same text) was given."""
    await new_village(store, village_id)
    first = await store.get_day(village_id, 1)
    second = await store.get_day(village_id, 1)
    context = await store.play_context(village_id, 1, 5)
    village = await store.get_village(village_id)
    assert first is not None and second is not None and context is not None
    assert village is not None and context.day is not None
    for settings in (first.settings, context.day.settings, village.settings):
        with pytest.raises(TypeError):
            settings.rules["variant"] = "house"  # type: ignore[index]
    nested = VillageSettings(rules={"dice": [1, 2], "by": {"a": 1}})
    assert nested.rules["dice"] == (1, 2) and nested.model_dump(mode="json")["rules"] == {
        "dice": [1, 2],
        "by": {"a": 1},
    }
    with pytest.raises((TypeError, AttributeError)):
        nested.rules["by"]["a"] = 2  # type: ignore[index]
    with pytest.raises((TypeError, AttributeError)):
        nested.rules["dice"].append(3)  # type: ignore[attr-defined]
    assert second.settings.rules == {"variant": "official"}
    again = await store.get_day(village_id, 1)
    assert again is not None and again.settings.rules == {"variant": "official"}
