"""Every event keeps the version of the codec that wrote it, on the memory store, SQLite and
PostgreSQL: each way the store writes an event writes it, each way it reads one gives it
back (the databases in the event's `codec` column), and a game reads its own events back
through it (or refuses one a newer release wrote)."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import text

from bot.games.api import NewerEventError
from bot.games.registry import DAY_GAMES, GAMES
from bot.storage.store import SqlStore
from bot.village.ports import Store
from bot.village.records import (
    TABLE_PLAYING,
    DayClosing,
    NewEvent,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
    TableAppend,
    TableRecord,
)
from bot.village.settings import VillageSettings
from bot.village.stream import encoded, read_stream
from tests.games.test_codec_versions import opening_events
from tests.storage.test_store_contract import (
    T0,
    appending,
    day_record,
    message,
    new_village,
    projection,
    throwing_on,
)
from tests.storage.test_tables_contract import score, seating

pytestmark = pytest.mark.db


def coded(append: StreamAppend, codec: int) -> StreamAppend:
    """`append` with each of its events written by a codec of version `codec`."""
    events = tuple(dataclasses.replace(e, codec=codec) for e in append.events)
    return dataclasses.replace(append, events=events)


def table_of(village_id: int, key: str) -> TableRecord:
    """A table of the game `key` with as many seats as `opening_events` plays."""
    game = GAMES[key]
    return dataclasses.replace(
        seating(village_id),
        game=key,
        settings=game.settings({}, {}),
        seats=tuple(range(7, 7 + max(game.seats))),
    )


async def write_every_way(store: Store, village_id: int) -> int:
    """A codec version on each path an event is written by: the village's creation, a throw
    (PostgreSQL's one statement, SQLite's driver transaction), an append in a transaction of
    its own, a village event, a table made and moved, a close's streams and its village
    events. The table's number."""
    await new_village(store, village_id)  # VillageCreated: the village's own, version 1
    thrown = await store.append(
        coded(throwing_on(village_id, 0, "A", "B"), 3), 1, message(village_id, 1)
    )
    assert [e.codec for e in thrown.events] == [3, 3]
    await store.append(coded(appending(village_id, 2, "C"), 4), 1, None)
    await store.update_settings(
        village_id, VillageSettings(), NewEvent("SettingsChanged", {}, codec=5)
    )
    table = await store.create_table(seating(village_id), [NewEvent("TableOpened", {}, codec=6)])
    playing = dataclasses.replace(table, status=TABLE_PLAYING, version=2)
    rows = (score(village_id, playing, 7, 1),)
    await store.append_table(TableAppend(playing, 1, (NewEvent("Rolled", {}, codec=7),), rows))
    closing = DayClosing(
        village_id=village_id,
        day=1,
        closed_at=T0,
        day_version=0,
        streams=(
            StreamAppend(5, 3, (NewEvent("Closed", {}, codec=8),), projection(village_id, 4)),
        ),
        closed_event=NewEvent("DayClosed", {}, codec=9),
        next_day=day_record(village_id, 2),
        opened_event=NewEvent("DayOpened", {}, codec=10),
    )
    assert await store.close_day(closing)
    return table.table_id


WRITTEN = [
    ("A", 3),
    ("B", 3),
    ("C", 4),
    ("Closed", 8),
    ("VillageCreated", 1),
    ("SettingsChanged", 5),
    ("DayClosed", 9),
    ("TableOpened", 6),
    ("Rolled", 7),
    ("DayOpened", 10),
]
"""Each event `write_every_way` writes, with its codec version."""


async def test_every_write_keeps_the_codec_and_every_read_gives_it_back(
    any_store: Store, village_id: int
) -> None:
    """What the `Store` port promises, on the memory store and both databases."""
    store = any_store
    table_id = await write_every_way(store, village_id)
    player = [(e.type, e.codec) for e in await store.load_stream(village_id, 1, 5)]
    assert player == WRITTEN[:4]
    streams = await store.day_streams(village_id, 1)
    assert [(e.type, e.codec) for e in streams[5]] == player
    village = [(e.type, e.codec) for e in await store.load_stream(village_id, 1, 0)]
    assert village == WRITTEN[4:7]
    tabled = [(e.type, e.codec) for e in await store.load_table(village_id, table_id)]
    assert tabled == WRITTEN[7:9]
    assert [(e.type, e.codec) for e in await store.load_stream(village_id, 2, 0)] == WRITTEN[9:]
    day = {(e.type, e.codec) for e in await store.day_events(village_id, 1)}
    assert day == set(WRITTEN[:9])


async def test_the_database_keeps_the_codec_in_its_column(store: SqlStore, village_id: int) -> None:
    await write_every_way(store, village_id)
    async with store.engine.connect() as connection:
        kept = await connection.execute(
            text("SELECT type, codec FROM event WHERE village_id = :v"), {"v": village_id}
        )
        assert sorted(tuple(row) for row in kept) == sorted(WRITTEN)


async def kept(
    store: Store, village_id: int, key: str, events: list[NewEvent]
) -> tuple[list[StoredEvent], TableRecord | None]:
    """`events` stored where the village keeps the game's events, and read back: a day
    game's in a player's day table (and no table record), a table game's at a table of its
    own, with the table."""
    await new_village(store, village_id)
    if key in DAY_GAMES:
        append = StreamAppend(
            5,
            0,
            tuple(events),
            projection(village_id, len(events)),
            PlayerRecord(village_id, 5, "alice", T0),
        )
        await store.append(append, 1, None)
        return await store.load_stream(village_id, 1, 5), None
    table = await store.create_table(table_of(village_id, key), events)
    return await store.load_table(village_id, table.table_id), table


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_each_games_events_come_back_as_they_were_written(
    any_store: Store, village_id: int, key: str
) -> None:
    """encode → store → load → decode, as the village writes and reads them."""
    game = GAMES[key]
    events = opening_events(game)
    written = [game.codec.encode(e) for e in events]
    stored = [NewEvent(w.type, dict(w.data), codec=w.version) for w in written]
    loaded, _ = await kept(any_store, village_id, key, stored)
    assert [e.codec for e in loaded] == [1] * len(events)
    assert [game.codec.decode(encoded(e)) for e in loaded] == events


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_an_event_a_newer_release_stored_is_refused_on_reading(
    any_store: Store, village_id: int, key: str
) -> None:
    game = GAMES[key]
    events = opening_events(game)[:3]
    newer = game.codec.version + 1
    written = [game.codec.encode(e) for e in events]
    stored = [NewEvent(w.type, dict(w.data), codec=w.version) for w in written]
    stored[2] = dataclasses.replace(stored[2], codec=newer)
    loaded, table = await kept(any_store, village_id, key, stored)
    assert [e.codec for e in loaded] == [1, 1, newer]
    assert [game.codec.decode(encoded(e)) for e in loaded[:2]] == events[:2]
    with pytest.raises(NewerEventError, match=f"codec version {newer} was written by a newer"):
        game.codec.decode(encoded(loaded[2]))
    # The village reads nothing of the stream: nothing is guessed.
    settings = game.settings({}, {}) if table is None else table.settings
    seats = 1 if table is None else len(table.seats)
    with pytest.raises(NewerEventError):
        read_stream(game, settings, loaded, seats)
