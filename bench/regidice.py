"""Win rates of simulated Regidice tables (regidice.md §1: the dice per player are to be set
from them), by players (1–4) and dice of each colour per player (2–9).

Each game is rolled from its own seed (`sha256("regidice-bench|{players}|{dice}|{game}")`)
through the table's fair derivation (§8), never a global random generator, so a run repeats
exactly. The team is `regidice_team`'s: sensible cooperative players who see only their own
view. Each cell gives the win rate with its 95% (Wilson) interval and the mean progress (of
60). Games are shared between two worker processes (the bench machine has 2 cores).

    python bench/regidice.py [--games N] [--players 1,2,3,4] [--dice 2,...,9]
                             [--declare open|sealed] [--rounds 50] [--workers 2]

The default run (20 games a cell, every cell) takes under 5 minutes on 2 cores; the
README's table used `--games 200` for the cells near the defaults.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import math
import time
from multiprocessing import Pool

from machine import machine  # bench/ is on the path when a script here runs
from regidice_team import play_step

from bot.games.api import ChanceContext, replay
from bot.games.regidice.game import GAME
from bot.games.regidice.table import RegidiceState

TODAY = dt.date(2026, 12, 1)


def play(
    players: int, dice: int, game: int, declare: str = "open", rounds: int = 50
) -> RegidiceState:
    seed = hashlib.sha256(f"regidice-bench|{players}|{dice}|{game}".encode()).digest()
    settings = {"dice": str(dice), "declare": declare, "rounds": str(rounds)}
    state = GAME.new(GAME.settings(settings, {}), players)
    context = ChanceContext(0, 0, game, 0, 0, 0)
    while not GAME.finished(state):
        request = GAME.chance(state)
        if request is not None:
            state = replay(GAME, state, GAME.resolve(state, GAME.fair(seed, context, request)))
        else:
            state = play_step(state, seed)
    return state


def _game(args: tuple[int, int, int, str, int]) -> tuple[int, int, int, bool, int, int]:
    players, dice, game, declare, rounds = args
    state = play(players, dice, game, declare, rounds)
    return players, dice, game, state.result == "won", state.progress, state.round


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per cell (default 20)")
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--dice", default="2,3,4,5,6,7,8,9")
    parser.add_argument("--declare", default="open", choices=("open", "sealed"))
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    dice = [int(d) for d in args.dice.split(",")]
    start = time.perf_counter()
    jobs = [
        (n, d, g, args.declare, args.rounds)
        for n in players
        for d in dice
        for g in range(args.games)
    ]
    with Pool(args.workers) as pool:
        done = pool.map(_game, jobs, chunksize=4)
    print(
        f"# Regidice win rates, declare:{args.declare}, rounds:{args.rounds}, "
        f"{args.games} games per cell"
    )
    print(f"\n{machine()}; {TODAY.isoformat()}\n")
    print("| players | dice | wins | win rate (95% interval) | mean progress | mean rounds |")
    print("|---|---|---|---|---|---|")
    for n in players:
        for d in dice:
            cell = [r for r in done if r[0] == n and r[1] == d]
            wins = sum(1 for r in cell if r[3])
            low, high = wilson(wins, len(cell))
            progress = sum(r[4] for r in cell) / len(cell)
            rounds = sum(r[5] for r in cell) / len(cell)
            print(
                f"| {n} | {d} | {wins}/{len(cell)} | {100 * wins / len(cell):.0f}% "
                f"({100 * low:.0f}–{100 * high:.0f}%) | {progress:.1f} | {rounds:.1f} |"
            )
    print(f"\nTotal time {time.perf_counter() - start:.1f} s ({args.workers} workers).")


if __name__ == "__main__":
    main()
