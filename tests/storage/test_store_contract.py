"""One contract for the village store, run on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
from dataclasses import replace

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.store import SqlStore
from bot.storage.tables import DAY_TABLES_FROM
from bot.village.ports import DuplicateMessage, Store, VersionConflict, VillageExists
from bot.village.records import (
    Appended,
    DayClosing,
    DayRecord,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    PlayerDayRecord,
    PlayerRecord,
    StreamAppend,
    TableRecord,
    VillageRecord,
)
from bot.village.settings import VillageSettings

pytestmark = pytest.mark.db


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store on every backend, the memory store too: the contract is the port's."""
    return any_store


T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)


def day_record(village_id: int, number: int = 1, at: dt.datetime = T0) -> DayRecord:
    return DayRecord(
        village_id=village_id,
        day=number,
        settings=VillageSettings(rules={"variant": "official"}),
        opened_at=at,
        closes_at=at + dt.timedelta(hours=24),
        seed=bytes([number]) * 32,
        commitment="ab" * 32,
    )


async def new_village(store: Store, village_id: int) -> VillageRecord:
    village = VillageRecord(village_id, "greed", VillageSettings(), 1, T0, guild_id=77)
    await store.create_village(village, day_record(village_id), [NewEvent("VillageCreated", {})])
    return village


def message(village_id: int, message_id: int, player_id: int = 5) -> MessageRecord:
    return MessageRecord(village_id, message_id, player_id, T0, T0, "throw")


def projection(village_id: int, version: int, points: int = 0) -> PlayerDayRecord:
    return PlayerDayRecord(village_id, 1, 5, version, points, ({"score": points},), False, None)


def appending(village_id: int, expected: int, *types: str, points: int = 0) -> StreamAppend:
    return StreamAppend(
        player_id=5,
        expected_version=expected,
        events=tuple(
            NewEvent(kind, {"n": i}, message_id=900 + expected) for i, kind in enumerate(types)
        ),
        projection=projection(village_id, expected + len(types), points),
        player=PlayerRecord(village_id, 5, "alice", T0),
    )


async def test_a_village_is_created_with_its_first_day(store: Store, village_id: int) -> None:
    village = await new_village(store, village_id)
    assert await store.get_village(village_id) == village
    day = await store.get_day(village_id, 1)
    assert day == day_record(village_id)
    assert day is not None and day.is_open and day.closes_at.tzinfo is not None
    stream = await store.load_stream(village_id, 1, 0)
    assert [e.type for e in stream] == ["VillageCreated"]


async def test_a_village_cannot_be_created_twice(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    with pytest.raises(VillageExists):
        await new_village(store, village_id)


async def test_events_append_in_version_order_with_their_projection(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A", "B", points=150), 1, message(village_id, 1))
    await store.append(appending(village_id, 2, "C", points=450), 1, message(village_id, 2))
    stream = await store.load_stream(village_id, 1, 5)
    assert [(e.version, e.type, e.data) for e in stream] == [
        (1, "A", {"n": 0}),
        (2, "B", {"n": 1}),
        (3, "C", {"n": 0}),
    ]
    assert all(e.game == "greed" and e.recorded_at == T0 for e in stream)
    row = await store.get_player_day(village_id, 1, 5)
    assert row is not None and (row.version, row.points, row.turns) == (3, 450, ({"score": 450},))
    assert await store.get_player(village_id, 5) == PlayerRecord(village_id, 5, "alice", T0)


async def test_an_append_gives_back_the_events_as_stored(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    written = await store.append(appending(village_id, 1, "B", "C"), 1, message(village_id, 2))
    assert written.events == (await store.load_stream(village_id, 1, 5))[1:]
    assert written.outbox_ids == []


async def test_a_moves_context_is_read_at_once(store: Store, village_id: int) -> None:
    """The village, its day, the message, the player, their earlier points and their day
    table, as the separate reads give them."""
    assert await store.play_context(village_id, 1, 5) is None
    village = await new_village(store, village_id)
    before = await store.play_context(village_id, 1, 5)
    assert before is not None
    assert before.village == village and before.day == await store.get_day(village_id, 1)
    assert (before.handled, before.player, before.points_before, before.table) == (
        False,
        None,
        0,
        None,
    )
    await store.append(appending(village_id, 0, "A", "B", points=150), 1, message(village_id, 1))
    after = await store.play_context(village_id, 1, 5)
    assert after is not None and after.handled
    assert after.player == PlayerRecord(village_id, 5, "alice", T0)
    assert after.table is not None and after.table[1] == 2
    assert after.day == await store.get_day(village_id, 1)
    other = await store.play_context(village_id, 2, 6)
    assert other is not None and not other.handled and other.player is None
    assert other.table is None  # another player's table is not theirs


async def test_a_moves_context_counts_the_days_before_only(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A", points=300), 1, message(village_id, 1))
    closes = T0 + dt.timedelta(hours=24)
    closing = DayClosing(
        village_id=village_id,
        day=1,
        closed_at=closes,
        day_version=0,
        streams=(seen(village_id, 1, points=300),),
        closed_event=NewEvent("DayClosed", {"day": 1}),
        next_day=day_record(village_id, 2, closes),
        opened_event=NewEvent("DayOpened", {"day": 2}),
    )
    assert await store.close_day(closing)
    today = replace(
        appending(village_id, 0, "B", points=50),
        projection=replace(projection(village_id, 1, 50), day=2),
    )
    await store.append(today, 2, message(village_id, 2))
    context = await store.play_context(village_id, 3, 5)
    assert context is not None and context.day is not None and context.day.day == 2
    assert context.points_before == 300  # day 1's, not today's 50
    assert context.table is not None and context.table[1] == 1


async def test_a_stale_version_is_a_conflict_and_writes_nothing(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    with pytest.raises(VersionConflict):
        await store.append(appending(village_id, 0, "X", points=999), 1, message(village_id, 2))
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A"]
    assert await store.get_message(village_id, 2) is None
    row = await store.get_player_day(village_id, 1, 5)
    assert row is not None and row.points == 0


async def test_a_message_is_processed_once(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    with pytest.raises(DuplicateMessage):
        await store.append(appending(village_id, 1, "B"), 1, message(village_id, 1))
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A"]
    await store.record_message(message(village_id, 2))
    with pytest.raises(DuplicateMessage):
        await store.record_message(message(village_id, 2))
    assert await store.last_message_id(village_id) == 900


async def test_concurrent_appends_to_one_stream_apply_exactly_once(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    results = await asyncio.gather(
        *(
            store.append(appending(village_id, 0, f"E{i}"), 1, message(village_id, 10 + i))
            for i in range(6)
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(r, Appended) for r in results) == 1
    assert all(isinstance(r, VersionConflict) for r in results if not isinstance(r, Appended))
    assert len(await store.load_stream(village_id, 1, 5)) == 1


async def test_the_event_table_refuses_updates_and_deletes(
    engine: AsyncEngine, village_id: int
) -> None:
    """The databases' own guard, against writers other than the store: SQL only."""
    store = SqlStore(engine)
    await new_village(store, village_id)
    for statement in (
        f"UPDATE event SET type = 'X' WHERE village_id = {village_id}",
        f"DELETE FROM event WHERE village_id = {village_id}",
    ):
        with pytest.raises(DBAPIError, match="append-only"):
            async with engine.begin() as connection:
                await connection.execute(text(statement))
    assert [e.type for e in await store.load_stream(village_id, 1, 0)] == ["VillageCreated"]


async def join(store: Store, player: PlayerRecord, version: int, message_id: int) -> None:
    """A player's move that adds (or renames) the player, as a first throw does."""
    village_id, player_id = player.village_id, player.player_id
    await store.append(
        StreamAppend(
            player_id=player_id,
            expected_version=version,
            events=(NewEvent("Moved", {}, message_id=message_id),),
            projection=PlayerDayRecord(village_id, 1, player_id, version + 1, 0),
            player=player,
        ),
        1,
        MessageRecord(village_id, message_id, player_id, T0, T0, "throw"),
    )


async def test_players_are_found_by_name_ignoring_case(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await join(store, PlayerRecord(village_id, 7, "Ａｌｉｃｅ", T0), 0, 1)
    await join(store, PlayerRecord(village_id, 8, "Bob", T0 + dt.timedelta(seconds=1)), 0, 2)
    found = await store.find_players(village_id, "bob")
    assert [p.player_id for p in found] == [8]
    # Every letter's case, full-width ones too (SQLite's own lower() folds ASCII only).
    assert [p.player_id for p in await store.find_players(village_id, "ＡＬＩＣＥ")] == [7]
    assert await store.find_players(village_id, "alice") == []
    assert [p.name for p in await store.players(village_id)] == ["Ａｌｉｃｅ", "Bob"]
    await join(store, PlayerRecord(village_id, 8, "Bobby", T0), 1, 3)
    renamed = await store.get_player(village_id, 8)
    assert renamed is not None and renamed.name == "Bobby"


async def test_closing_a_day_opens_the_next_once(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    closes = T0 + dt.timedelta(hours=24)
    assert village_id not in await store.due_villages(closes - dt.timedelta(seconds=1))
    assert village_id in await store.due_villages(closes)
    closing = DayClosing(
        village_id=village_id,
        day=1,
        closed_at=closes,
        day_version=0,
        streams=(
            StreamAppend(5, 1, (NewEvent("Closed", {}),), projection(village_id, 2, points=300)),
        ),
        closed_event=NewEvent("DayClosed", {"day": 1}),
        next_day=day_record(village_id, 2, closes),
        opened_event=NewEvent("DayOpened", {"day": 2}),
    )
    assert await store.close_day(closing) is True
    assert await store.close_day(closing) is False  # a second closer writes nothing
    village = await store.get_village(village_id)
    assert village is not None and village.day == 2
    first = await store.get_day(village_id, 1)
    assert first is not None and first.closed_at == closes
    assert village_id not in await store.due_villages(closes)
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A", "Closed"]
    assert [e.type for e in await store.load_stream(village_id, 1, 0)] == [
        "VillageCreated",
        "DayClosed",
    ]
    assert [e.type for e in await store.load_stream(village_id, 2, 0)] == ["DayOpened"]
    rows = await store.player_days(village_id, 5)
    assert [(r.day, r.points) for r in rows] == [(1, 300)]


async def test_closing_with_a_stale_stream_is_a_conflict(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    closing = DayClosing(
        village_id=village_id,
        day=1,
        closed_at=T0,
        day_version=0,
        streams=(StreamAppend(5, 0, (NewEvent("Closed", {}),), projection(village_id, 1)),),
        closed_event=NewEvent("DayClosed", {}),
        next_day=day_record(village_id, 2),
        opened_event=NewEvent("DayOpened", {}),
    )
    with pytest.raises(VersionConflict):
        await store.close_day(closing)
    day = await store.get_day(village_id, 1)
    assert day is not None and day.is_open


async def test_settings_and_extensions_are_logged_in_the_village_stream(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    changed = VillageSettings(locale="en", rules={"variant": "house"})
    await store.update_settings(village_id, changed, NewEvent("SettingsChanged", {}))
    village = await store.get_village(village_id)
    assert village is not None and village.settings == changed
    later = T0 + dt.timedelta(hours=48)
    assert await store.extend_day(village_id, 1, later, NewEvent("DayExtended", {})) is True
    day = await store.get_day(village_id, 1)
    assert day is not None and day.closes_at == later
    assert [e.type for e in await store.load_stream(village_id, 1, 0)] == [
        "VillageCreated",
        "SettingsChanged",
        "DayExtended",
    ]
    # the day is not changed by settings: it keeps the snapshot taken when it opened
    assert day.settings.locale == "ja"


async def test_day_events_come_in_the_order_they_were_recorded(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    await store.update_settings(village_id, VillageSettings(), NewEvent("Note", {}))
    await store.append(appending(village_id, 1, "B"), 1, message(village_id, 2))
    assert [e.type for e in await store.day_events(village_id, 1)] == [
        "VillageCreated",
        "A",
        "Note",
        "B",
    ]


def seen(village_id: int, version: int, player_id: int = 5, points: int = 0) -> StreamAppend:
    """A player's stream as a closer read it, at `version`, with nothing to add."""
    return StreamAppend(
        player_id,
        version,
        (),
        replace(projection(village_id, version, points), player_id=player_id),
    )


def closing_of_day_1(village_id: int, day_version: int, *streams: StreamAppend) -> DayClosing:
    """Day 1's close, by a closer that read the day at `day_version` and these streams."""
    return DayClosing(
        village_id=village_id,
        day=1,
        closed_at=T0,
        day_version=day_version,
        streams=streams,
        closed_event=NewEvent("DayClosed", {}),
        next_day=day_record(village_id, 2),
        opened_event=NewEvent("DayOpened", {}),
    )


async def test_no_throw_writes_the_days_row(store: Store, village_id: int) -> None:
    """Throws only share the day's row (a first throw makes its table without moving the
    day's version), so that a day's throws never wait on each other."""
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    await store.append(appending(village_id, 1, "B"), 1, message(village_id, 2))
    await store.append(throwing_on(village_id, 2, "C"), 1, message(village_id, 3))
    day = await store.get_day(village_id, 1)
    assert day is not None and day.version == 0


async def test_a_day_that_moved_since_it_was_read_is_not_closed(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    read = await store.get_day(village_id, 1)
    assert read is not None
    # a player's first throw of the day lands between the closer's reading and its write
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    with pytest.raises(VersionConflict):
        await store.close_day(closing_of_day_1(village_id, read.version))
    day = await store.get_day(village_id, 1)
    assert day is not None and day.is_open
    # read again, the close carries the new table and goes through
    assert await store.close_day(closing_of_day_1(village_id, read.version, seen(village_id, 1)))


async def test_a_close_waits_for_a_first_throw_in_flight_and_reads_again(
    store: Store, village_id: int
) -> None:
    """A first throw not yet committed when the closer writes: the closer waits for it (its
    share of the day's row; SQLite's one writer), then finds the table it did not read."""
    await new_village(store, village_id)
    read = await store.get_day(village_id, 1)
    assert read is not None
    async with store.unit() as unit:
        await unit.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
        closer = asyncio.create_task(store.close_day(closing_of_day_1(village_id, read.version)))
        await asyncio.sleep(0.3)
        assert not closer.done()  # waiting for the throw's commit
    with pytest.raises(VersionConflict):
        await closer
    day = await store.get_day(village_id, 1)
    assert day is not None and day.is_open
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A"]


async def test_first_throws_of_many_players_at_once_each_make_a_table(
    store: Store, village_id: int
) -> None:
    """Concurrent first throws of different players: each applied once, each on a table of
    its own, numbered without a gap among the village's day tables (which are numbered
    apart from the tables players open, from `DAY_TABLES_FROM`)."""
    await new_village(store, village_id)
    players = range(10, 30)

    async def first_throw(player: int) -> Appended | BaseException:
        append = replace(
            appending(village_id, 0, "A"),
            player_id=player,
            projection=replace(projection(village_id, 1), player_id=player),
            player=PlayerRecord(village_id, player, f"p{player}", T0),
        )
        for _ in range(8):  # as the village does on a conflict (SQLite's stale snapshots)
            try:
                return await store.append(append, 1, message(village_id, player, player))
            except VersionConflict as conflict:
                error: BaseException = conflict
        return error

    results = await asyncio.gather(*(first_throw(p) for p in players))
    assert all(isinstance(r, Appended) for r in results), results
    tables = sorted(r.events[0].table_id for r in results if isinstance(r, Appended))
    assert tables == list(range(DAY_TABLES_FROM, DAY_TABLES_FROM + len(players)))
    for player in players:
        assert [e.type for e in await store.load_stream(village_id, 1, player)] == ["A"]
    day = await store.get_day(village_id, 1)
    assert day is not None and day.version == 0
    # each table as a day's table is made: the day's rules, its one seat, opened as thrown
    for result, player in zip(results, players, strict=True):
        assert isinstance(result, Appended)
        table = await store.get_table(village_id, result.events[0].table_id or 0)
        assert table is not None
        assert (table.game, table.day, table.opener_id, table.place_id) == (
            "greed",
            1,
            player,
            None,
        )
        assert (table.settings, table.seats, table.version) == (day.settings.rules, (player,), 1)
        assert (table.status, table.opened_at, table.started_at) == ("playing", T0, T0)
        assert table.ended_at is None


async def test_nothing_is_appended_to_a_closed_day(store: Store, village_id: int) -> None:
    await new_village(store, village_id)
    assert await store.close_day(closing_of_day_1(village_id, 0)) is True
    with pytest.raises(VersionConflict):
        await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    assert await store.load_stream(village_id, 1, 5) == []
    assert await store.get_message(village_id, 1) is None


def throwing_on(village_id: int, expected: int, *types: str, points: int = 0) -> StreamAppend:
    """A later throw of a player the village knows, by a caller that read the village: on
    PostgreSQL written in one statement, on SQLite in one transaction on the driver."""
    return replace(
        appending(village_id, expected, *types, points=points), player=None, game="greed"
    )


def kept_reply(village_id: int, message_id: int, seq: int) -> OutboxRecord:
    return OutboxRecord(village_id, message_id, seq, {"key": f"r{seq}"}, "ja", None, "message", T0)


async def test_a_later_throw_writes_everything_with_its_replies_in_order(
    store: Store, village_id: int
) -> None:
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    replies = [kept_reply(village_id, 2, seq) for seq in range(3)]
    written = await store.append(
        throwing_on(village_id, 1, "B", "C", points=200), 1, message(village_id, 2), replies
    )
    stream = await store.load_stream(village_id, 1, 5)
    assert [e.type for e in stream] == ["A", "B", "C"] and written.events == stream[1:]
    kept = await store.pending_outbox([village_id])
    assert [e.outbox_id for e in kept] == written.outbox_ids
    assert [e.reply["key"] for e in kept] == ["r0", "r1", "r2"]
    row = await store.get_player_day(village_id, 1, 5)
    assert row is not None and (row.version, row.points) == (3, 200)
    assert await store.get_message(village_id, 2) is not None


async def test_a_later_throw_that_cannot_be_written_writes_nothing(
    store: Store, village_id: int
) -> None:
    """A message handled already, a table another writer moved on, a day closed: each
    refuses the whole throw, its replies too."""
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    kept = [kept_reply(village_id, 1, 0)]
    with pytest.raises(DuplicateMessage):
        await store.append(throwing_on(village_id, 1, "X"), 1, message(village_id, 1), kept)
    with pytest.raises(VersionConflict):
        await store.append(throwing_on(village_id, 5, "X"), 1, message(village_id, 2), kept)
    assert await store.close_day(closing_of_day_1(village_id, 0, seen(village_id, 1))) is True
    with pytest.raises(VersionConflict):
        await store.append(throwing_on(village_id, 1, "X"), 1, message(village_id, 3), kept)
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A"]
    assert await store.pending_outbox([village_id]) == []
    assert await store.get_message(village_id, 2) is None
    assert await store.get_message(village_id, 3) is None
    row = await store.get_player_day(village_id, 1, 5)
    assert row is not None and row.version == 1


async def test_a_close_that_did_not_see_a_later_throw_reads_again(
    store: Store, village_id: int
) -> None:
    """A later throw need not move the day's version: the closer writes the thrower's table
    from the version it read, and that version moved."""
    await new_village(store, village_id)
    await store.append(appending(village_id, 0, "A"), 1, message(village_id, 1))
    read = await store.get_day(village_id, 1)  # the closer reads the day and the streams
    assert read is not None
    await store.append(throwing_on(village_id, 1, "B"), 1, message(village_id, 2))
    closing = replace(
        closing_of_day_1(village_id, read.version),
        streams=(StreamAppend(5, 1, (NewEvent("Closed", {}),), projection(village_id, 2)),),
    )
    with pytest.raises(VersionConflict):
        await store.close_day(closing)
    day = await store.get_day(village_id, 1)
    assert day is not None and day.is_open
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A", "B"]


async def test_a_table_a_close_makes_keeps_its_number_from_the_next_days_first_throws(
    store: Store, village_id: int
) -> None:
    """A close may write the first events of a player's day table (a stream read at version
    0): the number it takes stays taken, and the next day's first throws get new ones."""
    await new_village(store, village_id)
    made = replace(seen(village_id, 0, player_id=6), events=(NewEvent("Closed", {}),))
    made = replace(made, projection=replace(made.projection, version=1))
    assert await store.close_day(closing_of_day_1(village_id, 0, made)) is True
    day_1 = await store.day_tables(village_id, 1)
    for number, player_id in enumerate((5, 7), start=1):
        mover = replace(appending(village_id, 0, "A"), player_id=player_id)
        mover = replace(mover, projection=replace(mover.projection, day=2, player_id=player_id))
        await store.append(mover, 2, message(village_id, 10 + number, player_id))
    day_2 = await store.day_tables(village_id, 2)
    numbers = [t.table_id for t in (*day_1.values(), *day_2.values())]
    assert len(numbers) == len(set(numbers)) == 3
    assert [e.type for e in await store.load_stream(village_id, 1, 6)] == ["Closed"]
    assert [e.type for e in await store.load_stream(village_id, 2, 7)] == ["A"]


async def test_every_change_of_the_days_row_moves_its_version(
    store: Store, village_id: int
) -> None:
    """The day's version counts the changes of its own row (its close moved, its post set,
    its close): a close read before the day was extended is refused, and reads again."""
    await new_village(store, village_id)
    read = await store.get_day(village_id, 1)
    assert read is not None and read.version == 0
    later = T0 + dt.timedelta(hours=48)
    assert await store.extend_day(village_id, 1, later, NewEvent("DayExtended", {}))
    extended = await store.get_day(village_id, 1)
    assert extended is not None and extended.version == read.version + 1
    with pytest.raises(VersionConflict):
        await store.close_day(closing_of_day_1(village_id, read.version))
    await store.set_day_post(village_id, 1, 4321)
    posted = await store.get_day(village_id, 1)
    assert posted is not None and (posted.version, posted.post_id) == (read.version + 2, 4321)
    assert await store.close_day(closing_of_day_1(village_id, posted.version))
    closed = await store.get_day(village_id, 1)
    assert closed is not None and closed.version == read.version + 3
    assert not closed.is_open


async def test_a_players_day_table_is_never_a_table_of_a_place(
    store: Store, village_id: int
) -> None:
    """A table opened in a place, even of the village's own game and by the same player on
    the same day (and numbered lower: tables players open come first), is no day table:
    every read of the player's day table finds the one their throws made."""
    await new_village(store, village_id)
    placed = await store.create_table(
        TableRecord(
            village_id=village_id,
            table_id=0,
            game="greed",
            day=1,
            opener_id=5,
            place_id=4242,
            settings={},
            seats=(5,),
            status="playing",
            opened_at=T0,
        ),
        [NewEvent("Placed", {"player_id": 5})],
    )
    assert placed.version == 1
    first = await store.append(appending(village_id, 0, "A", points=50), 1, message(village_id, 1))
    day_table = first.events[0].table_id
    assert day_table is not None and day_table != placed.table_id
    # the next throw moves the day table from version 1, and only it
    await store.append(throwing_on(village_id, 1, "B", points=80), 1, message(village_id, 2))
    assert [e.type for e in await store.load_stream(village_id, 1, 5)] == ["A", "B"]
    assert [e.type for e in (await store.day_streams(village_id, 1))[5]] == ["A", "B"]
    context = await store.play_context(village_id, 3, 5)
    assert context is not None and context.table == (day_table, 2)
    assert (await store.day_tables(village_id, 1))[5].table_id == day_table
    row = await store.get_player_day(village_id, 1, 5)
    assert row is not None and (row.table_id, row.points) == (day_table, 80)
    assert (await store.day_scores(village_id, 1))[5].table_id == day_table
    kept = await store.get_table(village_id, placed.table_id)
    assert kept is not None and kept.version == 1
    assert [e.type for e in await store.load_table(village_id, placed.table_id)] == ["Placed"]
