"""Exact chances of a throw and the expected turn score under optimal play (official rules).

The expected score is computed by backward induction over (dice to throw, turn points):
every move adds points, so a position only depends on positions with more points, and one
pass from the top down is exact. Above `cap` points a player stops at the first chance
(the risk of losing the turn outweighs any gain there), which makes the value linear in the
points and closes the recursion without truncation error.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from bot.games.greed.rules import DEFAULT_THRESHOLD
from bot.games.greed.scoring import Counts
from bot.games.greed.throw import MAX_DICE, Take, ThrowAnalysis, takes_of

STEP = 50
"""Every score is a multiple of 50, so turn points are indexed in steps of 50."""
DEFAULT_CAP = 10_000


@dataclass(frozen=True, slots=True)
class ThrowChances:
    dice: int
    greed_out: Fraction
    sweep: Fraction


@dataclass(frozen=True, slots=True)
class _Outcome:
    """A class of throws that play the same way, with its total probability."""

    probability: float
    sweep_gain: int | None
    """Points of a sweep, in steps; None when the throw does not sweep (or greed out)."""
    best_gain: int
    """Points of the best take, in steps (what a Turn End banks)."""
    options: tuple[tuple[int, int], ...]
    """(dice thrown next, points of the take, in steps) for every legal take."""


@cache
def chances(dice: int) -> ThrowChances:
    """Exact chances that a throw of `dice` dice is a greed out or a sweep."""
    if not 1 <= dice <= MAX_DICE:
        raise ValueError(f"a throw has 1 to {MAX_DICE} dice, not {dice}")
    greed_out = sweep = 0
    for throw, ways in _throws(dice):
        takes = takes_of(throw)
        if not takes:
            greed_out += ways
        elif takes[-1].count == dice:
            sweep += ways
    total = 6**dice
    return ThrowChances(dice, Fraction(greed_out, total), Fraction(sweep, total))


def chance_table() -> tuple[ThrowChances, ...]:
    return tuple(chances(n) for n in range(1, MAX_DICE + 1))


def _throws(dice: int) -> list[tuple[Counts, int]]:
    """Every multiset of `dice` faces with the number of ordered throws that show it."""
    found = []
    for combo in combinations_with_replacement(range(6), dice):
        counts = tuple(combo.count(face) for face in range(6))
        ways = factorial(dice) // prod(factorial(c) for c in counts)
        found.append((counts, ways))
    return found  # type: ignore[return-value]


@cache
def _outcomes(dice: int) -> tuple[_Outcome, ...]:
    grouped: dict[tuple[int | None, int, tuple[tuple[int, int], ...]], int] = defaultdict(int)
    for throw, ways in _throws(dice):
        takes = takes_of(throw)
        if not takes:
            continue  # a greed out is worth 0: it adds nothing to an expectation
        best = max(take.points for take in takes) // STEP
        if takes[-1].count == dice:
            grouped[(takes[-1].points // STEP, best, ())] += ways
        else:
            options = tuple((dice - t.count, t.points // STEP) for t in takes)
            grouped[(None, best, options)] += ways
    total = 6**dice
    return tuple(
        _Outcome(ways / total, sweep, best, options)
        for (sweep, best, options), ways in grouped.items()
    )


@dataclass(frozen=True, slots=True)
class TakeValue:
    take: Take
    dice_next: int
    value: float
    """Expected final turn score after this take, playing on optimally."""


@dataclass(frozen=True, slots=True)
class ThrowAdvice:
    takes: tuple[TakeValue, ...]
    turn_end: float | None
    """What Turn End banks, or None when it is not allowed."""
    sweep_value: float | None
    """Expected final score after a forced lap, when the throw swept."""

    @property
    def best(self) -> TakeValue | None:
        return max(self.takes, key=lambda t: t.value, default=None)

    @property
    def advice(self) -> str:
        """`roll` or `stop`: `stop` only when Turn End is allowed and worth at least as much."""
        best = self.best
        if self.turn_end is not None and (best is None or self.turn_end >= best.value):
            return "stop"
        return "roll"


class OddsTable:
    """Expected final turn scores for every (dice, turn points) position, official rules."""

    def __init__(self, threshold: int = DEFAULT_THRESHOLD, cap: int = DEFAULT_CAP) -> None:
        self.threshold = threshold
        self.cap_steps = cap // STEP
        self._outcomes = {n: _outcomes(n) for n in range(1, MAX_DICE + 1)}
        self._slope, self._intercept = self._tail()
        self._opened: dict[int, list[float]] = {}
        self._closed: dict[int, list[float]] = {}
        # The opened table first: closed positions lead into it once past the threshold.
        self._fill(self._opened, opened=True)
        self._fill(self._closed, opened=False)

    # -- lookups -------------------------------------------------------------------------

    def ev_roll(self, dice: int, points: int, opened: bool = True) -> float:
        """Expected final turn score if the player throws `dice` dice now holding `points`."""
        if not 1 <= dice <= MAX_DICE:
            raise ValueError(f"a throw has 1 to {MAX_DICE} dice, not {dice}")
        if points < 0:
            raise ValueError("points cannot be negative")
        steps, extra = divmod(points, STEP)
        if extra:
            raise ValueError(f"turn points come in steps of {STEP}")
        return self._value(dice, steps, opened)

    def can_stop(self, points: int, opened: bool = True) -> bool:
        return opened or points >= self.threshold

    def advice(self, dice: int, points: int, opened: bool = True) -> str:
        """`roll` or `stop` for a player who may throw `dice` dice or end with `points`."""
        if not self.can_stop(points, opened):
            return "roll"
        return "roll" if self.ev_roll(dice, points, opened) > points else "stop"

    def after_throw(self, throw: ThrowAnalysis, points: int, opened: bool = True) -> ThrowAdvice:
        """The value of each legal take of `throw` versus Turn End, `points` secured before it."""
        if throw.greed_out:
            return ThrowAdvice((), None, None)
        best = throw.best_take
        assert best is not None
        if throw.sweep:
            return ThrowAdvice((), None, self.ev_roll(MAX_DICE, points + best.points, opened))
        takes = tuple(
            TakeValue(
                take,
                throw.dice - take.count,
                self.ev_roll(throw.dice - take.count, points + take.points, opened),
            )
            for take in throw.takes
        )
        end = points + best.points
        return ThrowAdvice(takes, end if self.can_stop(end, opened) else None, None)

    # -- building ------------------------------------------------------------------------

    def _value(self, dice: int, steps: int, opened: bool) -> float:
        if steps > self.cap_steps:
            return self._slope[dice] * steps * STEP + self._intercept[dice]
        if not opened and steps * STEP < self.threshold:
            return self._closed[dice][steps]
        return self._opened[dice][steps]

    def _tail(self) -> tuple[dict[int, float], dict[int, float]]:
        """V(n, t) = a_n t + b_n when the player stops at every chance (high points)."""
        six = self._outcomes[MAX_DICE]
        p_sweep = sum(o.probability for o in six if o.sweep_gain is not None)
        a6 = sum(o.probability for o in six if o.sweep_gain is None) / (1 - p_sweep)
        b6 = sum(
            o.probability * STEP * (o.best_gain if o.sweep_gain is None else a6 * o.sweep_gain)
            for o in six
        ) / (1 - p_sweep)
        slope, intercept = {}, {}
        for n, outcomes in self._outcomes.items():
            a = b = 0.0
            for o in outcomes:
                if o.sweep_gain is None:
                    a += o.probability
                    b += o.probability * o.best_gain * STEP
                else:
                    a += o.probability * a6
                    b += o.probability * (a6 * o.sweep_gain * STEP + b6)
            slope[n], intercept[n] = a, b
        return slope, intercept

    def _fill(self, table: dict[int, list[float]], opened: bool) -> None:
        # Closed (day not opened) positions differ only below the threshold; above it a
        # player may stop exactly as in an opened day.
        top = self.cap_steps if opened else min(self.cap_steps, -(-self.threshold // STEP) - 1)
        table.update({n: [0.0] * (top + 1) for n in self._outcomes})
        threshold = self.threshold
        value = self._value
        for steps in range(top, -1, -1):
            points = steps * STEP
            for n, outcomes in self._outcomes.items():
                total = 0.0
                for o in outcomes:
                    if o.sweep_gain is not None:
                        total += o.probability * value(MAX_DICE, steps + o.sweep_gain, opened)
                        continue
                    best = 0.0
                    if opened or points + o.best_gain * STEP >= threshold:
                        best = points + o.best_gain * STEP
                    for dice_next, gain in o.options:
                        v = value(dice_next, steps + gain, opened)
                        if v > best:
                            best = v
                    total += o.probability * best
                table[n][steps] = total


@cache
def table_for(threshold: int) -> OddsTable:
    """The table for a threshold, built once per process (about 50 ms)."""
    return OddsTable(threshold=threshold)


def default_table() -> OddsTable:
    return table_for(DEFAULT_THRESHOLD)
