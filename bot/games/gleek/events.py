"""What happened at a Gleek table: immutable facts in the past tense, and how they are stored.

Replaying a table's events from its first state rebuilds it exactly. Everything the rules do
by themselves (the turn-up's payment, the stock bought, the showdown, the gleeks, a trick won,
the deal scored) is an event of its own, so a reply can say each thing that happened. A move
played by the time limit carries `timed_out`, so the replies can say `timeout`.

Payments are "from each other player" where the rules say so (`amount`), else per seat
(`payments`, `chips`: what each seat's chips changed by, in seat order). Some events carry
hidden cards (`Dealt`, `Discarded`, `StockTaken`): the store keeps them, `observe` hides them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from typing import Final, Literal, TypeAlias, cast

from bot.games.api import Encoded, Json, written_by_this_release
from bot.games.gleek.cards import Card, Suit, card_text, parse_card

VieAction: TypeAlias = Literal["vie", "see", "raise", "pass"]
VIE_ACTIONS: Final[tuple[VieAction, ...]] = ("vie", "see", "raise", "pass")


@dataclass(frozen=True, slots=True)
class FirstDealerDrawn:
    """The table seed chose the first dealer (§7)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal began: `hands` in seat order, each in the order its packets were dealt, and
    the stock, its first card turned up."""

    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    ruff_stake: int


@dataclass(frozen=True, slots=True)
class TurnUpPaid:
    """A trump 6, 5 or 4 turned up: the dealer takes `amount` from each other player."""

    dealer: int
    card: Card
    amount: int


@dataclass(frozen=True, slots=True)
class HonourTurnedUp:
    """A trump honour turned up scores its points for the dealer."""

    dealer: int
    card: Card
    points: int


@dataclass(frozen=True, slots=True)
class BidMade:
    """`forced`: eldest's opening 12, made for him at the deal."""

    seat: int
    amount: int
    forced: bool = False


@dataclass(frozen=True, slots=True)
class BidPassed:
    seat: int
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class StockBought:
    """The last bidder in buys the stock; `payments` per seat (the buyer's is −price)."""

    buyer: int
    price: int
    payments: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Discarded:
    """The buyer laid 7 cards away, face down (private)."""

    seat: int
    cards: tuple[Card, ...]
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class StockTaken:
    """The buyer took the stock but the turn-up (private)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Vied:
    """A move of the vie; `chips` the seat put into the pot by it (0 for a pass)."""

    seat: int
    action: VieAction
    chips: int
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Ruff:
    """A contestant's ruff as shown at the showdown: its suit's cards (suit None and the four
    aces for four aces) and their total of ruff values."""

    seat: int
    suit: Suit | None
    cards: tuple[Card, ...]
    value: int
    four_aces: bool = False


@dataclass(frozen=True, slots=True)
class PotTaken:
    """The vie ended with a winner: `shown` is empty when the last one in took it unseen."""

    seat: int
    pot: int
    shown: tuple[Ruff, ...] = ()


@dataclass(frozen=True, slots=True)
class NoRuff:
    """All three passed with no bet: nobody plays for the ruff this deal."""


@dataclass(frozen=True, slots=True)
class GleekShown:
    """A gleek (3 cards) or mournival (4) of a rank, shown and paid: `amount` from each
    other player."""

    seat: int
    rank: int
    cards: tuple[Card, ...]
    amount: int

    @property
    def mournival(self) -> bool:
        return len(self.cards) == 4


@dataclass(frozen=True, slots=True)
class TricksBegun:
    leader: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """`honour`: points the card scores for its player; `low_trump`: chips it takes from
    each other player."""

    seat: int
    card: Card
    honour: int = 0
    low_trump: int = 0
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    number: int
    """1 to 12."""


@dataclass(frozen=True, slots=True)
class DealScored:
    """After trick 12: `settlement` is points − 22 per seat, `chips` the deal's whole change
    per seat (settlement included)."""

    deal: int
    points: tuple[int, ...]
    settlement: tuple[int, ...]
    chips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealVoided:
    """An abandoned deal's payments undone: `chips` per seat is what each gets back."""

    deal: int
    chips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    """`chips`: the game's totals per seat."""

    chips: tuple[int, ...]
    abandoned: bool = False


GleekEvent: TypeAlias = (
    FirstDealerDrawn
    | Dealt
    | TurnUpPaid
    | HonourTurnedUp
    | BidMade
    | BidPassed
    | StockBought
    | Discarded
    | StockTaken
    | Vied
    | PotTaken
    | NoRuff
    | GleekShown
    | TricksBegun
    | CardPlayed
    | TrickWon
    | DealScored
    | DealVoided
    | GameEnded
)

EVENT_TYPES: Final[tuple[type[GleekEvent], ...]] = (
    FirstDealerDrawn,
    Dealt,
    TurnUpPaid,
    HonourTurnedUp,
    BidMade,
    BidPassed,
    StockBought,
    Discarded,
    StockTaken,
    Vied,
    PotTaken,
    NoRuff,
    GleekShown,
    TricksBegun,
    CardPlayed,
    TrickWon,
    DealScored,
    DealVoided,
    GameEnded,
)


# -- storing --------------------------------------------------------------------------------
# Cards are stored as the replies write them (`Q♥`, `10♠`): readable in the store, and
# `parse_card` reads them back.

Data = Mapping[str, Json]


def _int(data: Data, name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return value


def _bool(data: Data, name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r}")
    return value


def _list(data: Data, name: str) -> list[Json]:
    value = data.get(name)
    if not isinstance(value, list):
        raise ValueError(f"{name} must be a list, not {value!r}")
    return value


def _ints(data: Data, name: str) -> tuple[int, ...]:
    return tuple(_int({name: v}, name) for v in _list(data, name))


def _card_of(value: Json) -> Card:
    if not isinstance(value, str):
        raise ValueError(f"a card is stored as text, not {value!r}")
    return parse_card(value)


def _card(data: Data, name: str) -> Card:
    return _card_of(data.get(name))


def _cards(data: Data, name: str) -> tuple[Card, ...]:
    return tuple(_card_of(v) for v in _list(data, name))


def _hands(data: Data, name: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(_cards({name: h}, name) for h in _list(data, name))


def _action(data: Data) -> VieAction:
    value = data.get("action")
    for action in VIE_ACTIONS:
        if value == action:
            return action
    raise ValueError(f"unknown vie action {value!r}")


def _ruff(value: Json) -> Ruff:
    if not isinstance(value, dict):
        raise ValueError(f"a ruff is stored as an object, not {value!r}")
    suit = value.get("suit")
    if suit is not None and not isinstance(suit, str):
        raise ValueError(f"a suit is stored as text, not {suit!r}")
    return Ruff(
        _int(value, "seat"),
        None if suit is None else Suit(suit),
        _cards(value, "cards"),
        _int(value, "value"),
        _bool(value, "four_aces"),
    )


_DECODERS: Final[dict[str, Callable[[Data], GleekEvent]]] = {
    "FirstDealerDrawn": lambda d: FirstDealerDrawn(_int(d, "seat")),
    "Dealt": lambda d: Dealt(
        _int(d, "deal"),
        _int(d, "dealer"),
        _hands(d, "hands"),
        _cards(d, "stock"),
        _int(d, "ruff_stake"),
    ),
    "TurnUpPaid": lambda d: TurnUpPaid(_int(d, "dealer"), _card(d, "card"), _int(d, "amount")),
    "HonourTurnedUp": lambda d: HonourTurnedUp(
        _int(d, "dealer"), _card(d, "card"), _int(d, "points")
    ),
    "BidMade": lambda d: BidMade(_int(d, "seat"), _int(d, "amount"), _bool(d, "forced")),
    "BidPassed": lambda d: BidPassed(_int(d, "seat"), _bool(d, "timed_out")),
    "StockBought": lambda d: StockBought(_int(d, "buyer"), _int(d, "price"), _ints(d, "payments")),
    "Discarded": lambda d: Discarded(_int(d, "seat"), _cards(d, "cards"), _bool(d, "timed_out")),
    "StockTaken": lambda d: StockTaken(_int(d, "seat"), _cards(d, "cards")),
    "Vied": lambda d: Vied(_int(d, "seat"), _action(d), _int(d, "chips"), _bool(d, "timed_out")),
    "PotTaken": lambda d: PotTaken(
        _int(d, "seat"), _int(d, "pot"), tuple(_ruff(r) for r in _list(d, "shown"))
    ),
    "NoRuff": lambda d: NoRuff(),
    "GleekShown": lambda d: GleekShown(
        _int(d, "seat"), _int(d, "rank"), _cards(d, "cards"), _int(d, "amount")
    ),
    "TricksBegun": lambda d: TricksBegun(_int(d, "leader")),
    "CardPlayed": lambda d: CardPlayed(
        _int(d, "seat"),
        _card(d, "card"),
        _int(d, "honour"),
        _int(d, "low_trump"),
        _bool(d, "timed_out"),
    ),
    "TrickWon": lambda d: TrickWon(_int(d, "seat"), _int(d, "number")),
    "DealScored": lambda d: DealScored(
        _int(d, "deal"), _ints(d, "points"), _ints(d, "settlement"), _ints(d, "chips")
    ),
    "DealVoided": lambda d: DealVoided(_int(d, "deal"), _ints(d, "chips")),
    "GameEnded": lambda d: GameEnded(_ints(d, "chips"), _bool(d, "abandoned")),
}


def json_cards(cards: Iterable[Card]) -> list[Json]:
    """Cards as a JSON list of their texts (`["Q♥", "10♠"]`)."""
    return [card_text(c) for c in cards]


def json_ints(values: Iterable[int]) -> list[Json]:
    return list(values)


def plain(value: object) -> Json:
    """A field as JSON: cards as text, tuples as lists, nested records as objects."""
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    return cast(Json, value)


VERSION: Final = 1
"""The codec version Gleek writes its events in."""


def upcast(stored: Encoded) -> Encoded:
    """A stored Gleek event brought to `VERSION`, the one `decode` reads. Version 1 is the
    only one written so far: it is read as it is. A later version adds its step here, from
    the version before it, and keeps every earlier step."""
    return written_by_this_release("Gleek", stored, VERSION)


class GleekCodec:
    """Gleek's events as plain data: the class name as the type, fields as JSON."""

    version = VERSION

    def encode(self, event: GleekEvent) -> Encoded:
        data = {f.name: plain(getattr(event, f.name)) for f in fields(event)}
        return Encoded(type(event).__name__, data, self.version)

    def decode(self, stored: Encoded) -> GleekEvent:
        stored = upcast(stored)
        decoder = _DECODERS.get(stored.type)
        if decoder is None:
            raise ValueError(f"unknown Gleek event type {stored.type!r}")
        return decoder(stored.data)
