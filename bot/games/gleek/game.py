"""Gleek on the game API: a table of exactly 3 seats, one player acting at a time (gleek.md).

Chance is the table's own: the first dealer (a three-sided die, drawn once) and each deal's
shuffle, seen by nobody (the hands are dealt from it, and `observe` shows each player only
its own). What each move does is `rules`' business; this module fits it to the API, with the
fair derivation of §7.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from bot.games.api import (
    ChanceContext,
    ChanceRequest,
    Dice,
    EventCodec,
    Game,
    Json,
    Outcome,
    Reading,
    Seat,
    Shuffle,
    outcome_fits,
)
from bot.games.gleek import rules
from bot.games.gleek import settings as table_settings
from bot.games.gleek.deal import KEY, fair_first_dealer, fair_shuffle
from bot.games.gleek.events import (
    BidMade,
    BidPassed,
    CardPlayed,
    Dealt,
    Discarded,
    FirstDealerDrawn,
    GleekCodec,
    GleekEvent,
    Vied,
)
from bot.games.gleek.moves import GleekMove
from bot.games.gleek.observe import observe, summary
from bot.games.gleek.table import GleekState, evolve, new_table

_MOVE_EVENTS: Final = (BidMade, BidPassed, Discarded, Vied, CardPlayed)
_MOVE_KEYS: Final[dict[type[GleekEvent], str]] = {
    BidMade: "gleek.bid",
    BidPassed: "gleek.bid",
    Discarded: "gleek.exchanged",
    Vied: "gleek.vied",
    CardPlayed: "gleek.played",
}


def mark(state: GleekState) -> tuple[int, int] | None:
    """(deal, moves made in it): changes with every move or default, so the village gives
    each move its own deadline; None when the game is over."""
    if state.finished:
        return None
    return state.deal, state.moves


class GleekGame:
    key = KEY
    seats = range(3, 4)
    codec: EventCodec[GleekEvent] = GleekCodec()
    setting_keys: tuple[str, ...] = table_settings.KEYS

    def settings(self, changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
        return table_settings.change(changes, base)

    def new(self, settings: Mapping[str, Json], seats: int) -> GleekState:
        if seats not in self.seats:
            raise ValueError(f"a Gleek table seats exactly 3 players, not {seats}")
        return new_table(table_settings.setup(settings))

    def to_move(self, state: GleekState) -> frozenset[Seat]:
        if state.finished or state.to_act is None or rules.chance(state) is not None:
            return frozenset()
        return frozenset({state.to_act})

    def chance(self, state: GleekState) -> ChanceRequest | None:
        return rules.chance(state)

    def legal_moves(self, state: GleekState, seat: Seat) -> Sequence[GleekMove]:
        return rules.legal_moves(state, seat)

    def decide(self, state: GleekState, seat: Seat, move: GleekMove) -> tuple[GleekEvent, ...]:
        return rules.decide(state, seat, move)

    def asks(self, state: GleekState, seat: Seat, move: GleekMove) -> ChanceRequest | None:
        return None  # every chance is the table's own (`chance`)

    def resolve(self, state: GleekState, outcome: Outcome) -> tuple[GleekEvent, ...]:
        request = rules.chance(state)
        if request is None:
            raise ValueError("no deal is waiting for its cards")
        if not outcome_fits(request, outcome):
            raise ValueError(f"{outcome} is not an outcome of {request.draw}")
        return rules.resolved(state, request, outcome)

    def evolve(self, state: GleekState, event: GleekEvent) -> GleekState:
        return evolve(state, event)

    def expire(self, state: GleekState) -> tuple[GleekEvent, ...]:
        """The default of §5.2 for the player to act, each of its events `timed_out`."""
        return rules.expire(state)

    def finished(self, state: GleekState) -> bool:
        return state.finished

    def observe(self, state: GleekState, viewer: Seat | None) -> Mapping[str, Json]:
        return observe(state, viewer)

    def scores(self, state: GleekState) -> Mapping[Seat, int]:
        """Chips per seat, this deal's payments included."""
        return dict(enumerate(state.chips))

    def outcome(
        self, before: GleekState, events: Sequence[GleekEvent], after: GleekState
    ) -> tuple[str, dict[str, Json]]:
        """The move's own key (`gleek.timeout` for a default), with the seat and the events'
        names; the presenter writes the real replies."""
        names: list[Json] = [type(e).__name__ for e in events]
        for event in events:
            if isinstance(event, _MOVE_EVENTS) and not (
                isinstance(event, BidMade) and event.forced
            ):
                timed_out = getattr(event, "timed_out", False)
                key = "gleek.timeout" if timed_out else _MOVE_KEYS[type(event)]
                return key, {"seat": event.seat, "events": names}
        if any(isinstance(e, Dealt) for e in events):
            return "gleek.dealt", {"deal": after.deal, "events": names}
        if any(isinstance(e, FirstDealerDrawn) for e in events):
            return "gleek.first_dealer", {"seat": after.first_dealer, "events": names}
        return "gleek.none", {"events": names}

    def summary(self, state: GleekState) -> dict[str, Json]:
        return summary(state)

    def read(self, text: str) -> Reading:
        """Only `/gleek` commands play (§5): plain `bid 13` is chatter."""
        return None

    def mark(self, state: GleekState) -> tuple[int, ...] | None:
        return mark(state)

    def script(self, text: str) -> Outcome:
        raise ValueError("Gleek deals are scripted with @deal")

    def fair(self, seed: bytes, context: ChanceContext, request: ChanceRequest) -> Outcome:
        """§7: `gleek/v1|{table}|first-dealer` for the first dealer, `gleek/v1|{table}|{d}`
        for deal d's Fisher–Yates shuffle, both read as unbiased 4-byte integers."""
        draw = request.draw
        if isinstance(draw, Dice) and draw == Dice(3, 1):
            return (fair_first_dealer(seed, context.table_id),)
        if isinstance(draw, Shuffle) and draw.size == 44 and request.label:
            deal = request.label[0]
            if isinstance(deal, int):
                return fair_shuffle(seed, context.table_id, deal)
        raise ValueError(f"Gleek draws no {draw} labelled {request.label}")


GAME: Final = GleekGame()
_checked: Game[GleekState, GleekMove, GleekEvent] = GAME
