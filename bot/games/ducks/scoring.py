"""Ducks in a Bucket on dice alone: promotions, hands and a round's points (ducks.md §2–§4).

Faces are the numbers 1–6. Nothing here knows about seats, turns or time: the table asks
these questions of the dice it has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Final

FACES: Final = range(1, 7)
WHITE_DICE: Final = 5
WILD: Final = 2
"""A 2 in the bucket is a wild duck when the table plays `wild:on`."""

Promotion = tuple[int, ...]
"""White dice's faces promoted together, ascending."""


# -- promotions (§2) ---------------------------------------------------------------------------


def promotions(boss: int, whites: Sequence[int]) -> tuple[Promotion, ...]:
    """Every distinct legal promotion of a roll: fewer dice first, then by faces."""
    found: set[Promotion] = set()
    for k in range(1, whites.count(boss) + 1):
        found.add((boss,) * k)
    ordered = sorted(whites)
    for size in range(2, len(ordered) + 1):
        for dice in combinations(ordered, size):
            if sum(dice) == boss:
                found.add(dice)
    return tuple(sorted(found, key=lambda p: (len(p), p)))


def promotion_text(values: Sequence[int]) -> str:
    """A promotion as the replies write it: `2+3`."""
    return "+".join(str(v) for v in sorted(values))


class Refusal:
    """Why a named promotion is not legal (the `reason` of a refused promotion)."""

    EMPTY: Final = "empty"
    NOT_ROLLED: Final = "not_rolled"
    """A value not rolled, or named more often than it was rolled."""
    SINGLE_NOT_BOSS: Final = "single_not_boss"
    MIXED: Final = "mixed"
    """Dice equal to the Boss together with others: neither a match nor a sum."""
    NOT_SUM: Final = "not_sum"
    """Two or more dice, none equal to the Boss, that do not total it."""


def refusal(boss: int, whites: Sequence[int], values: Sequence[int]) -> str | None:
    """Why promoting `values` from this roll is refused, or None when it is legal."""
    if not values:
        return Refusal.EMPTY
    named, rolled = Counter(values), Counter(whites)
    if any(count > rolled[value] for value, count in named.items()):
        return Refusal.NOT_ROLLED
    if all(value == boss for value in values):
        return None
    if len(values) == 1:
        return Refusal.SINGLE_NOT_BOSS
    if boss in named:
        return Refusal.MIXED
    return None if sum(values) == boss else Refusal.NOT_SUM


# -- hands (§3) --------------------------------------------------------------------------------

CATEGORIES: Final = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "full_house",
    "straight",
    "four_of_a_kind",
    "five_of_a_kind",
)
"""Weakest first: a category's index is its rank."""

_STRAIGHTS: Final = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


@dataclass(frozen=True, slots=True)
class Hand:
    """What a bucket makes: its category, §3's value list and each die's value."""

    category: str
    values: tuple[int, ...]
    """Values by how often each occurs, then by value, highest first, padded with 0 to five."""
    dice: tuple[int, ...]
    """The value each bucket die counts as, in bucket order (a wild 2 resolved)."""

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        """Compare hands by this: category first, then the value list."""
        return CATEGORIES.index(self.category), self.values


def _plain_hand(dice: tuple[int, ...]) -> Hand:
    counts = Counter(dice)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 5:
        category = "five_of_a_kind"
    elif shape[0] == 4:
        category = "four_of_a_kind"
    elif tuple(sorted(dice)) in _STRAIGHTS:
        category = "straight"
    elif shape[:2] == [3, 2]:
        category = "full_house"
    elif shape[0] == 3:
        category = "three_of_a_kind"
    elif shape[:2] == [2, 2]:
        category = "two_pair"
    elif shape[0] == 2:
        category = "one_pair"
    else:
        category = "high_card"
    ordered = sorted(dice, key=lambda v: (-counts[v], -v))
    values = tuple(ordered) + (0,) * (WHITE_DICE - len(ordered))
    return Hand(category, values, dice)


@cache
def hand(bucket: tuple[int, ...], wild: bool) -> Hand | None:
    """The best hand of a bucket, or None for an empty one (a goose egg)."""
    if not bucket:
        return None
    wilds = [i for i, face in enumerate(bucket) if wild and face == WILD]
    best = _plain_hand(bucket)
    # Higher values are tried first, so among equal best hands the earlier 2s take the higher
    # values: one fixed answer for how a hand is written (`2→5+2+3+4+6`).
    for choice in product(range(6, 0, -1), repeat=len(wilds)):
        dice = list(bucket)
        for i, value in zip(wilds, choice, strict=True):
            dice[i] = value
        candidate = _plain_hand(tuple(dice))
        if candidate.key > best.key:
            best = candidate
    return best


# -- a round's points (§4) ---------------------------------------------------------------------


def round_points(seats: int, turns: Sequence[tuple[int, Hand | None]]) -> tuple[int, ...]:
    """Points per seat from `turns`, each (seat, hand) in the order the turns were played.

    The best hand scores `seats`, the next one less, and so on; equal hands rank by the earlier
    turn. A goose egg, and a seat with no turn (it left the table), scores 0.
    """
    made = [(h.key, -order, seat) for order, (seat, h) in enumerate(turns) if h is not None]
    made.sort(reverse=True)
    points = [0] * seats
    for rank, (_, _, seat) in enumerate(made):
        points[seat] = seats - rank
    return tuple(points)
