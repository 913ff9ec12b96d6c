"""A write that names a village the store does not have: on every store and by every write
path, the same refusal (`UnknownVillage`, a `StoreError`: "try again", nothing written),
never what one database or another happened to raise (a foreign key, a missing row, a
version conflict)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Awaitable, Callable

import pytest

from bot.village.ports import Store, UnknownVillage
from bot.village.records import NewEvent, PlayerRecord, TableAppend
from bot.village.settings import VillageSettings
from tests.storage.test_store_contract import (
    T0,
    appending,
    closing_of_day_1,
    kept_reply,
    message,
    new_village,
    throwing_on,
)
from tests.storage.test_tables_contract import seating

pytestmark = pytest.mark.db


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store on every backend, the memory store too: the contract is the port's."""
    return any_store


Write = Callable[[Store, int], Awaitable[object]]

WRITES: dict[str, Write] = {
    "update_settings": lambda s, v: s.update_settings(v, VillageSettings(), NewEvent("S", {})),
    "extend_day": lambda s, v: s.extend_day(v, 1, T0 + dt.timedelta(days=2), NewEvent("E", {})),
    "close_day": lambda s, v: s.close_day(closing_of_day_1(v, 0)),
    "upsert_player": lambda s, v: s.upsert_player(PlayerRecord(v, 9, "carol", T0)),
    "set_day_post": lambda s, v: s.set_day_post(v, 1, 4321),
    "append a first throw": lambda s, v: s.append(appending(v, 0, "A"), 1, message(v, 1)),
    "append a later throw": lambda s, v: s.append(throwing_on(v, 1, "B"), 1, message(v, 2)),
    "append without a message": lambda s, v: s.append(appending(v, 0, "A"), 1, None),
    "create_table": lambda s, v: s.create_table(seating(v), [NewEvent("TableOpened", {})]),
    "append_table": lambda s, v: s.append_table(
        TableAppend(dataclasses.replace(seating(v), table_id=1, version=1), 0, ())
    ),
    "move_table": lambda s, v: s.move_table(
        TableAppend(dataclasses.replace(seating(v), table_id=1, version=1), 0, ()),
        message(v, 6),
        [kept_reply(v, 6, 0)],
    ),
    "record_message": lambda s, v: s.record_message(message(v, 3)),
    "add_outbox": lambda s, v: s.add_outbox([kept_reply(v, 3, 0)]),
    "answer": lambda s, v: s.answer(message(v, 4), [kept_reply(v, 4, 0)]),
    "answer without replies": lambda s, v: s.answer(message(v, 5), []),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
async def test_a_write_naming_no_village_is_refused_alike(
    store: Store, village_id: int, other_village_id: int, write: Write
) -> None:
    await new_village(store, other_village_id)  # a village there is: the other one
    with pytest.raises(UnknownVillage):
        await write(store, village_id)
    assert await store.get_village(village_id) is None
    assert await store.players(village_id) == []
    assert await store.pending_outbox([village_id]) == []


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
async def test_a_write_naming_no_village_is_refused_alike_in_a_unit(
    store: Store, village_id: int, write: Write
) -> None:
    with pytest.raises(UnknownVillage):
        async with store.unit() as unit:
            await write(unit, village_id)
