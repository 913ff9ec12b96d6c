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

from bot.storage.batch import DAY_TABLE_KEYS, DAY_TABLE_WHERE, SCORE_KEYS, moved_day_table
from bot.storage.lane import Statements
from bot.storage.rows import EVENTS, PLAYERS, REPLIES, TABLES, score_row
from bot.storage.tables import DAY, EVENT, MESSAGE, OUTBOX, PLAYER, SCORE, TABLE, VILLAGE
from bot.village.ports import UnknownVillage, VersionConflict
from bot.village.records import (
    VILLAGE_STREAM,
    NewEvent,
    OutboxRecord,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
    stored,
)


def _named(table: Table, *leave_out: str) -> dict[str, Any]:
    """Every column but `leave_out`, each from the parameter of its name."""
    return {c.key: bindparam(c.key, type_=c.type) for c in table.c if c.key not in leave_out}


def _insert(table: Table, *leave_out: str) -> Any:
    """An insert of every column but `leave_out`, each from the parameter of its name."""
    return table.insert().values(_named(table, *leave_out))


MESSAGE_INSERT = _insert(MESSAGE)
EVENT_INSERT = _insert(EVENT, "event_id")
# The open day's settings, the day's row share-locked (PostgreSQL; SQLite has one writer).
DAY_OPEN = (
    select(DAY.c.settings)
    .where(
        DAY.c.village_id == bindparam("v"),
        DAY.c.day == bindparam("d"),
        DAY.c.closed_at.is_(None),
    )
    .with_for_update(read=True)
)
TAKE_TABLE_NUMBER = (
    VILLAGE.update()
    .where(VILLAGE.c.village_id == bindparam("v"))
    .values(next_table=VILLAGE.c.next_table + 1)
    .returning((VILLAGE.c.next_table - 1).label("table_id"))
)
TAKE_DAY_TABLE_NUMBER = (
    VILLAGE.update()
    .where(VILLAGE.c.village_id == bindparam("v"))
    .values(next_day_table=VILLAGE.c.next_day_table + 1)
    .returning((VILLAGE.c.next_day_table - 1).label("table_id"))
)
_MOVE_DAY_TABLE = moved_day_table("t_")
_MOVE_OPEN_DAY_TABLE = moved_day_table("t_", while_open=True)
_LAST_VILLAGE_VERSION = select(func.max(EVENT.c.version).label("version")).where(
    EVENT.c.village_id == bindparam("v"),
    EVENT.c.day == bindparam("d"),
    EVENT.c.table_id.is_(None),
)


@functools.cache
def score_upsert(dialect: str) -> Any:
    """A score row inserted or replaced (built once per database: building its ON CONFLICT
    clause cost more than running it)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(SCORE).values(_named(SCORE))
    return statement.on_conflict_do_update(
        index_elements=list(SCORE_KEYS),
        set_={c.key: statement.excluded[c.key] for c in SCORE.c if c.key not in SCORE_KEYS},
    )


@functools.cache
def _player_upsert(dialect: str) -> Any:
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(PLAYER).values(_named(PLAYER))
    return statement.on_conflict_do_update(
        index_elements=["village_id", "player_id"], set_={"name": statement.excluded.name}
    )


@functools.cache
def _make_day_table(dialect: str) -> Any:
    """A player's day table, unless they have it already (the unique index of day tables:
    two first throws of one player at once make it once)."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(TABLE).values(_named(TABLE))
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
    kept = append.as_stored(day, game, recorded_at, table_id)
    if kept:
        # The unique stream version fails this insert if another writer got there first.
        await run.execute_many(EVENT_INSERT, [EVENTS.values(e) for e in kept])
    await run.write(score_upsert(run.dialect), score_row(append.projection, table_id, game))
    return kept


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
    new_version, status = append.version_after, append.table_status
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
    made_table = append.new_day_table(table_id, day, game, rules, at)
    made = await run.execute(_make_day_table(run.dialect), TABLES.values(made_table))
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
    await run.write(_player_upsert(run.dialect), PLAYERS.values(player))


async def insert_village_event(
    run: Statements, village_id: int, day: int, game: str, event: NewEvent, at: dt.datetime
) -> None:
    """An event of the village's own stream of the day, after its last."""
    last = await run.row(_LAST_VILLAGE_VERSION, {"v": village_id, "d": day})
    version = int((last or {}).get("version") or 0) + 1
    kept = stored(event, village_id, day, VILLAGE_STREAM, version, game, at)
    await run.write(EVENT_INSERT, EVENTS.values(kept))


async def keep_replies(run: Statements, entries: Sequence[OutboxRecord]) -> list[int]:
    """The replies kept in the outbox, together; their ids in the replies' order (matched
    by their place among one message's answers: returned rows come in no promised order)."""
    if not entries:
        return []
    rows = [REPLIES.values(entry) for entry in entries]
    kept = await run.insert_returning(OUTBOX, rows, ("outbox_id", "seq"))
    ids = {int(row["seq"]): int(row["outbox_id"]) for row in kept}
    if len(ids) != len(entries):
        raise AssertionError("the replies of one message must have distinct places (seq)")
    return [ids[entry.seq] for entry in entries]
