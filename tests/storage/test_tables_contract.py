"""The store's tables, run on SQLite and on PostgreSQL: numbering, the open table of a
place, optimistic appends, a move written with its message and replies or not at all, the
time limits due, score rows kept per game, and the places of open tables with the last
message handled in each (what catching up reads)."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from bot.village.ports import DuplicateMessage, Store, VersionConflict
from bot.village.records import (
    TABLE_ABANDONED,
    TABLE_FINISHED,
    TABLE_PLAYING,
    TABLE_SEATING,
    MessageRecord,
    NewEvent,
    PlayerDayRecord,
    PlayerRecord,
    TableAppend,
    TableRecord,
)
from tests.storage.test_store_contract import T0, appending, kept_reply, message, new_village

pytestmark = pytest.mark.db


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store on every backend, the memory store too: the contract is the port's."""
    return any_store


PLACE = 4242


def seating(village_id: int, place: int = PLACE) -> TableRecord:
    return TableRecord(
        village_id=village_id,
        table_id=0,
        game="ducks",
        day=1,
        opener_id=7,
        place_id=place,
        settings={"rounds": "N"},
        seats=(7,),
        status=TABLE_SEATING,
        opened_at=T0,
    )


def score(village_id: int, table: TableRecord, player: int, points: int) -> PlayerDayRecord:
    return PlayerDayRecord(
        village_id, 1, player, table.version, points, table_id=table.table_id, game="ducks"
    )


async def test_tables_are_numbered_in_their_village(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    first = await store.create_table(seating(village_id), [NewEvent("TableOpened", {})])
    second = await store.create_table(seating(village_id, PLACE + 1), [])
    assert (first.table_id, first.version, second.table_id) == (1, 1, 2)
    assert await store.get_table(village_id, 1) == first
    assert [e.type for e in await store.load_table(village_id, 1)] == ["TableOpened"]


async def test_the_open_table_of_a_place(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    table = await store.create_table(seating(village_id), [])
    assert await store.table_at(village_id, PLACE) == table
    assert await store.table_at(village_id, PLACE + 1) is None
    ended = dataclasses.replace(table, status=TABLE_FINISHED, version=2)
    await store.append_table(TableAppend(ended, table.version, (NewEvent("X", {}),)))
    assert await store.table_at(village_id, PLACE) is None
    assert await store.table_at(village_id, PLACE, open_only=False) == ended


async def test_an_append_from_a_stale_read_is_a_conflict(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    table = await store.create_table(seating(village_id), [NewEvent("TableOpened", {})])
    seated = dataclasses.replace(table, seats=(7, 8), version=2)
    player = PlayerRecord(village_id, 8, "bob", T0)
    await store.append_table(
        TableAppend(seated, 1, (NewEvent("SeatTaken", {"player_id": 8}),), players=(player,))
    )
    with pytest.raises(VersionConflict):
        await store.append_table(TableAppend(seated, 1, (NewEvent("SeatTaken", {}),)))
    events = await store.load_table(village_id, table.table_id)
    assert [(e.version, e.type, e.player_id) for e in events] == [
        (1, "TableOpened", 0),
        (2, "SeatTaken", 8),
    ]
    assert await store.get_player(village_id, 8) == player
    assert (await store.get_table(village_id, table.table_id)) == seated


async def playing(store: Store, village_id: int) -> TableRecord:
    """A table of two seats in play, at version 2."""
    table = await store.create_table(seating(village_id), [NewEvent("TableOpened", {})])
    started = dataclasses.replace(table, seats=(7, 8), status=TABLE_PLAYING, version=2)
    await store.append_table(TableAppend(started, 1, (NewEvent("TableStarted", {}),)))
    return started


def moving(table: TableRecord, *types: str, expected: int | None = None) -> TableAppend:
    """`table` moved on by events of `types` (player 8's), with both seats' score rows."""
    after = dataclasses.replace(table, version=table.version + len(types))
    events = tuple(NewEvent(kind, {"player_id": 8, "n": n}, 50) for n, kind in enumerate(types))
    rows = tuple(score(table.village_id, after, p, n) for n, p in enumerate(table.seats, 1))
    start = table.version if expected is None else expected
    return TableAppend(after, start, events, rows, at=T0 + dt.timedelta(minutes=1))


async def test_a_move_is_written_with_its_message_and_replies(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    table = await playing(store, village_id)
    move = moving(table, "Rolled", "Promoted")
    replies = [kept_reply(village_id, 50, seq) for seq in range(3)]
    ids = await store.move_table(move, message(village_id, 50, 8), replies)
    assert await store.get_table(village_id, table.table_id) == move.table
    events = await store.load_table(village_id, table.table_id)
    assert [(e.version, e.type, e.player_id, e.data.get("n")) for e in events[2:]] == [
        (3, "Rolled", 8, 0),
        (4, "Promoted", 8, 1),
    ]
    assert {e.recorded_at for e in events[2:]} == {move.at}
    rows = await store.table_scores(village_id)
    assert sorted((r.player_id, r.points, r.version) for r in rows) == [(7, 1, 4), (8, 2, 4)]
    assert await store.get_message(village_id, 50) == message(village_id, 50, 8)
    # The ids in the replies' order, whatever order the database numbered them in.
    pending = {entry.outbox_id: entry.seq for entry in await store.pending_outbox([village_id])}
    assert [pending[i] for i in ids] == [0, 1, 2]


async def test_a_move_decided_on_a_stale_table_writes_nothing(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    table = await playing(store, village_id)
    await store.move_table(moving(table, "Rolled"), message(village_id, 50, 8))
    stale = moving(table, "Stopped")  # decided on the table before the roll
    with pytest.raises(VersionConflict):
        await store.move_table(stale, message(village_id, 51, 8), [kept_reply(village_id, 51, 0)])
    events = await store.load_table(village_id, table.table_id)
    assert [e.type for e in events] == ["TableOpened", "TableStarted", "Rolled"]
    assert (await store.get_table(village_id, table.table_id)) == moving(table, "Rolled").table
    assert await store.get_message(village_id, 51) is None
    assert await store.pending_outbox([village_id]) == []
    assert {r.version for r in await store.table_scores(village_id)} == {3}


async def test_a_move_of_a_message_handled_already_writes_nothing(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    table = await playing(store, village_id)
    await store.record_message(message(village_id, 50, 8))
    with pytest.raises(DuplicateMessage):
        await store.move_table(
            moving(table, "Rolled"), message(village_id, 50, 8), [kept_reply(village_id, 50, 0)]
        )
    assert await store.get_table(village_id, table.table_id) == table
    assert len(await store.load_table(village_id, table.table_id)) == 2
    assert await store.table_scores(village_id) == []
    assert await store.pending_outbox([village_id]) == []


async def test_a_move_in_a_unit_is_kept_with_it_or_not_at_all(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    table = await playing(store, village_id)
    with pytest.raises(RuntimeError):
        async with store.unit() as unit:
            await unit.move_table(moving(table, "Rolled"), message(village_id, 50, 8))
            raise RuntimeError("given up after the move")
    assert await store.get_table(village_id, table.table_id) == table
    assert await store.get_message(village_id, 50) is None
    async with store.unit() as unit:
        ids = await unit.move_table(
            moving(table, "Rolled"), message(village_id, 50, 8), [kept_reply(village_id, 50, 0)]
        )
    assert [entry.outbox_id for entry in await store.pending_outbox([village_id])] == ids
    assert (await store.get_table(village_id, table.table_id)) == moving(table, "Rolled").table


async def test_the_time_limits_that_ran_out(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    table = await store.create_table(seating(village_id), [])
    due = dataclasses.replace(
        table, status=TABLE_PLAYING, deadline_at=T0 + dt.timedelta(hours=1), version=1
    )
    await store.append_table(TableAppend(due, 0, (NewEvent("TableStarted", {}),)))
    mine = {(v, t) for v, t in await store.due_tables(T0 + dt.timedelta(hours=2))}
    assert (village_id, table.table_id) in mine
    early = {(v, t) for v, t in await store.due_tables(T0 + dt.timedelta(minutes=59))}
    assert (village_id, table.table_id) not in early


async def test_score_rows_are_kept_per_table_and_game(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "DiceThrown", points=300), 1, None)
    table = await store.create_table(seating(village_id), [])
    scored = dataclasses.replace(table, status=TABLE_PLAYING, version=1)
    rows = (score(village_id, scored, 5, 4), score(village_id, scored, 7, 2))
    await store.append_table(TableAppend(scored, 0, (NewEvent("Rolled", {}),), rows))
    every = await store.table_scores(village_id)
    assert sorted((r.game, r.player_id, r.points) for r in every) == [
        ("ducks", 5, 4),
        ("ducks", 7, 2),
        ("greed", 5, 300),
    ]
    # The memo's and the standings' day rows are the village's own game's.
    assert [(r.player_id, r.points) for r in await store.player_days(village_id)] == [(5, 300)]
    # A Greed day table and a Ducks table of the same player and day are two streams.
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["DiceThrown"]


def handled(village_id: int, message_id: int, place: int | None) -> MessageRecord:
    return MessageRecord(village_id, message_id, 7, T0, T0, "table", place_id=place)


async def test_open_tables_places_come_with_the_last_message_handled_in_each(
    store: Store, village_id: int, other_village_id: int
) -> None:
    other = other_village_id
    await new_village(store, village_id)
    await new_village(store, other)
    # A Greed day table (no place of its own), from a throw in the village channel.
    await store.append(appending(village_id, 0, "DiceThrown"), 1, handled(village_id, 300, None))
    await store.create_table(seating(village_id), [])  # taking seats
    playing = await store.create_table(seating(village_id, PLACE + 1), [])
    await store.append_table(
        TableAppend(dataclasses.replace(playing, status=TABLE_PLAYING, version=1), 0, ())
    )
    for place, status in ((PLACE + 2, TABLE_FINISHED), (PLACE + 3, TABLE_ABANDONED)):
        over = await store.create_table(seating(village_id, place), [])
        await store.append_table(
            TableAppend(dataclasses.replace(over, status=status, version=1), 0, ())
        )
    await store.create_table(seating(village_id, PLACE + 4), [])  # nothing handled there
    await store.create_table(seating(village_id, village_id), [])  # in the channel itself
    await store.create_table(seating(other, PLACE), [])  # the same place id, another village
    for message_id, place in (
        (100, PLACE),
        (150, PLACE),
        (200, PLACE + 1),
        (400, PLACE + 9),  # a thread with no table
        (500, PLACE + 2),
        (600, PLACE + 3),
    ):
        await store.record_message(handled(village_id, message_id, place))
    await store.record_message(handled(other, 999, PLACE))

    mine = [
        (PLACE, 150),
        (PLACE + 1, 200),
        (village_id, 300),  # the channel's messages are kept without a place
    ]
    assert await store.table_places([village_id]) == [(village_id, p, m) for p, m in sorted(mine)]
    both = await store.table_places([village_id, other])
    assert sorted(both) == sorted([(village_id, p, m) for p, m in mine] + [(other, PLACE, 999)])
    everywhere = await store.table_places()
    assert [row for row in everywhere if row[0] in (village_id, other)] == both
    assert await store.table_places([]) == []
