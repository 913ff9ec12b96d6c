"""Category counts and Pearson's chi-square test of whether they look uniform, in plain Python.

Generic over the categories: the caller passes its outcomes and the list of all of them (a die's
faces, a deck's cards), so the test knows no game.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Uniformity", "chi_square_p_value", "counts", "gamma_q", "uniformity"]

T = TypeVar("T", bound=Hashable)

_EPS = 1e-16
# Keeps the continued fraction's denominators away from zero (Lentz's method).
_TINY = 1e-300
_MAX_ITERATIONS = 10_000


def counts(values: Iterable[T], categories: Sequence[T]) -> dict[T, int]:
    """How many times each category came up; every category is a key, in the given order.

    Raises ValueError for a value that is not one of the categories, or categories that repeat.
    """
    tally = dict.fromkeys(categories, 0)
    if len(tally) != len(categories):
        raise ValueError("the categories repeat")
    for value in values:
        if value not in tally:
            raise ValueError(f"{value!r} is not one of the categories")
        tally[value] += 1
    return tally


def _prefactor(s: float, x: float) -> float:
    # x^s e^-x / Γ(s), in logs so that large s or x does not overflow.
    return math.exp(s * math.log(x) - x - math.lgamma(s))


def _lower_series(s: float, x: float) -> float:
    """P(s, x) by its power series; converges fast for x < s + 1."""
    term = 1.0 / s
    total = term
    a = s
    for _ in range(_MAX_ITERATIONS):
        a += 1.0
        term *= x / a
        total += term
        if abs(term) < abs(total) * _EPS:
            return total * _prefactor(s, x)
    raise ArithmeticError(f"the series for P({s}, {x}) did not converge")


def _upper_fraction(s: float, x: float) -> float:
    """Q(s, x) by its continued fraction (modified Lentz); converges fast for x ≥ s + 1."""
    b = x + 1.0 - s
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITERATIONS):
        an = -i * (i - s)
        b += 2.0
        d = an * d + b
        if abs(d) < _TINY:
            d = _TINY
        c = b + an / c
        if abs(c) < _TINY:
            c = _TINY
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            return h * _prefactor(s, x)
    raise ArithmeticError(f"the continued fraction for Q({s}, {x}) did not converge")


def gamma_q(s: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(s, x) = Γ(s, x) / Γ(s)."""
    if not s > 0 or math.isinf(s):
        raise ValueError(f"Q(s, x) needs a finite s > 0, not {s}")
    if not x >= 0:
        raise ValueError(f"Q(s, x) needs x ≥ 0, not {x}")
    if x == 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    if x < s + 1.0:
        return 1.0 - _lower_series(s, x)
    return _upper_fraction(s, x)


def chi_square_p_value(chi_square: float, degrees_of_freedom: int) -> float:
    """The upper tail of the chi-square distribution: P(X ≥ chi_square)."""
    if degrees_of_freedom < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {degrees_of_freedom}")
    if chi_square <= 0:
        return 1.0
    return gamma_q(degrees_of_freedom / 2.0, chi_square / 2.0)


@dataclass(frozen=True)
class Uniformity(Generic[T]):
    """Pearson's chi-square test of category counts against equally likely categories.

    `p_value` is the chance that a fair source would look at least this uneven.
    """

    counts: dict[T, int]
    total: int
    chi_square: float
    degrees_of_freedom: int
    p_value: float


def uniformity(values: Iterable[T], categories: Sequence[T]) -> Uniformity[T]:
    """Count the values and test them against equal expected counts (k − 1 degrees of freedom
    for k categories; at least two are needed). Raises ValueError as `counts` does."""
    k = len(categories)
    if k < 2:
        raise ValueError(f"a uniformity test needs at least 2 categories, not {k}")
    tally = counts(values, categories)
    total = sum(tally.values())
    df = k - 1
    if total == 0:
        return Uniformity(tally, 0, 0.0, df, 1.0)
    # Σ (c - T/k)² / (T/k) = Σ (kc - T)² / kT: integer arithmetic until the one division.
    numerator = sum((k * c - total) ** 2 for c in tally.values())
    chi_square = numerator / (k * total)
    return Uniformity(tally, total, chi_square, df, chi_square_p_value(chi_square, df))
