"""A Gleek table's state and how each event changes it (`evolve`), with what it implies:
whose move it is, the turn order, the vie's next seat.

Events come from the game's `decide`, `resolve` and `expire`, so `evolve` trusts them. Seats
are 0, 1, 2; the next seat to the left of s is (s + 1) % 3, so "in turn" is simply "to the
left" from eldest.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from bot.games.gleek.cards import Card, Suit
from bot.games.gleek.deal import HAND_SIZE, SEATS, turn_order
from bot.games.gleek.events import (
    BidMade,
    BidPassed,
    CardPlayed,
    DealScored,
    Dealt,
    DealVoided,
    Discarded,
    FirstDealerDrawn,
    GameEnded,
    GleekEvent,
    GleekShown,
    HonourTurnedUp,
    NoRuff,
    PotTaken,
    Ruff,
    StockBought,
    StockTaken,
    TricksBegun,
    TrickWon,
    TurnUpPaid,
    Vied,
)
from bot.games.gleek.scoring import FIRST_STAKE, TRICK_POINTS
from bot.games.gleek.settings import Setup


class Phase(enum.StrEnum):
    """§6's phases; `deal` is the table waiting for its first deal's chance (never seen in a
    reply: the village draws it at `start`)."""

    DEAL = "deal"
    BID = "bid"
    DISCARD = "discard"
    VIE = "vie"
    GLEEKS = "gleeks"
    TRICKS = "tricks"
    SCORE = "score"
    OVER = "over"


MOVING: Final = (Phase.BID, Phase.DISCARD, Phase.VIE, Phase.TRICKS)
"""The phases in which a player is waited for."""
NOBODY: Final = (0, 0, 0)


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick as played: (seat, card) in play order, and who won it."""

    number: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A scored deal, for the game-over text and `/gleek log deal:`."""

    deal: int
    dealer: int
    turn_up: Card
    buyer: int
    price: int
    points: tuple[int, ...]
    chips: tuple[int, ...]
    """What the deal changed each seat's chips by."""
    tricks: tuple[Trick, ...]


def _add(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _from_each(seat: int, amount: int) -> tuple[int, ...]:
    """`seat` takes `amount` from each other player."""
    return tuple(2 * amount if s == seat else -amount for s in range(SEATS))


def _change(seat: int, amount: int) -> tuple[int, ...]:
    return tuple(amount if s == seat else 0 for s in range(SEATS))


@dataclass(frozen=True, slots=True)
class GleekState:
    setup: Setup
    phase: Phase = Phase.DEAL
    deal: int = 0
    """From 1; 0 before the first deal."""
    first_dealer: int | None = None
    dealer: int | None = None
    to_act: int | None = None
    moves: int = 0
    """Moves (and defaults) made in this deal: with `deal`, the table's mark."""
    # the cards
    hands: tuple[tuple[Card, ...], ...] = ((), (), ())
    stock: tuple[Card, ...] = ()
    """As dealt, the turn-up first (the rest goes to the buyer)."""
    trump: Suit | None = None
    # the auction
    bid: int = 0
    bidder: int | None = None
    bid_passed: frozenset[int] = frozenset()
    buyer: int | None = None
    discards: tuple[Card, ...] = ()
    taken: tuple[Card, ...] = ()
    # the vie
    ruff_stake: int = FIRST_STAKE
    vied: bool = False
    """Someone vied this deal: the next stake goes back to 2."""
    bets: tuple[int, ...] = NOBODY
    vie_out: frozenset[int] = frozenset()
    raises: int = 0
    aggressor: int | None = None
    """Who vied or raised last: the vie ends when the turn comes back to them."""
    pot: int = 0
    shown: tuple[Ruff, ...] = ()
    ruff_winner: int | None = None
    gleeks: tuple[GleekShown, ...] = ()
    # the tricks
    leader: int | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    """This deal's tricks won so far."""
    tricks_won: tuple[int, ...] = NOBODY
    points: tuple[int, ...] = NOBODY
    # chips
    chips: tuple[int, ...] = NOBODY
    """Game totals, this deal's payments included."""
    deal_chips: tuple[int, ...] = NOBODY
    """This deal's payments so far."""
    history: tuple[DealRecord, ...] = ()
    finished: bool = False
    abandoned: bool = False

    @property
    def turn_up(self) -> Card | None:
        return self.stock[0] if self.stock else None

    @property
    def eldest(self) -> int | None:
        return None if self.dealer is None else turn_order(self.dealer)[0]

    @property
    def order(self) -> tuple[int, int, int]:
        """Eldest, middle, dealer."""
        assert self.dealer is not None, "no deal yet"
        return turn_order(self.dealer)

    @property
    def high_bet(self) -> int:
        return max(self.bets)

    @property
    def trick_number(self) -> int:
        """The trick being played (1 to 12); 13 once all are played."""
        return len(self.tricks) + 1

    @property
    def led(self) -> Suit | None:
        return self.trick[0][1].suit if self.trick else None

    @property
    def next_dealer(self) -> int:
        """The deal passes to the left; the first one the seed chose."""
        if self.dealer is None:
            assert self.first_dealer is not None
            return self.first_dealer
        return (self.dealer + 1) % SEATS


def new_table(setup: Setup) -> GleekState:
    return GleekState(setup)


def completed_chips(state: GleekState) -> tuple[int, ...]:
    """Each seat's chips from completed deals only: what an abandon leaves standing (§4)."""
    if state.phase in (Phase.SCORE, Phase.OVER) or state.deal == 0:
        return state.chips
    return tuple(c - d for c, d in zip(state.chips, state.deal_chips, strict=True))


# -- what comes next ---------------------------------------------------------------------------


def next_bidder(state: GleekState, after: int) -> int | None:
    """The next seat still bidding after `after`; None once two have passed."""
    if len(state.bid_passed) >= 2:
        return None
    for step in (1, 2):
        seat = (after + step) % SEATS
        if seat not in state.bid_passed:
            return seat
    return None


def next_vier(state: GleekState, after: int) -> int | None:
    """Who is to move in the vie after `after` moved; None when the vie is over (§3.4): all
    passed with no bet, one left in, or the turn back to the last to vie or raise."""
    if state.high_bet == 0:
        return None if len(state.vie_out) == SEATS else _next_in(state, after)
    in_vie = [s for s in range(SEATS) if s not in state.vie_out]
    if len(in_vie) == 1:
        return None
    seat = _next_in(state, after)
    return None if seat == state.aggressor else seat


def _next_in(state: GleekState, after: int) -> int | None:
    for step in (1, 2):
        seat = (after + step) % SEATS
        if seat not in state.vie_out:
            return seat
    return None


def in_vie(state: GleekState) -> tuple[int, ...]:
    """The seats still in the vie, in turn order."""
    return tuple(s for s in state.order if s not in state.vie_out)


# -- evolve -------------------------------------------------------------------------------------


def evolve(state: GleekState, event: GleekEvent) -> GleekState:
    """The table after one event."""
    if isinstance(event, FirstDealerDrawn):
        return replace(state, first_dealer=event.seat)
    if isinstance(event, Dealt):
        return _dealt(state, event)
    if isinstance(event, TurnUpPaid):
        return _paid(state, _from_each(event.dealer, event.amount))
    if isinstance(event, HonourTurnedUp):
        return replace(state, points=_add(state.points, _change(event.dealer, event.points)))
    if isinstance(event, BidMade):
        bid = replace(state, bid=event.amount, bidder=event.seat)
        moves = state.moves if event.forced else state.moves + 1
        return replace(bid, to_act=next_bidder(bid, event.seat), moves=moves)
    if isinstance(event, BidPassed):
        passed = replace(state, bid_passed=state.bid_passed | {event.seat}, moves=state.moves + 1)
        return replace(passed, to_act=next_bidder(passed, event.seat))
    if isinstance(event, StockBought):
        bought = replace(state, phase=Phase.DISCARD, buyer=event.buyer, bid=event.price)
        return replace(_paid(bought, event.payments), to_act=event.buyer)
    if isinstance(event, Discarded):
        kept = tuple(c for c in state.hands[event.seat] if c not in event.cards)
        return replace(
            state,
            hands=_with_hand(state.hands, event.seat, kept),
            discards=event.cards,
            to_act=None,
            moves=state.moves + 1,
        )
    if isinstance(event, StockTaken):
        hand = state.hands[event.seat] + event.cards
        return replace(
            state,
            hands=_with_hand(state.hands, event.seat, hand),
            taken=event.cards,
            phase=Phase.VIE,
            to_act=state.order[0],
        )
    if isinstance(event, Vied):
        return _vied(state, event)
    if isinstance(event, PotTaken):
        taken = _paid(state, _change(event.seat, event.pot))
        return replace(taken, pot=0, shown=event.shown, ruff_winner=event.seat, phase=Phase.GLEEKS)
    if isinstance(event, NoRuff):
        return replace(state, phase=Phase.GLEEKS, to_act=None)
    if isinstance(event, GleekShown):
        shown = replace(state, gleeks=(*state.gleeks, event))
        return _paid(shown, _from_each(event.seat, event.amount))
    if isinstance(event, TricksBegun):
        return replace(state, phase=Phase.TRICKS, leader=event.leader, to_act=event.leader)
    if isinstance(event, CardPlayed):
        return _played(state, event)
    if isinstance(event, TrickWon):
        trick = Trick(event.number, state.trick, event.seat)
        more = event.number < HAND_SIZE
        return replace(
            state,
            trick=(),
            tricks=(*state.tricks, trick),
            tricks_won=_add(state.tricks_won, _change(event.seat, 1)),
            points=_add(state.points, _change(event.seat, TRICK_POINTS)),
            leader=event.seat if more else None,
            to_act=event.seat if more else None,
        )
    if isinstance(event, DealScored):
        return _scored(state, event)
    if isinstance(event, DealVoided):
        return replace(state, chips=_add(state.chips, event.chips), deal_chips=NOBODY, to_act=None)
    assert isinstance(event, GameEnded)
    return replace(
        state,
        phase=Phase.OVER,
        to_act=None,
        chips=event.chips,
        finished=True,
        abandoned=event.abandoned,
    )


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand if s == seat else h for s, h in enumerate(hands))


def _paid(state: GleekState, change: Sequence[int]) -> GleekState:
    return replace(
        state, chips=_add(state.chips, change), deal_chips=_add(state.deal_chips, change)
    )


def _dealt(state: GleekState, event: Dealt) -> GleekState:
    """A fresh deal: everything of the last one cleared but chips and history."""
    return GleekState(
        setup=state.setup,
        phase=Phase.BID,
        deal=event.deal,
        first_dealer=state.first_dealer,
        dealer=event.dealer,
        hands=event.hands,
        stock=event.stock,
        trump=event.stock[0].suit,
        ruff_stake=event.ruff_stake,
        chips=state.chips,
        history=state.history,
    )


def _vied(state: GleekState, event: Vied) -> GleekState:
    bets = _add(state.bets, _change(event.seat, event.chips))
    changed = replace(
        _paid(state, _change(event.seat, -event.chips)),
        bets=bets,
        pot=state.pot + event.chips,
        moves=state.moves + 1,
    )
    if event.action == "pass":
        changed = replace(changed, vie_out=state.vie_out | {event.seat})
    elif event.action == "vie":
        changed = replace(changed, vied=True, aggressor=event.seat)
    elif event.action == "raise":
        changed = replace(changed, raises=state.raises + 1, aggressor=event.seat)
    return replace(changed, to_act=next_vier(changed, event.seat))


def _played(state: GleekState, event: CardPlayed) -> GleekState:
    hand = tuple(c for c in state.hands[event.seat] if c != event.card)
    trick = (*state.trick, (event.seat, event.card))
    played = replace(
        state,
        hands=_with_hand(state.hands, event.seat, hand),
        trick=trick,
        points=_add(state.points, _change(event.seat, event.honour)),
        to_act=None if len(trick) == SEATS else (event.seat + 1) % SEATS,
        moves=state.moves + 1,
    )
    if event.low_trump:
        played = _paid(played, _from_each(event.seat, event.low_trump))
    return played


def _scored(state: GleekState, event: DealScored) -> GleekState:
    settled = _paid(state, event.settlement)
    assert state.dealer is not None and state.buyer is not None and state.turn_up is not None
    record = DealRecord(
        event.deal,
        state.dealer,
        state.turn_up,
        state.buyer,
        state.bid,
        event.points,
        event.chips,
        state.tricks,
    )
    return replace(settled, phase=Phase.SCORE, to_act=None, history=(*state.history, record))
