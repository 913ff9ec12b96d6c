"""A replay's scripted deal (gleek.md §7): `@deal dealer:NAME | NAME: 12 cards | … | stock: 8`.

A line names players, so it is read in two steps: `parse_deal` checks what it can without
the table (queue time: the shape and the 44 cards), and `deal_script` fits it to the table's
names and to the chance it answers (use time: the players and the dealer).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.games.api import ChanceRequest, Dice, Outcome, Shuffle
from bot.games.gleek.cards import DECK, Card, card_text, parse_cards
from bot.games.gleek.deal import HAND_SIZE, SEATS, STOCK_SIZE, order_of

_STOCK: Final = "stock"
_DEALER: Final = "dealer"


@dataclass(frozen=True, slots=True)
class ScriptedDeal:
    dealer: str
    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    """(name, cards) in the order written."""
    stock: tuple[Card, ...]
    """The turn-up first."""


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold()


def _field(part: str) -> tuple[str, str]:
    name, colon, rest = part.partition(":")
    if not colon or not name.strip():
        raise ValueError(f"{part.strip()!r}: write NAME: cards")
    return name.strip(), rest


def parse_deal(text: str) -> ScriptedDeal:
    """The deal a line scripts, checked without the table: a dealer, three players of 12
    cards, a stock of 8, the 44 cards each once. Raises ValueError saying what is wrong."""
    text = unicodedata.normalize("NFKC", text).strip()
    if text.lower().startswith("@deal"):
        text = text[len("@deal") :]
    parts = text.split("|")
    if len(parts) != SEATS + 2:
        raise ValueError(
            f"a deal is dealer:NAME, three NAME: cards and stock: cards, bar-separated, "
            f"not {len(parts)} parts"
        )
    key, dealer = _field(parts[0])
    if _key(key) != _DEALER or not dealer.strip():
        raise ValueError(f"a deal begins with dealer:NAME, not {parts[0].strip()!r}")
    hands: list[tuple[str, tuple[Card, ...]]] = []
    for part in parts[1:-1]:
        name, cards = _field(part)
        if _key(name) in (_key(n) for n, _ in hands):
            raise ValueError(f"{name} is dealt twice")
        if _key(name) in (_STOCK, _DEALER):
            raise ValueError(f"three players' hands come before the stock, not {name!r}")
        hand = parse_cards(cards)
        if len(hand) != HAND_SIZE:
            raise ValueError(f"{name} is dealt {len(hand)} cards, not {HAND_SIZE}")
        hands.append((name, hand))
    key, cards = _field(parts[-1])
    if _key(key) != _STOCK:
        raise ValueError(f"a deal ends with stock: cards, not {parts[-1].strip()!r}")
    stock = parse_cards(cards)
    if len(stock) != STOCK_SIZE:
        raise ValueError(f"the stock has {len(stock)} cards, not {STOCK_SIZE}")
    every = [c for _, h in hands for c in h] + list(stock)
    seen: set[Card] = set()
    twice: list[Card] = []
    for card in every:
        if card in seen:
            twice.append(card)
        seen.add(card)
    if twice:
        raise ValueError(f"dealt twice: {' '.join(card_text(c) for c in twice)}")
    missing = [c for c in DECK if c not in seen]
    if missing:
        raise ValueError(f"not dealt: {' '.join(card_text(c) for c in missing)}")
    return ScriptedDeal(dealer.strip(), tuple(hands), stock)


def _seat(names: Sequence[str], name: str) -> int:
    for seat, table_name in enumerate(names):
        if _key(table_name) == _key(name):
            return seat
    raise ValueError(f"{name} is not at this table ({', '.join(names)})")


def deal_script(text: str, request: ChanceRequest, names: Sequence[str]) -> Outcome:
    """The outcome the line scripts for `request`: the first dealer's seat for the draw of
    the first dealer, else the shuffled order that deals exactly these hands (each player's
    cards fill its packets in the order written) and stock. `names` are the table's players
    in seat order. Raises ValueError saying what does not fit."""
    deal = parse_deal(text)
    dealer = _seat(names, deal.dealer)
    if isinstance(request.draw, Dice):
        return (dealer,)
    if not isinstance(request.draw, Shuffle) or request.draw.size != len(DECK):
        raise ValueError(f"a Gleek deal answers a shuffle of {len(DECK)} cards, not {request.draw}")
    number, expected = request.label
    if dealer != expected:
        raise ValueError(
            f"the dealer of deal {number} is {names[int(expected)]}, not {deal.dealer}"
        )
    hands: list[tuple[Card, ...]] = [() for _ in range(SEATS)]
    for name, cards in deal.hands:
        hands[_seat(names, name)] = cards
    return order_of(dealer, hands, deal.stock)
