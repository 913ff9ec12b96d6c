"""`make soak`: the fault soak of the bot, printed as Markdown. Exits 1 when anything was
lost, applied twice or half, mis-projected, or crashed, or the fuzz failed.

    python -m bench.soak [--quick] [--kills N] [--pg-restarts N] [--players N]
                         [--fuzz-seconds S] [--seed N] [--output FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType

from bench.soak.bots import end_all
from bench.soak.fuzz import Fuzzed, fuzz_parser, fuzz_service
from bench.soak.phase import PhaseResult, Plan, run_phase
from bench.soak.postgres import Cluster
from bench.soak.report import report, verdict
from bench.soak.snapshot import snapshot


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.soak", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a smoke run of a minute or two")
    parser.add_argument("--kills", type=int, help="SIGKILLs in all, half on each database")
    parser.add_argument("--pg-restarts", type=int, help="PostgreSQL stops and starts")
    parser.add_argument("--players", type=int, help="players in each village")
    parser.add_argument("--fuzz-seconds", type=float, help="the service fuzz, per database")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--output", type=Path, help="also write the report here")
    return parser.parse_args()


def plan_of(args: argparse.Namespace) -> tuple[Plan, float]:
    kills, restarts, players, fuzz = (8, 3, 12, 5.0) if args.quick else (110, 12, 24, 60.0)
    return (
        Plan(
            kills=args.kills if args.kills is not None else kills,
            pg_restarts=args.pg_restarts if args.pg_restarts is not None else restarts,
            players=args.players or players,
        ),
        args.fuzz_seconds if args.fuzz_seconds is not None else fuzz,
    )


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


async def soak(
    plan: Plan, folder: Path, code: Path, cluster: Cluster, rng: random.Random
) -> list[PhaseResult]:
    first = plan.kills // 2
    say(f"soak: SQLite, {first} kills")
    sqlite = Plan(first, 0, plan.players, plan.duplicate_share, plan.pace)
    phases = [
        await run_phase(
            "SQLite (file, WAL)", f"sqlite:///{folder}/soak.db", folder, sqlite, rng, code
        )
    ]
    say(f"soak: PostgreSQL, {plan.kills - first} kills, {plan.pg_restarts} restarts")
    postgres = Plan(
        plan.kills - first, plan.pg_restarts, plan.players, plan.duplicate_share, plan.pace
    )
    phases.append(
        await run_phase("PostgreSQL 15", cluster.url("soak"), folder, postgres, rng, code, cluster)
    )
    return phases


def fuzz(seconds: float, folder: Path, cluster: Cluster, rng: random.Random) -> list[Fuzzed]:
    """On its own event loops (hypothesis drives the service from plain calls)."""
    say("soak: fuzz")
    return [
        fuzz_parser(seconds / 3, rng.randrange(2**32)),
        fuzz_service("service, SQLite", f"sqlite:///{folder}/fuzz.db", seconds),
        fuzz_service("service, PostgreSQL", cluster.url("fuzz"), seconds),
    ]


def _stop(signum: int, _: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main() -> int:
    args = arguments()
    plan, fuzz_seconds = plan_of(args)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    signal.signal(signal.SIGTERM, _stop)
    folder = Path(tempfile.mkdtemp(prefix="greedbot-soak-"))
    cluster = Cluster()
    began = time.monotonic()
    ok = False
    try:
        cluster.create("soak", "fuzz")
        rng = random.Random(seed)
        code = snapshot(folder)
        phases = asyncio.run(soak(plan, folder, code, cluster, rng))
        fuzzed = fuzz(fuzz_seconds, folder, cluster, rng)
        text = report(phases, fuzzed, plan, time.monotonic() - began)
        print(text)
        if args.output:
            args.output.write_text(text + "\n")
        ok = verdict(phases, fuzzed)[1]
    finally:
        end_all()
        cluster.remove()
        if ok:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"soak: the bot's logs are kept in {folder} (seed {seed})", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
