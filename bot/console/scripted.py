"""Scripted dice for the console and replays: queued faces first, then the fair dice."""

from __future__ import annotations

from collections import deque

from bot.engine.greed.faces import Face
from bot.fairness.source import FairDice
from bot.village.ports import OperatorError
from bot.village.records import DayRecord


class ScriptError(OperatorError):
    """The transcript's queued faces do not fit the throw asked for."""


class ScriptedDice:
    """Faces queued with `@dice` are used in order by whoever throws next; with the queue
    empty the dice are fair. Scripted dice exist only here, never in the Discord bot."""

    def __init__(self) -> None:
        self._queue: deque[tuple[Face, ...]] = deque()
        self._drawn: dict[tuple[int, int, int, int, int], tuple[tuple[Face, ...], bool]] = {}
        self._fair = FairDice()

    def queue(self, faces: tuple[Face, ...]) -> None:
        self._queue.append(faces)

    @property
    def queued(self) -> int:
        return len(self._queue)

    def draw(
        self, day: DayRecord, player_id: int, throw_seq: int, message_id: int, dice: int
    ) -> tuple[tuple[Face, ...], bool]:
        key = (day.village_id, day.day, player_id, throw_seq, message_id)
        # A retried throw (after a concurrent write) must get the faces it got the first time.
        if key in self._drawn:
            return self._drawn[key]
        if self._queue:
            faces = self._queue[0]
            if len(faces) != dice:
                raise ScriptError(f"@dice queued {len(faces)} faces but the throw has {dice} dice")
            self._queue.popleft()
            drawn = (faces, True)
        else:
            drawn = self._fair.draw(day, player_id, throw_seq, message_id, dice)
        self._drawn[key] = drawn
        return drawn
