"""A Ducks table's state and how each event changes it (`evolve`), with what it implies:
whose turn comes next, the legal moves, the round's hands.

Events come from the game's `decide`, `resolve` and `expire`, so `evolve` trusts them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Final

from bot.games.ducks.events import (
    Busted,
    DieSetAside,
    DuckEvent,
    Forfeited,
    GameEnded,
    Passed,
    Promoted,
    RollAsked,
    Rolled,
    RoundScored,
    SeatLeft,
    Stopped,
    TurnStarted,
)
from bot.games.ducks.scoring import WHITE_DICE, Hand, Promotion, hand, promotions
from bot.games.ducks.settings import Setup


class Phase(enum.StrEnum):
    READY = "ready"
    """Turn start, or after a pass or a roll with no promotion: the player rolls."""
    ROLLED = "rolled"
    """After a roll with a legal promotion: promote or pass."""
    PROMOTED = "promoted"
    """After a promotion that left dice to roll: roll or stop."""
    STOPPED = "stopped"
    BUST = "bust"
    FORFEIT = "forfeit"


ENDED: Final = (Phase.STOPPED, Phase.BUST, Phase.FORFEIT)
MOVE_ORDER: Final = ("promote", "pass", "roll", "stop")
"""The order §6 lists legal moves in."""
_PHASE_MOVES: Final = {
    Phase.READY: ("roll",),
    Phase.ROLLED: ("promote", "pass"),
    Phase.PROMOTED: ("roll", "stop"),
}


@dataclass(frozen=True, slots=True)
class Turn:
    """One seat's turn in one round, in progress or as it ended."""

    round: int
    seat: int
    phase: Phase = Phase.READY
    roll: int = 0
    """Rolls made this turn."""
    boss: int | None = None
    whites: tuple[int, ...] = ()
    """The last roll's white dice, in the order rolled."""
    bucket: tuple[int, ...] = ()
    """Promoted faces in promotion order, each promotion ascending."""
    set_aside: int = 0
    asked: bool = False
    """A roll passed the rules and waits for its dice."""
    lost: tuple[int, ...] = ()
    """The bucket a bust or a forfeit emptied."""

    @property
    def out(self) -> int:
        """White dice left to roll (none promoted, set aside, or in a bucket lost at the end)."""
        return WHITE_DICE - len(self.bucket) - len(self.lost) - self.set_aside

    @property
    def promotions(self) -> tuple[Promotion, ...]:
        """The legal promotions of the last roll while the player may still promote."""
        if self.phase is not Phase.ROLLED or self.boss is None:
            return ()
        return promotions(self.boss, self.whites)

    @property
    def ended(self) -> bool:
        return self.phase in ENDED


@dataclass(frozen=True, slots=True)
class TurnResult:
    """A finished turn: the bucket kept as the round's hand (empty for a goose egg)."""

    seat: int
    phase: Phase
    bucket: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A scored round: its turns in the order played and the points per seat."""

    round: int
    start_player: int
    results: tuple[TurnResult, ...]
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DuckState:
    setup: Setup
    round: int = 1
    turn: Turn | None = None
    """The turn in progress; None between turns and after the game's last turn."""
    last_turn: Turn | None = None
    """The turn that ended last, as it ended (replies describe it)."""
    results: tuple[TurnResult, ...] = ()
    """The turns of the round in progress that have ended, in the order played."""
    history: tuple[RoundRecord, ...] = ()
    totals: tuple[int, ...] = ()
    left: frozenset[int] = frozenset()
    finished: bool = False
    winners: tuple[int, ...] = ()

    @property
    def start_player(self) -> int:
        """The button passes one seat on each round (§4)."""
        return (self.round - 1) % self.setup.seats

    @property
    def round_points(self) -> tuple[int, ...]:
        """The points of the last scored round; empty before the first is scored."""
        return self.history[-1].points if self.history else ()

    @property
    def remaining(self) -> tuple[int, ...]:
        """Seats still at the table, in seat order."""
        return tuple(s for s in range(self.setup.seats) if s not in self.left)


def new_table(setup: Setup) -> DuckState:
    """Round 1, seat 0 to roll."""
    return DuckState(setup, turn=Turn(1, 0), totals=(0,) * setup.seats)


# -- what the state implies -------------------------------------------------------------------


def turn_order(setup: Setup, round: int) -> tuple[int, ...]:
    """Every seat in the order its turn comes in `round`, from the start player."""
    start = (round - 1) % setup.seats
    return tuple((start + i) % setup.seats for i in range(setup.seats))


def next_seat(state: DuckState) -> int | None:
    """The seat whose turn comes next in this round, skipping seats that left; None when the
    round's turns are over."""
    played = {r.seat for r in state.results}
    for seat in turn_order(state.setup, state.round):
        if seat not in played and seat not in state.left:
            return seat
    return None


def first_seat(state: DuckState, round: int) -> int:
    """Whose turn opens `round`: the start player, or the next seat still at the table."""
    for seat in turn_order(state.setup, round):
        if seat not in state.left:
            return seat
    raise ValueError("nobody is left at the table")


def move_names(state: DuckState) -> tuple[str, ...]:
    """The moves of the turn in progress, in §6's order; none while a roll waits for its dice
    or when the game is over."""
    turn = state.turn
    if state.finished or turn is None or turn.asked:
        return ()
    if turn.phase is Phase.ROLLED and not turn.promotions:
        return ()  # only between a roll with no promotion and its die set aside
    return _PHASE_MOVES.get(turn.phase, ())


def bucket_hand(state: DuckState, bucket: tuple[int, ...]) -> Hand | None:
    return hand(bucket, state.setup.wild)


def winners(state: DuckState, totals: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """The highest totals among the seats still at the table: a player who left cannot win
    (leaving resigns), and equal totals share the win."""
    totals = state.totals if totals is None else totals
    best = max(totals[s] for s in state.remaining)
    return tuple(s for s in state.remaining if totals[s] == best)


# -- evolve -------------------------------------------------------------------------------------


def evolve(state: DuckState, event: DuckEvent) -> DuckState:
    """The table after one event."""
    if isinstance(event, TurnStarted):
        return replace(state, round=event.round, turn=Turn(event.round, event.seat))
    if isinstance(event, SeatLeft):
        return replace(state, left=state.left | {event.seat})
    if isinstance(event, RoundScored):
        record = RoundRecord(event.round, state.start_player, state.results, event.points)
        totals = tuple(t + p for t, p in zip(state.totals, event.points, strict=True))
        return replace(state, history=(*state.history, record), results=(), totals=totals)
    if isinstance(event, GameEnded):
        return replace(state, finished=True, winners=event.winners)
    turn = state.turn
    assert turn is not None, f"{event!r} with no turn in progress"
    if isinstance(event, RollAsked):
        return _in_turn(state, replace(turn, asked=True))
    if isinstance(event, Rolled):
        rolled = replace(
            turn,
            phase=Phase.ROLLED,
            roll=turn.roll + 1,
            boss=event.boss,
            whites=event.whites,
            asked=False,
        )
        return _in_turn(state, rolled)
    if isinstance(event, Promoted):
        bucket = turn.bucket + event.values
        return _in_turn(state, replace(turn, phase=Phase.PROMOTED, bucket=bucket))
    if isinstance(event, Passed):
        return state  # the die it costs is set aside next
    if isinstance(event, DieSetAside):
        return _in_turn(state, replace(turn, phase=Phase.READY, set_aside=turn.set_aside + 1))
    if isinstance(event, Stopped):
        return _ended(state, replace(turn, phase=Phase.STOPPED), turn.bucket)
    phase = Phase.BUST if isinstance(event, Busted) else Phase.FORFEIT
    assert isinstance(event, Busted | Forfeited)
    return _ended(state, replace(turn, phase=phase, bucket=(), lost=turn.bucket), ())


def _in_turn(state: DuckState, turn: Turn) -> DuckState:
    return replace(state, turn=turn)


def _ended(state: DuckState, turn: Turn, hand: tuple[int, ...]) -> DuckState:
    result = TurnResult(turn.seat, turn.phase, hand)
    return replace(state, turn=None, last_turn=turn, results=(*state.results, result))
