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
    Seat,
    Shuffle,
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
from bot.games.table_rules import Parts, TableRules

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


def to_move(state: GleekState) -> frozenset[Seat]:
    """The one player to act; nobody while a deal waits for its cards, or after the end."""
    if state.finished or state.to_act is None or rules.chance(state) is not None:
        return frozenset()
    return frozenset({state.to_act})


class GleekGame(TableRules[GleekState, GleekMove, GleekEvent]):
    """Gleek's rules on the API. Only `/gleek` commands play (§5): plain `bid 13` is chatter,
    so `read` finds nothing in a message."""

    key = KEY
    seats = range(3, 4)
    codec: EventCodec[GleekEvent] = GleekCodec()
    setting_keys: tuple[str, ...] = table_settings.KEYS
    nothing_to_draw = "no deal is waiting for its cards"
    parts: Parts[GleekState, GleekMove, GleekEvent] = Parts(
        settings=table_settings.change,
        start=lambda settings, seats: new_table(table_settings.setup(settings)),
        to_move=to_move,
        chance=rules.chance,
        legal_moves=rules.legal_moves,
        decide=rules.decide,
        resolved=rules.resolved,
        evolve=evolve,
        expire=rules.expire,  # §5.2's default for the player to act, each event `timed_out`
        observe=observe,
        summary=summary,
        mark=mark,
    )

    def scores(self, state: GleekState) -> Mapping[Seat, int]:
        """Chips per seat, this deal's payments included."""
        return dict(enumerate(state.chips))

    def moved(self, event: GleekEvent) -> tuple[str, Seat] | None:
        """A bid, a pass, an exchange, a vie or a card; a bid the rules force on the dealer
        is no player's move."""
        if not isinstance(event, _MOVE_EVENTS) or (isinstance(event, BidMade) and event.forced):
            return None
        return _MOVE_KEYS[type(event)], event.seat

    def told(
        self, events: Sequence[GleekEvent], after: GleekState
    ) -> tuple[str, dict[str, Json]] | None:
        if any(isinstance(e, Dealt) for e in events):
            return "gleek.dealt", {"deal": after.deal}
        if any(isinstance(e, FirstDealerDrawn) for e in events):
            return "gleek.first_dealer", {"seat": after.first_dealer}
        return None

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
