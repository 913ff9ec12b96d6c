"""Benchmark of the verifier page (web/verify/): how long it takes to check a day of 10,000,
100,000 and 1,000,000 throws in headless Chromium and under Node, and how long it ever holds
the browser's tab; and the same for hostile files.

The baseline, measured in the same run on the same file, is greedbot's own Python verifier
(`greedbot verify`: reading the file and `verify_record`). The page's figures are read from
the page itself: the time from picking the file to the verdict, and the longest task
Chromium reports (a tab is frozen while a task runs).

    python bench/verify_page.py [--sizes 10000,100000,1000000]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from machine import machine  # bench/ is on the path when a script here runs

from bot.cli.errors import CliError
from bot.cli.fairness_tools import read_record
from bot.fairness.seed import commitment
from bot.games.greed.fair import derive_faces, verify_record

ROOT = Path(__file__).parents[1]
PAGE = ROOT / "web" / "verify"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SEED = bytes(range(32))
PLAYERS = 30
VILLAGE = 1234567890123456789  # a Discord-sized id: the page must keep it exact


def day(throws: int, seed: bytes | None = SEED) -> dict[str, Any]:
    """A day of `throws` fair throws of six dice by 30 players, as an export has it."""
    rows = []
    for k in range(throws):
        player, seq = 1_000_000_000_000_000_000 + k % PLAYERS, k // PLAYERS + 1
        message = 1_300_000_000_000_000_000 + k
        faces = derive_faces(SEED, VILLAGE, 3, player, seq, message, 6)
        rows.append(
            {
                "player_id": player,
                "throw_seq": seq,
                "message_id": message,
                "faces": [f.token for f in faces],
                "voided": False,
            }
        )
    return {
        "village_id": VILLAGE,
        "day": 3,
        "commitment": commitment(SEED),
        "seed": None if seed is None else seed.hex(),
        "scripted": False,
        "throws": rows,
    }


def python_seconds(path: Path) -> float:
    started = time.perf_counter()
    with contextlib.suppress(CliError):  # unreadable: greedbot verify stops there too
        verify_record(read_record(path))
    return time.perf_counter() - started


def node_seconds(path: Path) -> tuple[float, str]:
    started = time.perf_counter()
    run = subprocess.run(
        ["node", str(PAGE / "cli.mjs"), str(path)], capture_output=True, text=True, check=False
    )
    return time.perf_counter() - started, run.stdout.split(":")[0]


class Browser:
    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self.folder = tempfile.TemporaryDirectory()
        self.playwright = sync_playwright().start()
        self.context = self.playwright.chromium.launch_persistent_context(
            self.folder.name,
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            offline=True,
        )
        self.page = self.context.new_page()
        self.page.goto((PAGE / "index.html").as_uri())
        self.page.wait_for_selector("body[data-ready=true]")

    def check(self, path: Path) -> dict[str, Any]:
        self.page.evaluate("delete document.body.dataset.verdict; globalThis.__longestTask = 0")
        self.page.set_input_files("#file", str(path))
        self.page.wait_for_selector("body[data-verdict]", timeout=30 * 60 * 1000)
        # Long tasks are reported a moment after they end.
        self.page.wait_for_timeout(300)
        timing: dict[str, Any] = self.page.evaluate("globalThis.__verifyTiming")
        timing["longest_ms"] = self.page.evaluate("globalThis.__longestTask")
        return timing

    def close(self) -> None:
        self.context.close()
        self.playwright.stop()
        self.folder.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000,100000,1000000")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if shutil.which("node") is None or not Path(CHROMIUM).exists():
        sys.exit("the benchmark needs node and /usr/bin/chromium")
    print(f"## `verify_page.py`: the verifier page ({dt.date.today()}, {machine()})\n")
    print(
        "| file | MB | Python verify (baseline) | Node cli.mjs | × | Chromium page | × |"
        " page parse | longest task | per 10k throws |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    browser = Browser()
    try:
        with tempfile.TemporaryDirectory() as folder:
            cases: list[tuple[str, Path, int]] = []
            for size in sizes:
                path = Path(folder) / f"day-{size}.json"
                path.write_text(json.dumps(day(size), indent=2), encoding="utf-8")
                cases.append((f"{size:,} fair throws", path, size))
            secret = Path(folder) / "secret.json"
            secret.write_text(json.dumps(day(max(sizes), seed=None)), encoding="utf-8")
            cases.append((f"{max(sizes):,} throws, seed not revealed", secret, max(sizes)))
            deep = Path(folder) / "deep.json"
            deep.write_text("[" * 1_000_000 + "]" * 1_000_000, encoding="utf-8")
            cases.append(("hostile: nested 1,000,000 deep", deep, 0))
            wrong = Path(folder) / "wrong.json"
            document = day(10_000)
            for row in document["throws"]:
                row["faces"] = {"D": [1, {"x": None}]}
            wrong.write_text(json.dumps(document), encoding="utf-8")
            cases.append(("hostile: 10,000 throws of wrong types", wrong, 10_000))
            for name, path, throws in cases:
                py = python_seconds(path)
                node, _ = node_seconds(path)
                page = browser.check(path)
                seconds = page["checked_ms"] / 1000
                per = f"{page['longest_ms'] / throws * 10_000:.0f} ms" if throws else "-"
                print(
                    f"| {name} ({page['verdict']}) | {path.stat().st_size / 1e6:.0f} |"
                    f" {py:.2f} s | {node:.2f} s | {node / py:.1f} | {seconds:.2f} s |"
                    f" {seconds / py:.1f} | {page.get('parse_ms') or 0:.0f} ms |"
                    f" {page['longest_ms']:.0f} ms | {per} |"
                )
    finally:
        browser.close()


if __name__ == "__main__":
    main()
