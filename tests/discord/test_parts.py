"""The adapter's small parts: every module loads, long replies are cut well, links point at
the right post, the client asks for what it needs, and a bad token is one line, not a trace."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bot.discord_adapter
from bot.chat.render import render
from bot.config import Settings
from bot.discord_adapter.client import intents, make_client
from bot.discord_adapter.port import snowflake_time, time_snowflake
from bot.discord_adapter.run import SETUP_ERROR, SetupError, token_of
from bot.discord_adapter.split import LIMIT, split_text
from bot.discord_adapter.surface import discord_surface
from bot.words.reply import Reply, ReplyKind

pytestmark = pytest.mark.discord

ROOT = Path(__file__).resolve().parents[2]


def test_every_module_of_the_adapter_loads() -> None:
    names = [m.name for m in pkgutil.iter_modules(bot.discord_adapter.__path__)]
    assert {"client", "gateway", "sender", "slash", "relay", "catchup", "port", "run"} <= set(names)
    for name in names:
        importlib.import_module(f"bot.discord_adapter.{name}")


def test_only_the_adapter_imports_discord() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "bot").rglob("*.py")
        if "discord_adapter" not in path.parts
        and any(
            line.startswith(("import discord", "from discord"))
            for line in path.read_text(encoding="utf-8").splitlines()
        )
    ]
    assert offenders == []


# -- cutting long replies ----------------------------------------------------------------------


def test_a_short_reply_is_one_message() -> None:
    assert split_text("hello\nworld") == ["hello\nworld"]


def test_a_long_table_is_cut_at_lines_with_its_code_block_closed_and_reopened() -> None:
    rows = [f"{n:>3}  player{n:<20}  {n * 50:>6}" for n in range(200)]
    text = "\n".join(["Standings", "```", *rows, "```", "end"])
    pieces = split_text(text)
    assert len(pieces) > 1
    for piece in pieces:
        assert len(piece) <= LIMIT
        assert piece.count("```") % 2 == 0  # every piece renders on its own
    kept = [line for piece in pieces for line in piece.split("\n") if line != "```"]
    assert kept == [line for line in text.split("\n") if line != "```"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=0, max_size=300), min_size=1, max_size=60), st.booleans())
def test_no_piece_is_too_long_and_no_line_is_lost(lines: list[str], fenced: bool) -> None:
    body = ["```", *lines, "```"] if fenced else lines
    text = "\n".join(body)
    pieces = split_text(text)
    assert all(len(p) <= LIMIT for p in pieces)
    if len(text) <= LIMIT:
        assert pieces == [text] or not text.strip()
    else:
        joined = "".join(p.replace("```", "").replace("\n", "") for p in pieces)
        assert joined == text.replace("```", "").replace("\n", "")


# -- how replies read on Discord ---------------------------------------------------------------


def test_a_memo_links_each_day_to_the_post_it_was_played_in() -> None:
    memo = Reply(
        ReplyKind.MEMO,
        "greed.memo",
        {
            "player": "alice",
            "day": 2,
            "points": 300,
            "final": True,
            "message_id": 222,
            "turns": [{"score": 300}],
            "total": 800,
            "days": [
                {"day": 1, "points": 500, "message_id": 111},
                {"day": 2, "points": 300, "message_id": 222},
            ],
        },
    )
    surface = discord_surface(7, {111: 1001, 222: 1002}, village_id=5)
    text = render(memo, "ja", surface)
    assert "https://discord.com/channels/7/1001/111" in text
    assert "https://discord.com/channels/7/1002/222" in text
    # In the console the same memo keeps its `#N` marks and no Markdown.
    assert "discord.com" not in render(memo, "ja")


def test_a_standings_table_is_a_code_block_on_discord_but_plain_in_the_console() -> None:
    from bot.console.session import CONSOLE

    standings = Reply(
        ReplyKind.INFO,
        "standings",
        {"days": 1, "rows": [{"rank": 1, "player": "alice", "days": [300], "total": 300}]},
    )
    assert "```" in render(standings, "ja", discord_surface(7, {}, 5))
    assert "```" not in render(standings, "ja", CONSOLE)


def test_snowflakes_carry_their_time() -> None:
    moment = snowflake_time(1_577_157_289_662_480_396)
    assert moment.year == 2026
    assert snowflake_time(time_snowflake(moment)) == moment.replace(
        microsecond=moment.microsecond // 1000 * 1000
    )


# -- the client and its settings ----------------------------------------------------------------


def test_the_bot_reads_message_content_and_asks_for_no_member_list() -> None:
    wanted = intents()
    assert wanted.message_content and wanted.guilds and wanted.guild_messages
    assert not wanted.members and not wanted.presences


def test_shard_settings_make_one_process_per_set_of_shards() -> None:
    plain = make_client(Settings(_env_file=None))  # type: ignore[call-arg]
    assert type(plain) is discord.Client
    sharded = make_client(
        Settings(_env_file=None, DISCORD_SHARD_COUNT=4, DISCORD_SHARD_IDS="2,3")  # type: ignore[call-arg]
    )
    assert isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 4 and sharded.shard_ids == [2, 3]
    with pytest.raises(ValueError, match="shard ids"):
        Settings(_env_file=None, DISCORD_SHARD_IDS="one")  # type: ignore[call-arg]


@pytest.mark.parametrize("token", [None, "", "your-bot-token-here", "not a token"])
def test_a_missing_or_placeholder_token_is_a_setup_error(token: str | None) -> None:
    with pytest.raises(SetupError):
        token_of(Settings(_env_file=None, DISCORD_TOKEN=token))  # type: ignore[call-arg]


SHAPED = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
"""Shaped like a bot token, and no bot's."""


def greedbot(
    args: list[str], folder: Path, token: str, **more: str
) -> subprocess.CompletedProcess[str]:
    """The installed command, in a folder of its own (no .env), with only this token (and
    the settings in `more`)."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        cwd=folder,
        env={
            "PATH": "/usr/bin:/bin",
            "HOME": str(folder),
            "DISCORD_TOKEN": token,
            "GREEDBOT_DATA_DIR": str(folder / "data"),
            **more,
        },
        timeout=120,
        check=False,
    )


def test_a_token_shaped_like_one_is_taken() -> None:
    assert token_of(Settings(_env_file=None, DISCORD_TOKEN=SHAPED)) == SHAPED  # type: ignore[call-arg]


def test_a_discord_that_cannot_be_reached_is_one_line_not_a_trace(tmp_path: Path) -> None:
    # Without a network Discord cannot be reached; with one it refuses this made-up token:
    # either way the operator reads one line.
    done = greedbot(["discord", "run"], tmp_path, SHAPED)
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode in (1, 2) and last.startswith("greedbot: ")
    assert "Traceback" not in done.stderr and SHAPED not in done.stderr


@pytest.mark.parametrize("verb", [["discord", "run"], ["discord", "sync", "--guild", "1"]])
def test_the_discord_commands_say_what_is_wrong_in_one_line(
    verb: list[str], tmp_path: Path
) -> None:
    done = greedbot(verb, tmp_path, "your-bot-token-here")
    assert done.returncode == SETUP_ERROR
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "DISCORD_TOKEN" in done.stderr
    assert "your-bot-token-here" not in done.stderr  # a token, even a fake one, is never shown


PLACEHOLDER_URL = "postgresql://greedbot_app:change-me-to-another-long-random-password@db/g"


@pytest.mark.parametrize("verb", [["discord", "run"], ["migrate"], ["discord", "check"]])
def test_a_placeholder_database_password_is_refused_in_one_line(
    verb: list[str], tmp_path: Path
) -> None:
    """The password .env.example ships is known to everyone who read it: no command starts on
    it, and none shows it."""
    done = greedbot(verb, tmp_path, SHAPED, DATABASE_URL=PLACEHOLDER_URL)
    assert done.returncode == SETUP_ERROR
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "DATABASE_URL" in done.stderr and "placeholder" in done.stderr
    assert "change-me" not in done.stderr


def test_check_names_every_placeholder_left_in_env(tmp_path: Path) -> None:
    done = greedbot(
        ["discord", "check"],
        tmp_path,
        "your-bot-token-here",
        POSTGRES_PASSWORD="change-me-to-a-long-random-password",
        APP_DB_PASSWORD="s3cretAndLong",
    )
    assert done.returncode == SETUP_ERROR and done.stderr.count("\n") == 1
    assert "DISCORD_TOKEN, POSTGRES_PASSWORD still hold the placeholders" in done.stderr
    assert "APP_DB_PASSWORD" not in done.stderr and "change-me" not in done.stderr


def test_check_passes_settings_the_bot_can_start_with(tmp_path: Path) -> None:
    done = greedbot(
        ["discord", "check"],
        tmp_path,
        SHAPED,
        POSTGRES_PASSWORD="ownerLongRandom1",
        DATABASE_URL="postgresql://greedbot_app:appLongRandom2@postgres/greedbot",
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "greedbot: the settings are ready\n"
    # A bad token is still refused by the check alone, with no Discord to ask.
    bad = greedbot(["discord", "check"], tmp_path, "not a token")
    assert bad.returncode == SETUP_ERROR and "DISCORD_TOKEN" in bad.stderr


def test_a_schema_behind_stops_the_bot_with_the_databases_exit_code(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A database whose schema the bot's role may not bring up refuses the work: exit 3, as
    `greedbot migrate` and README say, in one line of greedbot's own."""
    from bot.discord_adapter import run as running
    from bot.storage.migrate import SchemaBehindError

    async def behind(_settings: Settings, _token: str) -> None:
        raise SchemaBehindError(
            "the database schema is at 0008 and this greedbot needs 0009, which this "
            "database role may not make: run greedbot migrate as the owner"
        )

    monkeypatch.setattr(running, "_run", behind)
    monkeypatch.setattr(running, "configure_logging", lambda _settings: None)
    code = running.run(Settings(_env_file=None, DISCORD_TOKEN=SHAPED))  # type: ignore[call-arg]
    err = capsys.readouterr().err
    assert code == running.DATABASE_UNREACHABLE == 3
    assert err.count("\n") == 1 and err.startswith("greedbot: the database schema is at 0008")
