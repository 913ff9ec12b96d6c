"""`greedbot replay FILE`: feed a transcript to a fresh village and print every reply."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager

from bot.console.scripted import ScriptedDice, ScriptError
from bot.console.session import ConsoleVillage, Output, TranscriptError, read_clock
from bot.fairness.seed import new_seed
from bot.games.registry import DEFAULT, Registry
from bot.storage.opening import open_store
from bot.village.clock import ManualClock
from bot.village.ports import Store

CONSOLE_VILLAGE = 1
BOM = "\ufeff"
# What the village answers when its database fails: nothing was written, and a replay
# cannot go on without what the line should have written.
_DATABASE_FAILED = "store_unavailable"
_BUG = "internal_error"


class ReplayError(Exception):
    """A line of the transcript the village cannot follow (line 0: before the first)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


class ReplayDatabaseError(ReplayError):
    """The database failed at this line: what it said, or why not known."""


class ReplayBugError(ReplayError):
    """The village failed on this line with an error it logged (a bug, not the line's)."""


def first_clock(lines: Iterable[str]) -> tuple[int, str] | None:
    """The line number and time of the first `@clock` line: the village opens at that time."""
    for number, line in enumerate(lines, start=1):
        text = line.strip().removeprefix(BOM) if number == 1 else line.strip()
        if text.startswith("@clock"):
            return number, text[len("@clock") :].strip()
    return None


async def replay(
    lines: list[str],
    on_output: Callable[[int, str, list[Output]], None],
    database_url: str | None = None,
    seeds: Callable[[], bytes] = new_seed,
    *,
    every_seat: bool = True,
    games: Registry = DEFAULT,
    day_game: str | None = None,
) -> None:
    """Replay `lines`, calling `on_output(line_number, line, outputs)` for each line.
    `database_url`: the database the village is kept in, migrated first (None: a temporary
    SQLite file; `MEMORY`: none, the village kept in memory on the replay's clock).
    `seeds` makes each day's secret seed (fresh random ones unless a test knows better).
    A byte-order mark before the first line is no part of it. A replay plays every seat,
    so it shows every secret reply; `every_seat=False` shows what the console would, only
    the secrets of the player set with `/as`. `games`: the games the village hosts;
    `day_game`: the one it plays by day (None: the registry's default)."""
    if lines and lines[0].startswith(BOM):
        lines = [lines[0].removeprefix(BOM), *lines[1:]]
    clock = ManualClock()
    async with _kept(database_url, clock) as (store, failures):
        start = first_clock(lines)
        if start:
            number, when = start
            try:
                clock.set(read_clock(when))
            except TranscriptError as error:
                raise ReplayError(number, str(error)) from None
        village_id = CONSOLE_VILLAGE
        while await store.get_village(village_id) is not None:
            village_id += 1  # a fresh village, even in a database that has others
        # A replay plays every seat: it shows every secret reply, marked as whose it is.
        village = ConsoleVillage(
            store,
            clock,
            ScriptedDice(games),
            village_id,
            seeds=seeds,
            every_seat=every_seat,
            games=games,
            day_game=day_game,
        )
        outputs = await village.start()
        _check(0, outputs, failures)
        on_output(0, "", outputs)
        for number, line in enumerate(lines, start=1):
            failures.clear()
            try:
                outputs = await village.line(line)
            except (TranscriptError, ScriptError) as error:
                raise ReplayError(number, str(error)) from None
            _check(number, outputs, failures)
            on_output(number, line, outputs)


@asynccontextmanager
async def _kept(
    database_url: str | None, clock: ManualClock
) -> AsyncIterator[tuple[Store, list[BaseException]]]:
    """The store a replay keeps its village in, with what its database failed with (the
    village answers a failed write with "try again"; the replay says what failed)."""
    failures: list[BaseException] = []
    async with open_store(database_url, clock=clock, failures=failures) as store:
        yield store, failures


def _check(number: int, outputs: list[Output], failures: list[BaseException]) -> None:
    """Stop at a line the database failed (or a bug the village logged) instead of going on
    with a village that is missing what the line did."""
    keys = {output.reply.key for output in outputs}
    if _DATABASE_FAILED in keys or (_BUG in keys and failures):
        said = _said(failures[-1]) if failures else "it did not answer in time"
        raise ReplayDatabaseError(number, said)
    if _BUG in keys:
        raise ReplayBugError(number, "the village failed on this line (the error is logged)")


def _said(error: BaseException) -> str:
    orig = getattr(error, "orig", None)
    text = str(orig if isinstance(orig, BaseException) else error)
    text = " ".join(text.split("\n(Background on this error")[0].split())
    return text or type(error).__name__
