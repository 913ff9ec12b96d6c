"""The store's reads for day closes and standings, run on SQLite and on PostgreSQL: each
gives in one read what the per-player reads give one player at a time."""

from __future__ import annotations

import dataclasses

import pytest

from bot.village.ports import Store
from bot.village.records import (
    TABLE_PLAYING,
    DayPoints,
    NewEvent,
    PlayerDayRecord,
    PlayerRecord,
    StreamAppend,
    TableAppend,
)
from tests.storage.test_store_contract import T0, closing_of_day_1, message, new_village
from tests.storage.test_tables_contract import score, seating

pytestmark = pytest.mark.db


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store on every backend, the memory store too: the contract is the port's."""
    return any_store


def throws(village_id: int, day: int, player: int, expected: int, *types: str) -> StreamAppend:
    """A player's day stream moved on by `types`, with the score row it leads to."""
    version = expected + len(types)
    return StreamAppend(
        player_id=player,
        expected_version=expected,
        events=tuple(
            NewEvent(kind, {"n": i}, message_id=100 * player + version)
            for i, kind in enumerate(types)
        ),
        projection=PlayerDayRecord(
            village_id,
            day,
            player,
            version,
            10 * version + player,
            ({"points": version},),
            False,
            100 * player + version,
        ),
        player=PlayerRecord(village_id, player, f"p{player}", T0),
    )


async def two_days(store: Store, village_id: int) -> None:
    """Two players on day 1 (one of them twice), one on day 2, and a Ducks table on day 1:
    a village whose every read has something to leave out."""
    await new_village(store, village_id)
    await store.append(throws(village_id, 1, 5, 0, "A", "B"), 1, message(village_id, 1))
    await store.append(throws(village_id, 1, 6, 0, "A"), 1, message(village_id, 2, 6))
    await store.append(throws(village_id, 1, 5, 2, "C"), 1, message(village_id, 3))
    table = await store.create_table(seating(village_id), [NewEvent("TableOpened", {})])
    playing = dataclasses.replace(table, status=TABLE_PLAYING, seats=(7, 5), version=2)
    rows = (score(village_id, playing, 5, 4), score(village_id, playing, 7, 2))
    await store.append_table(TableAppend(playing, 1, (NewEvent("Rolled", {}),), rows))
    day = await store.get_day(village_id, 1)
    assert day is not None
    closing = closing_of_day_1(
        village_id, day.version, throws(village_id, 1, 5, 3), throws(village_id, 1, 6, 1)
    )
    assert await store.close_day(closing)
    await store.append(throws(village_id, 2, 6, 0, "D"), 2, message(village_id, 4, 6))


async def test_day_streams_are_each_players_load_stream(store: Store, village_id: int) -> None:
    await two_days(store, village_id)
    for day in (1, 2):
        streams = await store.day_streams(village_id, day)
        one_by_one = {p: await store.load_stream(village_id, day, p) for p in (5, 6, 7)}
        assert streams == {p: events for p, events in one_by_one.items() if events}
    first = await store.day_streams(village_id, 1)
    assert [e.type for e in first[5]] == ["A", "B", "C"]
    assert [e.version for e in first[5]] == [1, 2, 3]
    assert 7 not in first  # seated at the Ducks table only: no day stream
    assert await store.day_streams(village_id, 3) == {}


async def test_day_streams_of_some_tables_are_those_tables_streams_only(
    store: Store, village_id: int
) -> None:
    await two_days(store, village_id)
    every = await store.day_streams(village_id, 1)
    tables = await store.day_tables(village_id, 1)
    assert await store.day_streams(village_id, 1, [tables[6].table_id]) == {6: every[6]}
    both = [tables[5].table_id, tables[6].table_id]
    assert await store.day_streams(village_id, 1, both) == every
    assert await store.day_streams(village_id, 1, []) == {}


async def test_day_tables_are_each_players_table_and_where_their_day_ended(
    store: Store, village_id: int
) -> None:
    await two_days(store, village_id)
    for day in (1, 2):
        tables = await store.day_tables(village_id, day)
        streams = await store.day_streams(village_id, day)
        rows = await store.day_scores(village_id, day)
        # One table per player who played, at the version of their stream, with their
        # score row's end; the Ducks table is no day table.
        assert set(tables) == set(streams)
        for player, table in tables.items():
            assert table.table_id == streams[player][0].table_id
            assert table.version == streams[player][-1].version
            assert table.ended_message_id == rows[player].ended_message_id
    first = await store.day_tables(village_id, 1)
    assert [(p, first[p].version, first[p].ended_message_id) for p in sorted(first)] == [
        (5, 3, 503),  # three throws, ended where the close's score row says
        (6, 1, 601),
    ]
    assert await store.day_tables(village_id, 3) == {}


async def test_day_scores_are_each_players_day_row(store: Store, village_id: int) -> None:
    await two_days(store, village_id)
    for day in (1, 2):
        scores = await store.day_scores(village_id, day)
        one_by_one = {p: await store.get_player_day(village_id, day, p) for p in (5, 6, 7)}
        assert scores == {p: row for p, row in one_by_one.items() if row is not None}
    first = await store.day_scores(village_id, 1)
    assert (first[5].points, first[5].turns, first[6].points) == (35, ({"points": 3},), 16)
    assert await store.day_scores(village_id, 3) == {}


async def test_score_points_are_the_score_rows_without_turns(store: Store, village_id: int) -> None:
    await two_days(store, village_id)
    every = await store.table_scores(village_id)
    points = await store.score_points(village_id)
    assert points == [
        DayPoints(r.day, r.player_id, r.points, r.finished, r.ended_message_id, r.table_id, r.game)
        for r in every
    ]
    assert sorted((r.day, r.game, r.player_id, r.points) for r in points) == [
        (1, "ducks", 5, 4),
        (1, "ducks", 7, 2),
        (1, "greed", 5, 35),
        (1, "greed", 6, 16),
        (2, "greed", 6, 16),
    ]


async def test_the_reads_keep_to_their_village(
    store: Store, village_id: int, other_village_id: int
) -> None:
    await two_days(store, village_id)
    await new_village(store, other_village_id)
    assert await store.day_streams(other_village_id, 1) == {}
    assert await store.day_scores(other_village_id, 1) == {}
    assert await store.day_tables(other_village_id, 1) == {}
    assert await store.score_points(other_village_id) == []
