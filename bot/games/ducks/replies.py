"""What a Ducks move did, as reply data (ducks.md §6): plain JSON that renders in any language.

Seats are numbers everywhere; when the caller knows the players' names (seat order) they go
into the data as `names`, and into `position` in place of the numbers. Keys are
`ducks.<kind>`: the kind is what §6 calls the reply.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeAlias

from bot.games.api import Json, RuleError, Unreadable
from bot.games.ducks.events import (
    Busted,
    DieSetAside,
    DuckEvent,
    Forfeited,
    GameEnded,
    Passed,
    Promoted,
    Rolled,
    RoundScored,
    SeatLeft,
    Stopped,
)
from bot.games.ducks.grammar import Malformed
from bot.games.ducks.observe import Name, snapshot, turn_fields
from bot.games.ducks.odds import chances
from bot.games.ducks.scoring import WHITE_DICE
from bot.games.ducks.table import (
    DuckState,
    Phase,
    Turn,
    TurnResult,
    bucket_hand,
    first_seat,
    turn_order,
)

Names: TypeAlias = Sequence[str] | None
Params: TypeAlias = dict[str, Json]
Reply: TypeAlias = tuple[str, Params]
"""A reply's key and params."""

PREFIX: Final = "ducks."
_ENDINGS: Final = (Stopped, Busted, Forfeited)


def _namer(names: Names) -> Name:
    if names is None:
        return lambda seat: seat
    return lambda seat: names[seat] if 0 <= seat < len(names) else seat


def _seats(seats: Iterable[int]) -> list[Json]:
    """Seats in seat order, as JSON."""
    found: list[Json] = []
    found.extend(sorted(seats))
    return found


def _with_names(params: Params, names: Names) -> Params:
    if names is not None:
        params["names"] = list(names)
    return params


def position(state: DuckState, names: Names = None, turn: Turn | None = None) -> Params:
    """§6's `state`: names for players when given, else seat numbers."""
    return snapshot(state, _namer(names), turn)


def waiting(settings: Mapping[str, Json], names: Sequence[str]) -> Params:
    """§6's `state` of a table not started yet (phase `waiting`): the seats taken so far."""
    per_seat = 2 if settings.get("rounds") == "2N" else 1
    return {
        "round": 0,
        "rounds": per_seat * len(names),
        "start_player": names[0] if names else None,
        "turn_of": None,
        "seats": list(names),
        "round_points": [],
        "totals": [0 for _ in names],
        "finished": False,
        "winners": [],
        "player": None,
        "phase": "waiting",
        "roll": 0,
        "boss": None,
        "whites": [],
        "bucket": [],
        "out": WHITE_DICE,
        "set_aside": 0,
        "promotions": [],
        "moves": [],
        "hand": None,
        "hand_values": [],
    }


def _turn(state: DuckState, turn: Turn | None) -> Params:
    """A turn's fields with seats as numbers, and each bucket die's value (wild 2s resolved)."""
    fields = turn_fields(state, turn, lambda seat: seat)
    shown = turn if turn is not None else state.turn or state.last_turn
    made = None if shown is None else bucket_hand(state, shown.bucket)
    fields["seat"] = fields.pop("player")
    fields["bucket_values"] = [] if made is None else list(made.dice)
    fields["round"] = state.round if shown is None else shown.round
    fields["rounds"] = state.setup.rounds
    return fields


# -- a move ------------------------------------------------------------------------------------


def outcome(
    before: DuckState, events: Sequence[DuckEvent], after: DuckState, names: Names = None
) -> Reply:
    """The reply to the player for what a move (or a whole message, or the time limit) did:
    its kind is the last action's outcome. The events and the table after them say it all;
    `before` is there because the game API hands it over."""
    kind = "status"
    promoted: list[Json] = []
    passed = rolled = False
    cause: str | None = None
    left_seat: int | None = None
    for event in events:
        if isinstance(event, Rolled):
            kind, rolled = "roll", True
        elif isinstance(event, DieSetAside):
            kind = "no_promotion" if kind == "roll" else kind
        elif isinstance(event, Passed):
            kind, passed = "pass", True
        elif isinstance(event, Promoted):
            kind, promoted = "promote", list(event.values)
        elif isinstance(event, Stopped):
            kind, cause = "stop", event.cause
        elif isinstance(event, Busted):
            kind = "bust"
        elif isinstance(event, Forfeited):
            kind, cause = "forfeit", event.cause
        elif isinstance(event, SeatLeft):
            kind, left_seat = "left", event.seat
    ended = any(isinstance(e, _ENDINGS) for e in events)
    about = after.last_turn if ended else after.turn or after.last_turn
    params = _turn(after, about)
    if left_seat is not None:
        params["left_seat"] = left_seat
    scored = [e.round for e in events if isinstance(e, RoundScored)]
    params.update(
        promoted=promoted,
        passed=passed,
        rolled=rolled,
        lost=[] if about is None else list(about.lost),
        cause=cause,
        ended=ended,
        scored_round=scored[-1] if scored else None,
        **_next(after),
    )
    return PREFIX + kind, _with_names(params, names)


def _next(state: DuckState) -> Params:
    """Who moves next, or the game's end."""
    turn = None if state.finished else state.turn
    return {
        "next_seat": None if turn is None else turn.seat,
        "next_round": None if turn is None else turn.round,
        "finished": state.finished,
        "winners": list(state.winners),
    }


def channel_replies(
    before: DuckState, events: Sequence[DuckEvent], after: DuckState, names: Names = None
) -> list[Reply]:
    """What the channel is told besides the mover's reply: each round scored, the game's end."""
    found: list[Reply] = []
    for event in events:
        if isinstance(event, RoundScored):
            found.append((PREFIX + "round_end", round_end(after, event.round, names)))
        elif isinstance(event, GameEnded):
            # Rounds are scored in order: fewer than all of them means too few were left.
            early = len(after.history) < after.setup.rounds
            found.append((PREFIX + "game_end", game_end(after, early, names)))
    return found


# -- cells of the score table ------------------------------------------------------------------


def _cell(state: DuckState, seat: int, result: TurnResult | None, waiting: bool) -> Params:
    """One seat's hand in one round: made, a goose egg, or not played yet."""
    if result is None:
        status = "waiting" if waiting and seat not in state.left else "goose_egg"
        return {"seat": seat, "result": status, "bucket": [], "values": [], "hand": None}
    made = bucket_hand(state, result.bucket)
    if made is None:
        return {"seat": seat, "result": "goose_egg", "bucket": [], "values": [], "hand": None}
    return {
        "seat": seat,
        "result": "made",
        "bucket": list(result.bucket),
        "values": list(made.dice),
        "hand": made.category,
    }


def _cells(state: DuckState, results: Sequence[TurnResult], waiting: bool) -> list[Json]:
    by_seat = {r.seat: r for r in results}
    return [_cell(state, s, by_seat.get(s), waiting) for s in range(state.setup.seats)]


def round_end(state: DuckState, round: int, names: Names = None) -> Params:
    """A scored round: each seat's hand and points, best first, the totals and what follows."""
    record = next(r for r in state.history if r.round == round)
    cells = _cells(state, record.results, waiting=False)
    order = turn_order(state.setup, round)
    ranking = sorted(range(state.setup.seats), key=lambda s: (-record.points[s], order.index(s)))
    following = None if state.finished else round + 1
    params: Params = {
        "round": round,
        "rounds": state.setup.rounds,
        "start_seat": record.start_player,
        "cells": cells,
        "points": list(record.points),
        "ranking": [{"seat": s, "points": record.points[s], "cell": cells[s]} for s in ranking],
        "totals": list(state.totals),
        "left": _seats(state.left),
        "next_round": following,
        "next_seat": None if following is None else first_seat(state, following),
        "finished": state.finished,
    }
    return _with_names(params, names)


def game_end(state: DuckState, early: bool, names: Names = None) -> Params:
    """The game's end: winners (equal totals share the win), the totals, and whether it ended
    before its last round because too few players were left."""
    params: Params = {
        "winners": list(state.winners),
        "totals": list(state.totals),
        "rounds": state.setup.rounds,
        "rounds_played": len(state.history),
        "early": early,
        "left": _seats(state.left),
    }
    return _with_names(params, names)


def score_table(state: DuckState, names: Names = None) -> Params:
    """`/ducks score`: per round a hand line and a points line, then the totals. The round in
    progress shows the turns played so far; a game that ended early drops its unscored round."""
    rounds: list[Json] = []
    for record in state.history:
        rounds.append(
            {
                "round": record.round,
                "start_seat": record.start_player,
                "cells": _cells(state, record.results, waiting=False),
                "points": list(record.points),
            }
        )
    if not state.finished and state.round > len(state.history):
        rounds.append(
            {
                "round": state.round,
                "start_seat": state.start_player,
                "cells": _cells(state, state.results, waiting=True),
                "points": None,
            }
        )
    params: Params = {
        "seats": state.setup.seats,
        "rounds": rounds,
        "rounds_total": state.setup.rounds,
        "totals": list(state.totals),
        "finished": state.finished,
        "winners": list(state.winners),
        "left": _seats(state.left),
    }
    return _with_names(params, names)


# -- status, refusals --------------------------------------------------------------------------


def roll_chances(state: DuckState) -> Params | None:
    """§8's chances for the next roll of the turn in progress: the dice it would throw (after
    a pass in phase `rolled`), the chance of a promotion and of busting before one."""
    turn = state.turn
    if state.finished or turn is None or turn.ended:
        return None
    dice = turn.out - 1 if turn.phase is Phase.ROLLED else turn.out
    odds = chances(max(dice, 0))
    return {
        "dice": max(dice, 0),
        "after_pass": turn.phase is Phase.ROLLED,
        "promotion": round(float(odds.promotion), 3),
        "promotion_exact": str(odds.promotion),
        "bust": round(float(odds.bust), 3),
        "bust_exact": str(odds.bust),
    }


def status(state: DuckState, names: Names = None) -> Params:
    """`/ducks status`: the turn in progress, its legal moves and the chances of rolling on."""
    params = _turn(state, None)
    params.update(
        chances=roll_chances(state),
        totals=list(state.totals),
        left=_seats(state.left),
        **_next(state),
    )
    return _with_names(params, names)


def refusal(error: RuleError, state: DuckState, names: Names = None) -> Reply:
    """A refused move: the error's key and params, with the turn in progress to say what is
    legal."""
    params: Params = {**_turn(state, None), **error.params}
    params.update(_next(state))
    return error.key, _with_names(params, names)


def malformed(reading: Malformed | Unreadable, state: DuckState, names: Names = None) -> Reply:
    """A message that tries to play but fits no form, or combines what may not be combined."""
    params: Params = {**_turn(state, None), "reason": reading.reason, "tags": reading.tags}
    params.update(_next(state))
    return PREFIX + "malformed", _with_names(params, names)
