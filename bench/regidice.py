"""Win rates of simulated Regidice tables (regidice.md §1: the dice per player are to be set
from them), by players (1–4) and dice of each colour per player (2–9).

Each game is rolled from its own seed (`sha256("regidice-bench|{players}|{dice}|{game}")`)
through the table's fair derivation, never a global random generator, so a run repeats
exactly. The team plays a greedy strategy: in lead order each player declares the action and
collection its own dice best support (expecting a sixth of the others' dice per number),
skipping collections already taken; everyone acts for the best result; Prepare is §6.2's
default.

    python bench/regidice.py [--games N] [--players 1,2,3,4] [--dice 2,...,9]
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import time

from machine import machine  # bench/ is on the path when a script here runs

from bot.games.api import ChanceContext, replay
from bot.games.regidice.dice import Colour
from bot.games.regidice.game import GAME
from bot.games.regidice.moves import NUMBER_ACTIONS, Action, Declare
from bot.games.regidice.rules import free_numbers, free_spells
from bot.games.regidice.scoring import (
    attack_damage,
    block_value,
    castable,
    counts,
    heal_value,
)
from bot.games.regidice.table import RegidiceState, Step

TODAY = dt.date(2026, 12, 1)


def _value(state: RegidiceState, seat: int, move: Declare) -> float:
    """What `move` is worth to the team with `seat`'s own dice (and a guess at others')."""
    own = [(d.pips, d.colour) for d in state.hand(seat)]
    others = sum(len(state.hand(s)) for s in range(state.players) if s != seat)
    pips = [p for p, _ in own]
    if move.number is not None:
        pips += [move.number] * round(others / 6)
    enemy = state.enemy_pips
    defence, n = sum(enemy), len(enemy)
    hp = 6 * n - defence
    if move.action is Action.ATTACK:
        return float(attack_damage(counts(pips), defence))
    if move.action is Action.BLOCK:
        return 0.9 * min(n, block_value(counts(pips)))
    if move.action is Action.HEAL:
        return 0.5 * min(len(state.pool()), heal_value(counts(pips)))
    if move.action is Action.CAST:
        assert move.colour is not None and move.parity is not None
        extra = [
            (p, move.colour)
            for p in range(1, 7)
            if move.parity.holds(p)
            for _ in range(round(others / 24))
        ]
        can = castable(own + extra, enemy)
        if Colour.BLACK in can:
            return float(hp)
        if Colour.RED in can:
            return float(n)
        return 0.9 * n if Colour.BLUE in can else 0.0
    return 0.1 * sum(1 for p in pips if p == 1)


def greedy_declare(state: RegidiceState, seat: int) -> Declare:
    if state.solo:
        options = [Declare(a) for a in Action]
        own = counts(d.pips for d in state.hand(seat))
        defence = sum(state.enemy_pips)
        return max(
            options,
            key=lambda m: (
                attack_damage(own, defence)
                if m.action is Action.ATTACK
                else (0.9 * block_value(own) if m.action is Action.BLOCK else 0)
            ),
        )
    options = [Declare(a, n) for a in NUMBER_ACTIONS for n in free_numbers(state, seat)]
    options += [Declare(Action.CAST, None, c, p) for c, p in free_spells(state, seat)]
    options.append(Declare(Action.ANIMAL))
    return max(options, key=lambda m: _value(state, seat, m))


def play(players: int, dice: int, game: int) -> RegidiceState:
    seed = hashlib.sha256(f"regidice-bench|{players}|{dice}|{game}".encode()).digest()
    state = GAME.new(GAME.settings({"dice": str(dice)}, {}), players)
    context = ChanceContext(0, 0, game, 0, 0, 0)
    while not GAME.finished(state):
        request = GAME.chance(state)
        if request is not None:
            state = replay(GAME, state, GAME.resolve(state, GAME.fair(seed, context, request)))
        elif state.step is Step.DECLARE:
            for seat in state.lead_order():
                state = replay(GAME, state, GAME.decide(state, seat, greedy_declare(state, seat)))
        else:
            state = replay(GAME, state, GAME.expire(state))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=12, help="games per cell (12: under 3 minutes on 2 cores)"
    )
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--dice", default="2,3,4,5,6,7,8,9")
    args = parser.parse_args()
    players = [int(p) for p in args.players.split(",")]
    dice = [int(d) for d in args.dice.split(",")]
    start = time.perf_counter()
    print(f"# Regidice win rates, greedy team, {args.games} games per cell")
    print(f"\n{machine()}; {TODAY.isoformat()}\n")
    print("| players | " + " | ".join(f"dice {d}" for d in dice) + " |")
    print("|---|" + "---|" * len(dice))
    for n in players:
        cells = []
        for d in dice:
            games = [play(n, d, g) for g in range(args.games)]
            wins = sum(1 for s in games if s.result == "won")
            progress = sum(s.progress for s in games) / len(games)
            cells.append(f"{100 * wins / len(games):.0f}% · {progress:.1f}")
        print(f"| {n} | " + " | ".join(cells) + " |")
    print("\nEach cell: win rate · mean progress (of 60).")
    print(f"Total time {time.perf_counter() - start:.1f} s.")


if __name__ == "__main__":
    main()
