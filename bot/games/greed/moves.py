"""A Greed move on the game API: throw so many dice, or end the turn."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.greed.day import EndTurn


@dataclass(frozen=True, slots=True)
class ThrowDice:
    """Throw this many dice (`[[greed]]` written so many times)."""

    dice: int


GreedMove = ThrowDice | EndTurn
