"""The SQL store's villages, their days and their players (`bot.village.ports.Villages`),
a day's close with them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import Text, bindparam, select, update
from sqlalchemy import cast as sql_cast
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage import streams
from bot.storage import tables as t
from bot.storage.lane import ConnectionStatements
from bot.storage.rows import DAYS, EVENTS, PLAYERS, VILLAGES, score_row
from bot.storage.sql.base import SqlBase, _rowcount, _utc_now
from bot.storage.tables import DAY, TABLE, VILLAGE
from bot.village.ports import UnknownVillage, VersionConflict, VillageExists
from bot.village.records import (
    TABLE_FINISHED,
    TABLE_PLAYING,
    DayClosing,
    DayRecord,
    NewEvent,
    PlayerRecord,
    StreamAppend,
    VillageRecord,
    named,
    opening,
)
from bot.village.settings import VillageSettings

VILLAGE_APPEND_ATTEMPTS = 5


class SqlVillages(SqlBase):
    """`bot.village.ports.Villages` in SQL."""

    # -- villages and days ---------------------------------------------------------------

    async def village_ids(self, guild_ids: Collection[int] | None = None) -> list[int]:
        query = select(t.Village.village_id)
        if guild_ids is not None:
            query = query.where(t.Village.guild_id.in_(list(guild_ids)))
        async with self._transaction() as session:
            return list(await session.scalars(query.order_by(t.Village.village_id)))

    async def get_village(self, village_id: int) -> VillageRecord | None:
        row = await self._read_one(_VILLAGE_ROW, {"v": village_id})
        return None if row is None else VILLAGES.record(row)

    async def create_village(
        self, village: VillageRecord, day: DayRecord, events: Sequence[NewEvent]
    ) -> None:
        try:
            async with self._transaction() as session:
                session.add(VILLAGES.row(village))
                await session.flush()
                session.add(DAYS.row(day))
                game, at = village.game, village.created_at
                for event in opening(village.village_id, day.day, game, events, at):
                    session.add(EVENTS.row(event))
                await session.flush()
        except IntegrityError:
            raise VillageExists(village.village_id) from None

    async def update_settings(
        self, village_id: int, settings: VillageSettings, event: NewEvent
    ) -> None:
        await self._with_village_event(
            village_id,
            event,
            update(t.Village)
            .where(t.Village.village_id == village_id)
            .values(settings=settings.model_dump(mode="json")),
        )

    async def get_day(self, village_id: int, day: int) -> DayRecord | None:
        row = await self._read_one(_DAY_ROW, {"v": village_id, "d": day})
        return None if row is None else DAYS.record(row)

    async def extend_day(
        self, village_id: int, day: int, closes_at: dt.datetime, event: NewEvent
    ) -> bool:
        return await self._with_village_event(
            village_id,
            event,
            update(t.VillageDay)
            .where(
                t.VillageDay.village_id == village_id,
                t.VillageDay.day == day,
                t.VillageDay.closed_at.is_(None),
            )
            .values(closes_at=closes_at, version=t.VillageDay.version + 1),
            day=day,
        )

    async def close_day(self, closing: DayClosing) -> bool:
        try:
            async with self._transaction() as session:
                # Only one writer may close a day, and only from the state it read: the
                # guarded update is the lock.
                result = await session.execute(
                    update(t.VillageDay)
                    .where(
                        t.VillageDay.village_id == closing.village_id,
                        t.VillageDay.day == closing.day,
                        t.VillageDay.closed_at.is_(None),
                        t.VillageDay.version == closing.day_version,
                    )
                    .values(closed_at=closing.closed_at, version=t.VillageDay.version + 1)
                )
                if _rowcount(result) == 0:
                    day = await session.get(t.VillageDay, (closing.village_id, closing.day))
                    if day is not None and day.closed_at is not None:
                        return False
                    if await session.get(t.Village, closing.village_id) is None:
                        raise UnknownVillage(f"no village {closing.village_id}")
                    raise VersionConflict(closing.village_id)
                village = await session.get(t.Village, closing.village_id)
                assert village is not None
                # The day's row is this closer's now: every throw that held it shared has
                # committed, and a later one finds the day closed.
                tables = await _lock_day_tables(session, closing, village.game)
                # Every player's table of the day, in a few statements for all of them.
                together = [s for s in closing.streams if s.player is None and s.expected_version]
                await _close_tables(session, together, closing, village.game, tables)
                apart = {id(s) for s in together}
                for stream in closing.streams:
                    if id(stream) not in apart:
                        await streams.write_stream(
                            ConnectionStatements(await session.connection()),
                            stream,
                            closing.village_id,
                            closing.day,
                            village.game,
                            closing.closed_at,
                        )
                await streams.insert_village_event(
                    ConnectionStatements(await session.connection()),
                    closing.village_id,
                    closing.day,
                    village.game,
                    closing.closed_event,
                    closing.closed_at,
                )
                session.add(DAYS.row(closing.next_day))
                # The next day's opening is the first event of its own village stream.
                next_day, opened = closing.next_day.day, [closing.opened_event]
                for event in opening(
                    closing.village_id, next_day, village.game, opened, closing.closed_at
                ):
                    session.add(EVENTS.row(event))
                village.day = closing.next_day.day
                await session.flush()
            return True
        except IntegrityError:
            raise VersionConflict(closing.village_id) from None

    async def due_villages(self, now: dt.datetime) -> list[int]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.VillageDay.village_id)
                .where(t.VillageDay.closed_at.is_(None), t.VillageDay.closes_at <= now)
                .order_by(t.VillageDay.closes_at)
            )
            return list(dict.fromkeys(rows))

    async def day_posts(self, village_id: int) -> dict[int, int]:
        async with self._transaction() as session:
            rows = await session.execute(
                select(t.VillageDay.day, t.VillageDay.post_id).where(
                    t.VillageDay.village_id == village_id, t.VillageDay.post_id.is_not(None)
                )
            )
            return {int(day): int(post) for day, post in rows if post is not None}

    async def set_day_post(self, village_id: int, day: int, post_id: int) -> None:
        async with self._transaction() as session:
            result = await session.execute(
                update(t.VillageDay)
                .where(t.VillageDay.village_id == village_id, t.VillageDay.day == day)
                .values(post_id=post_id, version=t.VillageDay.version + 1)
            )
            if _rowcount(result) == 0 and await session.get(t.Village, village_id) is None:
                raise UnknownVillage(f"no village {village_id}")

    async def _with_village_event(
        self, village_id: int, event: NewEvent, statement: Any, day: int | None = None
    ) -> bool:
        """Run `statement` (if any) and append `event` to the village stream, atomically.

        Inside a unit a lost race on the stream's version ends the unit (VersionConflict),
        which its caller runs again; on its own the append simply takes the next version."""
        for _ in range(1 if self._bound is not None else VILLAGE_APPEND_ATTEMPTS):
            try:
                async with self._transaction() as session:
                    village = await session.get(t.Village, village_id)
                    if village is None:
                        raise UnknownVillage(f"no village {village_id}")
                    if statement is not None:
                        result = await session.execute(statement)
                        if _rowcount(result) == 0:
                            return False
                    # Written at once: inside a unit, a lost version race fails here, not
                    # in a later write.
                    await streams.insert_village_event(
                        ConnectionStatements(await session.connection()),
                        village_id,
                        village.day if day is None else day,
                        village.game,
                        event,
                        _utc_now(),
                    )
                return True
            except IntegrityError:
                if self._bound is not None:
                    raise VersionConflict(village_id) from None
                continue  # another village event took the version: take the next one
        raise VersionConflict(village_id)

    # -- players -------------------------------------------------------------------------

    async def get_player(self, village_id: int, player_id: int) -> PlayerRecord | None:
        async with self._transaction() as session:
            row = await session.get(t.Player, (village_id, player_id))
            return None if row is None else PLAYERS.record(row)

    async def find_players(self, village_id: int, name: str) -> list[PlayerRecord]:
        # Compared here, not by the database's lower(): SQLite's folds ASCII letters only
        # (ＡＬＩＣＥ would not find ａｌｉｃｅ), and every store must answer alike. A village
        # has a few hundred players at most, and a moderator's command asks.
        return named(await self.players(village_id), name)

    async def upsert_player(self, player: PlayerRecord) -> None:
        async with self._transaction() as session:
            await streams.upsert_player(ConnectionStatements(await session.connection()), player)

    async def players(self, village_id: int) -> list[PlayerRecord]:
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.Player)
                .where(t.Player.village_id == village_id)
                .order_by(t.Player.joined_at, t.Player.player_id)
            )
            return [PLAYERS.record(row) for row in rows]


def _labelled(prefix: str, column: Any) -> Any:
    # Settings as their JSON text: the same text is read on every move, and its settings
    # are worked out once (`rows.settings_of`).
    value = sql_cast(column, Text) if column.key == "settings" else column
    return value.label(f"{prefix}{column.key}")


_VILLAGE_ROW = select(*(_labelled("", c) for c in VILLAGE.c)).where(
    VILLAGE.c.village_id == bindparam("v")
)


_DAY_ROW = select(*(_labelled("", c) for c in DAY.c)).where(
    DAY.c.village_id == bindparam("v"), DAY.c.day == bindparam("d")
)


async def _lock_day_tables(
    session: AsyncSession, closing: DayClosing, game: str
) -> dict[int, tuple[int, int]]:
    """Every player's day table with throws, locked: (table id, version) by player. Raises
    VersionConflict when one is not in the closing: a first throw makes a table without
    moving the day's version, so one made after the closer read the day sends it back to
    read the day again."""
    connection = await session.connection()
    tables = {
        int(opener): (int(table_id), int(version))
        for opener, table_id, version in await connection.execute(
            select(TABLE.c.opener_id, TABLE.c.table_id, TABLE.c.version)
            .where(
                TABLE.c.village_id == closing.village_id,
                TABLE.c.day == closing.day,
                TABLE.c.game == game,
                TABLE.c.place_id.is_(None),
                TABLE.c.version > 0,
            )
            .with_for_update()
        )
    }
    unseen = set(tables) - {stream.player_id for stream in closing.streams}
    if unseen:
        raise VersionConflict(f"player {min(unseen)} made their day table after the close read it")
    return tables


async def _close_tables(
    session: AsyncSession,
    appends: Sequence[StreamAppend],
    closing: DayClosing,
    game: str,
    tables: dict[int, tuple[int, int]],
) -> None:
    """The closing events, versions and score rows of the day's tables, each kind of write
    in one statement for every table (a close of 100 players was 300 statements). `tables`:
    as locked, by player. A table that moved since the closer read it ends the close, which
    reads the day again."""
    if not appends:
        return
    connection = await session.connection()
    for stream in appends:
        if tables.get(stream.player_id, (0, -1))[1] != stream.expected_version:
            raise VersionConflict(f"the day table of player {stream.player_id} moved on")
    await connection.execute(
        update(TABLE)
        .where(TABLE.c.village_id == bindparam("v"), TABLE.c.table_id == bindparam("t"))
        .values(version=bindparam("version"), status=bindparam("status")),
        [
            {
                "v": closing.village_id,
                "t": tables[s.player_id][0],
                "version": s.expected_version + len(s.events),
                "status": TABLE_FINISHED if s.projection.finished else TABLE_PLAYING,
            }
            for s in appends
        ],
    )
    events = [
        EVENTS.values(event)
        for s in appends
        for event in s.as_stored(closing.day, game, closing.closed_at, tables[s.player_id][0])
    ]
    if events:
        await connection.execute(streams.EVENT_INSERT, events)
    await connection.execute(
        streams.score_upsert(connection.dialect.name),
        [score_row(s.projection, tables[s.player_id][0], game) for s in appends],
    )
