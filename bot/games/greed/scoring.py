"""Combinations (役) and the value of a set of dice at its best split (greed.md §2)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache

from bot.games.greed.faces import FACES, Face

Counts = tuple[int, int, int, int, int, int]
"""How many dice show each face, in the order `$ G R Eg Eb D`."""


@dataclass(frozen=True, slots=True)
class CombinationKind:
    key: str
    points: int
    needs: Counts


class Combination(enum.Enum):
    """A scoring combination. `key` names it in message catalogues and JSON."""

    SIX_DOLLAR = CombinationKind("six_of_a_kind", 5000, (6, 0, 0, 0, 0, 0))
    SIX_G = CombinationKind("six_of_a_kind", 5000, (0, 6, 0, 0, 0, 0))
    SIX_R = CombinationKind("six_of_a_kind", 5000, (0, 0, 6, 0, 0, 0))
    SIX_E_GREEN = CombinationKind("six_of_a_kind", 5000, (0, 0, 0, 6, 0, 0))
    SIX_E_BLACK = CombinationKind("six_of_a_kind", 5000, (0, 0, 0, 0, 6, 0))
    SIX_D = CombinationKind("six_of_a_kind", 5000, (0, 0, 0, 0, 0, 6))
    GREED = CombinationKind("greed", 1000, (1, 1, 1, 1, 1, 1))
    DIAMOND = CombinationKind("diamond", 1000, (0, 0, 0, 0, 0, 4))
    SILVER = CombinationKind("silver", 600, (3, 0, 0, 0, 0, 0))
    GOLD = CombinationKind("gold", 500, (0, 3, 0, 0, 0, 0))
    RUBY = CombinationKind("ruby", 400, (0, 0, 3, 0, 0, 0))
    EMERALD = CombinationKind("emerald", 300, (0, 0, 0, 3, 0, 0))
    EBONY = CombinationKind("ebony", 300, (0, 0, 0, 0, 3, 0))
    SINGLE_D = CombinationKind("single_d", 100, (0, 0, 0, 0, 0, 1))
    SINGLE_G = CombinationKind("single_g", 50, (0, 1, 0, 0, 0, 0))

    @property
    def key(self) -> str:
        return self.value.key

    @property
    def points(self) -> int:
        return self.value.points

    @property
    def needs(self) -> Counts:
        return self.value.needs

    @property
    def dice(self) -> tuple[Face, ...]:
        return counts_to_faces(self.needs)


@dataclass(frozen=True, slots=True)
class Split:
    """A way to use every die of a set in combinations, and what it scores."""

    points: int
    combinations: tuple[Combination, ...]


def counts_to_faces(counts: Counts) -> tuple[Face, ...]:
    """The dice of a count vector, in canonical order."""
    return tuple(face for face, n in zip(FACES, counts, strict=True) for _ in range(n))


@cache
def best_split(counts: Counts) -> Split | None:
    """The highest-scoring split of these dice into combinations using every die, if any.

    There are only 924 count vectors of up to six dice, so memoising makes every later
    call a dictionary lookup.
    """
    if not any(counts):
        return Split(0, ())
    best: Split | None = None
    for combination in Combination:
        rest = _minus(counts, combination.needs)
        if rest is None:
            continue
        tail = best_split(rest)
        if tail is None:
            continue
        points = combination.points + tail.points
        if best is None or points > best.points:
            best = Split(points, _sorted_combinations((combination, *tail.combinations)))
    return best


def score(counts: Counts) -> int | None:
    """Points of these dice at their best split, or None if some die cannot score."""
    split = best_split(counts)
    return None if split is None else split.points


def _minus(counts: Counts, needs: Counts) -> Counts | None:
    rest = tuple(c - n for c, n in zip(counts, needs, strict=True))
    if min(rest) < 0:
        return None
    return rest  # type: ignore[return-value]


_ORDER = {combination: i for i, combination in enumerate(Combination)}


def _sorted_combinations(combinations: tuple[Combination, ...]) -> tuple[Combination, ...]:
    # Biggest combination first, as a player reads a take aloud ("RRR400+D100+GG100").
    return tuple(sorted(combinations, key=_ORDER.__getitem__))
