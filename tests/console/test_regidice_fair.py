"""A Regidice table with fair rolls (regidice.md §8): committed at the start, the pips kept
out of the export while the table is in play, the seed revealed at the end, and every roll
checking out against it, in the village and with `greedbot verify` on the exported file.

Nobody moves: the clock jumps past every deadline at once, each step closed by its default
at its own deadline, until the round cap ends the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.console.replay import replay
from bot.console.session import Output
from tests.console.golden import golden_seeds

LINES = [
    "@clock 2026-12-01T12:00:00+09:00",
    "Ann: /regidice new rounds:3 deadline:1",
    "Bob: /regidice join",
    "Ann: /regidice start",
    "Ann: /regidice export",
    "@clock 2026-12-03T12:00:00+09:00",
    "Bob: /regidice verify",
    "Bob: /regidice export",
    "Bob: /village standings game:regidice",
]


async def run(lines: list[str]) -> dict[str, list[dict[str, Any]]]:
    said: dict[str, list[dict[str, Any]]] = {}

    def keep(_: int, line: str, outputs: list[Output]) -> None:
        said.setdefault(line, []).extend(o.as_json() for o in outputs)

    await replay(lines, keep, seeds=golden_seeds())
    return said


async def test_a_fair_table_closed_by_the_time_limit_verifies_roll_by_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = await run(LINES)
    [early] = said["Ann: /regidice export"]
    document = early["params"]["document"]
    assert document["seed"] is None
    [roll] = document["draws"]
    assert roll["outcome"] is None  # everyone's pips, until the table ends

    played = said["@clock 2026-12-03T12:00:00+09:00"]
    keys = [r["key"] for r in played]
    [end] = [r for r in played if r["key"] in ("regidice.lost", "regidice.won")]
    assert end["params"]["seed"] and keys.count("regidice.round_started") >= 1
    # Every step a player did not submit in gets its own timeout, to that player.
    timeouts = [r for r in played if r["key"] == "regidice.timeout"]
    assert timeouts and {r["to"] for r in timeouts} == {"Ann", "Bob"}

    [verified] = said["Bob: /regidice verify"]
    assert verified["params"]["ok"] is True and not verified["params"]["scripted"]
    rounds = end["params"]["rounds"]
    assert verified["params"]["draws"] == rounds

    [late] = said["Bob: /regidice export"]
    document = late["params"]["document"]
    path = tmp_path / "regidice.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    document["draws"][0]["outcome"][0] = (document["draws"][0]["outcome"][0] + 1) % 6
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    capsys.readouterr()

    [standings] = said["Bob: /village standings game:regidice"]
    rows = {row["player"]: row for row in standings["params"]["rows"]}
    assert rows["Ann"]["tables"] == {"regidice": 1}
    assert rows["Ann"]["figures"]["wins"] == (1 if end["key"] == "regidice.won" else 0)
    assert rows["Ann"]["figures"]["best"] == end["params"]["progress"]
