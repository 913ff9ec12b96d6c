"""Gleek's chance anyone can check (gleek.md §7), and how a shuffled pack is dealt (§3.1).

`bot.fairness.derive` already reads a stream exactly as §7 says: `stream` is block_0 =
HMAC-SHA256(seed, L), block_i = HMAC-SHA256(seed, L + "|" + str(i)); `uniform_below` takes
4-byte big-endian words by rejection (x < 2^32 − 2^32 mod m gives x mod m); `shuffle` is
Fisher–Yates from i = n − 1 down to 1 with j = `uniform_below(i + 1)`, entry k being the
canonical index of the card at position k; and `label("gleek", table, "first-dealer")` is
exactly `gleek/v1|{table}|first-dealer` in UTF-8. So Gleek uses them as they are, and the
test vector of §7 is a test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.fairness.derive import label, shuffle, stream_bytes, uniform_below
from bot.games.gleek.cards import DECK, Card

KEY: Final = "gleek"
SEATS: Final = 3
HAND_SIZE: Final = 12
PACKET: Final = 4
STOCK_SIZE: Final = 8
TURN_UP: Final = 36
"""The shuffled position of the turn-up: the stock's first card."""


def first_dealer_label(table_id: int) -> bytes:
    return label(KEY, table_id, "first-dealer")


def deal_label(table_id: int, deal: int) -> bytes:
    return label(KEY, table_id, deal)


def fair_first_dealer(seed: bytes, table_id: int) -> int:
    """The first dealer's seat, from 0 (§7's "seat 1 + the integer")."""
    return uniform_below(stream_bytes(seed, first_dealer_label(table_id)), SEATS)


def fair_shuffle(seed: bytes, table_id: int, deal: int) -> tuple[int, ...]:
    """Deal `deal`'s order: entry i is the canonical index of the card at position i."""
    return shuffle(stream_bytes(seed, deal_label(table_id, deal)), len(DECK))


def turn_order(dealer: int) -> tuple[int, int, int]:
    """Eldest (the dealer's left), middle, dealer: the order of every phase (§2)."""
    return ((dealer + 1) % SEATS, (dealer + 2) % SEATS, dealer)


@dataclass(frozen=True, slots=True)
class DealtCards:
    hands: tuple[tuple[Card, ...], ...]
    """In seat order; each hand in the order its packets came."""
    stock: tuple[Card, ...]
    """The turn-up first."""


def deal_cards(dealer: int, order: Sequence[int]) -> DealtCards:
    """The shuffled pack dealt: packet p (positions 4p…4p+3, p = 0…8) to eldest, middle,
    dealer for p mod 3 = 0, 1, 2; positions 36…43 are the stock."""
    if sorted(order) != list(range(len(DECK))):
        raise ValueError("a Gleek deal needs a permutation of the 44 cards")
    pack = [DECK[i] for i in order]
    seats = turn_order(dealer)
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for p in range(TURN_UP // PACKET):
        hands[seats[p % SEATS]] += pack[PACKET * p : PACKET * (p + 1)]
    return DealtCards(tuple(tuple(h) for h in hands), tuple(pack[TURN_UP:]))


def order_of(
    dealer: int, hands: Sequence[Sequence[Card]], stock: Sequence[Card]
) -> tuple[int, ...]:
    """The shuffled order that `deal_cards` deals into exactly these hands (seat order, each
    in packet order) and stock: the inverse of `deal_cards`."""
    seats = turn_order(dealer)
    pack: list[Card] = []
    for p in range(TURN_UP // PACKET):
        k = p // SEATS
        pack += hands[seats[p % SEATS]][PACKET * k : PACKET * (k + 1)]
    pack += stock
    order = tuple(c.index for c in pack)
    if sorted(order) != list(range(len(DECK))):
        raise ValueError("the hands and the stock must hold each of the 44 cards once")
    return order
