"""A move made at a table: decided by the game, its chance drawn and resolved, its events
ready to store. A day game's one-seat tables and the tables of several seats share it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial

from bot.games.api import ChanceContext, ChanceRequest, Dice, Json, Outcome, Shuffle, replay
from bot.games.registry import AnyGame
from bot.village.core import Core
from bot.village.records import NewEvent
from bot.village.stream import DRAW_SEQ, DRAWN, SCRIPTED


@dataclass(frozen=True, slots=True)
class Where:
    """The ids a draw's fair derivation names, and the seed it is derived from."""

    village_id: int
    day: int
    table_id: int
    message_id: int
    seed: bytes
    players: tuple[int, ...]
    """The player in each seat (a one-seat table: its player)."""
    recorded: bool = False
    """Stamp each draw with what it was (`drawn`): a table's export lists every draw."""
    names: tuple[str, ...] = ()
    """The players' names by seat, for a replay's scripted deal."""


@dataclass(frozen=True, slots=True)
class Applied:
    state: object
    events: tuple[object, ...]
    """The game's events, in order."""
    stored: tuple[NewEvent, ...]
    """The same events as stored: each draw stamped on the first event it resolved to."""
    draws: int
    """The table's draws so far, this move's included."""


def apply(
    core: Core,
    game: AnyGame,
    state: object,
    seat: int,
    move: object,
    draws: int,
    where: Where,
) -> Applied:
    """`seat` makes `move`, then the chance it asks for (or the table needs) is drawn and
    resolved until none is pending. Raises RuleError before anything is drawn."""
    events = list(game.decide(state, seat, move))
    stored = [_stored(game, e, where) for e in events]
    after = replay(game, state, events)
    request = game.asks(state, seat, move) or game.chance(after)
    return _draw(core, game, after, request, events, stored, draws, where)


def settle_chance(
    core: Core, game: AnyGame, state: object, events: list[object], draws: int, where: Where
) -> Applied:
    """Events the village applied itself (the time limit's), then whatever chance the table
    needs after them."""
    stored = [_stored(game, e, where) for e in events]
    after = replay(game, state, events)
    return _draw(core, game, after, game.chance(after), events, stored, draws, where)


def _draw(
    core: Core,
    game: AnyGame,
    state: object,
    request: ChanceRequest | None,
    events: list[object],
    stored: list[NewEvent],
    draws: int,
    where: Where,
) -> Applied:
    while request is not None:
        draws += 1
        seat = request.seat
        player = where.players[seat] if seat is not None and seat < len(where.players) else 0
        context = ChanceContext(
            where.village_id,
            where.day,
            where.table_id,
            player,
            where.message_id,
            draws,
            where.names,
        )
        outcome, scripted = core.dice.draw(
            game.key, request, context, partial(game.fair, where.seed, context, request)
        )
        results = game.resolve(state, outcome)
        stamp: dict[str, Json] = {DRAW_SEQ: draws, SCRIPTED: scripted}
        if where.recorded:
            stamp[DRAWN] = drawn_data(request, player, outcome)
        stored += [
            _stored(game, e, where, stamp if n == 0 else None) for n, e in enumerate(results)
        ]
        events += results
        state = replay(game, state, results)
        request = game.chance(state)
    return Applied(state, tuple(events), tuple(stored), draws)


def drawn_data(request: ChanceRequest, player_id: int, outcome: Outcome) -> dict[str, Json]:
    """A draw as a table's record keeps it: enough to derive it again from the seed."""
    draw = request.draw
    kind: dict[str, Json] = (
        {"dice": [draw.sides, draw.count]} if isinstance(draw, Dice) else {"shuffle": draw.size}
    )
    return {
        "player_id": player_id,
        "seat": request.seat,
        "draw": kind,
        "label": list(request.label),
        "seen_by": None if request.seen_by is None else [*sorted(request.seen_by)],
        "outcome": list(outcome),
    }


def request_of(drawn: Mapping[str, Json]) -> ChanceRequest:
    """The chance a `drawn` stamp records; raises ValueError when it cannot be read."""
    kind = drawn.get("draw")
    if not isinstance(kind, dict):
        raise ValueError("no draw")
    dice = kind.get("dice")
    draw: Dice | Shuffle
    if isinstance(dice, list) and len(dice) == 2:
        draw = Dice(_whole(dice[0]), _whole(dice[1]))
    else:
        draw = Shuffle(_whole(kind.get("shuffle")))
    seat = drawn.get("seat")
    seen = drawn.get("seen_by")
    label = drawn.get("label")
    return ChanceRequest(
        draw,
        seat=None if seat is None else _whole(seat),
        seen_by=None if not isinstance(seen, list) else frozenset(_whole(s) for s in seen),
        label=tuple(x for x in label if isinstance(x, int | str))
        if isinstance(label, list)
        else (),
    )


def _whole(value: Json) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {value!r}")
    return value


def _stored(
    game: AnyGame, event: object, where: Where, stamp: dict[str, Json] | None = None
) -> NewEvent:
    encoded = game.codec.encode(event)
    return NewEvent(
        encoded.type,
        {**encoded.data, **(stamp or {})},
        where.message_id or None,
        codec=encoded.version,
    )
