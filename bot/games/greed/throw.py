"""What one throw is worth: greed out, sweep, the best take for each number of dice set aside."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import product

from bot.games.greed.faces import Face, counts
from bot.games.greed.scoring import Combination, Counts, best_split, counts_to_faces

MAX_DICE = 6


@dataclass(frozen=True, slots=True)
class Take:
    """Dice set aside from one throw: every one of them part of a combination."""

    count: int
    dice: tuple[Face, ...]
    points: int
    combinations: tuple[Combination, ...]


@dataclass(frozen=True, slots=True)
class ThrowAnalysis:
    """Everything the rules say about one throw, independent of the turn it is in."""

    faces: tuple[Face, ...]
    takes: tuple[Take, ...]
    """The best take for each number of dice that can be set aside, fewest dice first."""

    @property
    def dice(self) -> int:
        return len(self.faces)

    @property
    def greed_out(self) -> bool:
        return not self.takes

    @property
    def sweep(self) -> bool:
        """Every die of the throw scores at once."""
        return bool(self.takes) and self.takes[-1].count == len(self.faces)

    @property
    def legal_takes(self) -> tuple[Take, ...]:
        """The takes the player may choose: after a sweep only all the dice."""
        return self.takes[-1:] if self.sweep else self.takes

    @property
    def best_take(self) -> Take | None:
        """The take a Turn End banks (or a sweep forces): most points, then fewest dice."""
        return _best_take(self.takes)

    @property
    def legal_next_counts(self) -> tuple[int, ...]:
        """Dice that may be thrown next, ascending: six after a sweep, none after a greed out."""
        if self.sweep:
            return (MAX_DICE,)
        return tuple(sorted(self.dice - take.count for take in self.takes))

    def take_for_next(self, dice: int) -> Take | None:
        """The take implied by throwing `dice` next, or None if that count is not legal."""
        if self.sweep:
            return None
        wanted = self.dice - dice
        for take in self.takes:
            if take.count == wanted:
                return take
        return None


def analyse(faces: Iterable[Face]) -> ThrowAnalysis:
    """Analyse a throw of 1 to 6 dice. Raises ValueError for any other number of dice."""
    key = tuple(faces)
    found = _ANALYSES.get(key)
    if found is None:
        if not 1 <= len(key) <= MAX_DICE:
            raise ValueError(f"a throw has 1 to {MAX_DICE} dice, not {len(key)}")
        found = ThrowAnalysis(key, takes_of(counts(key)))
        _ANALYSES[key] = found
    return found


# Keyed by the ordered faces: at most 55,986 throws exist, so the cache stays bounded and
# every throw after the first of its kind costs one dictionary lookup.
_ANALYSES: dict[tuple[Face, ...], ThrowAnalysis] = {}


@cache
def takes_of(throw: Counts) -> tuple[Take, ...]:
    """The best-scoring take of each size that these dice allow, fewest dice first."""
    best: dict[int, Take] = {}
    for sub in _sub_counts(throw):
        split = best_split(sub)
        if split is None:
            continue
        size = sum(sub)
        current = best.get(size)
        if current is None or split.points > current.points:
            best[size] = Take(size, counts_to_faces(sub), split.points, split.combinations)
    return tuple(best[size] for size in sorted(best))


def _sub_counts(throw: Counts) -> Iterator[Counts]:
    for sub in product(*(range(n + 1) for n in throw)):
        if any(sub):
            yield sub  # type: ignore[misc]


def _best_take(takes: tuple[Take, ...]) -> Take | None:
    best: Take | None = None
    for take in takes:
        if best is None or take.points > best.points:
            best = take
    return best
