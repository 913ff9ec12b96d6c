"""A player's day of Greed as a state machine: `decide` makes events, `evolve` applies them.

The dice are an input: the caller draws the faces and passes them in `Throw`, so replaying
a day's events rebuilds its state exactly (greed.md §3, §6).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from bot.games.greed.errors import (
    DayClosedError,
    IllegalDiceCountError,
    NoTurnsLeftError,
    TurnEndRefusedError,
)
from bot.games.greed.events import (
    DayClosed,
    DiceSetAside,
    DiceThrown,
    GreedEvent,
    GreedOut,
    LapStarted,
    TurnEnded,
    TurnUnfinished,
)
from bot.games.greed.faces import Face
from bot.games.greed.rules import Rules
from bot.games.greed.throw import MAX_DICE, Take, ThrowAnalysis, analyse

# -- moves ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw these faces. Their number is the number of dice the player asked to throw."""

    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Turn End: bank the turn with the best take of the last throw."""


@dataclass(frozen=True, slots=True)
class CloseDay:
    """The village day closes: a turn in progress is recorded as unfinished."""


Move = Throw | EndTurn | CloseDay


# -- state ---------------------------------------------------------------------------------


class TurnOutcome(enum.StrEnum):
    TURN_END = "turn_end"
    GREED_OUT = "greed_out"
    SWEEP_END = "sweep_end"
    """House rule: a sweep after the first throw ended the turn."""
    UNFINISHED = "unfinished"


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A finished turn: what it scored for the day, and what it lost."""

    number: int
    outcome: TurnOutcome
    score: int
    laps: int
    throws: int
    lost: int = 0
    """The turn's points that did not bank (greed out, unfinished, house sweep below threshold)."""
    day_lost: int = 0
    """Points banked earlier today that a house-variant greed out wiped."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn in progress."""

    number: int
    lap: int = 1
    throw: int = 0
    """Throws made in the current lap, as the seed numbers them (2周1投目 = lap 2, throw 1)."""
    throws: int = 0
    """Throws made in the whole turn."""
    points: int = 0
    """Points secured in the turn: takes already set aside, sweeps included."""
    last: ThrowAnalysis | None = None
    """The turn's last throw, shown to the player; None before the first throw."""
    awaiting_take: bool = False
    """The last throw scored without sweeping: the player must now set dice aside."""

    @property
    def started(self) -> bool:
        return self.throws > 0

    @property
    def pending(self) -> ThrowAnalysis | None:
        """The throw the next move takes from, if any."""
        return self.last if self.awaiting_take else None

    @property
    def best_take(self) -> Take | None:
        pending = self.pending
        return None if pending is None else pending.best_take

    @property
    def dice_in_hand(self) -> int:
        """Dice the player holds before setting any aside: six at a turn or lap start."""
        pending = self.pending
        return MAX_DICE if pending is None else pending.dice


@dataclass(frozen=True, slots=True)
class PlayerDay:
    """One player's position in one village day."""

    rules: Rules = field(default_factory=Rules)
    banked: int = 0
    """Points banked today so far: the day's score (a house-variant greed out resets it)."""
    turns: tuple[TurnRecord, ...] = ()
    turn: Turn | None = field(default_factory=lambda: Turn(1))
    """The turn in progress or about to start; None once the day's turns are all played."""
    closed: bool = False

    @property
    def day_points(self) -> int:
        return self.banked

    @property
    def held(self) -> int:
        """Banked today + the turn's points + the last throw's best take (greed.md §3.5)."""
        turn = self.turn
        if turn is None:
            return self.banked
        take = turn.best_take
        return self.banked + turn.points + (0 if take is None else take.points)

    @property
    def finished(self) -> bool:
        """No move is left today: every turn played, or the day closed."""
        return self.closed or self.turn is None

    @property
    def legal_counts(self) -> tuple[int, ...]:
        if self.finished or self.turn is None:
            return ()
        pending = self.turn.pending
        return (MAX_DICE,) if pending is None else pending.legal_next_counts

    @property
    def can_end(self) -> bool:
        return self._turn_end_refusal() is None

    def _turn_end_refusal(self) -> str | None:
        turn = self.turn
        if self.finished or turn is None:
            return TurnEndRefusedError.NOTHING_THROWN
        if turn.pending is None:
            if turn.started:
                return TurnEndRefusedError.FORCED_LAP
            return TurnEndRefusedError.NOTHING_THROWN
        if self.held < self.rules.threshold:
            return TurnEndRefusedError.BELOW_THRESHOLD
        return None


def new_day(rules: Rules | None = None) -> PlayerDay:
    return PlayerDay(rules=rules or Rules())


# -- decide --------------------------------------------------------------------------------


def check_throw(day: PlayerDay, dice: int) -> None:
    """Refuse a throw of `dice` dice before any die is drawn."""
    _check_open(day)
    legal = day.legal_counts
    if dice not in legal:
        raise IllegalDiceCountError(dice, legal, day.can_end)


def check_end(day: PlayerDay) -> None:
    _check_open(day)
    reason = day._turn_end_refusal()
    if reason is not None:
        raise TurnEndRefusedError(reason, day.held, day.rules.threshold, day.legal_counts)


def decide(day: PlayerDay, move: Move) -> tuple[GreedEvent, ...]:
    """What a move makes happen, or a `GreedRuleError` saying why it is not allowed."""
    if isinstance(move, Throw):
        return _decide_throw(day, move.faces)
    if isinstance(move, EndTurn):
        return _decide_end(day)
    return _decide_close(day)


def _check_open(day: PlayerDay) -> None:
    if day.closed:
        raise DayClosedError()
    if day.turn is None:
        raise NoTurnsLeftError(day.rules.turns_per_day)


def _decide_throw(day: PlayerDay, faces: tuple[Face, ...]) -> tuple[GreedEvent, ...]:
    before = decide_count(day, len(faces))
    points = day.turn.points if day.turn is not None else 0
    points += sum(e.points for e in before)
    return (*before, *decide_faces(day, faces, points))


def decide_count(day: PlayerDay, dice: int) -> tuple[DiceSetAside, ...]:
    """What a throw of `dice` dice decides before any die is drawn: it is allowed, and the
    count implies which take of the last throw is set aside (none on a turn's first throw)."""
    check_throw(day, dice)
    turn = day.turn
    assert turn is not None  # check_throw refuses a finished day
    pending = turn.pending
    if pending is None:
        return ()
    take = pending.take_for_next(dice)
    assert take is not None  # check_throw allowed only counts with a take
    return (DiceSetAside(take.count, take.dice, take.points),)


def decide_faces(day: PlayerDay, faces: tuple[Face, ...], points: int) -> tuple[GreedEvent, ...]:
    """What the thrown `faces` make happen, `points` being the turn's points with the take
    set aside for this throw (`decide_count`)."""
    turn = day.turn
    assert turn is not None
    events: list[GreedEvent] = []
    throw = analyse(faces)
    events.append(DiceThrown(throw.faces))
    if throw.greed_out:
        wiped = day.banked if day.rules.variant.greed_out_wipes_day else 0
        events.append(GreedOut(points, wiped))
    elif throw.sweep:
        best = throw.best_take
        assert best is not None  # a sweep scores
        events.append(DiceSetAside(best.count, best.dice, best.points))
        points += best.points
        first_throw = turn.throws == 0
        if day.rules.variant.laps_only_from_first_throw and not first_throw:
            if day.banked + points >= day.rules.threshold:
                events.append(TurnEnded(points, forced=True))
            else:
                events.append(TurnEnded(0, lost=points, forced=True))
        else:
            events.append(LapStarted(turn.lap + 1))
    return tuple(events)


def _decide_end(day: PlayerDay) -> tuple[GreedEvent, ...]:
    check_end(day)
    turn = day.turn
    assert turn is not None
    take = turn.best_take
    assert take is not None  # check_end requires a pending scoring throw
    return (
        DiceSetAside(take.count, take.dice, take.points),
        TurnEnded(turn.points + take.points),
    )


def _decide_close(day: PlayerDay) -> tuple[GreedEvent, ...]:
    if day.closed:
        raise DayClosedError()
    turn = day.turn
    if turn is not None and turn.started:
        return (TurnUnfinished(turn.points), DayClosed())
    return (DayClosed(),)


# -- evolve --------------------------------------------------------------------------------


def evolve(day: PlayerDay, event: GreedEvent) -> PlayerDay:
    """The day after one event. Events come from `decide`, so they are trusted here.

    A throw's and a take's new states are made by their constructors, not by
    `dataclasses.replace`, which looks every field up by name: a day's close replays every
    player's whole day, and this is most of it."""
    turn = day.turn
    if isinstance(event, DayClosed):
        return replace(day, closed=True)
    assert turn is not None, f"{event!r} after the day's last turn"
    if isinstance(event, DiceSetAside):
        return _playing(day, _turn(turn, turn.lap, turn.throw, turn.points + event.points))
    if isinstance(event, DiceThrown):
        last = analyse(event.faces)
        thrown = Turn(
            number=turn.number,
            lap=turn.lap,
            throw=turn.throw + 1,
            throws=turn.throws + 1,
            points=turn.points,
            last=last,
            awaiting_take=not last.greed_out,
        )
        return _playing(day, thrown)
    if isinstance(event, LapStarted):
        return _playing(day, _turn(turn, event.lap, 0, turn.points))
    if isinstance(event, GreedOut):
        record = _record(turn, TurnOutcome.GREED_OUT, 0, event.turn_points_lost)
        record = replace(record, day_lost=event.day_points_lost)
        return _next_turn(day, record, day.banked - event.day_points_lost)
    if isinstance(event, TurnEnded):
        outcome = TurnOutcome.SWEEP_END if event.forced else TurnOutcome.TURN_END
        record = _record(turn, outcome, event.score, event.lost)
        return _next_turn(day, record, day.banked + event.score)
    # TurnUnfinished: the day is closing; DayClosed follows.
    record = _record(turn, TurnOutcome.UNFINISHED, 0, event.turn_points_lost)
    return replace(day, turns=(*day.turns, record), turn=None)


def _turn(turn: Turn, lap: int, throw: int, points: int) -> Turn:
    """The turn with nothing left to take from its last throw."""
    return Turn(
        number=turn.number,
        lap=lap,
        throw=throw,
        throws=turn.throws,
        points=points,
        last=turn.last,
        awaiting_take=False,
    )


def _playing(day: PlayerDay, turn: Turn) -> PlayerDay:
    return PlayerDay(
        rules=day.rules, banked=day.banked, turns=day.turns, turn=turn, closed=day.closed
    )


def _record(turn: Turn, outcome: TurnOutcome, score: int, lost: int) -> TurnRecord:
    return TurnRecord(turn.number, outcome, score, turn.lap, turn.throws, lost)


def _next_turn(day: PlayerDay, record: TurnRecord, banked: int) -> PlayerDay:
    turns = (*day.turns, record)
    following = record.number + 1
    turn = Turn(following) if following <= day.rules.turns_per_day else None
    return replace(day, banked=banked, turns=turns, turn=turn)


def replay(events: Iterable[GreedEvent], rules: Rules | None = None) -> PlayerDay:
    """Rebuild a day from its events."""
    day = new_day(rules)
    for event in events:
        day = evolve(day, event)
    return day


def play(day: PlayerDay, move: Move) -> tuple[PlayerDay, tuple[GreedEvent, ...]]:
    """Decide a move and apply its events: the new day and what happened."""
    events = decide(day, move)
    for event in events:
        day = evolve(day, event)
    return day, events
