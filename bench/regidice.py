"""Win rates of simulated Regidice tables (regidice.md §1, §2: the starting dice and the round
limit by declarations and number of players are set from them), by players (1–4), dice of each
colour per player (2–9), declarations (open, sealed) and round limit.

Each game is rolled from its own seed (`sha256("regidice-bench|{players}|{dice}|{game}")`)
through the table's fair derivation (§8), never a global random generator, so a run repeats
exactly. The team is `regidice_team`'s: sensible cooperative players who see only their own
view. Each cell gives the win rate with its 95% (Wilson) interval and the mean progress (of
60). Games are shared between worker processes (the bench machine has 2 cores).

    python bench/regidice.py [--games N] [--players 1,2,3,4] [--dice auto|2,...,9]
                             [--declare open,sealed] [--rounds auto|15,16,17] [--workers 2]

`auto` is the table's default for its declarations and number of players (`BY_PLAYERS` in
bot/games/regidice/settings.py). Several round limits cost one game each, not one per limit:
the team never looks at the limit, so a table with limit R plays exactly the first R rounds of
the same game with a higher limit; each game is played once, to the highest limit asked, and
read at every limit. The default run (20 games a cell: the defaults, open and sealed) takes about
a minute on 2 cores; the README's tables used `--games 200`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import math
import time
from dataclasses import dataclass
from multiprocessing import Pool

from machine import machine  # bench/ is on the path when a script here runs
from regidice_team import play_step

from bot.games.api import ChanceContext, replay
from bot.games.regidice.game import GAME
from bot.games.regidice.settings import BY_PLAYERS, MAX_ROUNDS

AUTO = "auto"


@dataclass(frozen=True)
class Played:
    """One game played to its end or its round limit."""

    players: int
    dice: int
    declare: str
    won: bool
    rounds: int
    """Rounds played."""
    progress: tuple[int, ...]
    """The progress at the end of each round played."""

    def at(self, limit: int) -> tuple[bool, int, int]:
        """(won, progress, rounds played) had the table's limit been `limit` rounds."""
        if self.rounds <= limit:
            return self.won, self.progress[-1], self.rounds
        return False, self.progress[limit - 1], limit


def play(players: int, dice: int, game: int, declare: str, rounds: int) -> Played:
    seed = hashlib.sha256(f"regidice-bench|{players}|{dice}|{game}".encode()).digest()
    settings = {"dice": str(dice), "declare": declare, "rounds": str(rounds)}
    state = GAME.new(GAME.settings(settings, {}), players)
    context = ChanceContext(0, 0, game, 0, 0, 0)
    progress: dict[int, int] = {}
    while not GAME.finished(state):
        request = GAME.chance(state)
        if request is not None:
            state = replay(GAME, state, GAME.resolve(state, GAME.fair(seed, context, request)))
        else:
            state = play_step(state, seed)
        progress[state.round] = state.progress  # the last one of a round is its end's
    return Played(
        players,
        dice,
        declare,
        state.result == "won",
        state.round,
        tuple(progress.get(r, 0) for r in range(1, state.round + 1)),
    )


def _game(args: tuple[int, int, int, str, int]) -> Played:
    return play(*args)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _numbers(text: str, allowed: range) -> list[int] | None:
    """`auto` as None, else the comma-separated numbers, each in `allowed`."""
    if text == AUTO:
        return None
    numbers = [int(n) for n in text.split(",")]
    wrong = [n for n in numbers if n not in allowed]
    if wrong:
        raise SystemExit(f"{wrong} not in {allowed.start}-{allowed.stop - 1}")
    return numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per cell (default 20)")
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--dice", default=AUTO, help="auto (the default) or 2,...,9")
    parser.add_argument("--declare", default="open,sealed", help="open, sealed or both")
    parser.add_argument("--rounds", default=AUTO, help=f"auto (the default) or 1-{MAX_ROUNDS}, …")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    dice = _numbers(args.dice, range(2, 10))
    limits = _numbers(args.rounds, range(1, MAX_ROUNDS + 1))
    declares = args.declare.split(",")
    if set(declares) - {"open", "sealed"}:
        raise SystemExit("--declare: open, sealed or open,sealed")
    cells = [
        (n, d, declare, [BY_PLAYERS[declare][n].rounds] if limits is None else limits)
        for n in players
        for declare in declares
        for d in ([BY_PLAYERS[declare][n].dice] if dice is None else dice)
    ]
    start = time.perf_counter()
    jobs = [
        (n, d, g, declare, max(caps)) for n, d, declare, caps in cells for g in range(args.games)
    ]
    with Pool(args.workers) as pool:
        done = pool.map(_game, jobs, chunksize=2)
    print(f"# Regidice win rates, {args.games} games per cell")
    print(f"\n{machine()}; {dt.date.today().isoformat()}\n")
    print(
        "| players | dice | declare | rounds | wins | win rate (95% interval) "
        "| mean progress | mean rounds |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for n, d, declare, caps in cells:
        games = [p for p in done if (p.players, p.dice, p.declare) == (n, d, declare)]
        for cap in caps:
            read = [p.at(cap) for p in games]
            wins = sum(1 for won, _, _ in read if won)
            low, high = wilson(wins, len(read))
            progress = sum(r[1] for r in read) / len(read)
            played = sum(r[2] for r in read) / len(read)
            print(
                f"| {n} | {d} | {declare} | {cap} | {wins}/{len(read)} | "
                f"{100 * wins / len(read):.0f}% ({100 * low:.0f}–{100 * high:.0f}%) | "
                f"{progress:.1f} | {played:.1f} |"
            )
    print(f"\nTotal time {time.perf_counter() - start:.1f} s ({args.workers} workers).")


if __name__ == "__main__":
    main()
