"""Starting the bot process, killing it with SIGKILL, starting it again; every exit we did
not cause is a crash."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from bench.soak.moment import Moment

READY_WAIT = 60.0
LIVE: set[int] = set()
"""The pids of every bot process still running: what the harness ends when it stops."""


@dataclass(slots=True)
class Crash:
    pid: int
    code: int | None


@dataclass
class BotProcess:
    database: str
    socket: str
    folder: Path
    code: Path
    """Where the bot's code is (`snapshot.py`): its working directory and first path."""
    starts: int = 0
    kills: int = 0
    crashes: list[Crash] = field(default_factory=list)
    _process: asyncio.subprocess.Process | None = None
    _asked_to_end: bool = False
    _watch: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.moment_file = self.folder / "moment"
        self.log = self.folder / "bot.log"
        self.moment = Moment(self.moment_file, create=True)

    def _command(self, *extra: str) -> list[str]:
        return [
            sys.executable,
            "-m",
            "bench.soak.bot_process",
            self.database,
            self.socket,
            str(self.moment_file),
            *extra,
        ]

    def _env(self) -> dict[str, str]:
        # First on the path: the copy wins over the editable install of the working tree.
        return {**os.environ, "PYTHONPATH": str(self.code)}

    def _log_file(self) -> IO[bytes]:
        return self.log.open("ab")

    async def create_village(self) -> None:
        with self._log_file() as log:
            process = await asyncio.create_subprocess_exec(
                *self._command("--create"), stderr=log, cwd=self.code, env=self._env()
            )
        if await process.wait():
            raise RuntimeError(f"creating the village failed: see {self.log}")

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def start(self) -> None:
        self.moment.clear()  # a killed process leaves its counters behind
        with self._log_file() as log:
            process = await asyncio.create_subprocess_exec(
                *self._command(),
                stdout=asyncio.subprocess.PIPE,
                stderr=log,
                cwd=self.code,
                env=self._env(),
            )
        LIVE.add(process.pid)
        self._process = process
        self._asked_to_end = False
        self.starts += 1
        self._watch = asyncio.create_task(self._watch_exit(process))
        assert process.stdout is not None
        ready = await asyncio.wait_for(process.stdout.readline(), READY_WAIT)
        if ready.strip() != b"ready":
            await process.wait()
            raise RuntimeError(f"the bot did not start: see {self.log}")

    async def caught_up(self) -> None:
        """Until this start's catch-up is over (it may handle messages nobody recorded)."""
        assert self._process is not None and self._process.stdout is not None
        await asyncio.wait_for(self._process.stdout.readline(), READY_WAIT)

    async def _watch_exit(self, process: asyncio.subprocess.Process) -> None:
        code = await process.wait()
        LIVE.discard(process.pid)
        if not (self._asked_to_end and process is self._process):
            self.crashes.append(Crash(process.pid, code))

    async def kill(self) -> str:
        """SIGKILL now; what the bot was doing at that instant."""
        assert self._process is not None
        doing = self.moment.what()
        self._asked_to_end = True
        os.kill(self._process.pid, signal.SIGKILL)
        await self._ended(-signal.SIGKILL)
        self.kills += 1
        return doing

    async def end(self) -> None:
        """The end of a phase: SIGTERM, as an operator stops it."""
        if not self.running:
            return
        assert self._process is not None
        self._asked_to_end = True
        self._process.send_signal(signal.SIGTERM)
        await self._ended(-signal.SIGTERM)

    async def _ended(self, expected: int) -> None:
        assert self._process is not None and self._watch is not None
        code = await self._process.wait()
        await self._watch
        if code != expected:
            self.crashes.append(Crash(self._process.pid, code))


def end_all() -> None:
    """Whatever bot is still running when the harness stops (Ctrl-C, a failure)."""
    for pid in list(LIVE):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        LIVE.discard(pid)
