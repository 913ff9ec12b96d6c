"""A table's record: exported with every draw, checked against the revealed seed, and every
kind of tampering found; `greedbot export --table` and `greedbot verify` as a user runs them."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bot.console.replay import replay
from bot.console.session import Output
from bot.village.table_record import verify_table
from tests.cli.test_village_tools import greedbot
from tests.console.golden import golden_seeds

TRANSCRIPT = Path(__file__).parents[1] / "transcripts" / "ducks_fair_dice.txt"


async def _ended_table(database_url: str | None = None) -> dict[str, Any]:
    """The export of the fair table (table 1) after its game ended."""
    exports: list[dict[str, Any]] = []

    def collect(_number: int, _line: str, outputs: list[Output]) -> None:
        for output in outputs:
            if output.reply.key == "table.export" and output.reply.params["closed"]:
                exports.append(dict(output.reply.params["document"]))

    lines = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    await replay(lines, collect, database_url=database_url, seeds=golden_seeds())
    assert len(exports) == 1
    return exports[0]


@pytest.fixture
async def document() -> dict[str, Any]:
    return await _ended_table()


def test_an_ended_fair_table_checks_out(document: dict[str, Any]) -> None:
    checked, mismatches = verify_table(document)
    assert (checked, mismatches) == (4, [])
    assert [d["seq"] for d in document["draws"]] == [1, 2, 3, 4]
    assert [d["voided"] for d in document["draws"]] == [True, False, False, False]


def test_a_changed_roll_is_found(document: dict[str, Any]) -> None:
    tampered = copy.deepcopy(document)
    draw = tampered["draws"][2]
    draw["outcome"][0] = (draw["outcome"][0] + 1) % 6
    _, mismatches = verify_table(tampered)
    # The roll, and the digest the record says was posted, which it no longer gives.
    assert [(m.what, m.params.get("throw_seq")) for m in mismatches] == [
        ("faces", 3),
        ("digest", None),
    ]


def test_a_hidden_or_repeated_draw_is_found(document: dict[str, Any]) -> None:
    hidden = copy.deepcopy(document)
    del hidden["draws"][1]
    assert [m.what for m in verify_table(hidden)[1]] == ["gap", "digest"]
    repeated = copy.deepcopy(document)
    repeated["draws"].append(copy.deepcopy(repeated["draws"][0]))
    assert [m.what for m in verify_table(repeated)[1]] == ["duplicate", "digest"]


def test_another_seed_or_none_does_not_check_out(document: dict[str, Any]) -> None:
    other = copy.deepcopy(document)
    other["seed"] = "00" * 32
    whats = {m.what for m in verify_table(other)[1]}
    assert "commitment" in whats and "faces" in whats
    secret = copy.deepcopy(document)
    secret["seed"] = None
    assert [m.what for m in verify_table(secret)[1]] == ["seed"]


@pytest.mark.parametrize(
    ("change", "what"),
    [
        (lambda d: d.update(draws=[1]), ["format"]),
        (lambda d: d.update(draws="x"), ["format"]),
        (lambda d: d["draws"][0].update(draw={"dice": [5, 6]}), ["faces", "digest"]),
        (lambda d: d["draws"][0].update(draw={"shuffle": 3}), ["faces", "digest"]),
        # An unreadable draw is not counted, so its number is missing too.
        (lambda d: d["draws"][0].update(draw={"dice": [6, -1]}), ["format", "gap"]),
        (lambda d: d["draws"][0].update(draw={"dice": [6, 10_000_000]}), ["format", "gap"]),
        # Draw 4 claimed as draw 10^12: its dice are not that draw's, and 4… are missing.
        (lambda d: d["draws"][3].update(seq=10**12), ["faces", "gap", "digest"]),
        (lambda d: d.update(village_id=float("inf")), ["format"]),
    ],
)
def test_a_hostile_record_gives_mismatches_at_once_and_never_raises(
    document: dict[str, Any], change: Any, what: list[str]
) -> None:
    tampered = copy.deepcopy(document)
    change(tampered)
    _, mismatches = verify_table(tampered)
    assert sorted({m.what for m in mismatches}) == sorted(set(what))


def test_a_record_that_is_not_a_table_is_a_format_problem() -> None:
    assert [m.what for m in verify_table({"game": "chess"})[1]] == ["format"]
    assert [m.what for m in verify_table({"game": "ducks", "draws": 3})[1]] == ["format"]


async def test_export_and_verify_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "village.db"
    kept = await _ended_table(f"sqlite:///{db}")
    out = tmp_path / "table.json"
    done = greedbot("export", "--db", f"sqlite:///{db}", "--table", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported == kept
    checked = greedbot("verify", str(out))
    assert checked.returncode == 0 and "draws checked: 4" in checked.stdout
    exported["draws"][0]["outcome"][1] = (exported["draws"][0]["outcome"][1] + 1) % 6
    out.write_text(json.dumps(exported), encoding="utf-8")
    failed = greedbot("verify", str(out))
    assert failed.returncode == 1 and "MISMATCH faces" in failed.stdout
    missing = greedbot("export", "--db", f"sqlite:///{db}", "--table", "9")
    assert missing.returncode != 0 and "no table 9" in missing.stderr
