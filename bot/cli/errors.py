"""How every `greedbot` command ends: its exit codes, and a failure told in one line.

| code | name        | meaning                                                                  |
|------|-------------|--------------------------------------------------------------------------|
| 0    | OK          | done (`verify`: the record holds)                                        |
| 1    | MISMATCH    | the input was read and does not hold: `verify` found a mismatch;         |
|      |             | `replay`: a line of the transcript cannot be followed (`FILE:LINE: …`)   |
| 2    | USAGE       | a bad argument or setting (a malformed database URL too, a SQLite file   |
|      |             | in a missing folder, a database in memory), or an input that cannot be   |
|      |             | read: a missing file, not UTF-8, not JSON, not a record                  |
|      |             | (argparse's own errors are 2 as well)                                    |
| 3    | DATABASE    | the database cannot be reached, or refuses the connection or the work    |
|      |             | (read-only, no such database or role, not migrated)                      |
| 4    | OUTPUT      | the output cannot be written (`export --out`: no such folder, a          |
|      |             | directory, no permission)                                                |
| 70   | INTERNAL    | a bug: one line; `--debug` or `GREEDBOT_DEBUG=1` prints the traceback    |
| 130  | INTERRUPTED | stopped with Ctrl-C                                                      |

`greedbot discord run` and `discord sync` keep their own codes (bot/discord_adapter/run.py):
2 for a setting that is wrong, 1 when Discord cannot be reached or refuses.

A failure is one line on stderr, `greedbot: error: …` (`FILE:LINE: …` for a transcript's
line), never a traceback. Anything logged on the way (a bug the village caught, say) is one
line too unless debugging is on, which shows every traceback in full.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

OK = 0
MISMATCH = 1
USAGE = 2
DATABASE = 3
OUTPUT = 4
INTERNAL = 70
INTERRUPTED = 130

DEBUG_ENV = "GREEDBOT_DEBUG"
DEBUG_HINT = f"--debug or {DEBUG_ENV}=1 shows the traceback"


class CliError(Exception):
    """A failure the user can act on: reported on one line with its exit code."""

    code: ClassVar[int] = USAGE


class DatabaseError(CliError):
    """The database cannot be reached or used."""

    code = DATABASE


class OutputError(CliError):
    """What the command made cannot be written where it was asked to go."""

    code = OUTPUT


def one_line(text: str) -> str:
    """`text` with its line breaks and runs of spaces folded into single spaces."""
    return " ".join(text.split())


def describe(error: BaseException) -> str:
    """An exception in one line: its message, else its name."""
    return one_line(str(error)) or type(error).__name__


_debug = False


def debugging() -> bool:
    return _debug


def configure(*, debug: bool = False) -> None:
    """Set debugging (`--debug`, or GREEDBOT_DEBUG set to anything but 0/no/false) and make
    whatever is logged without a handler of its own one line, or in full when debugging.
    Only Python's last-resort handler is replaced: a command that configures logging (the
    bot on Discord) keeps its own."""
    global _debug
    setting = os.environ.get(DEBUG_ENV, "").strip().lower()
    _debug = debug or setting not in ("", "0", "no", "false", "off")
    handler = logging.StreamHandler() if _debug else _OneLine()
    handler.setLevel(logging.WARNING)
    if _debug:
        handler.setFormatter(logging.Formatter("greedbot: %(levelname)s %(name)s: %(message)s"))
    logging.lastResort = handler
    threading.excepthook = threading.__excepthook__ if _debug else _thread_failed


def _thread_failed(failure: threading.ExceptHookArgs) -> None:
    """A worker thread's exception in one line. The database driver's thread may still be
    answering a loop that a failed command already closed: that says nothing new."""
    error = failure.exc_value
    if isinstance(error, RuntimeError) and "Event loop is closed" in str(error):
        return
    said = "" if error is None else f": {describe(error)}"
    print(f"greedbot: error in a worker thread: {failure.exc_type.__name__}{said}", file=sys.stderr)


class _OneLine(logging.Handler):
    """A log record as one line on stderr, without its traceback."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = f"greedbot: {record.levelname.lower()}: {one_line(record.getMessage())}"
            if record.exc_info:
                text += f" ({DEBUG_HINT})"
            print(text, file=sys.stderr)
        except Exception:
            self.handleError(record)


class HeldLogs(logging.Handler):
    """Log records kept back while a command runs, to be shown when it ends, or dropped
    when the command's own one line says it all."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def drop(self) -> None:
        self.records.clear()

    def last_error(self) -> str | None:
        """The exception of the last record that has one, in one line."""
        for record in reversed(self.records):
            if record.exc_info and record.exc_info[1] is not None:
                error = record.exc_info[1]
                return f"{type(error).__name__}: {describe(error)}"
        return None


@contextmanager
def held_logs() -> Iterator[HeldLogs]:
    """Hold back what is logged without a handler of its own until the block ends (then it
    is shown, one line each, unless dropped). When debugging nothing is held."""
    held = HeldLogs()
    if _debug:
        yield held
        return
    shown, logging.lastResort = logging.lastResort, held
    try:
        yield held
    finally:
        logging.lastResort = shown
        for record in held.records:
            if shown is not None:
                shown.handle(record)


def report(error: CliError) -> int:
    """Print a CliError the way every command does; its exit code."""
    print(f"greedbot: error: {describe(error)}", file=sys.stderr)
    if _debug and error.__cause__ is not None:
        traceback.print_exception(error.__cause__, file=sys.stderr)
    return error.code


def internal(error: BaseException) -> int:
    """A bug: one line, or its traceback when debugging; exit code 70."""
    if _debug:
        traceback.print_exception(error, file=sys.stderr)
    where = traceback.extract_tb(error.__traceback__)[-1:] if error.__traceback__ else []
    at = f" at {where[0].filename.rsplit('/', 1)[-1]}:{where[0].lineno}" if where else ""
    print(
        f"greedbot: internal error: {type(error).__name__}{at}: {describe(error)} ({DEBUG_HINT})",
        file=sys.stderr,
    )
    return INTERNAL
