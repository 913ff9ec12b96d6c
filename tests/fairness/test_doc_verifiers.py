"""The verifiers docs/fair-dice.md gives anyone to copy, one per game, run as a reader would
(`python3 verify_….py FILE`) on exports the village made in this test: each says OK for the
real record, and names the problem in a tampered copy."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.console.golden import replay_lines

DOC = Path(__file__).parents[2] / "docs" / "fair-dice.md"
_BLOCK = re.compile(r"```python\n(import hashlib, hmac, json, sys\n.*?)```", re.DOTALL)

LINES: dict[str, list[str]] = {
    "greed": [
        "@clock 2026-12-01T12:00:00+09:00",
        "alice: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]",
        "bob: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]",
        "@clock 2026-12-02T12:00:00+09:00",
        "alice: /village export day:1",
    ],
    "ducks": [
        "@clock 2026-12-01T12:00:00+09:00",
        "@mods Mod",
        "ann: /ducks new",
        "bob: /ducks join",
        "ann: /ducks start",
        "ann: [[ducks]]",
        "Mod: /ducks abandon reason:the test is over",
        "ann: /ducks export",
    ],
    "gleek": [
        "@clock 2026-12-01T12:00:00+09:00",
        "@mods Mod",
        "Ann: /gleek new",
        "Bob: /gleek join",
        "Cid: /gleek join",
        "Ann: /gleek start",
        "Mod: /gleek abandon reason:the test is over",
        "Ann: /gleek export",
    ],
    "regidice": [
        "@clock 2026-12-01T12:00:00+09:00",
        "Ann: /regidice new rounds:2 deadline:1 dice:3",
        "Bob: /regidice join",
        "Ann: /regidice start",
        "@clock 2026-12-03T12:00:00+09:00",
        "Ann: /regidice export",
    ],
}


def verifiers() -> dict[str, str]:
    """Each game's verifier, found by the label its chance is drawn with."""
    found = {}
    for code in _BLOCK.findall(DOC.read_text(encoding="utf-8")):
        [game] = [g for g in LINES if f'"{g}/v1|' in code or f'f"{g}/v1|' in code]
        found[game] = code
    return found


async def exported(game: str) -> dict[str, Any]:
    blocks = await replay_lines(LINES[game])
    [export] = blocks[-1].replies
    document: dict[str, Any] = export["params"]["document"]
    assert document["seed"] is not None and document["scripted"] is False
    return document


def run(code: str, document: dict[str, Any], folder: Path) -> tuple[int, str]:
    script, record = folder / "verify.py", folder / "record.json"
    script.write_text(code, encoding="utf-8")
    record.write_text(json.dumps(document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(record)], capture_output=True, text=True, timeout=60
    )
    return done.returncode, (done.stdout + done.stderr).strip()


def test_the_page_gives_a_verifier_for_every_game() -> None:
    assert set(verifiers()) == set(LINES)


@pytest.mark.parametrize("game", sorted(LINES))
async def test_a_copied_verifier_says_ok_for_the_real_record(game: str, tmp_path: Path) -> None:
    document = await exported(game)
    assert run(verifiers()[game], document, tmp_path) == (0, "OK")


@pytest.mark.parametrize("game", sorted(LINES))
async def test_a_copied_verifier_names_a_changed_draw(game: str, tmp_path: Path) -> None:
    document = await exported(game)
    draws = document.get("throws") or document["draws"]
    last = draws[-1]
    if game == "greed":
        last["faces"][0] = "D" if last["faces"][0] != "D" else "G"
    elif "shuffle" in last["draw"]:
        last["outcome"][0], last["outcome"][1] = last["outcome"][1], last["outcome"][0]
    else:
        last["outcome"][0] = (last["outcome"][0] + 1) % last["draw"]["dice"][0]
    code, said = run(verifiers()[game], document, tmp_path)
    assert code == 1 and "seed gives" in said and "commitment" not in said, said


@pytest.mark.parametrize("game", sorted(LINES))
async def test_a_copied_verifier_refuses_another_seed(game: str, tmp_path: Path) -> None:
    document = await exported(game)
    document["seed"] = "00" * 32
    code, said = run(verifiers()[game], document, tmp_path)
    assert code == 1 and "does not match the commitment" in said
