"""What a table was played with, as its sealed log says it: its settings, seats and seal.

The start's event (`TableStarted`) records the settled settings (every default filled in
for the seats taken) beside the seats and the commitment, so that the log alone tells how
a table was played: a later release's defaults never change a table already begun, an
export carries the settings its draws were made with, and the table's row (a projection of
the log) can be rebuilt from it. Tables started before the start recorded its settings
(codec version 1) are read with the settings of their row, which migration 0008 settled.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.api import Json
from bot.games.registry import DEFAULT, Registry
from bot.village.records import (
    TABLE_ABANDONED,
    TABLE_FINISHED,
    TABLE_PLAYING,
    TABLE_SEATING,
    NewEvent,
    StoredEvent,
    TableRecord,
)
from bot.village.stream import (
    SEAT_FREED,
    SEAT_TAKEN,
    TABLE_CONFIGURED,
    TABLE_ENDED,
    TABLE_OPENED,
    TABLE_STARTED,
    read_stream,
)

STARTED_WITH_SETTINGS = 2
"""The codec version of `TableStarted` from which it records the settled settings."""


def started_event(
    by: Mapping[str, Json],
    seats: Sequence[int],
    commitment: str | None,
    settings: Mapping[str, Json],
    at: dt.datetime,
) -> NewEvent:
    """The start of a table: who started it, the seats, the seal, and the settings it is
    played with."""
    data: dict[str, Any] = {
        **by,
        "seats": list(seats),
        "commitment": commitment,
        "settings": dict(settings),
    }
    return NewEvent(TABLE_STARTED, data, at=at, codec=STARTED_WITH_SETTINGS)


@dataclass(frozen=True, slots=True)
class Setup:
    """A table's setup as its log tells it."""

    settings: dict[str, Json]
    """The settings asked for while it took seats, then the settled ones from its start."""
    seats: tuple[int, ...]
    commitment: str | None
    started: bool
    settled: bool
    """Whether the start recorded its settings (a table started by an older release did not)."""
    abandoned: bool


def setup_of(events: Iterable[StoredEvent]) -> Setup:
    """The setup a table's log records: the village's own events read in order."""
    settings: dict[str, Json] = {}
    seats: list[int] = []
    commitment: str | None = None
    started = settled = abandoned = False
    for event in events:
        data = event.data
        if event.type in (TABLE_OPENED, TABLE_CONFIGURED):
            settings = dict(data.get("settings") or {})
            if event.type == TABLE_OPENED:
                seats = [int(data["player_id"])]
        elif event.type == SEAT_TAKEN:
            seats.append(int(data["player_id"]))
        elif event.type == SEAT_FREED:
            seats = [p for p in seats if p != int(data["player_id"])]
            abandoned = not seats  # the last one left before the start: closed
        elif event.type == TABLE_STARTED:
            started = True
            seats = [int(p) for p in data["seats"]]
            commitment = data.get("commitment")
            if event.codec >= STARTED_WITH_SETTINGS and isinstance(data.get("settings"), dict):
                settings, settled = dict(data["settings"]), True
        elif event.type == TABLE_ENDED and data.get("abandoned"):
            abandoned = True
    return Setup(settings, tuple(seats), commitment, started, settled, abandoned)


def played_with(table: TableRecord, events: Iterable[StoredEvent]) -> dict[str, Json]:
    """The settings `table` is played with: its start's, else (started by an older release,
    or still taking seats) those of its row."""
    setup = setup_of(events)
    return setup.settings if setup.settled else dict(table.settings)


def rebuilt(
    table: TableRecord, events: Sequence[StoredEvent], games: Registry = DEFAULT
) -> TableRecord:
    """`table`'s row as its log alone rebuilds it: settings, seats, seal and status (the
    row's keys, times and seed, which the log does not hold, kept)."""
    setup = setup_of(events)
    settings = setup.settings if setup.settled or not setup.started else dict(table.settings)
    if setup.abandoned:
        status = TABLE_ABANDONED
    elif not setup.started:
        status = TABLE_SEATING
    else:
        game = games.table_games[table.game].game
        view = read_stream(game, settings, list(events), len(setup.seats))
        status = TABLE_FINISHED if game.finished(view.state) else TABLE_PLAYING
    return TableRecord(
        village_id=table.village_id,
        table_id=table.table_id,
        game=table.game,
        day=table.day,
        opener_id=table.opener_id,
        place_id=table.place_id,
        settings=settings,
        seats=setup.seats,
        status=status,
        opened_at=table.opened_at,
        version=events[-1].version if events else 0,
        started_at=table.started_at,
        ended_at=table.ended_at,
        deadline_at=table.deadline_at,
        seed=table.seed,
        commitment=setup.commitment,
    )
