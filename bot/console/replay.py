"""`greedbot replay FILE`: feed a transcript to a fresh village and print every reply."""

from __future__ import annotations

import datetime as dt
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from bot.console.scripted import ScriptedDice, ScriptError
from bot.console.session import ConsoleVillage, Output, TranscriptError
from bot.fairness.seed import new_seed
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock

CONSOLE_VILLAGE = 1


class ReplayError(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def first_clock(lines: Iterable[str]) -> tuple[int, str] | None:
    """The line number and time of the first `@clock` line: the village opens at that time."""
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if text.startswith("@clock"):
            return number, text[len("@clock") :].strip()
    return None


async def replay(
    lines: list[str],
    on_output: Callable[[int, str, list[Output]], None],
    database_url: str | None = None,
    seeds: Callable[[], bytes] = new_seed,
) -> None:
    """Replay `lines`, calling `on_output(line_number, line, outputs)` for each line.
    `seeds` makes each day's secret seed (fresh random ones unless a test knows better)."""
    with tempfile.TemporaryDirectory(prefix="greedbot-replay-") as folder:
        url = database_url or f"sqlite:///{Path(folder) / 'replay.db'}"
        engine = make_engine(url)
        try:
            await migrate(engine)
            store = SqlStore(engine)
            clock = ManualClock()
            start = first_clock(lines)
            if start:
                number, when = start
                try:
                    clock.set(dt.datetime.fromisoformat(when))
                except ValueError as error:
                    raise ReplayError(number, f"@clock: {error}") from None
            village_id = CONSOLE_VILLAGE
            while await store.get_village(village_id) is not None:
                village_id += 1  # a fresh village, even in a database that has others
            village = ConsoleVillage(store, clock, ScriptedDice(), village_id, seeds=seeds)
            on_output(0, "", await village.start())
            for number, line in enumerate(lines, start=1):
                try:
                    outputs = await village.line(line)
                except (TranscriptError, ScriptError) as error:
                    raise ReplayError(number, str(error)) from None
                on_output(number, line, outputs)
        finally:
            await engine.dispose()
