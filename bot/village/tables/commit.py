"""Writing what a table did: where its chance is drawn, the table after a move (its version,
its end, its deadline), the score rows, and the one append that keeps them together.

Every change is one unit of work: the table's events, its new state, the score rows, the
message and the replies are written together or not at all.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from typing import Any

from bot.fairness.digest import Digest
from bot.games.api import Json
from bot.village.core import Author, Core, Incoming
from bot.village.kept_tables import KeptTable
from bot.village.moves import Applied, Where
from bot.village.records import (
    TABLE_FINISHED,
    TABLE_PLAYING,
    VILLAGE_STREAM,
    NewEvent,
    PlayerDayRecord,
    StoredEvent,
    TableAppend,
    TableRecord,
)
from bot.village.stream import StreamView, extend_stream, read_stream
from bot.village.table_record import table_digest
from bot.village.tables.seated import Seated
from bot.village.tables.telling import move_replies
from bot.words.reply import Reply


def by(author: Author) -> dict[str, Json]:
    """Who did it, as a table's event keeps it."""
    return {"by": author.player_id, "by_name": author.name}


def where(table: TableRecord, incoming: Incoming | None, names: tuple[str, ...]) -> Where:
    """Where a move at the table draws its chance: from the table's own committed seed."""
    assert table.seed is not None  # a table in play has its seed
    return Where(
        table.village_id,
        table.day,
        table.table_id,
        incoming.message_id if incoming is not None else 0,
        table.seed,
        table.seats,
        recorded=True,
        names=names,
    )


def deadline(
    core: Core, table: TableRecord, since: dt.datetime | None = None
) -> dt.datetime | None:
    """When the move awaited now must come: the time limit from `since` (by default now;
    the missed deadline, when the time limit played the move before)."""
    hours = table.settings.get("deadline")
    if not isinstance(hours, int) or isinstance(hours, bool):
        return None  # `off`: moderators skip by hand
    return (since or core.clock.now()) + dt.timedelta(hours=hours)


def table_after(
    core: Core,
    table: TableRecord,
    before: object,
    applied: Applied,
    village_events: list[NewEvent],
    *,
    fresh_deadline: bool = False,
    since: dt.datetime | None = None,
) -> TableRecord:
    """The table after a move: its version, whether it is over, and when the awaited move
    must come (a new turn, or a turn given back, gets the whole time limit)."""
    game = core.registry.table_games[table.game].game
    version = table.version + len(village_events) + len(applied.stored)
    if game.finished(applied.state):
        return replace(
            table,
            status=TABLE_FINISHED,
            ended_at=core.clock.now(),
            deadline_at=None,
            version=version,
        )
    new_turn = fresh_deadline or game.mark(before) != game.mark(applied.state)
    if table.status == TABLE_PLAYING and table.deadline_at is not None and not new_turn:
        return replace(table, version=version)
    return replace(table, deadline_at=deadline(core, table, since), version=version)


def appended(
    core: Core,
    seated: Seated,
    applied: Applied,
    village_events: tuple[NewEvent, ...] = (),
    since: dt.datetime | None = None,
) -> TableAppend:
    """What a move (or the time limit's default) appends: its events, the table after it
    and every seat's score row, from the version it was decided on."""
    table = seated.table
    game = seated.kind.game
    after = table_after(core, table, seated.state, applied, list(village_events), since=since)
    points = scores(table, after, game.scores(applied.state), game.finished(applied.state))
    return TableAppend(
        after, table.version, (*village_events, *applied.stored), points, at=core.clock.now()
    )


async def commit(
    core: Core,
    incoming: Incoming | None,
    seated: Seated,
    applied: Applied,
    mover: Author | None,
    village_events: tuple[NewEvent, ...] = (),
    since: dt.datetime | None = None,
) -> list[Reply]:
    """Append what a move (or the time limit's default) did, with the score rows, in the
    caller's unit, and say it to the table."""
    append = appended(core, seated, applied, village_events, since)
    return await committed(core, seated, append, applied, mover)


async def committed(
    core: Core, seated: Seated, append: TableAppend, applied: Applied, mover: Author | None
) -> list[Reply]:
    """`append` written in the caller's unit, and what it tells the table."""
    # The message is recorded with its replies (settle), in this same unit.
    await core.table_log.append_table(append)
    if core.committed is not None:
        core.committed.append(lambda: keep_moved(core, seated, append))
    after = append.table
    return move_replies(seated, after, applied, mover, await ended_digest(core, after))


def keep_moved(
    core: Core,
    seated: Seated,
    append: TableAppend,
    moved: tuple[tuple[StoredEvent, ...], StreamView] | None = None,
) -> None:
    """Once the move is committed, the table as it left it, for the next command: its own
    events folded into the view it was decided on (`moved`: `folded` already), nothing read
    again. An ended table is let go (it takes no more moves)."""
    after = append.table
    key = (after.village_id, after.table_id)
    if after.status != TABLE_PLAYING or not seated.events or append.at is None:
        core.tables.forget(key)
        return
    events, view = moved or folded(seated, append)
    settings = seated.table.settings
    core.tables.keep(key, KeptTable(after.version, settings, events, view, seated.names))


async def keep_started(core: Core, seated: Seated, after: TableRecord) -> None:
    """Once the start is committed, the table as it left it, for its first move: its stream
    read in the start's unit (which sees the start's own events), folded once."""
    if core.committed is None or after.status != TABLE_PLAYING:
        return
    events = tuple(await core.table_log.load_table(after.village_id, after.table_id))
    if not events or events[-1].version != after.version:
        return  # not the stream as the start left it: the first move reads it
    view = read_stream(seated.kind.game, after.settings, list(events), len(after.seats))
    kept = KeptTable(after.version, after.settings, events, view, seated.names)
    key = (after.village_id, after.table_id)
    core.committed.append(lambda: core.tables.keep(key, kept))


def folded(
    seated: Seated, append: TableAppend, applied: Applied | None = None
) -> tuple[tuple[StoredEvent, ...], StreamView]:
    """The table's stream and its view once `append` is written, from the view the move was
    decided on: its events folded in, nothing read. `applied`: the move that made them, one
    for one, when the caller has it (its events are not decoded again, nor its state
    folded again)."""
    after, at = append.table, append.at
    assert at is not None  # a move is stamped on the village clock (`appended`)
    first = append.expected_version + 1
    new = tuple(as_stored(after, v, e, at) for v, e in enumerate(append.events, first))
    game = seated.kind.game
    seats = len(after.seats)
    settings = seated.table.settings
    made, state = (applied.events, applied.state) if applied is not None else (None, None)
    view = extend_stream(game, settings, seated.view, seated.events, new, seats, made, state)
    return (*seated.events, *new), view


def as_stored(table: TableRecord, version: int, event: NewEvent, at: dt.datetime) -> StoredEvent:
    """An event of the move as the table's stream keeps it (as `load_table` would read it
    back: its data as plain JSON)."""
    player = event.data.get("player_id")
    return StoredEvent(
        village_id=table.village_id,
        day=table.day,
        player_id=player if isinstance(player, int) else VILLAGE_STREAM,
        version=version,
        game=table.game,
        type=event.type,
        data=json.loads(json.dumps(event.data)),
        message_id=event.message_id,
        recorded_at=event.at or at,
        table_id=table.table_id,
        codec=event.codec,
    )


async def ended_digest(core: Core, after: TableRecord) -> Digest | None:
    """The count and digest of a table's draws once it has ended (None while in play), read
    in the unit that ends it: posted with the seed."""
    if after.status == TABLE_PLAYING:
        return None
    return await table_digest(core.table_log, after, core.registry)


def scores(
    table: TableRecord, after: TableRecord, points: Any, finished: bool
) -> tuple[PlayerDayRecord, ...]:
    """Each seat's score row at the table's new version."""
    return tuple(
        PlayerDayRecord(
            village_id=table.village_id,
            day=table.day,
            player_id=player_id,
            version=after.version,
            points=int(points.get(seat, 0)),
            finished=finished,
            table_id=table.table_id,
            game=table.game,
        )
        for seat, player_id in enumerate(table.seats)
    )
