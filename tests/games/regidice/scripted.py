"""A Regidice table played through the game API: moves through `decide`, rolls from `@dice`
lines or from a seed, never from a random generator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.api import ChanceContext, Json, Seat, replay
from bot.games.regidice.events import RegidiceEvent
from bot.games.regidice.game import GAME
from bot.games.regidice.moves import RegidiceMove
from bot.games.regidice.script import roll_script
from bot.games.regidice.table import RegidiceState

NAMES = ("Ann", "Bob", "Cid")
ANN, BOB, CID = 0, 1, 2
ROUND_1 = (
    "@dice Ann: 3r 1r 6r 2b 3b 5b 1y 4y 6y | Bob: 5r 5r 2r 5b 6b 1b 5y 3y 2y | "
    "Cid: 4r 6r 1r 4b 2b 6b 6y 1y 3y"
)
ROUND_2 = (
    "@dice Ann: 3r 5r 3b 1b 3y 2y 4y 6y | Bob: 3r 4r 2r 3b 4b 6b 3y 5y | "
    "Cid: 3r 1r 5r 2b 4b 3b 1y 6y"
)


class Table:
    """A table, its events in order, and each roll drawn from the next scripted line (then
    from `seed`) as soon as the rules ask."""

    def __init__(
        self,
        lines: Sequence[str] = (),
        names: Sequence[str] = NAMES,
        settings: Mapping[str, str] | None = None,
        seed: bytes = bytes(32),
        table_id: int = 1,
    ) -> None:
        self.names = tuple(names)
        self.lines = list(lines)
        self.seed = seed
        self.table_id = table_id
        self.settings: dict[str, Json] = GAME.settings(dict(settings or {}), {})
        self.state: RegidiceState = GAME.new(self.settings, len(self.names))
        self.events: list[RegidiceEvent] = []
        self.roll()

    def apply(self, events: Sequence[RegidiceEvent]) -> tuple[RegidiceEvent, ...]:
        self.events += events
        self.state = replay(GAME, self.state, events)
        return (*events, *self.roll())

    def roll(self) -> tuple[RegidiceEvent, ...]:
        request = GAME.chance(self.state)
        if request is None:
            return ()
        if self.lines:
            outcome = roll_script(self.lines.pop(0), request, self.names)
        else:
            context = ChanceContext(1, 1, self.table_id, 0, 1, len(self.events) + 1)
            outcome = GAME.fair(self.seed, context, request)
        events = GAME.resolve(self.state, outcome)
        self.events += events
        self.state = replay(GAME, self.state, events)
        return events

    def move(self, seat: Seat, move: RegidiceMove) -> tuple[RegidiceEvent, ...]:
        return self.apply(GAME.decide(self.state, seat, move))

    def expire(self) -> tuple[RegidiceEvent, ...]:
        return self.apply(GAME.expire(self.state))

    def hand(self, seat: Seat) -> list[str]:
        """The seat's dice as its own view lists them."""
        hand = GAME.observe(self.state, seat)["hand"]
        assert isinstance(hand, list)
        return [str(t) for t in hand]
