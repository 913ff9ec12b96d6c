"""Exact chances of a Ducks roll with fair dice (ducks.md §8), counted over every roll.

A roll of n white dice with the Boss has 6^(n+1) equally likely outcomes; each is checked
with the same `promotions` the table uses, so the chances cannot drift from the rules.
Rolling on without promoting costs one white die per roll, so the chance of busting before
the next promotion is the chance of no promotion now times that of n − 1 dice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from bot.games.ducks.scoring import FACES, WHITE_DICE, promotions


@dataclass(frozen=True, slots=True)
class Chances:
    """What a roll of `dice` white dice (and the Boss) allows."""

    dice: int
    promotion: Fraction
    """Any legal promotion."""
    match: Fraction
    """A white die equal to the Boss."""
    sum: Fraction
    """Two or more white dice totalling the Boss."""
    bust: Fraction
    """Busting before the next promotion, rolling on until one comes or no die is left."""


def _rolls(dice: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of `dice` white faces with the number of ordered rolls that show it."""
    found = []
    for whites in combinations_with_replacement(FACES, dice):
        ways = factorial(dice) // prod(factorial(c) for c in Counter(whites).values())
        found.append((whites, ways))
    return found


@cache
def chances(dice: int) -> Chances:
    """The chances for `dice` white dice, 0 to 5 (0: nothing can be rolled, a sure bust)."""
    if not 0 <= dice <= WHITE_DICE:
        raise ValueError(f"a roll has 0 to {WHITE_DICE} white dice, not {dice}")
    if dice == 0:
        return Chances(0, Fraction(0), Fraction(0), Fraction(0), Fraction(1))
    any_ = match = sum_ = 0
    for boss in FACES:
        for whites, ways in _rolls(dice):
            found = promotions(boss, whites)
            if found:
                any_ += ways
            if boss in whites:
                match += ways
            if any(len(p) >= 2 and boss not in p for p in found):
                sum_ += ways
    total = len(FACES) ** (dice + 1)
    promotion = Fraction(any_, total)
    bust = (1 - promotion) * chances(dice - 1).bust
    return Chances(dice, promotion, Fraction(match, total), Fraction(sum_, total), bust)


def chance_table() -> tuple[Chances, ...]:
    """§8's table: 1 to 5 white dice."""
    return tuple(chances(n) for n in range(1, WHITE_DICE + 1))
