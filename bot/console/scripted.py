"""Scripted chance for the console and replays: queued outcomes first, then the fair ones."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Final

from bot.games.api import ChanceContext, ChanceRequest, Dice, Outcome, outcome_fits
from bot.games.registry import DEFAULT, Registry
from bot.village.ports import OperatorError

Script = tuple[str, str]
"""A queued script: its directive (`@dice`, `@deal`) and the text after it."""
Saved = tuple[tuple[Script, ...], frozenset[tuple[str, ChanceContext]]]
"""What `ScriptedDice.saved` keeps: the queued scripts, and which draws were made."""


class ScriptError(OperatorError):
    """The transcript's queued outcome does not fit the chance asked for."""


class ScriptedDice:
    """Outcomes queued with `@dice` (in the notation of the game that draws next) and deals
    queued with `@deal` are used in order by whoever draws next; with the queue empty
    chance is fair. Scripted chance
    exists only here, never in the Discord bot."""

    def __init__(self, games: Registry = DEFAULT) -> None:
        """`games`: the games whose notations a queued line may be written in."""
        self.games = games
        self._queue: deque[Script] = deque()
        self._drawn: dict[tuple[str, ChanceContext], tuple[Outcome, bool]] = {}

    def queue(self, script: str, directive: str = "@dice") -> None:
        """Queue the text after `@dice` (or another directive, `@deal`); raises ScriptError
        if no game can read it. Lines that name players are read against the table's
        players when they are used."""
        problems = []
        readers: list[tuple[str, Callable[[str], object]]] = [
            (table.game.key, table.scripts[directive].check)
            for table in self.games.table_games.values()
            if directive in table.scripts
        ]
        if directive == DICE:
            readers += [(game.key, game.script) for game in self.games.games.values()]
        for key, read in readers:
            try:
                read(script)
            except ValueError as error:
                problems.append(f"{key}: {error}")
            else:
                self._queue.append((directive, script))
                return
        raise ScriptError("; ".join(problems) or f"no game reads {directive} lines")

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
            directive, script = self._queue[0]
            try:
                outcome, used_up = self._scripted(game, directive, script, request, context)
            except ValueError as error:
                raise ScriptError(f"{directive}: {error}") from None
            if not outcome_fits(request, outcome):
                raise ScriptError(_misfit(len(outcome), request))
            if used_up:
                self._queue.popleft()
            drawn = (outcome, True)
        else:
            drawn = (fair(), False)
        self._drawn[key] = drawn
        return drawn

    def _scripted(
        self,
        game: str,
        directive: str,
        script: str,
        request: ChanceRequest,
        context: ChanceContext,
    ) -> tuple[Outcome, bool]:
        table = self.games.table_games.get(game)
        named = table.scripts.get(directive) if table is not None else None
        if named is not None:
            return named.outcome(script, request, context.names)
        if directive != DICE:
            raise ValueError(f"a {game} table is not scripted with {directive} lines")
        return self.games.games[game].script(script), True


DICE: Final = "@dice"
DEAL: Final = "@deal"


def _misfit(queued: int, request: ChanceRequest) -> str:
    draw = request.draw
    if isinstance(draw, Dice):
        return f"@dice queued {queued} faces but the throw has {draw.count} dice"
    return f"@dice queued {queued} cards but the deck has {draw.size}"
