"""Every `greedbot` failure is one line on stderr with its own exit code, never a traceback
(the codes: bot/cli/errors.py). Each case runs the real command."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from bot.cli.errors import DATABASE, INTERNAL, MISMATCH, OK, OUTPUT, USAGE

pytestmark = pytest.mark.db

UNREACHABLE = "postgresql://nobody@127.0.0.1:1/x"
MALFORMED = ["notaurl", "postgresql://::::"]
FAIR_DAY = """\
@clock 2026-12-01T12:00:00+09:00
@mods gm
alice: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
bob: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
gm: /village day next
"""
# Without capabilities to override file permissions, root meets them like anyone else.
_NO_OVERRIDE = [
    "setpriv",
    "--bounding-set=-dac_override,-dac_read_search",
    "--inh-caps=-dac_override,-dac_read_search",
]


def greedbot(
    *args: str,
    stdin: str = "",
    env: dict[str, str] | None = None,
    prefix: list[str] | None = None,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*(prefix or []), sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
        check=False,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )


def fails(done: subprocess.CompletedProcess[str], code: int, *words: str) -> str:
    """Assert the exit code and a single line on stderr, without a traceback; the line."""
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("failures")


@pytest.fixture(scope="module")
def transcript(folder: Path) -> Path:
    path = folder / "fair.txt"
    path.write_text(FAIR_DAY, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def village_db(folder: Path, transcript: Path) -> Path:
    """A database holding one village with a closed day."""
    db = folder / "village.db"
    done = greedbot("replay", str(transcript), "--db", f"sqlite:///{db}")
    assert done.returncode == OK, done.stderr
    return db


@pytest.fixture(scope="module")
def day_record(folder: Path, village_db: Path) -> dict[str, object]:
    out = folder / "day1.json"
    done = greedbot("export", "--day", "1", "--db", f"sqlite:///{village_db}", "--out", str(out))
    assert done.returncode == OK, done.stderr
    document: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return document


@pytest.fixture
def unprivileged() -> list[str]:
    """How to run a command that file permissions apply to (root overrides them)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    probe = subprocess.run([*_NO_OVERRIDE, "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip("setpriv cannot drop the capabilities here")
    return _NO_OVERRIDE


def _readonly(*paths: Path) -> None:
    for path in paths:
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


@pytest.fixture
def read_only_folder(tmp_path: Path, village_db: Path) -> Iterator[Path]:
    """A folder nothing may be written in, holding a migrated database."""
    folder = tmp_path / "locked"
    folder.mkdir()
    shutil.copy(village_db, folder / "village.db")
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


# -- database URLs ---------------------------------------------------------------------


def _command(name: str, transcript: Path) -> list[str]:
    return {
        "migrate": ["migrate"],
        "export": ["export", "--day", "1"],
        "replay": ["replay", str(transcript)],
        "console": ["console"],
    }[name]


COMMANDS = ["migrate", "export", "replay", "console"]


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unreachable_database_is_exit_3(command: str, transcript: Path) -> None:
    done = greedbot(*_command(command, transcript), "--db", UNREACHABLE)
    fails(done, DATABASE, "cannot", UNREACHABLE, "Connect call failed")


@pytest.mark.parametrize("url", MALFORMED)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_malformed_database_url_is_a_usage_error(
    command: str, url: str, transcript: Path
) -> None:
    done = greedbot(*_command(command, transcript), "--db", url)
    fails(done, USAGE, "--db is not a database URL")


@pytest.mark.parametrize(
    "args", [["export", "--day", "1"], ["console"], ["migrate"], ["discord", "run"]]
)
def test_a_malformed_database_url_in_the_environment_is_a_usage_error(
    args: list[str], tmp_path: Path
) -> None:
    done = greedbot(*args, env={"DATABASE_URL": "notaurl"}, cwd=tmp_path)
    fails(done, USAGE, "DATABASE_URL is not a database URL")


@pytest.mark.parametrize("url", ["mysql://x@y/z", "sqlite+pysqlite:///x.db"])
def test_a_database_greedbot_cannot_use_is_a_usage_error(url: str) -> None:
    fails(greedbot("migrate", "--db", url), USAGE, "--db")


def test_a_postgresql_database_that_does_not_exist_is_exit_3() -> None:
    given = os.environ.get("TEST_DATABASE_URL")
    if not given:
        pytest.skip("TEST_DATABASE_URL is not set")
    url = make_url(given).set(database="greedbot_no_such_database_test")
    rendered = url.render_as_string(hide_password=False)
    fails(greedbot("export", "--day", "1", "--db", rendered), DATABASE, "does not exist")


def test_export_of_a_missing_sqlite_file_makes_none(tmp_path: Path) -> None:
    db = tmp_path / "village.db"
    fails(greedbot("export", "--day", "1", "--db", f"sqlite:///{db}"), DATABASE, "no file")
    assert list(tmp_path.iterdir()) == []


# -- where a SQLite database is --------------------------------------------------------

IN_MEMORY = ["sqlite://", "sqlite:///", "sqlite:///:memory:"]


def _listing(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*"))


@pytest.mark.parametrize("url", IN_MEMORY)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_database_in_memory_is_refused_as_it_keeps_nothing(
    command: str, url: str, transcript: Path, tmp_path: Path
) -> None:
    # `migrate` used to say "up to date" of a database gone the moment it ended.
    done = greedbot(*_command(command, transcript), "--db", url, cwd=tmp_path)
    fails(done, USAGE, "--db:", "in memory", "sqlite:///PATH")
    assert _listing(tmp_path) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_a_database_in_a_missing_folder_is_refused_and_no_folder_made(
    command: str, transcript: Path, tmp_path: Path
) -> None:
    db = tmp_path / "viilage" / "data" / "village.db"  # a typo in the folder's name
    done = greedbot(*_command(command, transcript), "--db", f"sqlite:///{db}")
    fails(done, USAGE, "--db:", f"no folder {db.parent} for village.db")
    assert _listing(tmp_path) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_a_database_under_a_file_is_refused(command: str, transcript: Path, tmp_path: Path) -> None:
    db = transcript / "village.db"
    done = greedbot(*_command(command, transcript), "--db", f"sqlite:///{db}")
    fails(done, USAGE, f"{transcript} is not a folder")
    assert transcript.is_file()


@pytest.mark.parametrize("url", [*IN_MEMORY, "sqlite:///viilage/village.db"])
def test_the_bot_refuses_a_database_url_that_keeps_nothing_or_makes_folders(
    url: str, tmp_path: Path
) -> None:
    # A token of the right shape: the database is checked before Discord is tried.
    token = "MTAxMjM0NTY3ODkwMTIzNDU2Nw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    done = greedbot(
        "discord", "run", env={"DISCORD_TOKEN": token, "DATABASE_URL": url}, cwd=tmp_path
    )
    fails(done, USAGE, "DATABASE_URL:")
    assert _listing(tmp_path) == []


def test_the_embedded_database_gets_its_data_folder(tmp_path: Path) -> None:
    # `make run` on a fresh machine: no --db, no DATABASE_URL, no data folder yet.
    data = tmp_path / "home" / "greedbot"
    env = {"GREEDBOT_DATA_DIR": str(data), "DATABASE_URL": ""}
    done = greedbot("console", stdin="/quit\n", env=env, cwd=tmp_path)
    assert done.returncode == OK, done.stderr
    assert (data / "greedbot.db").is_file()
    assert greedbot("migrate", env=env, cwd=tmp_path).returncode == OK


def test_export_of_a_database_never_migrated_says_so(tmp_path: Path) -> None:
    db = tmp_path / "empty.db"
    db.touch()
    done = greedbot("export", "--day", "1", "--db", f"sqlite:///{db}")
    fails(done, DATABASE, "no such table", "greedbot migrate")


# -- read-only SQLite ------------------------------------------------------------------


def test_a_read_only_database_file_refuses_the_commands_that_write(
    tmp_path: Path, village_db: Path, transcript: Path, unprivileged: list[str]
) -> None:
    db = tmp_path / "village.db"
    shutil.copy(village_db, db)
    _readonly(db)
    url = f"sqlite:///{db}"
    for args in (["replay", str(transcript)], ["console"]):
        done = greedbot(*args, "--db", url, prefix=unprivileged)
        fails(done, DATABASE, "cannot write to the database", "readonly")
    # Up to date, a schema is only read: migrate says so (the bot may run read-only roles)…
    assert greedbot("migrate", "--db", url, prefix=unprivileged).returncode == OK
    # …and reading is what export does.
    assert greedbot("export", "--day", "1", "--db", url, prefix=unprivileged).returncode == OK


def test_a_read_only_database_that_needs_migrating_is_exit_3(
    tmp_path: Path, unprivileged: list[str]
) -> None:
    db = tmp_path / "blank.db"
    db.touch()
    _readonly(db)
    done = greedbot("migrate", "--db", f"sqlite:///{db}", prefix=unprivileged)
    fails(done, DATABASE, "readonly")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_database_in_a_read_only_folder_is_exit_3(
    command: str, read_only_folder: Path, transcript: Path, unprivileged: list[str]
) -> None:
    url = f"sqlite:///{read_only_folder / 'village.db'}"
    done = greedbot(*_command(command, transcript), "--db", url, prefix=unprivileged)
    fails(done, DATABASE, "cannot", "readonly")


def test_a_new_database_in_a_read_only_folder_is_exit_3(
    read_only_folder: Path, transcript: Path, unprivileged: list[str]
) -> None:
    done = greedbot(
        "migrate", "--db", f"sqlite:///{read_only_folder / 'new.db'}", prefix=unprivileged
    )
    fails(done, DATABASE, "cannot use the database")


def test_a_data_folder_that_cannot_be_made_is_exit_3(
    read_only_folder: Path, unprivileged: list[str]
) -> None:
    data = read_only_folder / "data"
    env = {"GREEDBOT_DATA_DIR": str(data), "DATABASE_URL": ""}
    done = greedbot("migrate", env=env, prefix=unprivileged)
    fails(done, DATABASE, f"cannot make the data folder {data}", "Permission denied")


# -- export --out ----------------------------------------------------------------------


def test_export_into_a_missing_folder_is_exit_4(village_db: Path, tmp_path: Path) -> None:
    out = tmp_path / "missing" / "day1.json"
    done = greedbot("export", "--day", "1", "--db", f"sqlite:///{village_db}", "--out", str(out))
    fails(done, OUTPUT, "cannot write", "does not exist")
    assert not out.parent.exists()


def test_export_onto_a_directory_is_exit_4(village_db: Path, tmp_path: Path) -> None:
    done = greedbot(
        "export", "--day", "1", "--db", f"sqlite:///{village_db}", "--out", str(tmp_path)
    )
    fails(done, OUTPUT, "cannot write", "is a directory")


def test_export_into_a_read_only_folder_is_exit_4(
    village_db: Path, read_only_folder: Path, unprivileged: list[str]
) -> None:
    out = read_only_folder / "day1.json"
    done = greedbot(
        "export",
        "--day",
        "1",
        "--db",
        f"sqlite:///{village_db}",
        "--out",
        str(out),
        prefix=unprivileged,
    )
    fails(done, OUTPUT, "cannot write", "Permission denied")


@pytest.mark.parametrize("option", ["--day", "--table", "--village"])
def test_export_of_a_number_no_database_holds_is_a_usage_error(
    option: str, village_db: Path
) -> None:
    args = ["export", "--db", f"sqlite:///{village_db}", option, "9" * 30]
    if option == "--village":
        args += ["--day", "1"]
    fails(greedbot(*args), USAGE, "out of range")


# -- verify ----------------------------------------------------------------------------

DAY = '{"village_id": 1, "day": %s, "commitment": "x", "seed": null, "throws": []}'
UNREADABLE = {
    "infinity": DAY % "Infinity",
    "negative_infinity": DAY % "-Infinity",
    "nan": DAY % "NaN",
    "huge_float": DAY % "1e999",
    "digits": DAY % ("9" * 5000),
    "long_float": DAY % ("9" * 5000 + ".5"),
    "deep": '{"throws": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "deep_object": '{"a": ' * 100_000 + "1" + "}" * 100_000,
    "empty": "",
    "blank": " \n\t\n",
    "array": "[1, 2]",
    "number": "3",
    "truncated": '{"village_id": 1',
    "trailing": "{} {}",
    "surrogate": '{"commitment": "\\ud800"}',
}


@pytest.mark.parametrize("name", sorted(UNREADABLE))
def test_verify_of_what_cannot_be_read_is_exit_2(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(UNREADABLE[name], encoding="utf-8")
    done = greedbot("verify", str(path))
    fails(done, USAGE, f"cannot read {path}")
    assert done.stdout == ""


@pytest.mark.parametrize(
    "data",
    [b'{"commitment": "caf\xe9"}', '{"a": 1}'.encode("utf-16"), b"\x00\x01\x02"],
    ids=["latin-1", "utf-16", "binary"],
)
def test_verify_of_a_file_not_in_utf8_is_exit_2(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(data)
    fails(greedbot("verify", str(path)), USAGE, "cannot read")


def test_verify_of_a_missing_file_or_a_folder_is_exit_2(tmp_path: Path) -> None:
    fails(greedbot("verify", str(tmp_path / "none.json")), USAGE, "No such file")
    fails(greedbot("verify", str(tmp_path)), USAGE, "Is a directory")


def test_verify_accepts_a_byte_order_mark(day_record: dict[str, object], tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(day_record).encode("utf-8"))
    done = greedbot("verify", str(path))
    assert done.returncode == OK, done.stderr
    assert "throws checked: 2" in done.stdout
    tampered = dict(day_record, commitment="00" * 32)
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(tampered).encode("utf-8"))
    done = greedbot("verify", str(path))
    assert done.returncode == MISMATCH and "MISMATCH commitment" in done.stdout


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("day", "one"),
        ("village_id", [1]),
        ("throws", "many"),
        ("throws", [1, "x", None]),
        ("throws", [{"player_id": "a", "throw_seq": 1, "message_id": 1, "faces": ["G"]}]),
        ("throws", [{"player_id": 1, "throw_seq": 1, "message_id": 1, "faces": [1, 2]}]),
        ("seed", {"not": "hex"}),
        ("commitment", None),
    ],
)
def test_verify_of_a_day_with_wrong_types_is_a_mismatch_or_exit_2(
    field: str, value: object, day_record: dict[str, object], tmp_path: Path
) -> None:
    path = tmp_path / "day.json"
    path.write_text(json.dumps(dict(day_record, **{field: value})), encoding="utf-8")
    done = greedbot("verify", str(path))
    assert done.returncode in (MISMATCH, USAGE), done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


TABLE = {
    "game": "ducks",
    "village_id": 1,
    "table_id": 1,
    "day": 1,
    "commitment": "x",
    "seed": "00" * 32,
    "draws": [],
}
DRAW = {"seq": 1, "message_id": 5, "player_id": 1, "seat": 0, "outcome": [0, 1]}


@pytest.mark.parametrize(
    "draws",
    [
        [1],
        "draws",
        [None],
        [dict(DRAW, draw={"dice": [5, 2]})],
        [dict(DRAW, draw={"dice": [6, -1]})],
        [dict(DRAW, draw={"shuffle": 3})],
        [dict(DRAW, draw={"dice": ["6", 2]})],
    ],
)
def test_verify_of_a_table_with_wrong_types_is_a_mismatch_or_exit_2(
    draws: object, tmp_path: Path
) -> None:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(dict(TABLE, draws=draws)), encoding="utf-8")
    done = greedbot("verify", str(path))
    assert done.returncode in (MISMATCH, USAGE), done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


# -- replay ----------------------------------------------------------------------------

CLOCK = "@clock 2030-06-01T12:00:00+09:00\n"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("@lag nan", ["@lag is 0 to 3600 seconds", "nan"]),
        ("@lag inf", ["@lag is 0 to 3600 seconds", "inf"]),
        ("@lag -inf", ["@lag is 0 to 3600 seconds"]),
        ("@lag -1", ["@lag is 0 to 3600 seconds"]),
        ("@lag 1e300", ["@lag is 0 to 3600 seconds"]),
        ("@lag 3601", ["@lag is 0 to 3600 seconds"]),
        ("@lag soon", ["@lag needs seconds"]),
        ("@clock 9999-12-31T23:59:00+09:00", ["out of range"]),
        ("@clock 2040-06-01T12:00:00+09:00", ["3653 days after", "at most 366 days"]),
        ("@clock 2031-06-03T12:00:00+09:00", ["367 days after"]),
        ("@clock 2030-06-02T12:00:00", ["needs a time zone"]),
        ("@clock tomorrow", ["@clock"]),
        ("@nonsense 1", ["unknown directive @nonsense"]),
        ("@", ["unknown directive"]),
        ("@dice X", ["unknown face 'X'"]),
    ],
)
def test_a_bad_line_of_a_transcript_names_its_line(
    line: str, words: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(CLOCK + line + "\n" + "alice: [[greed]]\n", encoding="utf-8")
    said = fails(greedbot("replay", str(path)), MISMATCH, *words)
    assert said.startswith(f"{path}:2: ")


@pytest.mark.parametrize(
    "when", ["9999-12-31T23:59:00+09:00", "0001-01-01T00:00:00+09:00", "1969-12-31T00:00Z"]
)
def test_a_first_clock_out_of_range_names_its_line(when: str, tmp_path: Path) -> None:
    path = tmp_path / "far.txt"
    path.write_text(f"# far away\n@clock {when}\nalice: [[greed]]\n", encoding="utf-8")
    said = fails(greedbot("replay", str(path)), MISMATCH, "out of range")
    assert said.startswith(f"{path}:2: @clock")


def test_a_clock_may_move_on_by_less_than_a_year(tmp_path: Path) -> None:
    path = tmp_path / "year.txt"
    path.write_text(CLOCK + "@clock 2030-08-01T12:00:00+09:00\n", encoding="utf-8")
    done = greedbot("replay", "--json", str(path))
    assert done.returncode == OK, done.stderr
    assert "day_closed" in {json.loads(line)["kind"] for line in done.stdout.splitlines()}


def test_a_transcript_with_a_byte_order_mark_is_read_as_without(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(
        b"\xef\xbb\xbf" + (CLOCK + "alice: [[greed]][[greed]][[greed]][[greed]]").encode()
    )
    done = greedbot("replay", "--json", str(path))
    assert done.returncode == OK, done.stderr
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    opened = next(r for r in replies if r["kind"] == "day_opened")
    # the first line's @clock opened the village, at its time
    assert opened["params"]["closes_at"] == "2030-06-01T15:00:00+00:00"


def test_a_transcript_that_cannot_be_read_is_exit_2(tmp_path: Path) -> None:
    fails(greedbot("replay", str(tmp_path / "none.txt")), USAGE, "cannot read", "No such file")
    fails(greedbot("replay", str(tmp_path)), USAGE, "cannot read", "Is a directory")
    path = tmp_path / "latin.txt"
    path.write_bytes(CLOCK.encode() + b"alice: caf\xe9\n")
    fails(greedbot("replay", str(path)), USAGE, f"{path}:2:", "not UTF-8")


# -- settings, standard input, bugs ----------------------------------------------------


@pytest.mark.parametrize("args", [["export", "--day", "1"], ["migrate"], ["console"]])
def test_a_wrong_setting_is_one_line(args: list[str], tmp_path: Path) -> None:
    done = greedbot(*args, env={"GREEDBOT_LOG_LEVEL": "LOUD"}, cwd=tmp_path)
    fails(done, USAGE, "log_level")


def test_the_console_refuses_input_that_is_not_utf8(tmp_path: Path) -> None:
    # Python reads a pipe leniently in a C or UTF-8 locale; strictly, a bad byte is an error.
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", f"sqlite:///{tmp_path / 'c.db'}"],
        capture_output=True,
        input=b"/as alice\ncaf\xe9\n",
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
    )
    err = done.stderr.decode()
    assert done.returncode == USAGE and "Traceback" not in err
    assert err.count("\n") == 1 and "not UTF-8" in err


BUG = (
    "import sys, bot.cli.engine_tools as tools\n"
    "def broken(args):\n"
    "    raise ZeroDivisionError('a bug')\n"
    "tools.run_score = broken\n"
    "from bot.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def test_a_bug_is_one_line_and_exit_70_unless_debugging() -> None:
    def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", BUG, *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={**os.environ, "GREEDBOT_DEBUG": "", **(env or {})},
        )

    fails(run("score", "G"), INTERNAL, "internal error", "ZeroDivisionError", "GREEDBOT_DEBUG")
    for debugged in (run("--debug", "score", "G"), run("score", "G", env={"GREEDBOT_DEBUG": "1"})):
        assert debugged.returncode == INTERNAL
        assert "Traceback" in debugged.stderr and "ZeroDivisionError" in debugged.stderr


def test_argparse_errors_stay_exit_2() -> None:
    fails(greedbot("export"), USAGE, "one of the arguments --day --table is required")
    fails(greedbot("verify"), USAGE, "required")


def test_the_bot_refuses_the_examples_token_in_one_line(tmp_path: Path) -> None:
    shutil.copy(Path(__file__).resolve().parents[2] / ".env.example", tmp_path / ".env")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "discord", "run"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    line = fails(done, USAGE, "DISCORD_TOKEN is still the placeholder of .env.example")
    assert "your-bot-token-here" not in line  # a token, even this one, is never shown
    assert list(tmp_path.iterdir()) == [tmp_path / ".env"]  # nothing made before refusing


def test_the_bot_says_its_database_is_unreachable_not_discord() -> None:
    # A token of the right shape: the database is tried first, and it is what fails.
    token = "MTAxMjM0NTY3ODkwMTIzNDU2Nw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
    env = {"DISCORD_TOKEN": token, "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/x"}
    done = greedbot("discord", "run", env=env)
    fails(done, DATABASE, "cannot use the database")
