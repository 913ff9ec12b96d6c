"""The test suite's wall time: this checkout as `make test` runs it, against a baseline commit
run the way its own Makefile ran it, in the same run on the same machine.

    python bench/suite.py [--base REV] [--postgres URL] [--repeat N]

The baseline is checked out into a temporary worktree and run with this checkout's virtual
environment (its dependencies are the same but pytest-xdist, which it does not use). With
`--postgres` both runs include the PostgreSQL suite, each on a database of its own created
beside the one named (the suite wipes what it is given). Prints a Markdown table: wall time,
tests passed, and the ratio of this checkout to the baseline.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from machine import machine  # bench/ is on the path when a script here runs
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[1]
# The last commit before the suite ran in processes and on the memory store.
BASE = "6005d84"
SERIAL = ["-m", "pytest", "-q", "-p", "no:cacheprovider"]
PARALLEL = [*SERIAL, "-n", "auto", "--dist", "worksteal"]


@dataclass(frozen=True)
class Run:
    name: str
    seconds: float
    passed: int


def _database(url: str, name: str, create: bool) -> str:
    """A database `name` beside the one in `url` (created, or dropped), as a URL."""
    admin = make_url(url).set(drivername="postgresql").set(database="postgres")
    dsn = admin.render_as_string(hide_password=False)
    subprocess.run(["psql", dsn, "-qc", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'])
    if create:
        subprocess.run(["psql", dsn, "-qc", f'CREATE DATABASE "{name}"'], check=True)
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def _run(name: str, folder: Path, args: list[str], postgres: str | None) -> Run:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    env.pop("TEST_DATABASE_URL", None)
    database = f"greedbot_test_suite_{name}"
    if postgres:
        env["TEST_DATABASE_URL"] = _database(postgres, database, create=True)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *args], cwd=folder, env=env, capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    if postgres:
        _database(postgres, database, create=False)
    found = re.search(r"(\d+) passed", done.stdout)
    if done.returncode != 0 or not found:
        tail = "\n".join(done.stdout.splitlines()[-15:])
        raise SystemExit(f"{name}: the suite failed (exit {done.returncode}):\n{tail}")
    return Run(name, seconds, int(found.group(1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"the baseline commit (default {BASE})")
    parser.add_argument("--postgres", help="a PostgreSQL URL; databases are made beside it")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (default 1)")
    options = parser.parse_args()
    runs: list[tuple[Run, Run]] = []
    with tempfile.TemporaryDirectory() as temporary:
        base = Path(temporary) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(base), options.base],
            cwd=ROOT,
            check=True,
        )
        try:
            for _ in range(options.repeat):
                before = _run("base", base, SERIAL, options.postgres)
                after = _run("head", ROOT, PARALLEL, options.postgres)
                runs.append((before, after))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)
    print(f"## `suite.py`: the test suite ({dt.date.today()}, {machine()})")
    print()
    where = "SQLite and PostgreSQL" if options.postgres else "SQLite only"
    print(f"Both on {where}; the baseline is {options.base}, run serially as its Makefile did.")
    print()
    print("| run | baseline wall | tests | this checkout wall | tests | ratio |")
    print("|---|---|---|---|---|---|")
    for number, (before, after) in enumerate(runs, start=1):
        ratio = after.seconds / before.seconds
        print(
            f"| {number} | {before.seconds:.0f} s | {before.passed} | "
            f"{after.seconds:.0f} s | {after.passed} | {ratio:.2f} |"
        )


if __name__ == "__main__":
    main()
