"""What a player asks for at a Gleek table (gleek.md §5): the moves, in the imperative.

`Pass` serves both the auction (drop out of the bidding) and the vie (drop out of the ruff);
the phase says which.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.gleek.cards import Card


@dataclass(frozen=True, slots=True)
class Bid:
    """Raise the bid for the stock to `amount` (`/gleek bid 13`)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Drop out of the auction or of the vie, for the rest of it (`/gleek pass`)."""


@dataclass(frozen=True, slots=True)
class Discard:
    """The buyer lays away these 7 cards and takes the stock (`/gleek discard …`)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Vie:
    """Open the vie for the ruff with the stake (`/gleek vie`)."""


@dataclass(frozen=True, slots=True)
class See:
    """Bring one's bet up to the highest (`/gleek see`)."""


@dataclass(frozen=True, slots=True)
class Raise:
    """Bet the highest plus the stake (`/gleek raise`)."""


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card to the trick (`/gleek play QH`)."""

    card: Card


GleekMove = Bid | Pass | Discard | Vie | See | Raise | PlayCard

MOVE_NAMES: dict[type[GleekMove], str] = {
    Bid: "bid",
    Pass: "pass",
    Discard: "discard",
    Vie: "vie",
    See: "see",
    Raise: "raise",
    PlayCard: "play",
}
"""A move's command name, as refusals list what is legal."""
