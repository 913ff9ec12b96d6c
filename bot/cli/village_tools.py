"""`greedbot console`, `replay`, `migrate` and `run`: the village on the command line."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from bot.cli.database import (
    check_writable,
    database_errors,
    database_place,
    database_url,
    load_settings,
    safe,
)
from bot.cli.errors import (
    DATABASE,
    DEBUG_HINT,
    INTERNAL,
    MISMATCH,
    CliError,
    DatabaseError,
    describe,
    held_logs,
    one_line,
)
from bot.config import EXAMPLE_TOKEN, Settings


def run_replay(args: argparse.Namespace) -> int:
    from bot.console.replay import ReplayBugError, ReplayDatabaseError, ReplayError, replay
    from bot.console.session import Output
    from bot.storage.migrate import SchemaBehindError

    path = Path(args.file)
    lines = _read_script(path)
    url = database_place(args.db) if args.db else None

    def show(number: int, line: str, outputs: list[Output]) -> None:
        if args.json:
            for output in outputs:
                print(output.json_line())
            return
        if line.strip() and not line.lstrip().startswith("#"):
            print(line)
        for output in outputs:
            if output.only_for:
                print("  " + output.only_for)
            print("  " + output.text.replace("\n", "\n  "))

    # What the village logs of a failed line is said in the replay's own line instead.
    with held_logs() as logged:
        try:
            with database_errors(url):
                if url is not None:
                    asyncio.run(_ready(url))
                asyncio.run(replay(lines, show, url))
        except SchemaBehindError as error:
            raise DatabaseError(str(error)) from None
        except ReplayError as error:
            if isinstance(error, ReplayDatabaseError):
                where = "the temporary database" if url is None else f"the database {safe(url)}"
                message, code = f"cannot use {where}: {error}", DATABASE
            elif isinstance(error, ReplayBugError):
                said = logged.last_error()
                message = f"{error}: {said}" if said else str(error)
                message, code = f"{message} ({DEBUG_HINT})", INTERNAL
            else:
                message, code = str(error), MISMATCH
            logged.drop()
            # Line 0: before the transcript's first line (the village could not be made).
            where = f"{path}:{error.line}:" if error.line else "greedbot: error:"
            print(f"{where} {one_line(message)}", file=sys.stderr)
            return code
        except DatabaseError:
            logged.drop()
            raise
    return 0


def _read_script(path: Path) -> list[str]:
    """The transcript's lines: UTF-8, with or without a byte-order mark."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or describe(error)}") from None
    try:
        return data.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        byte = data[error.start]
        raise CliError(f"{path}:{line}: not UTF-8 text (byte 0x{byte:02x})") from None


async def _ready(url: str) -> None:
    """The schema up to date, and the database writable by this role: checked before a
    command that writes starts, so that it fails in one line and not at its first write."""
    from bot.storage.engine import make_engine
    from bot.storage.migrate import migrate

    engine = make_engine(url)
    try:
        await migrate(engine)
        await check_writable(engine, url)
    finally:
        await engine.dispose()


def run_console(args: argparse.Namespace) -> int:
    from bot.console.interactive import interactive
    from bot.storage.migrate import SchemaBehindError

    settings = _settings()
    url = database_place(args.db, settings)
    try:
        with database_errors(url):
            asyncio.run(_ready(url))
            return asyncio.run(interactive(url, settings.data_dir))
    except SchemaBehindError as error:
        raise DatabaseError(str(error)) from None
    except UnicodeDecodeError as error:
        # What is typed (or piped) into the console is read as UTF-8.
        raise CliError(f"cannot read the standard input: not UTF-8 ({error.reason})") from None


def run_migrate(args: argparse.Namespace) -> int:
    from bot.storage.engine import make_engine
    from bot.storage.grants import GrantError, grant, refuse_without_roles
    from bot.storage.migrate import SchemaBehindError, migrate

    url = database_place(args.db)
    role: str | None = args.grant

    async def upgrade() -> None:
        engine = make_engine(url)
        try:
            if role is not None:
                refuse_without_roles(engine)
            await migrate(engine)
            if role is not None:
                await grant(engine, role)
        finally:
            await engine.dispose()

    try:
        with database_errors(url):
            asyncio.run(upgrade())
    except GrantError as error:
        raise CliError(str(error)) from None
    except SchemaBehindError as error:
        raise DatabaseError(str(error)) from None
    print(f"the database is up to date: {_safe(url)}")
    if role is not None:
        print(f"{role} may read and append the event log, and keep the bot's other tables")
    return 0


def run_bot(args: argparse.Namespace) -> int:
    token = _settings().token()
    if not token:
        print("DISCORD_TOKEN が未設定なので、ローカルのコンソール村を開きます。")
        print("No DISCORD_TOKEN is set: starting the local console village.\n")
        return run_console(argparse.Namespace(db=None))
    if token == EXAMPLE_TOKEN:
        # `cp .env.example .env`, then `make run`: a first try, not a bot to start.
        print(
            "DISCORD_TOKEN が .env.example の見本のままなので、ローカルのコンソール村を開きます"
            "（Discord で遊ぶには、ボットのトークンを .env に書いてください）。"
        )
        print(
            "DISCORD_TOKEN in .env is still the placeholder of .env.example: starting the local "
            "console village (put the bot's token in .env to play on Discord).\n"
        )
        return run_console(argparse.Namespace(db=None))
    return run_discord(args)


def run_discord(args: argparse.Namespace) -> int:
    from bot.discord_adapter.run import SETUP_ERROR, SetupError, run, token_of

    settings = _settings()
    database_url(None, settings)  # a malformed DATABASE_URL: one line before starting
    try:
        token_of(settings)  # then no token, no bot: refused before any folder is made
    except SetupError as error:
        print(f"greedbot: {error}", file=sys.stderr)
        return SETUP_ERROR
    url = database_place(None, settings)
    with database_errors(url):  # what run() leaves to its caller: a database refusing
        return run(settings)


def run_check(args: argparse.Namespace) -> int:
    """`greedbot discord check`: the settings the bot would start with, checked without
    starting it. docker-compose runs it before anything else, so that a `.env` still holding a
    placeholder of `.env.example` stops everything in one line: no database is made with a
    password everyone knows, and no bot restarts forever on a token that cannot log in."""
    from bot.config import placeholders
    from bot.discord_adapter.run import SETUP_ERROR, SetupError, token_of

    left = placeholders(os.environ)
    if left:
        print(
            f"greedbot: {', '.join(left)} still "
            f"{'holds the placeholder' if len(left) == 1 else 'hold the placeholders'} of "
            ".env.example: put your own values in .env",
            file=sys.stderr,
        )
        return SETUP_ERROR
    settings = _settings()
    database_url(None, settings)
    try:
        token_of(settings)
    except SetupError as error:
        print(f"greedbot: {error}", file=sys.stderr)
        return SETUP_ERROR
    print("greedbot: the settings are ready")
    return 0


def run_sync(args: argparse.Namespace) -> int:
    from bot.discord_adapter.run import sync

    if args.clear and args.guild is None:
        raise CliError("--clear needs --guild ID: the server whose own copy to remove")
    settings = _settings()
    database_url(None, settings)
    return sync(settings, args.guild, clear=args.clear)


def _settings() -> Settings:
    """The settings, or a one-line error naming the one that is wrong."""
    return load_settings()


def _safe(url: str) -> str:
    return safe(url)
