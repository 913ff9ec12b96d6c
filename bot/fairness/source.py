"""The fair dice source: every throw's faces derived from the day's secret seed."""

from __future__ import annotations

from bot.engine.greed.faces import Face
from bot.fairness.dice import derive_faces
from bot.village.records import DayRecord


class FairDice:
    """The only dice the Discord bot uses: nobody can choose a face after the commitment."""

    def draw(
        self, day: DayRecord, player_id: int, throw_seq: int, message_id: int, dice: int
    ) -> tuple[tuple[Face, ...], bool]:
        faces = derive_faces(
            day.seed, day.village_id, day.day, player_id, throw_seq, message_id, dice
        )
        return faces, False
