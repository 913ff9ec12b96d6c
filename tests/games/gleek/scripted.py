"""A Gleek table played through the game API: moves through `decide`, deals from `@deal`
lines or from a seed, never from a random generator."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.api import ChanceContext, ChanceRequest, Outcome, Seat
from bot.games.gleek.events import GleekEvent
from bot.games.gleek.game import GAME
from bot.games.gleek.moves import GleekMove
from bot.games.gleek.script import deal_script
from bot.games.gleek.table import GleekState

NAMES = ("Ann", "Bob", "Cid")
WORKED = (
    "dealer:Cid | Ann: AS JS 9S 5S AH KH TH KD QD KC 7C 4C | "
    "Bob: QS 8S 7S 6S QH JH QC JC TC 9C AD 4D | "
    "Cid: AC 6C 5C JD TD 9D 8D 5D 8H 7H 6H 4H | stock: 4S KS TS 9H 5H 7D 6D 8C"
)
"""gleek.md §8's deal."""

Draw = Callable[[ChanceRequest], Outcome]


def seeded(seed: bytes, table_id: int = 1) -> Draw:
    def draw(request: ChanceRequest) -> Outcome:
        return GAME.fair(seed, ChanceContext(1, 1, table_id, 0, 1, 1), request)

    return draw


def scripted(*lines: str) -> Draw:
    """Each deal from the next line, the first dealer from the first line; deals after the
    last line from the zero seed."""
    queue = list(lines)
    rest = seeded(bytes(32))

    def draw(request: ChanceRequest) -> Outcome:
        if request.label == ("first-dealer",):
            return deal_script(queue[0], request, NAMES)
        if not queue:
            return rest(request)
        return deal_script(queue.pop(0), request, NAMES)

    return draw


class Table:
    """A table, its events in order, and the chance drawn whenever the rules ask."""

    def __init__(self, draw: Draw, deals: int = 3) -> None:
        self.draw = draw
        self.state: GleekState = GAME.new(GAME.settings({"deals": str(deals)}, {}), 3)
        self.events: list[GleekEvent] = []
        self.last: tuple[GleekEvent, ...] = ()
        self._settle()

    def _apply(self, events: Sequence[GleekEvent]) -> None:
        for event in events:
            self.state = GAME.evolve(self.state, event)
        self.events += events
        self.last += tuple(events)

    def _settle(self) -> None:
        request = GAME.chance(self.state)
        while request is not None:
            self._apply(GAME.resolve(self.state, self.draw(request)))
            request = GAME.chance(self.state)

    def move(self, seat: Seat, move: GleekMove) -> tuple[GleekEvent, ...]:
        self.last = ()
        self._apply(GAME.decide(self.state, seat, move))
        self._settle()
        return self.last

    def expire(self) -> tuple[GleekEvent, ...]:
        self.last = ()
        self._apply(GAME.expire(self.state))
        self._settle()
        return self.last

    @property
    def to_act(self) -> Seat:
        (seat,) = GAME.to_move(self.state)
        return seat
