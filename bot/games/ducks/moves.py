"""What a player asks for at a Ducks table (ducks.md §2, §5): the moves, in the imperative."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the Boss and every white die still in play (`[[ducks]]`)."""


@dataclass(frozen=True, slots=True)
class Promote:
    """Promote these faces of the last roll's white dice into the bucket (`昇格 2 3`)."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline every promotion of the last roll: a white die is set aside (`パス`)."""


@dataclass(frozen=True, slots=True)
class Stop:
    """End the turn with the bucket as the round's hand (`ストップ`)."""


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the table after the start: the seat's turns become goose eggs."""


DuckMove = Roll | Promote | Pass | Stop | Leave
