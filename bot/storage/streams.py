"""Writing a player's day stream: the table moved (or, with the day's first throw, made), the
events, the score row, and the player added or renamed.

Written once, on `Statements`: a throw's own transaction on the driver (`lane`), or the
connection of a unit of work (a close, a moderator's rollback, a rename). Every statement
here is built once, at import or once per database: the driver's lane keeps what it
compiled by the statement's identity.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table, bindparam, func, select
from sqlalchemy.dialects import postgresql, sqlite

from bot.storage import tables as t
from bot.storage.batch import DAY_TABLE_KEYS, DAY_TABLE_WHERE, SCORE_KEYS, moved_day_table
from bot.storage.lane import Statements
from bot.storage.rows import outbox_row, score_row
from bot.village.ports import UnknownVillage, VersionConflict
from bot.village.records import (
    TABLE_FINISHED,
    TABLE_PLAYING,
    VILLAGE_STREAM,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
)

_VILLAGE: Table = t.metadata.tables["village"]
_MESSAGE: Table = t.metadata.tables["message"]
_EVENT: Table = t.metadata.tables["event"]
_DAY: Table = t.metadata.tables["village_day"]
_TABLE: Table = t.metadata.tables["game_table"]
_SCORE: Table = t.metadata.tables["table_score"]
_PLAYER: Table = t.metadata.tables["player"]
_OUTBOX: Table = t.metadata.tables["outbox"]


def _insert(table: Table, *leave_out: str) -> Any:
    """An insert of every column but `leave_out`, each from the parameter of its name."""
    return table.insert().values(
        {c.key: bindparam(c.key, type_=c.type) for c in table.c if c.key not in leave_out}
    )


MESSAGE_INSERT = _insert(_MESSAGE)
EVENT_INSERT = _insert(_EVENT, "event_id")
# The open day's settings, the day's row share-locked (PostgreSQL; SQLite has one writer).
DAY_OPEN = (
    select(_DAY.c.settings)
    .where(
        _DAY.c.village_id == bindparam("v"),
        _DAY.c.day == bindparam("d"),
        _DAY.c.closed_at.is_(None),
    )
    .with_for_update(read=True)
)
TAKE_TABLE_NUMBER = (
    _VILLAGE.update()
    .where(_VILLAGE.c.village_id == bindparam("v"))
    .values(next_table=_VILLAGE.c.next_table + 1)
    .returning((_VILLAGE.c.next_table - 1).label("table_id"))
)
TAKE_DAY_TABLE_NUMBER = (
    _VILLAGE.update()
    .where(_VILLAGE.c.village_id == bindparam("v"))
    .values(next_day_table=_VILLAGE.c.next_day_table + 1)
    .returning((_VILLAGE.c.next_day_table - 1).label("table_id"))
)
_MOVE_DAY_TABLE = moved_day_table("t_")
_MOVE_OPEN_DAY_TABLE = moved_day_table("t_", while_open=True)
_LAST_VILLAGE_VERSION = select(func.max(_EVENT.c.version).label("version")).where(
    _EVENT.c.village_id == bindparam("v"),
    _EVENT.c.day == bindparam("d"),
    _EVENT.c.table_id.is_(None),
)


@functools.cache
def score_upsert(dialect: str) -> Any:
    """A score row inserted or replaced (built once per database: building its ON CONFLICT
    clause cost more than running it)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(_SCORE).values({c.key: bindparam(c.key, type_=c.type) for c in _SCORE.c})
    return statement.on_conflict_do_update(
        index_elements=list(SCORE_KEYS),
        set_={c.key: statement.excluded[c.key] for c in _SCORE.c if c.key not in SCORE_KEYS},
    )


@functools.cache
def _player_upsert(dialect: str) -> Any:
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(_PLAYER).values({c.key: bindparam(c.key, type_=c.type) for c in _PLAYER.c})
    return statement.on_conflict_do_update(
        index_elements=["village_id", "player_id"], set_={"name": statement.excluded.name}
    )


@functools.cache
def _make_day_table(dialect: str) -> Any:
    """A player's day table, unless they have it already (the unique index of day tables:
    two first throws of one player at once make it once)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(_TABLE).values({c.key: bindparam(c.key, type_=c.type) for c in _TABLE.c})
    return statement.on_conflict_do_nothing(
        index_elements=list(DAY_TABLE_KEYS), index_where=DAY_TABLE_WHERE
    )


async def write_stream(
    run: Statements,
    append: StreamAppend,
    village_id: int,
    day: int,
    game: str,
    recorded_at: dt.datetime,
    day_settings: dict[str, Any] | None = None,
    while_open: bool = False,
) -> list[StoredEvent]:
    """Write a player's day stream: the events, the table's version and the score row.
    Returns the events as stored, for a caller that keeps the stream in memory.
    `day_settings`: the day's, when the caller read them (a first throw's table takes
    the day's rules); `while_open`: the table moves only while the day is open."""
    if append.player is not None:
        await upsert_player(run, append.player)
    renamed = append.renamed()
    if renamed is not None:
        await insert_village_event(run, village_id, day, game, renamed, recorded_at)
    table_id = await table_of_day(
        run, village_id, day, append, game, recorded_at, day_settings, while_open
    )
    stored = as_stored(append, day, game, recorded_at, table_id)
    if stored:
        # The unique stream version fails this insert if another writer got there first.
        await run.execute_many(EVENT_INSERT, [event_values(e) for e in stored])
    await run.write(score_upsert(run.dialect), score_row(append.projection, table_id, game))
    return stored


async def table_of_day(
    run: Statements,
    village_id: int,
    day: int,
    append: StreamAppend,
    game: str,
    at: dt.datetime,
    day_settings: dict[str, Any] | None = None,
    while_open: bool = False,
) -> int:
    """A player's day table, made with the day's first throw. Moves its version from the
    one the stream was read at: another writer that got there first fails this append.
    `day_settings`: the day's (read by the caller), whose rules a new table takes;
    `while_open`: the move also checks that the day is open (SQLite)."""
    new_version = append.expected_version + len(append.events)
    status = TABLE_FINISHED if append.projection.finished else TABLE_PLAYING
    if append.expected_version != 0:
        # Found and moved in one statement: no row when another writer moved it first.
        moved = await run.row(
            _MOVE_OPEN_DAY_TABLE if while_open else _MOVE_DAY_TABLE,
            {
                "t_village_id": village_id,
                "t_day": day,
                "t_player_id": append.player_id,
                "t_game": game,
                "t_expected": append.expected_version,
                "t_version": new_version,
                "t_status": status,
            },
        )
        if moved is None:
            raise VersionConflict(
                f"the day table of player {append.player_id} moved on (or day {day} closed)"
            )
        return int(moved["table_id"])
    # The first throw of the day: the table is made, numbered from the village's counter.
    # Another writer that made it first (the same player's other message) fails this append.
    if day_settings is None:
        found = await run.row(DAY_OPEN, {"v": village_id, "d": day})
        day_settings = None if found is None else found["settings"]
    rules = dict((day_settings or {}).get("rules") or {})
    table_id = await take_table_number(run, village_id, day_table=True)
    made = await run.execute(
        _make_day_table(run.dialect),
        {
            "village_id": village_id,
            "table_id": table_id,
            "game": game,
            "day": day,
            "opener_id": append.player_id,
            "place_id": None,
            "settings": rules,
            "seats": [append.player_id],
            "status": status,
            "opened_at": at,
            "started_at": at,
            "ended_at": at if status == TABLE_FINISHED else None,
            "deadline_at": None,
            "seed": None,
            "commitment": None,
            "version": new_version,
        },
    )
    if made == 0:
        raise VersionConflict(f"the day table of player {append.player_id} was made first")
    return table_id


async def take_table_number(run: Statements, village_id: int, *, day_table: bool = False) -> int:
    """A new table's number in the village, from the village row's counter (of tables
    players open, or of their day tables): concurrent tables of one village wait only for
    this row, and only until the other one commits."""
    statement = TAKE_DAY_TABLE_NUMBER if day_table else TAKE_TABLE_NUMBER
    found = await run.row(statement, {"v": village_id})
    if found is None:
        raise UnknownVillage(f"no village {village_id}")
    return int(found["table_id"])


async def upsert_player(run: Statements, player: PlayerRecord) -> None:
    await run.write(_player_upsert(run.dialect), player_values(player))


async def insert_village_event(
    run: Statements, village_id: int, day: int, game: str, event: NewEvent, at: dt.datetime
) -> None:
    """An event of the village's own stream of the day, after its last."""
    last = await run.row(_LAST_VILLAGE_VERSION, {"v": village_id, "d": day})
    version = int((last or {}).get("version") or 0) + 1
    stored = StoredEvent(
        village_id,
        day,
        VILLAGE_STREAM,
        version,
        game,
        event.type,
        dict(event.data),
        event.message_id,
        event.at or at,
        None,
        event.codec,
    )
    await run.write(EVENT_INSERT, event_values(stored))


async def keep_replies(run: Statements, entries: Sequence[OutboxRecord]) -> list[int]:
    """The replies kept in the outbox, together; their ids in the replies' order (matched
    by their place among one message's answers: returned rows come in no promised order)."""
    if not entries:
        return []
    rows = [outbox_row(entry) for entry in entries]
    kept = await run.insert_returning(_OUTBOX, rows, ("outbox_id", "seq"))
    ids = {int(row["seq"]): int(row["outbox_id"]) for row in kept}
    if len(ids) != len(entries):
        raise AssertionError("the replies of one message must have distinct places (seq)")
    return [ids[entry.seq] for entry in entries]


def as_stored(
    append: StreamAppend, day: int, game: str, recorded_at: dt.datetime, table_id: int
) -> list[StoredEvent]:
    """A player's new events as the event table keeps them."""
    return [
        StoredEvent(
            village_id=append.projection.village_id,
            day=day,
            player_id=append.player_id,
            version=append.expected_version + offset,
            game=game,
            type=event.type,
            data=dict(event.data),
            message_id=event.message_id,
            recorded_at=event.at or recorded_at,
            table_id=table_id,
            codec=event.codec,
        )
        for offset, event in enumerate(append.events, start=1)
    ]


def event_values(event: StoredEvent) -> dict[str, Any]:
    return {
        "village_id": event.village_id,
        "day": event.day,
        "table_id": event.table_id,
        "player_id": event.player_id,
        "version": event.version,
        "game": event.game,
        "type": event.type,
        "data": event.data,
        "message_id": event.message_id,
        "recorded_at": event.recorded_at,
        "codec": event.codec,
    }


def message_values(message: MessageRecord) -> dict[str, Any]:
    return {
        "village_id": message.village_id,
        "message_id": message.message_id,
        "player_id": message.player_id,
        "sent_at": message.sent_at,
        "received_at": message.received_at,
        "outcome": message.outcome,
        "place_id": message.place_id,
    }


def player_values(player: PlayerRecord) -> dict[str, Any]:
    return {
        "village_id": player.village_id,
        "player_id": player.player_id,
        "name": player.name,
        "joined_at": player.joined_at,
    }
