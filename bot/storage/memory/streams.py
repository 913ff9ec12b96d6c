"""Writing a player's day stream in memory, as `bot.storage.streams` writes it: the player
added or renamed, the table moved from the version it was read at (or, with the day's
first throw, made), the events and the score row."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from bot.storage.memory.copies import copied
from bot.storage.memory.state import State
from bot.village.ports import VersionConflict
from bot.village.records import (
    StoredEvent,
    StreamAppend,
)


def write_stream(
    state: State,
    append: StreamAppend,
    village_id: int,
    day: int,
    game: str,
    recorded_at: dt.datetime,
) -> list[StoredEvent]:
    """The stream's events as stored. Whether the day is open is the caller's question (a
    close writes its day's streams once it has closed the day)."""
    if append.player is not None:
        state.upsert_player(append.player)
    renamed = append.renamed()
    if renamed is not None:
        state.add_village_event(village_id, day, game, renamed, recorded_at)
    table_id = table_of_day(state, village_id, day, append, game, recorded_at)
    # Given back as a database would read them back.
    events = [copied(e) for e in append.as_stored(day, game, recorded_at, table_id)]
    for event in events:
        state.add_event(event)
    state.upsert_score(append.projection, table_id, game)
    return events


def table_of_day(
    state: State,
    village_id: int,
    day: int,
    append: StreamAppend,
    game: str,
    at: dt.datetime,
) -> int:
    """A player's day table moved on from the version the stream was read at, or made
    with the day's first throw. Raises VersionConflict when another writer moved it or
    made it first."""
    version, status = append.version_after, append.table_status
    if append.expected_version != 0:
        moved = [
            table
            for table in state.tables.values()
            if (table.village_id, table.day, table.opener_id, table.game, table.place_id)
            == (village_id, day, append.player_id, game, None)
            and table.version == append.expected_version
        ]
        if not moved:
            raise VersionConflict(f"the day table of player {append.player_id} moved on")
        for table in moved:
            key = (table.village_id, table.table_id)
            state.tables[key] = replace(table, version=version, status=status)
        return min(table.table_id for table in moved)
    # The table takes the day's rules, read while the day is open: a close that makes a
    # table (the day closed already) gives it none, as the database's close does.
    rules: dict[str, Any] = {}
    day_row = state.days.get((village_id, day))
    if day_row is not None and day_row.is_open:
        rules = dict(day_row.settings.model_dump(mode="json").get("rules") or {})
    table_id = state.take_table_number(village_id, day_table=True)
    if any(
        (table.village_id, table.day, table.opener_id, table.game, table.place_id)
        == (village_id, day, append.player_id, game, None)
        for table in state.tables.values()
    ):
        raise VersionConflict(f"the day table of player {append.player_id} was made first")
    made = append.new_day_table(table_id, day, game, rules, at)
    state.tables[(village_id, table_id)] = copied(made)
    return table_id
