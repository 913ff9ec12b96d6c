"""`greedbot console`, `replay`, `migrate` and `run`: the village on the command line."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.cli.main import CliError
from bot.config import Settings


def run_replay(args: argparse.Namespace) -> int:
    from bot.console.replay import ReplayError, replay
    from bot.console.session import Output

    path = Path(args.file)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise CliError(f"cannot read {path}: {error}") from error

    def show(number: int, line: str, outputs: list[Output]) -> None:
        if args.json:
            for output in outputs:
                print(output.json_line())
            return
        if line.strip() and not line.lstrip().startswith("#"):
            print(line)
        for output in outputs:
            print("  " + output.text.replace("\n", "\n  "))

    try:
        asyncio.run(replay(lines, show, args.db))
    except ReplayError as error:
        print(f"{path}:{error.line}: {error}", file=sys.stderr)
        return 1
    return 0


def run_console(args: argparse.Namespace) -> int:
    from bot.console.interactive import interactive

    settings = _settings()
    url = args.db or settings.database()
    return asyncio.run(interactive(url, settings.data_dir / "pictures"))


def run_migrate(args: argparse.Namespace) -> int:
    from bot.storage.engine import make_engine
    from bot.storage.migrate import migrate

    url = args.db or Settings().database()

    async def upgrade() -> None:
        engine = make_engine(url)
        try:
            await migrate(engine)
        finally:
            await engine.dispose()

    asyncio.run(upgrade())
    print(f"the database is up to date: {_safe(url)}")
    return 0


def run_bot(args: argparse.Namespace) -> int:
    settings = _settings()
    token = settings.discord_token
    if token is None or not token.get_secret_value().strip():
        print("DISCORD_TOKEN が未設定なので、ローカルのコンソール村を開きます。")
        print("No DISCORD_TOKEN is set: starting the local console village.\n")
        return run_console(argparse.Namespace(db=None))
    return run_discord(args)


def run_discord(args: argparse.Namespace) -> int:
    from bot.discord_adapter.run import run

    return run(_settings())


def run_sync(args: argparse.Namespace) -> int:
    from bot.discord_adapter.run import sync

    if args.clear and args.guild is None:
        raise CliError("--clear needs --guild ID: the server whose own copy to remove")
    return sync(_settings(), args.guild, clear=args.clear)


def _settings() -> Settings:
    """The settings, or a one-line error naming the one that is wrong."""
    from pydantic import ValidationError

    try:
        return Settings()
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(part) for part in problem["loc"]) or "settings"
        raise CliError(f"{where}: {problem['msg']}") from None


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
