"""Random legal play with random dice, to the end of the game, never breaks an invariant."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.api import Dice, Encoded, replay
from bot.games.ducks.events import DuckEvent, RoundScored, SeatLeft, TurnStarted
from bot.games.ducks.game import GAME, turn_of
from bot.games.ducks.moves import Leave
from bot.games.ducks.scoring import WHITE_DICE
from bot.games.ducks.table import DuckState

# A whole game is many moves: 2N rounds of six seats is 72 turns of at most 11 moves.
MAX_STEPS = 2000
LONG = [HealthCheck.too_slow, HealthCheck.data_too_large]


def step(state: DuckState, rng: random.Random) -> tuple[DuckEvent, ...]:
    """One random thing the table may see: mostly a legal move, sometimes the time limit or
    a player leaving."""
    chance = rng.random()
    if chance < 0.03:
        return GAME.expire(state)
    if chance < 0.04:
        seat = rng.choice(state.remaining)
        return GAME.decide(state, seat, Leave())
    (seat,) = GAME.to_move(state)
    return GAME.decide(state, seat, rng.choice(list(GAME.legal_moves(state, seat))))


def check(state: DuckState) -> None:
    assert state.totals == tuple(
        sum(r.points[s] for r in state.history) for s in range(state.setup.seats)
    )
    for record in state.history:
        made = sorted((p for p in record.points if p), reverse=True)
        assert made == list(range(state.setup.seats, state.setup.seats - len(made), -1))
    if state.finished:
        assert not GAME.to_move(state) and turn_of(state) is None
        assert state.winners and set(state.winners) <= set(state.remaining)
        best = max(state.totals[s] for s in state.remaining)
        assert all(state.totals[s] == best for s in state.winners)
        return
    turn = state.turn
    assert turn is not None and turn.seat not in state.left
    assert turn.out + len(turn.bucket) + turn.set_aside == WHITE_DICE and turn.out > 0
    assert GAME.to_move(state) == ({turn.seat} if not turn.asked else set())
    assert len(state.remaining) >= 2


@settings(max_examples=120, deadline=None, suppress_health_check=LONG)
@given(
    seats=st.integers(2, 6),
    rounds=st.sampled_from(["N", "2N"]),
    wild=st.sampled_from(["on", "off"]),
    rng=st.randoms(use_true_random=False),
)
def test_random_play_ends_and_replays_to_the_same_table(
    seats: int, rounds: str, wild: str, rng: random.Random
) -> None:
    table_settings = GAME.settings({"rounds": rounds, "wild": wild}, {})
    state = GAME.new(table_settings, seats)
    events: list[DuckEvent] = []
    left: set[int] = set()
    for _ in range(MAX_STEPS):
        if GAME.finished(state):
            break
        before = turn_of(state)
        new = list(step(state, rng))
        state = replay(GAME, state, new)
        while (request := GAME.chance(state)) is not None:
            turn, draw = state.turn, request.draw
            assert turn is not None and isinstance(draw, Dice)
            assert request.seat == turn.seat and draw.count == 1 + turn.out
            rolled = GAME.resolve(state, tuple(rng.randrange(6) for _ in range(draw.count)))
            state = replay(GAME, state, rolled)
            new += rolled
        now = turn_of(state)
        if now is not None and now != before:
            # Every turn after the first begins with its own TurnStarted.
            assert TurnStarted(*now) in new
        for event in new:
            if isinstance(event, TurnStarted):
                assert event.seat not in left
            if isinstance(event, SeatLeft):
                left.add(event.seat)
        events += new
        check(state)
    assert GAME.finished(state), "the game did not end"
    scored = [e for e in events if isinstance(e, RoundScored)]
    assert len(scored) == state.setup.rounds or len(state.remaining) < 2
    assert replay(GAME, GAME.new(table_settings, seats), events) == state
    for event in events:
        encoded = GAME.codec.encode(event)
        assert GAME.codec.decode(Encoded(encoded.type, encoded.data)) == event
