"""The best result of each action on the dice a player holds (regidice.md §3.3, §4).

Nothing here knows about rounds or steps: the rules ask these questions of pips. Attack, block
and heal depend only on how many dice show each pip, so each is a search over the 6 counts
(`Counts`, index 0 for pip 1), memoised: the same counts come up again and again, in a round
(every attacker, every pass checked) and across the simulated games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from bot.games.regidice.dice import PIPS, Colour

Counts = tuple[int, int, int, int, int, int]
"""How many dice show 1, 2, …, 6."""

SPELL_ORDER: Final[tuple[Colour, ...]] = (Colour.BLACK, Colour.RED, Colour.BLUE, Colour.YELLOW)
"""§3.3: a Cast's colour when `colour:` names none and the declared colour cannot be cast."""

ENEMY_DICE: Final[tuple[int, ...]] = (3, 4, 5)
"""Enemy 1, 2, 3 have this many black dice."""
MIN_RUN: Final = 3


def counts(pips: Iterable[int]) -> Counts:
    # A plain list tally: this runs for every result and every pass checked, and a Counter
    # costs several times more for six values.
    c = [0] * 7
    for p in pips:
        c[p] += 1
    return (c[1], c[2], c[3], c[4], c[5], c[6])


def _minus(c: Counts, used: Sequence[int]) -> Counts:
    return (
        c[0] - used[0],
        c[1] - used[1],
        c[2] - used[2],
        c[3] - used[3],
        c[4] - used[4],
        c[5] - used[5],
    )


# -- attack -----------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _compositions(defence: int) -> tuple[Counts, ...]:
    """Every multiset of pips summing to `defence`, as counts."""
    found: list[Counts] = []

    def walk(left: int, top: int, acc: list[int]) -> None:
        if left == 0:
            found.append(counts(acc))
            return
        for p in range(min(top, left), 0, -1):
            acc.append(p)
            walk(left - p, p, acc)
            acc.pop()

    walk(defence, 6, [])
    return tuple(found)


@lru_cache(maxsize=1 << 18)
def _with_top(defence: int, top: int) -> tuple[Counts, ...]:
    """The compositions of `defence` using pip `top` at least once and nothing higher."""
    return tuple(
        m
        for m in _compositions(defence)
        if m[top - 1] > 0 and all(m[p] == 0 for p in range(top, 6))
    )


@lru_cache(maxsize=1 << 20)
def attack_damage(c: Counts, defence: int) -> int:
    """The largest number of disjoint sets of these dice, each summing exactly to `defence`.

    Exact: the highest die showing is either left out or in some set, and that set can use
    nothing higher; either way the rest is the same question on fewer dice. Sets are counted
    against the bound total // defence, so a search stops as soon as it reaches it.
    """
    if defence <= 0:
        return 0
    total = sum(p * n for p, n in zip(PIPS, c, strict=True))
    bound = total // defence
    if bound == 0:
        return 0
    top = max(p for p in PIPS if c[p - 1])
    without = list(c)
    if top > defence:
        without[top - 1] = 0  # a die above the defence is in no set
        return attack_damage(counts_of(without), defence)
    without[top - 1] -= 1
    best = attack_damage(counts_of(without), defence)
    for m in _with_top(defence, top):
        if best >= bound:
            break
        # Written out rather than all(…) over a generator: this test runs millions of times.
        if (
            m[0] <= c[0]
            and m[1] <= c[1]
            and m[2] <= c[2]
            and m[3] <= c[3]
            and m[4] <= c[4]
            and m[5] <= c[5]
        ):
            best = max(best, 1 + attack_damage(_minus(c, m), defence))
    return best


def counts_of(values: Sequence[int]) -> Counts:
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def attack_split(c: Counts, defence: int) -> tuple[tuple[int, ...], ...]:
    """One best split for `attack_damage`: its sets, each as pips from high to low."""
    sets: list[tuple[int, ...]] = []
    left = c
    while (best := attack_damage(left, defence)) > 0:
        top = max(p for p in PIPS if left[p - 1])
        dropped = list(left)
        if top > defence:
            dropped[top - 1] = 0
            left = counts_of(dropped)
            continue
        for m in _with_top(defence, top):
            if all(m[i] <= left[i] for i in range(6)) and (
                1 + attack_damage(_minus(left, m), defence) == best
            ):
                sets.append(tuple(p for p in reversed(PIPS) for _ in range(m[p - 1])))
                left = _minus(left, m)
                break
        else:
            dropped[top - 1] -= 1
            left = counts_of(dropped)
    return tuple(sets)


# -- block ------------------------------------------------------------------------------------


def block_value(c: Counts) -> int:
    """Each pip value held three or more times blocks count − 2; values add up (BR)."""
    return sum(n - 2 for n in c if n >= MIN_RUN)


def block_split(c: Counts) -> tuple[tuple[int, ...], ...]:
    return tuple((p,) * c[p - 1] for p in reversed(PIPS) if c[p - 1] >= MIN_RUN)


# -- heal -------------------------------------------------------------------------------------

_RUNS: Final[tuple[tuple[int, int], ...]] = tuple(
    (a, b) for a in PIPS for b in PIPS if b - a + 1 >= MIN_RUN
)
"""Every run of consecutive pips at least 3 long, as (first, last)."""


def _run_counts(run: tuple[int, int]) -> Counts:
    a, b = run
    return counts(range(a, b + 1))


_RUN_SPANS: Final[tuple[tuple[int, int, int], ...]] = tuple((a - 1, b, b - a - 1) for a, b in _RUNS)
"""Each run as the slice of `Counts` it uses (first index, end index) and what it heals:
a run takes one die of each pip in its slice, so it fits when none of those counts is 0."""


@lru_cache(maxsize=1 << 16)
def heal_value(c: Counts) -> int:
    """The best total of disjoint runs (each of distinct consecutive pips, at least 3 long),
    each healing length − 2: `23456` heals 3, more than `234` + `456`."""
    best = 0
    for first, end, gain in _RUN_SPANS:
        if all(c[first:end]):
            left = list(c)
            for i in range(first, end):
                left[i] -= 1
            best = max(best, gain + heal_value(counts_of(left)))
    return best


def heal_split(c: Counts) -> tuple[tuple[int, ...], ...]:
    """One best split for `heal_value`: its runs, each low to high."""
    runs: list[tuple[int, ...]] = []
    left = c
    while (best := heal_value(left)) > 0:
        for run in _RUNS:
            m = _run_counts(run)
            gain = run[1] - run[0] - 1
            if (
                all(m[i] <= left[i] for i in range(6))
                and gain + heal_value(_minus(left, m)) == best
            ):
                runs.append(tuple(range(run[0], run[1] + 1)))
                left = _minus(left, m)
                break
    return tuple(runs)


# -- cast -------------------------------------------------------------------------------------


def castable(dice: Iterable[tuple[int, Colour]], enemy: Sequence[int]) -> tuple[Colour, ...]:
    """The colours of which these (pips, colour) dice hold the enemy's pips as a multiset."""
    need = Counter(enemy).items()
    have: dict[Colour, list[int]] = {c: [0] * 7 for c in _CAST_COLOURS}
    for p, c in dice:  # one pass over the dice, not one per colour
        have[c][p] += 1
    return tuple(colour for colour in _CAST_COLOURS if all(have[colour][p] >= n for p, n in need))


_CAST_COLOURS: Final = (Colour.RED, Colour.BLUE, Colour.YELLOW, Colour.BLACK)


def spell_colour(
    dice: Iterable[tuple[int, Colour]],
    enemy: Sequence[int],
    chosen: Colour | None,
    declared: Colour | None,
) -> Colour | None:
    """The spell cast: `colour:` if castable, else the declared colour if castable, else
    black, red, blue, yellow (BR); None when no colour is."""
    can = castable(dice, enemy)
    for colour in (chosen, declared, *SPELL_ORDER):
        if colour is not None and colour in can:
            return colour
    return None
