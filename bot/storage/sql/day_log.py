"""The SQL store's day streams (`bot.village.ports.DayLog`): what a day game's move reads
and appends, and what a day's close reads of every player's day table."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import and_, bindparam, func, select
from sqlalchemy.exc import IntegrityError

from bot.storage import streams
from bot.storage import tables as t
from bot.storage.batch import append_throw
from bot.storage.errors import key_taken, message_handled
from bot.storage.lane import ConnectionStatements, Statements
from bot.storage.rows import DAYS, EVENTS, MESSAGES, VILLAGES, Prefixed
from bot.storage.sql.base import SqlBase, _on_driver, _utc_now
from bot.storage.sql.villages import _labelled
from bot.storage.tables import DAY, MESSAGE, PLAYER, SCORE, TABLE, VILLAGE
from bot.village.ports import DuplicateMessage, UnknownVillage, VersionConflict
from bot.village.records import (
    TABLE_FINISHED,
    TABLE_PLAYING,
    VILLAGE_STREAM,
    Appended,
    DayTable,
    MessageRecord,
    OutboxRecord,
    PlayContext,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
)


class SqlDayLog(SqlBase):
    """`bot.village.ports.DayLog` in SQL."""

    def _one_statement(self, append: StreamAppend) -> bool:
        """A throw on PostgreSQL, on the player's table of the day or their first (which
        makes the table), by a player the village knows or one joining it (not a rename,
        which is logged in the village's stream): its writes go in one statement
        (`bot.storage.batch`)."""
        return (
            self.engine.dialect.name == "postgresql"
            and append.renamed_from is None
            and bool(append.events)
        )

    async def load_stream(self, village_id: int, day: int, player_id: int) -> list[StoredEvent]:
        # The village's own stream of the day, or the player's day table.
        stream = (
            (t.Event.day == day) & t.Event.table_id.is_(None)
            if player_id == VILLAGE_STREAM
            else t.Event.table_id == _day_table(village_id, day, player_id)
        )
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Event)
                .where(t.Event.village_id == village_id, stream)
                .order_by(t.Event.version)
            )
            return [EVENTS.record(row) for row in rows]

    async def play_context(
        self, village_id: int, message_id: int, player_id: int
    ) -> PlayContext | None:
        # One statement, no transaction around it: the move's write is guarded by what
        # this read gave (the table's version, the day open, the message new).
        row = await self._row(_PLAY_CONTEXT, {"v": village_id, "m": message_id, "p": player_id})
        if row is None:
            return None
        day = None if row["d_day"] is None else DAYS.record(Prefixed(row, "d_"))
        player = None
        if row["p_name"] is not None:
            player = PlayerRecord(village_id, player_id, row["p_name"], row["p_joined_at"])
        table = row["table_id"]
        return PlayContext(
            village=VILLAGES.record(Prefixed(row, "v_")),
            day=day,
            handled=bool(row["handled"]),
            player=player,
            points_before=int(row["points_before"]),
            table=None if table is None else (int(table), int(row["table_version"])),
        )

    async def day_events(self, village_id: int, day: int) -> list[StoredEvent]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Event)
                .where(t.Event.village_id == village_id, t.Event.day == day)
                .order_by(t.Event.event_id)
            )
            return [EVENTS.record(row) for row in rows]

    async def append(
        self,
        append: StreamAppend,
        day: int,
        message: MessageRecord | None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> Appended:
        if append.game is not None and message is not None and self._one_statement(append):
            # A throw on PostgreSQL: one statement, a transaction by itself (in a unit, part
            # of the unit's). It writes everything or nothing; what it refuses, the caller
            # reads again: a message handled already, a day closed, a table moved on.
            try:
                return await _append_throw(self, append, day, append.game, message, outbox)
            except IntegrityError as error:
                raise _refused(error, append.player_id) from None
        if self._bound is None and append.game is not None:
            # A throw elsewhere (SQLite, a rename): its statements in one transaction on the
            # driver.
            with _on_driver():
                async with self._lane.transaction() as run:
                    return await _append(run, append, day, append.game, message, outbox)
        try:
            async with self._transaction() as session:
                run = ConnectionStatements(await session.connection())
                game = append.game or await _game_of(run, append.projection.village_id)
                return await _append(run, append, day, game, message, outbox)
        except IntegrityError as error:
            raise _refused(error, append.player_id) from None

    async def day_tables(self, village_id: int, day: int) -> dict[int, DayTable]:
        """Every player's day table of `day` (the village's own game), by player: its id,
        its version and where its score row says their play ended, in one read. A close
        reads these first, then the events of only the tables it does not keep in memory."""
        score = SCORE.c
        query = select(
            TABLE.c.opener_id, TABLE.c.table_id, TABLE.c.version, score.ended_message_id
        ).outerjoin(
            SCORE,
            and_(
                score.village_id == TABLE.c.village_id,
                score.table_id == TABLE.c.table_id,
                score.player_id == TABLE.c.opener_id,
            ),
        )
        async with self._transaction() as session:
            connection = await session.connection()
            rows = await connection.execute(_of_the_days_tables(query, village_id, day))
            return {int(opener): DayTable(*table) for opener, *table in rows}

    async def day_streams(
        self, village_id: int, day: int, tables: Collection[int] | None = None
    ) -> dict[int, list[StoredEvent]]:
        """Every player's stream of `day` (their day table of the village's own game), each
        in version order, by player, in one read: a close reads them all at once. `tables`:
        only these tables' streams (the ones a close does not keep in memory)."""
        # Columns, not ORM objects, read by position: a close reads every event of the day
        # at once, and a row's attributes cost more than its event.
        params = {"v": village_id, "d": day}
        streams: dict[int, list[StoredEvent]] = {}
        if tables is None:
            rows = await self._read(_DAY_EVENTS, params)
        else:
            query = _DAY_EVENTS.where(t.GameTable.table_id.in_(list(tables)))
            async with self._transaction() as session:
                connection = await session.connection()
                rows = [tuple(row) for row in await connection.execute(query, params)]
        for opener, *event in rows:
            if opener is not None:
                streams.setdefault(opener, []).append(EVENTS.from_values(event))
        return streams


def _play_context() -> Any:
    """One statement for what a day game's move reads first (see `Store.play_context`)."""
    village, day, player, table = VILLAGE, DAY, PLAYER, TABLE
    handled = (
        select(MESSAGE.c.message_id)
        .where(MESSAGE.c.village_id == village.c.village_id, MESSAGE.c.message_id == bindparam("m"))
        .exists()
    )
    points_before = (
        select(func.coalesce(func.sum(SCORE.c.points), 0))
        .where(
            SCORE.c.village_id == village.c.village_id,
            SCORE.c.player_id == bindparam("p"),
            SCORE.c.game == village.c.game,
            SCORE.c.day < village.c.day,
        )
        .scalar_subquery()
    )

    return (
        select(
            *(_labelled("v_", column) for column in village.c),
            *(_labelled("d_", column) for column in day.c),
            player.c.name.label("p_name"),
            player.c.joined_at.label("p_joined_at"),
            handled.label("handled"),
            points_before.label("points_before"),
            table.c.table_id.label("table_id"),
            table.c.version.label("table_version"),
        )
        .select_from(
            village.outerjoin(
                day, and_(day.c.village_id == village.c.village_id, day.c.day == village.c.day)
            )
            .outerjoin(
                player,
                and_(
                    player.c.village_id == village.c.village_id,
                    player.c.player_id == bindparam("p"),
                ),
            )
            .outerjoin(
                table,
                and_(
                    table.c.village_id == village.c.village_id,
                    table.c.day == village.c.day,
                    table.c.opener_id == bindparam("p"),
                    table.c.game == village.c.game,
                    table.c.place_id.is_(None),
                ),
            )
        )
        .where(village.c.village_id == bindparam("v"))
        .order_by(table.c.table_id)
        .limit(1)
    )


_PLAY_CONTEXT = _play_context()


async def _append_throw(
    store: SqlBase,
    append: StreamAppend,
    day: int,
    game: str,
    message: MessageRecord,
    outbox: Sequence[OutboxRecord],
) -> Appended:
    stored = append.as_stored(day, game, message.received_at, 0)
    status = TABLE_FINISHED if append.projection.finished else TABLE_PLAYING
    where: dict[str, Any] = {
        "village_id": append.projection.village_id,
        "day": day,
        "player_id": append.player_id,
        "game": game,
        "expected": append.expected_version,
        "version": append.expected_version + len(append.events),
        "status": status,
    }
    if append.expected_version == 0:
        # The first throw of the day makes the table, opened as it is thrown.
        at = message.received_at
        where.update(at=at, ended_at=at if status == TABLE_FINISHED else None)
    outcome = await append_throw(
        store._row, message, where, stored, append.projection, game, outbox, append.player
    )
    if not outcome.day_open:
        # No open day: closed, or (a failure's one more read) no such village.
        if await store._row(_VILLAGE_GAME, {"v": append.projection.village_id}) is None:
            raise UnknownVillage(f"no village {append.projection.village_id}")
        raise VersionConflict(f"day {day} is closed")
    if outcome.table_id is None:
        raise VersionConflict(f"the day table of player {append.player_id} moved on")
    return Appended([replace(e, table_id=outcome.table_id) for e in stored], outcome.outbox_ids)


async def _append(
    run: Statements,
    append: StreamAppend,
    day: int,
    game: str,
    message: MessageRecord | None,
    outbox: Sequence[OutboxRecord],
) -> Appended:
    """A player's day stream appended to, with the message that did it and its replies,
    statement by statement (the caller's transaction holds them together)."""
    village_id = append.projection.village_id
    if message is not None:
        # A message handled already fails here, or (sent with the next statement) there:
        # either way its key tells it apart (`errors.message_handled`).
        try:
            await run.write(streams.MESSAGE_INSERT, MESSAGES.values(message))
        except Exception as error:
            if key_taken(error):
                raise DuplicateMessage(message.message_id) from None
            raise
    # A closed day takes no more events. The day is only share-locked: a closer waits for
    # this append's commit, then finds the table this append wrote (moved from the version
    # it read, or one it did not read) and reads again. On SQLite a later throw's table
    # move checks the day itself (one writer: the day stays as the move saw it until the
    # commit), one statement fewer.
    settings = None
    while_open = run.dialect == "sqlite" and append.expected_version != 0
    if not while_open:
        found = await run.row(streams.DAY_OPEN, {"v": village_id, "d": day})
        if found is None:
            await _game_of(run, village_id)  # no such village, rather than a day closed
            raise VersionConflict(f"day {day} is closed")
        settings = found["settings"]
    recorded_at = message.received_at if message else _utc_now()
    events = await streams.write_stream(
        run, append, village_id, day, game, recorded_at, settings, while_open
    )
    return Appended(events, await streams.keep_replies(run, outbox))


async def _game_of(run: Statements, village_id: int) -> str:
    found = await run.row(_VILLAGE_GAME, {"v": village_id})
    if found is None:
        raise UnknownVillage(f"no village {village_id}")
    return str(found["game"])


_VILLAGE_GAME = select(VILLAGE.c.game).where(VILLAGE.c.village_id == bindparam("v"))


def _of_the_days_tables(query: Any, village_id: Any, day: Any) -> Any:
    """`query` (which reads `game_table`) kept to the players' day tables of `day`: the
    tables of the village's own game in no place (a table opened in a place is never a day
    table, whatever its game)."""
    return query.join(t.Village, t.Village.village_id == t.GameTable.village_id).where(
        t.GameTable.village_id == village_id,
        t.GameTable.day == day,
        t.GameTable.game == t.Village.game,
        t.GameTable.place_id.is_(None),
    )


def _day_events() -> Any:
    """Every event of the players' day tables of a day (parameters `v`, `d`), by table."""
    query = (
        # The opener, then the event's columns in its record's order (`EVENTS.from_values`).
        select(t.GameTable.opener_id, *EVENTS.columns)
        .join(
            t.Event,
            and_(
                t.Event.village_id == t.GameTable.village_id,
                t.Event.table_id == t.GameTable.table_id,
            ),
        )
        # A day table's events carry its day: the index on (village, day) then reads
        # that day's events only, not the village's every day.
        .where(t.Event.day == bindparam("d"))
        .order_by(t.GameTable.table_id, t.Event.version)
    )
    return _of_the_days_tables(query, bindparam("v"), bindparam("d"))


_DAY_EVENTS = _day_events()


def _day_table(village_id: int, day: int, player_id: int) -> Any:
    """The id of a player's day table of the village's own game, as a subquery: the one
    the unique index of day tables allows (no place), or, were there ever two, the first
    made (the lowest number), never whichever the database happens to read first."""
    query = select(t.GameTable.table_id).where(t.GameTable.opener_id == player_id)
    return (
        _of_the_days_tables(query, village_id, day)
        .order_by(t.GameTable.table_id)
        .limit(1)
        .scalar_subquery()
    )


def _refused(error: IntegrityError, player_id: int) -> Exception:
    """A throw's write refused by a key: its message handled already (as the port promises,
    and as SQLite's driver path says), or another writer's move first."""
    if message_handled(error):
        return DuplicateMessage(f"message of player {player_id} handled already")
    return VersionConflict(player_id)
