"""A PostgreSQL cluster of the tests' own, in a temporary folder on a free port, that a test
may stop and start again: the shared database of TEST_DATABASE_URL must never go down."""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def postgres_bin() -> Path | None:
    """The folder of initdb and pg_ctl: the newest of a Debian-style install, else PATH's."""
    installed = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version, reverse=True)
    on_path = [Path(found).parent for found in [shutil.which("initdb")] if found]
    for folder in [*installed, *on_path, Path("/usr/local/pgsql/bin")]:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _version(bindir: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in bindir.parent.name.split(".") if part.isdigit())


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Cluster:
    """initdb, pg_ctl start and stop; as the `postgres` user when run by root (initdb and
    the server refuse to run as root)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="greedbot-faults-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self._as: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run(
            [*self._as, str(self.bindir / tool), *args], capture_output=True, timeout=60
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            said = (done.stdout + done.stderr).decode(errors="replace")
            raise RuntimeError(f"{tool} {' '.join(args)} failed: {said}\n{log}")

    def init(self) -> None:
        options = ["-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]
        self._run("initdb", "-D", str(self.data), *options)

    def start(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.folder} -c fsync=off -c full_page_writes=off"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def create_database(self, name: str) -> str:
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return self.url(name)

    def running(self) -> bool:
        done = subprocess.run(
            [*self._as, str(self.bindir / "pg_ctl"), "-D", str(self.data), "status"],
            capture_output=True,
            check=False,
        )
        return done.returncode == 0

    def remove(self) -> None:
        if self.running():
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)
