"""A PostgreSQL of the soak's own: a cluster in a temporary folder on a port of its own,
run as the postgres unix user (initdb refuses root), stopped and started under the bot, and
removed at the end whatever happens."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

BIN = Path(os.environ.get("SOAK_PG_BIN", "/usr/lib/postgresql/15/bin"))
USER = "postgres"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_postgres(*command: str) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", USER, "--", *command]
    return list(command)


class Cluster:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="greedbot-soak-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.running = False

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def create(self, *databases: str) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, USER)
        self._run(str(BIN / "initdb"), "-D", str(self.data), "-A", "trust", "-U", USER)
        self._run(*self._start(), "start")
        self.running = True
        for database in databases:
            self._run(str(BIN / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), database)

    def _start(self) -> list[str]:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = self.folder / "postgres.log"
        return [str(BIN / "pg_ctl"), "-D", str(self.data), "-l", str(log), "-o", options, "-w"]

    def _run(self, *command: str) -> None:
        subprocess.run(_as_postgres(*command), check=True, capture_output=True, cwd=self.folder)

    async def _arun(self, *command: str) -> None:
        process = await asyncio.create_subprocess_exec(
            *_as_postgres(*command),
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            cwd=self.folder,
        )
        if await process.wait():
            raise RuntimeError(f"{command[0]} {command[1]} failed")

    async def stop(self, mode: str) -> None:
        """`fast`: sessions are ended and the server shuts down cleanly; `immediate`: it
        aborts, as in a crash, and recovers at the next start."""
        self.running = False
        await self._arun(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    async def start(self) -> None:
        await self._arun(*self._start(), "start")
        self.running = True

    def remove(self) -> None:
        """Stop the server if it runs, and delete the folder."""
        if self.data.exists():
            subprocess.run(
                _as_postgres(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"),
                capture_output=True,
                cwd=self.folder,
                check=False,
            )
        shutil.rmtree(self.folder, ignore_errors=True)
