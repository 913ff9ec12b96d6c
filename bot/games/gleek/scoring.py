"""Gleek on cards alone: ruffs, gleeks, tricks and the settlement (gleek.md §3, §5.2).

Nothing here knows about phases or time: the table asks these questions of the cards it has.
Seats are listed in turn order (eldest first) wherever "the first in turn order" decides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from bot.games.gleek.cards import (
    ACE,
    GLEEK_RATES,
    JACK,
    KING,
    MOURNIVAL_RATES,
    QUEEN,
    SUITS,
    Card,
    Suit,
    discard_order,
    play_order,
    ruff_value,
)
from bot.games.gleek.events import GleekShown, Ruff

TRICK_POINTS: Final = 3
PAR: Final = 22
"""Points a player must make to break even with the bank (§3.7)."""
DISCARDS: Final = 7
MAX_BID: Final = 40
OPENING_BID: Final = 12
FIRST_STAKE: Final = 2
MAX_STAKE: Final = 16
MAX_RAISES: Final = 3
_GLEEK_RANKS: Final = (ACE, KING, QUEEN, JACK)


# -- the stock (§3.2) -------------------------------------------------------------------------


def stock_payments(buyer: int, price: int, order: Sequence[int]) -> tuple[int, ...]:
    """Per seat: the buyer pays `price`, split between the other two, the odd chip to the
    first of them in turn order."""
    first, second = (s for s in order if s != buyer)
    payments = [0] * len(order)
    payments[buyer] = -price
    payments[first] = price - price // 2
    payments[second] = price // 2
    return tuple(payments)


def next_stake(stake: int, vied: bool) -> int:
    """The ruff stake of the next deal: back to 2 after a vie, else doubled up to 16."""
    return FIRST_STAKE if vied else min(MAX_STAKE, stake * 2)


# -- ruffs (§3.4) -----------------------------------------------------------------------------


def ruff(seat: int, hand: Iterable[Card]) -> Ruff:
    """The hand's ruff: four aces, else its best suit by ruff values (of equal suits the
    first of ♠ ♥ ♦ ♣), with the cards a showdown shows."""
    cards = tuple(hand)
    aces = tuple(c for c in cards if c.rank == ACE)
    if len(aces) == 4:
        return Ruff(seat, None, _by_suit(aces), sum(ruff_value(c) for c in aces), True)
    best: Ruff | None = None
    for suit in SUITS:
        in_suit = tuple(sorted((c for c in cards if c.suit is suit), key=lambda c: -c.rank))
        value = sum(ruff_value(c) for c in in_suit)
        if best is None or value > best.value:
            best = Ruff(seat, suit, in_suit, value)
    assert best is not None
    return best


def _by_suit(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (SUITS.index(c.suit), -c.rank)))


def ruff_winner(ruffs: Sequence[Ruff]) -> Ruff:
    """The best of `ruffs`, listed in turn order: four aces beat any ruff; equal ruffs go to
    the first (BR)."""
    best = ruffs[0]
    for candidate in ruffs[1:]:
        if (candidate.four_aces, candidate.value) > (best.four_aces, best.value):
            best = candidate
    return best


# -- gleeks and mournivals (§3.5) ------------------------------------------------------------


def gleeks(seat: int, hand: Iterable[Card]) -> tuple[GleekShown, ...]:
    """Every gleek (three of a rank) and mournival (four) of A, K, Q, J in the hand, aces
    first, each with what each other player pays."""
    cards = tuple(hand)
    counts = Counter(c.rank for c in cards)
    found: list[GleekShown] = []
    for rank in _GLEEK_RANKS:
        if counts[rank] >= 3:
            rates = MOURNIVAL_RATES if counts[rank] == 4 else GLEEK_RATES
            shown = _by_suit(c for c in cards if c.rank == rank)
            found.append(GleekShown(seat, rank, shown, rates[rank]))
    return tuple(found)


# -- tricks (§3.6) ---------------------------------------------------------------------------


def legal_cards(hand: Sequence[Card], led: Suit | None) -> tuple[Card, ...]:
    """Follow suit if able, else any card."""
    if led is not None:
        following = tuple(c for c in hand if c.suit is led)
        if following:
            return following
    return tuple(hand)


def trick_winner(plays: Sequence[tuple[int, Card]], trump: Suit) -> int:
    """The seat of the highest trump, else of the highest card of the suit led."""
    led = plays[0][1].suit

    def strength(play: tuple[int, Card]) -> tuple[int, int]:
        card = play[1]
        if card.suit is trump:
            return 2, card.rank
        return (1, card.rank) if card.suit is led else (0, 0)

    return max(plays, key=strength)[0]


# -- defaults (§5.2) ---------------------------------------------------------------------------


def default_discard(hand: Iterable[Card], trump: Suit | None) -> tuple[Card, ...]:
    """The 7 lowest cards: non-trumps before trumps, lower rank first, ties ♣ ♦ ♥ ♠ (BR)."""
    return tuple(sorted(hand, key=lambda c: discard_order(c, trump))[:DISCARDS])


def default_card(legal: Iterable[Card], trump: Suit | None) -> Card:
    """The lowest legal card: lowest rank; ties non-trump first, then ♣ ♦ ♥ ♠."""
    return min(legal, key=lambda c: play_order(c, trump))


# -- the settlement (§3.7) ---------------------------------------------------------------------


def settlement(points: Sequence[int]) -> tuple[int, ...]:
    """What each player receives from the bank (negative: pays it): points − 22."""
    return tuple(p - PAR for p in points)
