"""Argument parsing and dispatch for the `greedbot` command. Exit codes: bot/cli/errors.py."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from bot import __version__
from bot.cli import errors
from bot.cli.errors import USAGE, CliError

USAGE_ERROR = USAGE
__all__ = ["USAGE_ERROR", "CliError", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    # One line on stderr and exit 2: the usage block is for --help.
    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="greedbot", description="Greed villages for Discord and the terminal.")
    parser.add_argument("--version", action="version", version=f"greedbot {__version__}")
    parser.add_argument("--debug", action="store_true", help="print the traceback of a failure")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    score = commands.add_parser("score", help="what a throw is worth")
    score.add_argument("faces", nargs="+", metavar="FACE", help="faces: $ G R Eg Eb D")
    score.add_argument("--json", action="store_true", help="print one JSON object")
    score.set_defaults(handler=_lazy("bot.cli.engine_tools", "run_score"))

    odds = commands.add_parser("odds", help="greed-out and sweep chances; expected turn score")
    odds.add_argument("--dice", type=int, metavar="N", help="dice about to be thrown (1-6)")
    odds.add_argument("--points", type=int, metavar="T", help="points secured in the turn")
    odds.add_argument(
        "--not-opened",
        action="store_true",
        help="nothing banked today yet: stopping needs the threshold",
    )
    odds.add_argument("--threshold", type=int, default=500, help="Turn End threshold (500)")
    odds.add_argument("--json", action="store_true", help="print JSON")
    odds.set_defaults(handler=_lazy("bot.cli.engine_tools", "run_odds"))

    run = commands.add_parser("run", help="run the bot (the console when no Discord token)")
    run.set_defaults(handler=_lazy("bot.cli.village_tools", "run_bot"))

    console = commands.add_parser("console", help="play a village in the terminal")
    console.add_argument(
        "--db", metavar="URL", help="database URL (default: DATABASE_URL, else the embedded one)"
    )
    console.set_defaults(handler=_lazy("bot.cli.village_tools", "run_console"))

    replay = commands.add_parser("replay", help="feed a transcript to a fresh village")
    replay.add_argument("file", metavar="FILE")
    replay.add_argument("--json", action="store_true", help="one JSON object per reply")
    replay.add_argument("--db", metavar="URL", help="database URL (default: a temporary one)")
    replay.set_defaults(handler=_lazy("bot.cli.village_tools", "run_replay"))

    export = commands.add_parser("export", help="a day's (or a table's) record as JSON, for verify")
    export.add_argument("--village", type=int, metavar="ID", help="village (channel) id")
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("--day", type=int, metavar="N")
    which.add_argument("--table", type=int, metavar="N", help="a table of Ducks (or another game)")
    export.add_argument(
        "--db", metavar="URL", help="database URL (default: DATABASE_URL, else the embedded one)"
    )
    export.add_argument("--out", metavar="FILE", help="write to FILE instead of the screen")
    export.set_defaults(handler=_lazy("bot.cli.fairness_tools", "run_export"))

    verify = commands.add_parser("verify", help="check an exported day or table against its seed")
    verify.add_argument("file", metavar="FILE")
    verify.set_defaults(handler=_lazy("bot.cli.fairness_tools", "run_verify"))

    discord = commands.add_parser("discord", help="the bot on Discord: run it, publish commands")
    verbs = discord.add_subparsers(dest="verb", metavar="VERB", parser_class=_Parser)
    verbs.required = True
    run_discord = verbs.add_parser("run", help="run the bot (needs DISCORD_TOKEN)")
    run_discord.set_defaults(handler=_lazy("bot.cli.village_tools", "run_discord"))
    check = verbs.add_parser(
        "check", help="check the settings the bot would start with, without starting it"
    )
    check.set_defaults(handler=_lazy("bot.cli.village_tools", "run_check"))
    sync = verbs.add_parser(
        "sync", help="publish the slash commands (after installing or upgrading)"
    )
    sync.add_argument(
        "--guild", type=int, metavar="ID", help="only this server, at once (for trying them)"
    )
    sync.add_argument(
        "--clear",
        action="store_true",
        help="with --guild: remove that server's own copy (after publishing everywhere)",
    )
    sync.set_defaults(handler=_lazy("bot.cli.village_tools", "run_sync"))

    migrate = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate.add_argument(
        "--db", metavar="URL", help="database URL (default: DATABASE_URL, else the embedded one)"
    )
    migrate.add_argument(
        "--grant",
        metavar="ROLE",
        help="then let ROLE (the bot's own PostgreSQL role) read and append the log, no more",
    )
    migrate.set_defaults(handler=_lazy("bot.cli.village_tools", "run_migrate"))
    return parser


def _lazy(module: str, name: str) -> Handler:
    def handler(args: argparse.Namespace) -> int:
        import importlib

        function: Handler = getattr(importlib.import_module(module), name)
        return function(args)

    return handler


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    errors.configure(debug=args.debug)
    try:
        return int(args.handler(args))
    except CliError as error:
        return errors.report(error)
    except BrokenPipeError:
        # The reader went away (`greedbot replay … | head`): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return errors.INTERRUPTED
    except Exception as error:  # a bug: one line, the traceback with --debug
        return errors.internal(error)


if __name__ == "__main__":
    sys.exit(main())
