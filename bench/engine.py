"""Benchmark of the rules engine: throw analysis, the odds table, and `greedbot score`.

Every figure is set against a baseline measured in the same run on the same machine:
rolling `6d6` with the d20 library (what Discord dice bots use today) for one throw's
analysis, and a bare interpreter start for the command's wall time.

    python bench/engine.py            # prints a Markdown report
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
import statistics
import subprocess
import sys
import timeit
from itertools import product
from pathlib import Path

import d20  # type: ignore[import-untyped]
from machine import machine  # bench/ is on the path when a script here runs

from bot.games.greed import FACES, analyse, scoring, throw
from bot.games.greed import odds as odds_module

REPEAT = 7


def best_of(statement: object, number: int) -> float:
    """Seconds per call, the best of REPEAT rounds (the least disturbed by the machine)."""
    timer = timeit.Timer(statement)  # type: ignore[arg-type]
    return min(timer.repeat(repeat=REPEAT, number=number)) / number


def clear_engine_caches() -> None:
    throw._ANALYSES.clear()
    throw.takes_of.cache_clear()
    scoring.best_split.cache_clear()
    odds_module._outcomes.cache_clear()


def analyse_everything() -> int:
    n = 0
    for dice in range(1, 7):
        for faces in product(FACES, repeat=dice):
            analyse(faces)
            n += 1
    return n


def cold(function: object) -> float:
    def run() -> None:
        clear_engine_caches()
        function()  # type: ignore[operator]

    return best_of(run, 1)


def wall_time(argv: list[str], runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        start = timeit.default_timer()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(timeit.default_timer() - start)
    return statistics.median(times)


def main() -> None:
    rng = random.Random(2026)  # a private generator: the throws measured, not the game's dice
    throws = [tuple(rng.choice(FACES) for _ in range(6)) for _ in range(1000)]

    all_cold = cold(analyse_everything)
    all_warm = best_of(analyse_everything, 1)
    table_cold = cold(odds_module.OddsTable)
    table_warm = best_of(odds_module.OddsTable, 3)
    analyse_all_warm_one = all_warm / sum(6**n for n in range(1, 7))

    def analyse_batch() -> None:
        for faces in throws:
            analyse(faces)

    one_throw = best_of(analyse_batch, 20) / len(throws)
    d20_roll = best_of(lambda: d20.roll("6d6"), 2000)

    greedbot = shutil.which("greedbot") or str(Path(sys.executable).with_name("greedbot"))
    score_wall = wall_time([greedbot, "score", "$", "G", "R", "Eg", "Eb", "D"])
    python_wall = wall_time([sys.executable, "-c", "pass"])

    ms, us = 1e3, 1e6
    print(f"## {dt.date.today().isoformat()}: {machine()}\n")
    print("| measure | time | baseline (same run) | ratio |")
    print("|---|---|---|---|")
    print(
        f"| analyse one 6-dice throw (cached) | {one_throw * us:.2f} µs "
        f"| d20 `6d6` roll: {d20_roll * us:.2f} µs | {one_throw / d20_roll:.3f} |"
    )
    first_time = all_cold / sum(6**n for n in range(1, 7))
    print(
        f"| analyse a throw never seen before (mean over all, cold) | {first_time * us:.2f} µs "
        f"| d20 `6d6` roll: {d20_roll * us:.2f} µs | {first_time / d20_roll:.3f} |"
    )
    print(
        f"| analyse all 55,986 throws of 1-6 dice, cold | {all_cold * ms:.1f} ms "
        f"| the same, warm: {all_warm * ms:.1f} ms ({analyse_all_warm_one * us:.2f} µs each) "
        f"| {all_cold / all_warm:.1f} |"
    )
    print(
        f"| build the odds table, cold | {table_cold * ms:.1f} ms "
        f"| rebuilt with throws cached: {table_warm * ms:.1f} ms | {table_cold / table_warm:.2f} |"
    )
    print(
        f"| `greedbot score` wall time, start-up included | {score_wall * ms:.0f} ms "
        f"| `python -c pass`: {python_wall * ms:.0f} ms | {score_wall / python_wall:.2f} |"
    )
    print()
    print("Targets: analysing a throw under 0.1 of a d20 6d6 roll; odds table under 200 ms;")
    print("`greedbot score` under 300 ms.")


if __name__ == "__main__":
    main()
