"""Score rows: every player's at every table, in memory."""

from __future__ import annotations

from bot.storage.memory.base import MemoryBase
from bot.storage.memory.copies import copied
from bot.village.records import DayPoints, PlayerDayRecord


class MemoryScores(MemoryBase):
    async def table_scores(self, village_id: int) -> list[PlayerDayRecord]:
        """Every score row of the village, every game and table, by day, table and player."""
        rows = [row for (v, _, _), row in self._read().scores.items() if v == village_id]
        rows.sort(key=lambda row: (row.day, row.table_id, row.player_id))
        return [copied(row) for row in rows]

    async def get_player_day(
        self, village_id: int, day: int, player_id: int
    ) -> PlayerDayRecord | None:
        state = self._read()
        table = state.day_table(village_id, day, player_id)
        if table is None:
            return None
        found = state.scores.get((village_id, table.table_id, player_id))
        return None if found is None else copied(found)

    async def player_days(
        self, village_id: int, player_id: int | None = None
    ) -> list[PlayerDayRecord]:
        """The score rows of the village's own game (its day tables'), by day then player."""
        state = self._read()
        village = state.villages.get(village_id)
        if village is None:
            return []
        rows = [
            row
            for (v, _, p), row in state.scores.items()
            if v == village_id
            and row.game == village.record.game
            and (player_id is None or p == player_id)
        ]
        rows.sort(key=lambda row: (row.day, row.player_id, row.table_id))
        return [copied(row) for row in rows]

    async def day_scores(self, village_id: int, day: int) -> dict[int, PlayerDayRecord]:
        state = self._read()
        scores: dict[int, PlayerDayRecord] = {}
        for table in state.day_tables(village_id, day):
            found = state.scores.get((village_id, table.table_id, table.opener_id))
            if found is not None:
                scores.setdefault(table.opener_id, copied(found))
        return scores

    async def score_points(self, village_id: int) -> list[DayPoints]:
        """`table_scores` without the turns and detail."""
        return [
            DayPoints(
                row.day,
                row.player_id,
                row.points,
                row.finished,
                row.ended_message_id,
                row.table_id,
                row.game,
            )
            for row in await self.table_scores(village_id)
        ]
