"""A move at a table written as a throw is (`batch`): the table's row moved on from the
version the move was decided on, its events, every seat's score row, the message that made
it and the replies kept in the outbox, all or nothing.

On PostgreSQL that is one statement of common table expressions, a transaction by itself:
every write takes its row from the table's move, which finds none when another writer
moved the table first (then nothing is written, and the caller reads again); a message
handled already fails the statement on the message's key. Elsewhere (SQLite, or inside a
unit of work) the same writes go one statement at a time, in the caller's transaction.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.dialects.postgresql import insert

from bot.storage import streams
from bot.storage.batch import SCORE_KEYS, message_written, replies_kept, select_rows
from bot.storage.lane import Statements
from bot.storage.rows import EVENTS, MESSAGES, PLAYERS, REPLIES, TABLES, score_row
from bot.storage.tables import EVENT, PLAYER, SCORE, TABLE, VILLAGE
from bot.village.ports import UnknownVillage, VersionConflict
from bot.village.records import MessageRecord, OutboxRecord, TableAppend, table_event

MOVED = (
    "settings",
    "seats",
    "status",
    "opener_id",
    "started_at",
    "ended_at",
    "deadline_at",
    "seed",
    "commitment",
    "version",
)
"""What a table's move may change of its row (never where or when it was opened)."""


def _moved_table() -> Any:
    """The table's row moved from the version the move was read at to its new one
    (parameters `w_village_id`, `w_table_id`, `w_expected`, and `t_` the row's columns):
    no row changed when another writer moved it first."""
    return (
        TABLE.update()
        .where(
            TABLE.c.village_id == bindparam("w_village_id"),
            TABLE.c.table_id == bindparam("w_table_id"),
            TABLE.c.version == bindparam("w_expected"),
        )
        .values({name: bindparam(f"t_{name}", type_=TABLE.c[name].type) for name in MOVED})
    )


# Built apart from the statement's own (a statement run once keeps what it returns).
_MOVE_TABLE = _moved_table()
VILLAGE_OF = select(VILLAGE.c.village_id).where(VILLAGE.c.village_id == bindparam("w_village_id"))


def params(
    append: TableAppend,
    message: MessageRecord | None,
    outbox: Sequence[OutboxRecord],
    at: dt.datetime,
) -> dict[str, Any]:
    """`statement`'s parameters: every row's columns named apart by a prefix (`m_` the
    message, `e{n}_`, `s{n}_`, `p{n}_`, `o{n}_` the events, score rows, players and
    replies), with the table's (`table_params`)."""
    table = append.table
    found = table_params(append)
    if message is not None:
        found.update(MESSAGES.prefixed("m_")(message))
    first = append.expected_version + 1
    for n, event in enumerate(append.events):
        found.update(EVENTS.prefixed(f"e{n}_")(table_event(table, first + n, event, at)))
    for n, score in enumerate(append.scores):
        row = score_row(score, table.table_id, table.game)
        found.update({f"s{n}_{key}": value for key, value in row.items()})
    for n, player in enumerate(append.players):
        found.update(PLAYERS.prefixed(f"p{n}_")(player))
    for n, entry in enumerate(outbox):
        found.update(REPLIES.prefixed(f"o{n}_")(entry))
    return found


def table_params(append: TableAppend) -> dict[str, Any]:
    """The table's move: its row after the move (`t_`), where it is and the version it
    was read at (`w_`)."""
    table = append.table
    found = TABLES.prefixed("t_")(table)
    found["w_village_id"] = table.village_id
    found["w_table_id"] = table.table_id
    found["w_expected"] = append.expected_version
    return found


def shape(append: TableAppend, outbox: Sequence[OutboxRecord]) -> tuple[int, int, int, int]:
    """The counts `statement` is built for: events, score rows, players, replies."""
    return len(append.events), len(append.scores), len(append.players), len(outbox)


@functools.cache
def statement(events: int, scores: int, players: int, replies: int) -> Any:
    """The move of a table of `events` events, `scores` score rows, `players` players to
    add and `replies` replies to keep, with its message, as one statement (PostgreSQL),
    built once for each such shape. Its one row: the table's id (None when the table was
    not at the version expected: nothing was written) and the replies' outbox ids in their
    order."""
    moved = _moved_table().returning(TABLE.c.table_id).cte("table_moved")
    # Every write below takes its row from the table's move: none when it found no table.
    message = message_written(moved)
    written: list[Any] = [message]
    if events:
        columns = [c for c in EVENT.c if c.key != "event_id"]
        rows = select_rows("e", columns, events, of=moved)
        added = insert(EVENT).from_select([c.key for c in columns], rows)
        written.append(added.returning(EVENT.c.event_id).cte("events_written"))
    if scores:
        rows = select_rows("s", list(SCORE.c), scores, of=moved)
        score = insert(SCORE).from_select([c.key for c in SCORE.c], rows)
        score = score.on_conflict_do_update(
            index_elements=list(SCORE_KEYS),
            set_={c.key: score.excluded[c.key] for c in SCORE.c if c.key not in SCORE_KEYS},
        )
        written.append(score.returning(SCORE.c.version).cte("scores_written"))
    if players:
        rows = select_rows("p", list(PLAYER.c), players, of=moved)
        player = insert(PLAYER).from_select([c.key for c in PLAYER.c], rows)
        player = player.on_conflict_do_update(
            index_elements=["village_id", "player_id"], set_={"name": player.excluded.name}
        )
        written.append(player.returning(PLAYER.c.player_id).cte("players_joined"))
    outbox_ids = replies_kept(replies, moved)
    return select(
        select(moved.c.table_id).scalar_subquery().label("table_id"),
        outbox_ids.label("outbox_ids"),
        # Referenced so that each is part of the statement (SQLAlchemy writes out only the
        # common table expressions a statement names).
        *(
            select(func.count()).select_from(cte).scalar_subquery().label(f"written_{n}")
            for n, cte in enumerate(written)
        ),
    )


def not_moved(append: TableAppend, village_found: bool) -> Exception:
    """Why a table was not at the version its move expected: another writer moved it
    first, or the village it names is not there."""
    table = append.table
    if not village_found:
        return UnknownVillage(f"no village {table.village_id}")
    return VersionConflict(f"table {table.table_id} moved on")


async def write(
    run: Statements,
    append: TableAppend,
    message: MessageRecord | None,
    outbox: Sequence[OutboxRecord],
    at: dt.datetime,
) -> list[int]:
    """The same writes one statement at a time, in `run`'s transaction: the table's move
    first, which refuses the rest when another writer moved it."""
    if await run.execute(_MOVE_TABLE, table_params(append)) == 0:
        found = await run.row(VILLAGE_OF, {"w_village_id": append.table.village_id})
        raise not_moved(append, found is not None)
    for player in append.players:
        await streams.upsert_player(run, player)
    if message is not None:
        # A message handled already fails here (or with the next statement it is sent
        # with): its key tells it apart (`errors.message_handled`).
        await run.write(streams.MESSAGE_INSERT, MESSAGES.values(message))
    table = append.table
    first = append.expected_version + 1
    if append.events:
        # Every event in one statement: no event's id is read back.
        events = [
            EVENTS.values(table_event(table, first + n, event, at))
            for n, event in enumerate(append.events)
        ]
        await run.execute_many(streams.EVENT_INSERT, events)
    if append.scores:
        # Every seat's row in one statement, not one per seat.
        rows = [score_row(score, table.table_id, table.game) for score in append.scores]
        await run.execute_many(streams.score_upsert(run.dialect), rows)
    return await streams.keep_replies(run, outbox)
