"""`greedbot score` and `greedbot odds`: the rules engine on the command line."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from bot.cli.main import CliError
from bot.games.greed import MAX_DICE, UnknownFaceError, analyse, format_faces, parse_faces
from bot.games.greed.odds import STEP, OddsTable, ThrowChances, chance_table, chances
from bot.games.greed.throw import Take, ThrowAnalysis


def run_score(args: argparse.Namespace) -> int:
    try:
        faces = parse_faces(" ".join(args.faces))
    except UnknownFaceError as error:
        raise CliError(str(error)) from error
    if not 1 <= len(faces) <= MAX_DICE:
        raise CliError(f"a throw has 1 to {MAX_DICE} dice, not {len(faces)}")
    throw = analyse(faces)
    if args.json:
        print(json.dumps(score_json(throw)))
    else:
        print(score_text(throw))
    return 0


def score_json(throw: ThrowAnalysis) -> dict[str, Any]:
    best = throw.best_take
    return {
        "faces": [face.token for face in throw.faces],
        "points": 0 if best is None else best.points,
        "sweep": throw.sweep,
        "greed_out": throw.greed_out,
        "takes": [
            {"count": t.count, "points": t.points, "dice": [f.token for f in t.dice]}
            for t in throw.legal_takes
        ],
        "legal_roll_counts": list(throw.legal_next_counts),
    }


def score_text(throw: ThrowAnalysis) -> str:
    best = throw.best_take
    lines = [f"throw:      {format_faces(throw.faces)}  ({throw.dice} dice)"]
    if best is None:
        lines.append("greed out:  yes - no die scores; the turn scores 0")
        return "\n".join(lines)
    lines.append(f"best:       {best.points}  {_combinations(best)}")
    if throw.sweep:
        lines.append("sweep:      yes - every die scores: all are taken, next lap with 6 dice")
    else:
        lines.append("sweep:      no")
    lines.append("takes:")
    for take in throw.legal_takes:
        rest = throw.dice - take.count
        after = "sweep, lap" if rest == 0 else f"throw {rest}"
        lines.append(
            f"  set aside {take.count}: {format_faces(take.dice):<18} {take.points:>5}  -> {after}"
        )
    counts = ", ".join(str(n) for n in throw.legal_next_counts)
    lines.append(f"next throw: {counts} dice" + ("" if throw.sweep else ", or Turn End"))
    return "\n".join(lines)


def _combinations(take: Take) -> str:
    return "(" + " + ".join(c.key.replace("_", " ") for c in take.combinations) + ")"


def run_odds(args: argparse.Namespace) -> int:
    if args.dice is None and args.points is None:
        table = chance_table()
        if args.json:
            print(json.dumps([_chances_json(c) for c in table]))
        else:
            print(_chances_text(table))
        return 0
    if args.dice is None or args.points is None:
        raise CliError("--dice and --points go together")
    if not 1 <= args.dice <= MAX_DICE:
        raise CliError(f"--dice must be 1 to {MAX_DICE}, not {args.dice}")
    if args.points < 0:
        raise CliError("--points cannot be negative")
    if args.points % STEP:
        raise CliError(f"--points comes in steps of {STEP} (every score does)")
    if args.threshold < 0:
        raise CliError("--threshold cannot be negative")
    table_ = OddsTable(threshold=args.threshold)
    opened = not args.not_opened
    chance = chances(args.dice)
    ev_roll = table_.ev_roll(args.dice, args.points, opened)
    ev_stop = args.points if table_.can_stop(args.points, opened) else None
    result = {
        "dice": args.dice,
        "points": args.points,
        "opened": opened,
        "greed_out": float(chance.greed_out),
        "greed_out_fraction": str(chance.greed_out),
        "sweep": float(chance.sweep),
        "sweep_fraction": str(chance.sweep),
        "ev_roll": round(ev_roll, 2),
        "ev_stop": ev_stop,
        "advice": table_.advice(args.dice, args.points, opened),
    }
    if args.json:
        print(json.dumps(result))
    else:
        stop = "not allowed (below the threshold)" if ev_stop is None else str(ev_stop)
        print(
            f"throwing {args.dice} dice holding {args.points} in the turn"
            f" ({'day opened' if opened else 'nothing banked today'}):\n"
            f"  greed out  {_percent(chance.greed_out)}   sweep  {_percent(chance.sweep)}\n"
            f"  expected final turn score if you throw: {ev_roll:.1f}\n"
            f"  if you stop: {stop}\n"
            f"  advice: {result['advice']}"
        )
    return 0


def _chances_json(c: ThrowChances) -> dict[str, Any]:
    return {
        "dice": c.dice,
        "greed_out": float(c.greed_out),
        "greed_out_fraction": str(c.greed_out),
        "sweep": float(c.sweep),
        "sweep_fraction": str(c.sweep),
    }


def _chances_text(table: tuple[ThrowChances, ...]) -> str:
    lines = ["dice  greed out              sweep"]
    for c in table:
        lines.append(
            f"{c.dice:>4}  {c.greed_out!s:>7} {_percent(c.greed_out):>8}     "
            f"{c.sweep!s:>7} {_percent(c.sweep):>8}"
        )
    return "\n".join(lines)


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.2f}%"
