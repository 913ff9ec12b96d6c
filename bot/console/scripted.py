"""Scripted chance for the console and replays: queued outcomes first, then the fair ones."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from bot.games.api import ChanceContext, ChanceRequest, Dice, Outcome, outcome_fits
from bot.games.registry import GAMES
from bot.village.ports import OperatorError

Saved = tuple[tuple[str, ...], frozenset[tuple[str, ChanceContext]]]
"""What `ScriptedDice.saved` keeps: the queued scripts, and which draws were made."""


class ScriptError(OperatorError):
    """The transcript's queued outcome does not fit the chance asked for."""


class ScriptedDice:
    """Outcomes queued with `@dice` (in the notation of the game that draws next) are used
    in order by whoever draws next; with the queue empty chance is fair. Scripted chance
    exists only here, never in the Discord bot."""

    def __init__(self) -> None:
        self._queue: deque[str] = deque()
        self._drawn: dict[tuple[str, ChanceContext], tuple[Outcome, bool]] = {}

    def queue(self, script: str) -> None:
        """Queue the text after `@dice`; raises ScriptError if no game can read it."""
        problems = []
        for game in GAMES.values():
            try:
                game.script(script)
            except ValueError as error:
                problems.append(f"{game.key}: {error}")
            else:
                self._queue.append(script)
                return
        raise ScriptError("; ".join(problems))

    @property
    def queued(self) -> int:
        return len(self._queue)

    def saved(self) -> Saved:
        """The queue and the draws so far, for `restore`."""
        return tuple(self._queue), frozenset(self._drawn)

    def restore(self, saved: Saved) -> None:
        """Forget what was drawn since `saved`: for a move the database never wrote."""
        scripts, drawn = saved
        self._queue = deque(scripts)
        self._drawn = {key: value for key, value in self._drawn.items() if key in drawn}

    def draw(
        self,
        game: str,
        request: ChanceRequest,
        context: ChanceContext,
        fair: Callable[[], Outcome],
    ) -> tuple[Outcome, bool]:
        key = (game, context)
        # A retried move (after a concurrent write) must get the outcome it got the first time.
        if key in self._drawn:
            return self._drawn[key]
        if self._queue:
            try:
                outcome = GAMES[game].script(self._queue[0])
            except ValueError as error:
                raise ScriptError(f"@dice: {error}") from None
            if not outcome_fits(request, outcome):
                raise ScriptError(_misfit(len(outcome), request))
            self._queue.popleft()
            drawn = (outcome, True)
        else:
            drawn = (fair(), False)
        self._drawn[key] = drawn
        return drawn


def _misfit(queued: int, request: ChanceRequest) -> str:
    draw = request.draw
    if isinstance(draw, Dice):
        return f"@dice queued {queued} faces but the throw has {draw.count} dice"
    return f"@dice queued {queued} cards but the deck has {draw.size}"
