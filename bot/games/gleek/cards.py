"""Gleek's 44 cards, how players type them and how replies write them (gleek.md §1).

A card is a rank (14 for the ace down to 4) and a suit. Its canonical index (0..43) is its
place in `DECK`, the order §7 shuffles from: ♠ then ♥ ♦ ♣, each A K Q J 10 9 8 7 6 5 4.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final


class Suit(enum.StrEnum):
    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"


SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The order of §7's deck, of hand display (§6) and of showing equal ruff suits (§3.4)."""
RANKS: Final = (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4)
"""High to low: the 2s and 3s are out of the pack."""
ACE: Final = 14
KING: Final = 13
QUEEN: Final = 12
JACK: Final = 11

_RANK_TEXT: Final = {14: "A", 13: "K", 12: "Q", 11: "J"}
_RANK_TOKENS: Final = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10} | {
    str(r): r for r in range(4, 10)
}
_SUIT_TOKENS: Final = {
    "S": Suit.SPADES,
    "H": Suit.HEARTS,
    "D": Suit.DIAMONDS,
    "C": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
}
# A phone writes ♥ as U+2665 U+FE0F; the selectors only choose a glyph (§1).
_SELECTORS: Final = str.maketrans("", "", "\ufe0e\ufe0f")
_SEPARATORS: Final = re.compile(r"[\s,、・]+")


@dataclass(frozen=True, slots=True)
class Card:
    rank: int
    """14 (A), 13 (K), 12 (Q), 11 (J), 10 … 4."""
    suit: Suit

    @property
    def index(self) -> int:
        """The card's place in `DECK` (§7's canonical order)."""
        return SUITS.index(self.suit) * len(RANKS) + RANKS.index(self.rank)

    def __str__(self) -> str:
        return card_text(self)


DECK: Final = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def rank_text(rank: int) -> str:
    """`A`, `K`, `Q`, `J`, `10` … `4`, as replies write a rank."""
    return _RANK_TEXT.get(rank, str(rank))


def card_text(card: Card) -> str:
    """The card as replies write it: `Q♥`, `10♠`."""
    return f"{rank_text(card.rank)}{card.suit.value}"


def cards_text(cards: Iterable[Card]) -> list[str]:
    return [card_text(c) for c in cards]


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_SELECTORS)


def parse_card(token: str) -> Card:
    """The card a player typed (`QH`, `10♠`, `♦a`, `ＱＨ`): rank and suit in either order, any
    case. Raises ValueError naming the token for anything else (`1S`, `2H`, `♡Q`)."""
    text = _normal(token).strip().upper()
    if len(text) >= 2:
        for suit_part, rank_part in ((text[-1], text[:-1]), (text[0], text[1:])):
            suit = _SUIT_TOKENS.get(suit_part)
            rank = _RANK_TOKENS.get(rank_part)
            if suit is not None and rank is not None:
                return Card(rank, suit)
    raise ValueError(f"{token!r} is not a card of the Gleek pack")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces, `,`, `、` or `・` (§5); ValueError names a bad token."""
    tokens = [t for t in _SEPARATORS.split(_normal(text)) if t]
    return tuple(parse_card(t) for t in tokens)


def sort_hand(cards: Iterable[Card], trump: Suit | None) -> tuple[Card, ...]:
    """A hand as §6 shows it: trumps first, then ♠ ♥ ♦ ♣, each from A down."""

    def key(card: Card) -> tuple[int, int, int]:
        return (card.suit is not trump, SUITS.index(card.suit), -card.rank)

    return tuple(sorted(cards, key=key))


# -- what cards are worth (§1, §3.5) -----------------------------------------------------------

HONOURS: Final = {ACE: 15, KING: 3, QUEEN: 3, JACK: 9}
"""Points of a trump honour for whoever plays it (or the dealer, turned up): Tib, K, Q, Tom."""
LOW_TRUMPS: Final = {6: 6, 5: 5, 4: 4}
"""Chips from each other player for a trump Tumbler, Towser or Tiddy turned up or played."""
GLEEK_RATES: Final = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
MOURNIVAL_RATES: Final = {ACE: 8, KING: 6, QUEEN: 4, JACK: 2}
_LOW_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""§5.2's ties between equal ranks: ♣ is the lowest."""


def honour(card: Card, trump: Suit | None) -> int:
    return HONOURS.get(card.rank, 0) if card.suit is trump else 0


def low_trump(card: Card, trump: Suit | None) -> int:
    return LOW_TRUMPS.get(card.rank, 0) if card.suit is trump else 0


def ruff_value(card: Card) -> int:
    """A 11, K Q J 10, the rest at face value (§1)."""
    return 11 if card.rank == ACE else min(card.rank, 10)


def discard_order(card: Card, trump: Suit | None) -> tuple[int, int, int]:
    """§5.2's lowest cards for a default discard: non-trumps first, lower rank, ♣ ♦ ♥ ♠."""
    return (card.suit is trump, card.rank, _LOW_SUITS.index(card.suit))


def play_order(card: Card, trump: Suit | None) -> tuple[int, int, int]:
    """§5.2's lowest card for a default play: lower rank, then non-trump, then ♣ ♦ ♥ ♠."""
    return (card.rank, card.suit is trump, _LOW_SUITS.index(card.suit))
