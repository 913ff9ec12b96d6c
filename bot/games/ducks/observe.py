"""What anyone may see of a Ducks table, as plain JSON: ducks.md §6's `state` object.

Seats are shown through `name` (a player's name in replies, the seat number in `observe`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from bot.games.api import Json
from bot.games.ducks.scoring import promotion_text
from bot.games.ducks.table import DuckState, Turn, bucket_hand, move_names

Name: TypeAlias = Callable[[int], Json]


def table_fields(state: DuckState, name: Name) -> dict[str, Json]:
    """The table after the reply: round, seats, points and who moves next."""
    turn = state.turn
    return {
        "round": state.round,
        "rounds": state.setup.rounds,
        "start_player": name(state.start_player),
        "turn_of": None if state.finished or turn is None else name(turn.seat),
        "seats": [name(s) for s in range(state.setup.seats)],
        "round_points": list(state.round_points),
        "totals": list(state.totals),
        "finished": state.finished,
        "winners": [name(s) for s in state.winners],
    }


def turn_fields(state: DuckState, turn: Turn | None, name: Name) -> dict[str, Json]:
    """One turn as it stands: its dice, its bucket and, while in progress, its legal moves."""
    if turn is None:
        turn = state.turn or state.last_turn
    if turn is None:  # only a state no game makes: keep the shape anyway
        turn = Turn(state.round, state.start_player)
    in_progress = turn == state.turn and not state.finished
    made = bucket_hand(state, turn.bucket)
    return {
        "player": name(turn.seat),
        "phase": turn.phase.value,
        "roll": turn.roll,
        "boss": turn.boss,
        "whites": list(turn.whites),
        "bucket": list(turn.bucket),
        "out": turn.out,
        "set_aside": turn.set_aside,
        "promotions": [promotion_text(p) for p in turn.promotions] if in_progress else [],
        "moves": list(move_names(state)) if in_progress else [],
        "hand": None if made is None else made.category,
        "hand_values": [] if made is None else list(made.values),
    }


def snapshot(state: DuckState, name: Name, turn: Turn | None = None) -> dict[str, Json]:
    """§6's `state`: the table's fields, then those of `turn` (by default the turn in
    progress, or the last one when the game is over)."""
    return {**table_fields(state, name), **turn_fields(state, turn, name)}
