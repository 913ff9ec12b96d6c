"""A Ducks table played from a script: moves through `decide`, dice through `resolve`.

Each turn is written as steps separated by `;`: `roll 5|2 3 5 5 6` (the Boss, a bar, the
white dice), `promote 2 3`, `pass`, `stop`. Dice never come from a random generator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.api import ChanceRequest, Outcome, Seat, replay
from bot.games.ducks.events import DuckEvent
from bot.games.ducks.game import GAME
from bot.games.ducks.moves import DuckMove, Pass, Promote, Roll, Stop
from bot.games.ducks.replies import channel_replies, outcome
from bot.games.ducks.rules import Steps
from bot.games.ducks.script import parse
from bot.games.ducks.table import DuckState, evolve


def play(
    state: DuckState,
    seat: Seat,
    moves: Sequence[DuckMove],
    draw: Callable[[ChanceRequest], Outcome],
) -> tuple[DuckEvent, ...]:
    """One message's moves applied the way the village applies them
    (`tables.moves.moves_replies`): whole or not at all, a refused move raising before any
    die is drawn, and the moves after one that ended the mover's turn dropped (a roll tag
    after a turn-ending promotion rolls nothing). `draw` gives the outcome of each chance."""
    steps = Steps(evolve, state)
    for move in moves:
        if steps.events and seat not in GAME.to_move(steps.state):
            break
        for event in GAME.decide(steps.state, seat, move):
            steps.add(event)
        request = GAME.chance(steps.state)
        while request is not None:
            for event in GAME.resolve(steps.state, draw(request)):
                steps.add(event)
            request = GAME.chance(steps.state)
    return steps.done()


class Table:
    """A table, every event in order, and the replies each move made."""

    def __init__(self, names: Sequence[str], **settings: str) -> None:
        self.names = list(names)
        self.settings = GAME.settings(settings, {})
        self.state: DuckState = GAME.new(self.settings, len(names))
        self.events: list[DuckEvent] = []
        self.replies: list[tuple[str, dict[str, Any]]] = []
        self.channel: list[tuple[str, dict[str, Any]]] = []
        self.states: list[DuckState] = [self.state]

    def seat(self, name: str) -> int:
        return self.names.index(name)

    def apply(self, events: Sequence[DuckEvent]) -> None:
        self.events += events
        self.state = replay(GAME, self.state, events)
        self.states.append(self.state)

    def move(self, seat: int, move: DuckMove, dice: str | None = None) -> tuple[DuckEvent, ...]:
        """One move; `dice` is the roll's outcome when the move asks for one."""
        before = self.state
        events = list(GAME.decide(before, seat, move))
        self.apply(events)
        request = GAME.chance(self.state)
        if request is not None:
            assert dice is not None, f"{move} needs dice"
            rolled = GAME.resolve(self.state, parse(dice, request))
            self.apply(rolled)
            events += rolled
        else:
            assert dice is None, f"{move} rolls nothing"
        self.replies.append(outcome(before, events, self.state, self.names))
        self.channel += channel_replies(before, events, self.state, self.names)
        return tuple(events)

    def expire(self) -> tuple[DuckEvent, ...]:
        before = self.state
        events = GAME.expire(before)
        self.apply(events)
        if events:
            self.replies.append(outcome(before, events, self.state, self.names))
            self.channel += channel_replies(before, events, self.state, self.names)
        return events

    def turn(self, name: str, script: str) -> list[DuckEvent]:
        """Play `name`'s steps (see the module's docstring); returns their events."""
        seat = self.seat(name)
        events: list[DuckEvent] = []
        for step in (s.strip() for s in script.split(";")):
            word, _, rest = step.partition(" ")
            if word == "roll":
                events += self.move(seat, Roll(), rest)
            elif word == "promote":
                events += self.move(seat, Promote(tuple(int(v) for v in rest.split())))
            elif word == "pass":
                events += self.move(seat, Pass())
            elif word == "stop":
                events += self.move(seat, Stop())
            else:
                raise ValueError(f"unknown step {step!r}")
        return events
