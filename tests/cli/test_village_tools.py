"""`greedbot replay`, `console`, `export`, `verify` and `migrate` as a user runs them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.db

FAIR_DAY = """\
@clock 2026-12-01T12:00:00+09:00
@mods gm
alice: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
bob: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
gm: /village day next
"""
# What the console prints when it makes the village (the text of `village_created`).
CREATED = "このチャンネルをグリードの村にしました。"
ROOT = Path(__file__).resolve().parents[2]


def greedbot(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
        check=False,
    )


def test_replay_json_prints_one_reply_object_per_line(tmp_path: Path) -> None:
    transcript = tmp_path / "day.txt"
    transcript.write_text(
        "@clock 2026-12-01T12:00:00+09:00\n@dice D G $ R R Eb\n"
        "alice: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]\n"
    )
    done = greedbot("replay", "--json", str(transcript))
    assert done.returncode == 0, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["kind"] for r in replies] == ["info", "day_opened", "throw"]
    throw = replies[-1]
    assert throw["to"] == "alice" and "E⬛黒" in throw["text"]
    assert throw["state"]["faces"] == ["D", "G", "$", "R", "R", "Eb"]
    assert throw["state"]["legal_counts"] == [4, 5]


def test_replay_names_the_line_of_a_bad_directive(tmp_path: Path) -> None:
    transcript = tmp_path / "bad.txt"
    transcript.write_text("@dice D D X\n")
    done = greedbot("replay", str(transcript))
    assert done.returncode == 1
    assert f"{transcript}:1:" in done.stderr and "unknown face 'X'" in done.stderr


def test_replay_of_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    done = greedbot("replay", str(tmp_path / "nowhere.txt"))
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_a_fair_day_exported_from_the_database_verifies(tmp_path: Path) -> None:
    transcript = tmp_path / "fair.txt"
    transcript.write_text(FAIR_DAY)
    url = f"sqlite:///{tmp_path / 'village.db'}"
    assert greedbot("replay", str(transcript), "--db", url).returncode == 0
    export = tmp_path / "day1.json"
    done = greedbot("export", "--day", "1", "--db", url, "--out", str(export))
    assert done.returncode == 0, done.stderr
    document = json.loads(export.read_text())
    assert document["seed"] is not None and document["scripted"] is False
    assert len(document["throws"]) == 2
    verified = greedbot("verify", str(export))
    assert verified.returncode == 0, verified.stdout
    assert "every throw matches the seed (throws checked: 2)" in verified.stdout
    # a single changed face is reported and fails the check
    first = document["throws"][0]
    first["faces"][0] = "G" if first["faces"][0] != "G" else "R"
    export.write_text(json.dumps(document))
    tampered = greedbot("verify", str(export))
    assert tampered.returncode == 1
    assert "MISMATCH faces" in tampered.stdout


def test_export_needs_a_village_when_the_database_holds_several(tmp_path: Path) -> None:
    transcript = tmp_path / "fair.txt"
    transcript.write_text(FAIR_DAY)
    url = f"sqlite:///{tmp_path / 'village.db'}"
    for _ in range(2):
        assert greedbot("replay", str(transcript), "--db", url).returncode == 0
    done = greedbot("export", "--day", "1", "--db", url)
    assert done.returncode == 2 and "holds 2 villages" in done.stderr
    named = greedbot("export", "--village", "2", "--day", "1", "--db", url)
    assert named.returncode == 0 and json.loads(named.stdout)["village_id"] == 2
    missing = greedbot("export", "--village", "2", "--day", "9", "--db", url)
    assert missing.returncode == 2 and "no day 9" in missing.stderr


def test_verify_refuses_what_is_not_a_day_record(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2]")
    assert greedbot("verify", str(junk)).returncode == 2
    junk.write_text('{"day": 1}')
    done = greedbot("verify", str(junk))
    assert done.returncode == 1 and "MISMATCH format" in done.stdout


def test_the_console_plays_and_keeps_the_village(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'console.db'}"
    lines = (
        "/as alice\n@dice D G $ R R Eb\n[[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]\n"
    )
    first = greedbot("console", "--db", url, stdin=lines + "/quit\n")
    assert first.returncode == 0, first.stderr
    assert CREATED in first.stdout and "━━ 1d 開始 ━━" in first.stdout
    assert "【alice】1ターン目 1周1投目" in first.stdout
    # a second session finds alice where she stopped, in the same village and day
    second = greedbot("console", "--db", url, stdin="/as alice\n/greed status\n")
    assert second.returncode == 0
    assert (
        "【alice】1dの状況\n  1ターン目 1周1投目: 【D】【G】【＄】【R】【R】【E⬛黒】"
        in second.stdout
    )
    assert CREATED not in second.stdout and "開始 ━━" not in second.stdout


def test_migrate_brings_a_new_database_up_to_date(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    done = greedbot("migrate", "--db", url)
    assert done.returncode == 0 and "up to date" in done.stdout
    assert greedbot("migrate", "--db", url).returncode == 0


def test_replay_names_the_line_of_a_bad_first_clock(tmp_path: Path) -> None:
    transcript = tmp_path / "clock.txt"
    transcript.write_text("# a village\n\n@clock yesterday\n")
    done = greedbot("replay", str(transcript))
    assert done.returncode == 1
    assert done.stderr.startswith(f"{transcript}:3: @clock")


def test_run_with_the_examples_token_opens_the_console_and_says_why(tmp_path: Path) -> None:
    # A new user's first try: `cp .env.example .env`, then `make run` (`greedbot run`).
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        capture_output=True,
        text=True,
        input="/quit\n",
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    ja, en = done.stdout.splitlines()[:2]
    assert "DISCORD_TOKEN が .env.example の見本のまま" in ja and "コンソール村" in ja
    assert "DISCORD_TOKEN in .env is still the placeholder of .env.example" in en
    assert "console village" in en
    assert CREATED in done.stdout
    # The embedded database, in the data folder made for it.
    assert (tmp_path / "greedbot" / "greedbot.db").is_file()
