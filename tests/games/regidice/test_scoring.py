"""The best results against brute force (regidice.md §3.3), and the fair roll and replay
lines (§8)."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.api import ChanceContext, ChanceRequest, Dice
from bot.games.regidice.game import GAME
from bot.games.regidice.roll import fair_value
from bot.games.regidice.scoring import (
    attack_damage,
    attack_split,
    counts,
    heal_split,
    heal_value,
)
from bot.games.regidice.script import check_roll_script, roll_script


def brute_attack(pips: tuple[int, ...], defence: int) -> int:
    """Try every subset summing to the defence as the set with the first die, or drop it."""
    if not pips:
        return 0
    first, rest = pips[0], pips[1:]
    best = brute_attack(rest, defence)
    for size in range(len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in others) == defence:
                left = tuple(p for i, p in enumerate(rest) if i not in others)
                best = max(best, 1 + brute_attack(left, defence))
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=9), st.integers(3, 14))
def test_attack_matches_brute_force(pips: list[int], defence: int) -> None:
    c = counts(pips)
    damage = attack_damage(c, defence)
    assert damage == brute_attack(tuple(pips), defence)
    split = attack_split(c, defence)
    assert len(split) == damage and all(sum(s) == defence for s in split)
    assert counts(p for s in split for p in s) <= c or all(
        a <= b for a, b in zip(counts(p for s in split for p in s), c, strict=True)
    )


def brute_heal(pips: tuple[int, ...]) -> int:
    best = 0
    values = sorted(set(pips))
    for a in values:
        for b in range(a + 2, 7):
            if all(v in pips for v in range(a, b + 1)):
                left = list(pips)
                for v in range(a, b + 1):
                    left.remove(v)
                best = max(best, b - a - 1 + brute_heal(tuple(left)))
    return best


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=12))
def test_heal_matches_brute_force(pips: list[int]) -> None:
    assert heal_value(counts(pips)) == brute_heal(tuple(pips))
    assert sum(len(r) - 2 for r in heal_split(counts(pips))) == heal_value(counts(pips))


def test_heal_best_split() -> None:
    assert heal_value(counts([2, 3, 4, 4, 5, 6])) == 3
    assert heal_split(counts([2, 3, 4, 4, 5, 6])) == ((2, 3, 4, 5, 6),)
    assert heal_value(counts([4, 5, 6])) == 1 and heal_value(counts([1, 2, 3, 4, 5])) == 3


def test_attack_examples_and_speed() -> None:
    assert attack_damage(counts([5]), 5) == 1 and attack_damage(counts([2, 3]), 5) == 1
    assert attack_damage(counts([4, 4, 5]), 13) == 1
    start = time.perf_counter()
    for k in range(30):
        pips = [(k * 7 + i * 5) % 6 + 1 for i in range(40)]
        attack_damage(counts(pips), 3 + k % 28)
    assert time.perf_counter() - start < 5


def test_the_fair_test_vector() -> None:
    seed = bytes(32)
    pips = {d: fair_value(seed, 1, 1, d) + 1 for d in ("R1", "R2", "B1", "Y1", "K1")}
    assert pips == {"R1": 1, "R2": 6, "B1": 1, "Y1": 4, "K1": 2}
    request = ChanceRequest(Dice(6, 3), None, frozenset(), (1, "R1", "R2", "B1"))
    outcome = GAME.fair(seed, ChanceContext(1, 1, 1, 0, 1, 1), request)
    assert outcome == (0, 5, 0)


def test_replay_lines() -> None:
    request = ChanceRequest(Dice(6, 5), None, frozenset(), (1, "R1", "R2", "B1", "R3", "Y3"))
    line = "@dice Bob: 4y 5r | Ann: 3b 6r 1r"
    assert roll_script(line, request, ("Ann", "Bob")) == (5, 0, 2, 4, 3)
    with pytest.raises(ValueError):
        roll_script("@dice Ann: 6r 1r 3y | Bob: 4b 5r", request, ("Ann", "Bob"))
    with pytest.raises(ValueError):
        roll_script("@dice Ann: 6r 1r 3b | Dan: 4y 5r", request, ("Ann", "Bob"))
    for bad in (
        "@dice D G $ R R Eb",
        "@dice 5 | 2 3 5 5 6",
        "@dice Ann: 7r",
        "@dice Ann: 1r | ann: 2r",
    ):
        with pytest.raises(ValueError):
            check_roll_script(bad)
    check_roll_script("@dice Ann: 3赤 1r* | Bob: 5黒")
    with pytest.raises(ValueError, match="names"):
        GAME.script("@dice Ann: 1r")
