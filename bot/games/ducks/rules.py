"""What each move at a Ducks table makes happen (ducks.md §2, §4, §5), checked before anything
is drawn: the events of a move, of a roll's dice, and of the time limit.

A move that ends a turn also brings what follows it: the next turn, the round's scoring, or
the game's end. Every refusal says whose turn it is and what is legal now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from bot.games.api import Decided, Json, RuleError, Seat
from bot.games.ducks.events import (
    Busted,
    DieSetAside,
    DuckEvent,
    ForfeitCause,
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
from bot.games.ducks.moves import DuckMove, Leave, Pass, Promote, Roll, Stop
from bot.games.ducks.scoring import promotion_text, refusal, round_points
from bot.games.ducks.table import (
    DuckState,
    Phase,
    Turn,
    bucket_hand,
    evolve,
    first_seat,
    move_names,
    next_seat,
    winners,
)

Steps: TypeAlias = Decided[DuckState, DuckEvent]
"""A Ducks move's events decided one after another, each applied at once (with
`evolve`) so that the next sees its effect."""


def decide(state: DuckState, seat: Seat, move: DuckMove) -> tuple[DuckEvent, ...]:
    """The events of `seat` making `move`; raises RuleError, changing nothing."""
    turn = _open_turn(state, seat)
    if isinstance(move, Leave):
        return _leave(state, seat)
    if seat != turn.seat:
        raise _refused("ducks.not_your_turn", state, turn, seat=seat)
    if isinstance(move, Roll):
        return _roll(state, turn)
    if isinstance(move, Promote):
        return _promote(state, turn, move.values)
    if isinstance(move, Pass):
        return _pass(state, turn)
    if isinstance(move, Stop):
        return _stop(state, turn)
    raise TypeError(f"{move!r} is not a Ducks move")


def rolled(state: DuckState, boss: int, whites: tuple[int, ...]) -> tuple[DuckEvent, ...]:
    """The roll asked for came out so: with no promotion a die is set aside (and a bust
    follows when none is left)."""
    steps = Steps(evolve, state)
    steps.add(Rolled(boss, whites))
    turn = steps.state.turn
    assert turn is not None
    if not turn.promotions:
        _set_aside(steps)
    return steps.done()


def time_up(state: DuckState) -> tuple[DuckEvent, ...]:
    """The turn's time is up (or a moderator skips it): stop with the bucket in phase
    `promoted`, else forfeit; the next turn begins at once. Nothing while nobody is waited
    for."""
    turn = state.turn
    if state.finished or turn is None or turn.asked:
        return ()
    steps = Steps(evolve, state)
    _end_turn(steps, _default_ending(turn, "time"))
    return steps.done()


# -- checks made before anything happens --------------------------------------------------------


def _open_turn(state: DuckState, seat: Seat) -> Turn:
    """The turn in progress, or the refusal of any move at this table now."""
    if state.finished:
        raise RuleError(
            "ducks.game_over", {"winners": list(state.winners), "totals": list(state.totals)}
        )
    turn = state.turn
    assert turn is not None  # a game in progress always has a turn between moves
    if seat not in range(state.setup.seats):
        raise _refused("ducks.not_seated", state, turn, seat=seat)
    if seat in state.left:
        raise _refused("ducks.seat_left", state, turn, seat=seat)
    if turn.asked:
        raise _refused("ducks.roll_pending", state, turn)
    return turn


def _refused(key: str, state: DuckState, turn: Turn, **specific: Json) -> RuleError:
    """A refusal that says whose turn it is and what is legal in it now."""
    params: dict[str, Json] = {
        "turn_seat": turn.seat,
        "round": turn.round,
        "roll": turn.roll,
        "phase": turn.phase.value,
        "moves": list(move_names(state)),
        "promotions": [promotion_text(p) for p in turn.promotions],
    }
    params.update(specific)
    return RuleError(key, params)


# -- the moves ----------------------------------------------------------------------------------


def _roll(state: DuckState, turn: Turn) -> tuple[DuckEvent, ...]:
    if turn.phase is Phase.ROLLED:
        # Declining the roll's promotions costs a die, so it must be said (`pass`).
        raise _refused("ducks.must_pass", state, turn)
    return (RollAsked(turn.out),)


def _promote(state: DuckState, turn: Turn, values: Sequence[int]) -> tuple[DuckEvent, ...]:
    if turn.phase is Phase.READY:
        raise _refused("ducks.roll_first", state, turn)
    if turn.phase is Phase.PROMOTED:
        raise _refused("ducks.already_promoted", state, turn)
    assert turn.boss is not None
    ordered = tuple(sorted(values))
    reason = refusal(turn.boss, turn.whites, ordered)
    if reason is not None:
        raise _refused(
            "ducks.bad_promotion",
            state,
            turn,
            reason=reason,
            values=list(values),
            boss=turn.boss,
            whites=list(turn.whites),
        )
    steps = Steps(evolve, state)
    steps.add(Promoted(ordered))
    after = steps.state.turn
    assert after is not None
    if after.out == 0:
        _end_turn(steps, Stopped("auto"))
    return steps.done()


def _pass(state: DuckState, turn: Turn) -> tuple[DuckEvent, ...]:
    if turn.phase is Phase.READY:
        raise _refused("ducks.roll_first", state, turn)
    if turn.phase is Phase.PROMOTED:
        raise _refused("ducks.already_promoted", state, turn)
    steps = Steps(evolve, state)
    steps.add(Passed())
    _set_aside(steps)
    return steps.done()


def _stop(state: DuckState, turn: Turn) -> tuple[DuckEvent, ...]:
    if turn.phase is not Phase.PROMOTED:
        # Stopping is allowed only right after a roll on which the player promoted.
        raise _refused("ducks.stop_not_allowed", state, turn)
    steps = Steps(evolve, state)
    _end_turn(steps, Stopped("player"))
    return steps.done()


def _leave(state: DuckState, seat: Seat) -> tuple[DuckEvent, ...]:
    """§5: the seat's turn in progress ends as at the time limit; later turns are skipped;
    fewer than two players left ends the game without scoring the round in progress.

    A hand the seat made earlier in the round stands, as it was made before leaving. When the
    game ends this way during another player's turn, that turn is simply not finished: the
    round it belongs to is not scored anyway."""
    steps = Steps(evolve, state)
    turn = state.turn
    on_turn = turn is not None and turn.seat == seat
    if on_turn:
        assert turn is not None
        steps.add(_default_ending(turn, "left"))
    steps.add(SeatLeft(seat))
    if on_turn:
        _advance(steps)
    elif len(steps.state.remaining) < 2:
        steps.add(GameEnded(winners(steps.state)))
    return steps.done()


# -- what follows -------------------------------------------------------------------------------


def _default_ending(turn: Turn, cause: ForfeitCause) -> DuckEvent:
    """What the time limit (or leaving) does to a turn: stop with a bucket just promoted into,
    otherwise forfeit."""
    return Stopped(cause) if turn.phase is Phase.PROMOTED else Forfeited(cause)


def _set_aside(steps: Steps) -> None:
    """No promotion: one white die out of play, and a bust when none is left to roll."""
    steps.add(DieSetAside())
    turn = steps.state.turn
    assert turn is not None
    if turn.out == 0:
        _end_turn(steps, Busted())


def _end_turn(steps: Steps, ending: DuckEvent) -> None:
    steps.add(ending)
    _advance(steps)


def _advance(steps: Steps) -> None:
    """After a turn ends: the round's next turn, or its scoring and the next round, or the
    game's end."""
    state = steps.state
    if len(state.remaining) < 2:
        steps.add(GameEnded(winners(state)))
        return
    seat = next_seat(state)
    if seat is not None:
        steps.add(TurnStarted(state.round, seat))
        return
    turns = [(r.seat, bucket_hand(state, r.bucket)) for r in state.results]
    steps.add(RoundScored(state.round, round_points(state.setup.seats, turns)))
    if state.round >= state.setup.rounds:
        steps.add(GameEnded(winners(steps.state)))
        return
    steps.add(TurnStarted(state.round + 1, first_seat(steps.state, state.round + 1)))
