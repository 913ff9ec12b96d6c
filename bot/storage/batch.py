"""A throw's writes as one statement on PostgreSQL, which is a transaction by itself.

The message, the table's version, the events, the score row and the replies kept in the
outbox are five writes, and the day must be open. Sent one by one, inside `BEGIN` and
`COMMIT`, they are eight round trips to the server, which cost more than the writing;
PostgreSQL takes them together as CTEs of one statement, and one statement needs no
transaction around it. So the statement writes all of it or nothing: every write takes its
rows from the table's move, which finds no row when the day is closed or another writer
moved the table on (or, for a player's first throw of the day, made it first: then the
table's unique index fails the statement); a message handled already fails it on the
message's key. A failed statement leaves no trace, and the caller reads again.

A player's first throw of the day makes their table in the same statement: its number is
taken from the village row's counter (`village.next_day_table`, one `UPDATE … RETURNING`), and a
player new to the village is added. The day is only share-locked, as for any throw.

SQLite has no such statements, and needs none: it runs in the bot's process, so the store
writes there one statement at a time, in a transaction.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    bindparam,
    exists,
    func,
    literal,
    select,
    text,
    true,
    union_all,
)
from sqlalchemy.dialects.postgresql import ARRAY, aggregate_order_by, insert

from bot.storage.rows import EVENTS, MESSAGES, PLAYERS, REPLIES, SCORES
from bot.storage.tables import DAY, EVENT, MESSAGE, OUTBOX, PLAYER, SCORE, TABLE, VILLAGE
from bot.village.records import (
    MessageRecord,
    OutboxRecord,
    PlayerDayRecord,
    PlayerRecord,
    StoredEvent,
)

SCORE_KEYS = ("village_id", "table_id", "player_id")
"""The score row's key: a player's row at a table."""
DAY_TABLE_KEYS = ("village_id", "day", "opener_id", "game")
"""The unique index of day tables (those with no place): one per player, day and game."""
DAY_TABLE_WHERE = text("place_id IS NULL")


class Outcome:
    """What the statement found: was the day open, and which table did the throw move (or
    make)? None when it wrote nothing."""

    def __init__(self, row: Mapping[str, Any]) -> None:
        self.day_open = bool(row["day_open"])
        table_id = row["table_id"]
        self.table_id: int | None = None if table_id is None else int(table_id)
        self.outbox_ids: list[int] = [int(i) for i in row["outbox_ids"] or ()]


async def append_throw(
    run: Callable[[Any, dict[str, Any]], Awaitable[Mapping[str, Any] | None]],
    message: MessageRecord,
    where: Mapping[str, Any],
    events: Sequence[StoredEvent],
    score: PlayerDayRecord,
    game: str,
    outbox: Sequence[OutboxRecord],
    player: PlayerRecord | None = None,
) -> Outcome:
    """`where`: the day table's village, day, opener, game and the version it was read at
    (0: the player's first throw of the day, which makes the table), with its new version
    and status, and for a first throw `at` (when the table opened) and `ended_at`.
    `events` and `score` (of `game`) are written with the id of the table the statement
    moved or made, whatever theirs; `outbox`: the replies, in order; `player`: the player,
    to add to the village (or rename) with the throw. `run` sends the statement and gives
    its row. Raises, having written nothing, when the message was handled already or the
    player's first table was made (a unique key taken)."""
    first = where["expected"] == 0
    # Each row's columns named apart by a prefix, straight from its record: the statement
    # reads its parameters so (`_statement`), and takes no table id from them.
    params = MESSAGES.prefixed("m_")(message)
    params.update({f"w_{k}": v for k, v in where.items()})
    if player is not None:
        params.update(PLAYERS.prefixed("p_")(player))
    params.update(SCORES.prefixed("s_")(score))
    params["s_game"] = game
    for n, event in enumerate(events):
        params.update(EVENTS.prefixed(f"e{n}_")(event))
    for n, entry in enumerate(outbox):
        params.update(REPLIES.prefixed(f"o{n}_")(entry))
    statement = _statement(len(events), len(outbox), first, player is not None)
    row = await run(statement, params)
    assert row is not None  # a SELECT of scalar subqueries: always one row
    return Outcome(row)


def message_written(of: Any) -> Any:
    """The message's insert (parameters `m_{column}`) as a CTE, given its row by `of`, the
    CTE every write of the statement takes its row from (none: nothing is written)."""
    columns = [bindparam(f"m_{c.key}", type_=c.type).label(c.key) for c in MESSAGE.c]
    return (
        insert(MESSAGE)
        .from_select([c.key for c in MESSAGE.c], select(*columns).select_from(of))
        .returning(MESSAGE.c.message_id)
        .cte("message_new")
    )


def replies_kept(replies: int, of: Any) -> Any:
    """The `replies` replies kept in the outbox (parameters `o{n}_{column}`), one row each
    taken from `of`, as a CTE, and their ids in their order as a scalar subquery (the rows
    a statement returns come in no promised order); a null array for no replies."""
    if not replies:
        return literal(None, type_=ARRAY(BigInteger))
    columns = [c for c in OUTBOX.c if c.key != "outbox_id"]
    # Rows from SELECTs, as the events are: a multi-row VALUES here would make the
    # statement be compiled again for every write instead of once.
    kept = (
        insert(OUTBOX)
        .from_select([c.key for c in columns], select_rows("o", columns, replies, of=of))
        .returning(OUTBOX.c.outbox_id, OUTBOX.c.seq)
        .cte("outbox_kept")
    )
    return select(
        func.array_agg(aggregate_order_by(kept.c.outbox_id, kept.c.seq))
    ).scalar_subquery()


@functools.cache
def _statement(events: int, replies: int, first: bool = False, joining: bool = False) -> Any:
    """The statement for a throw of `events` events and `replies` replies to keep, on a
    table made by this throw (`first`) or already made, by a player `joining` the village
    or known to it (built once for each such kind of throw)."""
    # The day is only read, under a share lock: throws of the day no longer wait on each
    # other, while a closer's update of the row waits for them (and they for it). The day's
    # version need not move: this table's version does, and a closer writes every table of
    # the day from the version it read, so a throw it did not see makes it read again. A
    # player's first throw makes a table the closer could not have seen: the closer, once
    # it holds the day's row (after every throw holding this lock committed), looks for the
    # day's tables it did not read, and reads again if there is one. The table's move (and
    # the village row's counter) asks whether the day is open, so this lock is taken
    # before theirs, in the closer's order: the two never wait on each other in a circle.
    day = (
        select(DAY.c.version, DAY.c.settings)
        .where(
            DAY.c.village_id == bindparam("w_village_id"),
            DAY.c.day == bindparam("w_day"),
            DAY.c.closed_at.is_(None),
        )
        .with_for_update(read=True)
        .cte("day_open")
    )
    table = (made_day_table(day) if first else moved_day_table("w_", day=day)).cte("table_moved")
    # Every write below takes its row from the table's move: none when it found no table.
    message = message_written(table)
    event_columns = [c for c in EVENT.c if c.key not in ("event_id", "table_id")]
    written = (
        insert(EVENT)
        .from_select(
            [*(c.key for c in event_columns), "table_id"],
            select_rows("e", event_columns, events, table.c.table_id),
        )
        .returning(EVENT.c.event_id)
        .cte("events_written")
    )
    score_columns = [c for c in SCORE.c if c.key != "table_id"]
    score = insert(SCORE).from_select(
        [*(c.key for c in score_columns), "table_id"],
        select(
            *(bindparam(f"s_{c.key}", type_=c.type).label(c.key) for c in score_columns),
            table.c.table_id,
        ),
    )
    score = score.on_conflict_do_update(
        index_elements=list(SCORE_KEYS),
        set_={c.key: score.excluded[c.key] for c in score_columns if c.key not in SCORE_KEYS},
    )
    scored = score.returning(SCORE.c.version).cte("score_written")
    outbox_ids = replies_kept(replies, table)
    joined: Any = literal(0)
    if joining:
        added = insert(PLAYER).from_select(
            [c.key for c in PLAYER.c],
            select(
                *(bindparam(f"p_{c.key}", type_=c.type).label(c.key) for c in PLAYER.c)
            ).select_from(table),
        )
        added = added.on_conflict_do_update(
            index_elements=["village_id", "player_id"], set_={"name": added.excluded.name}
        )
        player = added.returning(PLAYER.c.player_id).cte("player_joined")
        joined = select(func.count()).select_from(player).scalar_subquery()
    return select(
        select(func.count()).select_from(day).scalar_subquery().label("day_open"),
        select(table.c.table_id).scalar_subquery().label("table_id"),
        # Referenced so that they are part of the statement (PostgreSQL runs every
        # data-modifying CTE of a statement, whether its result is read or not).
        select(func.count()).select_from(message).scalar_subquery().label("messages"),
        select(func.count()).select_from(written).scalar_subquery().label("events"),
        select(func.count()).select_from(scored).scalar_subquery().label("scores"),
        outbox_ids.label("outbox_ids"),
        joined.label("players"),
    )


@functools.cache
def answer_statement(replies: int) -> Any:
    """A message recorded with the `replies` replies it got kept in the outbox, in one
    statement (parameters `m_{column}` and `o{n}_{column}`), giving the replies' ids in
    their order: the message's key, taken already, fails the whole of it."""
    message = (
        insert(MESSAGE)
        .values({c.key: bindparam(f"m_{c.key}", type_=c.type) for c in MESSAGE.c})
        .returning(MESSAGE.c.message_id)
        .cte("message_new")
    )
    return select(replies_kept(replies, message).label("outbox_ids"))


def made_day_table(day: Any) -> Any:
    """A player's day table made by their first throw, giving its id: no row when the day
    (`day`, a CTE of the open day's row: its lock is taken first) is closed; the unique
    index of day tables fails the statement when the player has their table already.
    Numbered from the village's counter of day tables. Parameters `w_village_id`, `day`,
    `player_id`, `game`, `version`, `status`, `at`, `ended_at`."""
    numbered = (
        VILLAGE.update()
        .where(VILLAGE.c.village_id == bindparam("w_village_id"), exists(select(day.c.version)))
        .values(next_day_table=VILLAGE.c.next_day_table + 1)
        .returning((VILLAGE.c.next_day_table - 1).label("table_id"))
        .cte("table_numbered")
    )
    at = bindparam("w_at", type_=TABLE.c.opened_at.type)
    values = {
        "village_id": bindparam("w_village_id", type_=TABLE.c.village_id.type),
        "table_id": numbered.c.table_id,
        "game": bindparam("w_game", type_=TABLE.c.game.type),
        "day": bindparam("w_day", type_=TABLE.c.day.type),
        "opener_id": bindparam("w_player_id", type_=TABLE.c.opener_id.type),
        "place_id": literal(None, type_=TABLE.c.place_id.type),
        # The day's rules, as the day row keeps them (every day has them).
        "settings": func.coalesce(day.c.settings["rules"], literal({}, type_=JSON)),
        "seats": func.json_build_array(bindparam("w_player_id", type_=BigInteger)),
        "status": bindparam("w_status", type_=TABLE.c.status.type),
        "opened_at": at,
        "started_at": at,
        "ended_at": bindparam("w_ended_at", type_=TABLE.c.ended_at.type),
        "deadline_at": literal(None, type_=TABLE.c.deadline_at.type),
        "seed": literal(None, type_=TABLE.c.seed.type),
        "commitment": literal(None, type_=TABLE.c.commitment.type),
        "version": bindparam("w_version", type_=TABLE.c.version.type),
    }
    made = insert(TABLE).from_select(
        list(values),
        select(*(value.label(key) for key, value in values.items())).select_from(
            numbered.join(day, true())  # one row each, or none
        ),
    )
    return made.returning(TABLE.c.table_id)


def moved_day_table(prefix: str, *, while_open: bool = False, day: Any = None) -> Any:
    """A player's day table moved from the version it was read at to its new one (and
    status), giving its id: no row when another writer moved it first, or when the day is
    closed: `day`, a CTE of the open day's row (its lock taken first), or `while_open`, for
    SQLite, whose one writer keeps the day as this statement saw it until the commit.
    Parameters `{prefix}village_id`, `day`, `player_id`, `game`, `expected`, `version`,
    `status`."""
    conditions = [
        TABLE.c.village_id == bindparam(f"{prefix}village_id"),
        TABLE.c.day == bindparam(f"{prefix}day"),
        TABLE.c.opener_id == bindparam(f"{prefix}player_id"),
        TABLE.c.game == bindparam(f"{prefix}game"),
        TABLE.c.version == bindparam(f"{prefix}expected"),
        # A day table has no place: a table of the same game opened in a place by the
        # same player that day (at the same version) is another table.
        TABLE.c.place_id.is_(None),
    ]
    if day is not None:
        conditions.append(exists(select(day.c.version)))
    if while_open:
        conditions.append(
            exists(
                select(DAY.c.day).where(
                    DAY.c.village_id == TABLE.c.village_id,
                    DAY.c.day == TABLE.c.day,
                    DAY.c.closed_at.is_(None),
                )
            )
        )
    return (
        TABLE.update()
        .where(*conditions)
        .values(version=bindparam(f"{prefix}version"), status=bindparam(f"{prefix}status"))
        .returning(TABLE.c.table_id)
    )


def select_rows(
    prefix: str, columns: list[Column[Any]], count: int, *more: Any, of: Any = None
) -> Any:
    """`count` rows of the `columns` from parameters `{prefix}{n}_{column}`, each with the
    `more` expressions after them (and only for a row `of` has, when given): one SELECT, or
    their UNION ALL."""
    rows = [
        select(
            *(bindparam(f"{prefix}{n}_{c.key}", type_=c.type).label(c.key) for c in columns),
            *more,
        )
        for n in range(count)
    ]
    if of is not None:
        rows = [row.select_from(of) for row in rows]
    return rows[0] if len(rows) == 1 else union_all(*rows)
