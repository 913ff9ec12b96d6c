"""The SQL store's score rows as read (`bot.village.ports.Scores`)."""

from __future__ import annotations

from sqlalchemy import and_, bindparam, select

from bot.storage import tables as t
from bot.storage.rows import SCORES
from bot.storage.sql.base import SqlBase
from bot.storage.sql.day_log import _day_table, _of_the_days_tables
from bot.storage.tables import SCORE
from bot.village.records import DayPoints, PlayerDayRecord


class SqlScores(SqlBase):
    """`bot.village.ports.Scores` in SQL."""

    async def table_scores(self, village_id: int) -> list[PlayerDayRecord]:
        """Every score row of the village, every game and table, by day then player."""
        async with self._transaction() as session:
            rows = await session.scalars(
                select(t.TableScore)
                .where(t.TableScore.village_id == village_id)
                .order_by(t.TableScore.day, t.TableScore.table_id, t.TableScore.player_id)
            )
            return [SCORES.record(row) for row in rows]

    async def get_player_day(
        self, village_id: int, day: int, player_id: int
    ) -> PlayerDayRecord | None:
        async with self._transaction() as session:
            row = await session.scalar(
                select(t.TableScore).where(
                    t.TableScore.village_id == village_id,
                    t.TableScore.table_id == _day_table(village_id, day, player_id),
                    t.TableScore.player_id == player_id,
                )
            )
            return None if row is None else SCORES.record(row)

    async def player_days(
        self, village_id: int, player_id: int | None = None
    ) -> list[PlayerDayRecord]:
        """The score rows of the village's own game's day tables (the memo's and the
        standings' days), by day then player."""
        query = (
            select(t.TableScore)
            .join(t.Village, t.Village.village_id == t.TableScore.village_id)
            .where(t.TableScore.village_id == village_id, t.TableScore.game == t.Village.game)
        )
        if player_id is not None:
            query = query.where(t.TableScore.player_id == player_id)
        async with self._transaction() as session:
            rows = await session.scalars(query.order_by(t.TableScore.day, t.TableScore.player_id))
            return [SCORES.record(row) for row in rows]

    async def day_scores(self, village_id: int, day: int) -> dict[int, PlayerDayRecord]:
        """The score row of every player's day table of `day` (the village's own game), by
        player: what `get_player_day` gives, for the whole day in one read."""
        query = select(t.TableScore).join(
            t.GameTable,
            and_(
                t.GameTable.village_id == t.TableScore.village_id,
                t.GameTable.table_id == t.TableScore.table_id,
                t.GameTable.opener_id == t.TableScore.player_id,
            ),
        )
        async with self._transaction() as session:
            rows = await session.scalars(_of_the_days_tables(query, village_id, day))
            return {row.player_id: SCORES.record(row) for row in rows}

    async def score_points(self, village_id: int) -> list[DayPoints]:
        """Every score row of the village, of every game and table, in the order of
        `table_scores`, without their turns and detail: the standings and the days of the
        memos need only the points, and decoding every turn of every day is most of a
        close's reading."""
        return [DayPoints(*values) for values in await self._read(_SCORE_POINTS, {"v": village_id})]


_SCORE_POINTS = (
    select(
        SCORE.c.day,
        SCORE.c.player_id,
        SCORE.c.points,
        SCORE.c.finished,
        SCORE.c.ended_message_id,
        SCORE.c.table_id,
        SCORE.c.game,
    )
    .where(SCORE.c.village_id == bindparam("v"))
    .order_by(SCORE.c.day, SCORE.c.table_id, SCORE.c.player_id)
)
"""Every score row's points (`DayPoints`, in its fields' order)."""
