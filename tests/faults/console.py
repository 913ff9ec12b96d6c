"""`greedbot run` with no Discord token, as an operator types into it: the local console."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

SPEAKER = "gm"
PROMPT = f"{SPEAKER}> "


class Console:
    """The console in its own process, fed one line at a time; what it prints back."""

    def __init__(self, database_url: str, folder: Path) -> None:
        env = {
            key: value
            for key, value in os.environ.items()
            if "DISCORD" not in key and not key.startswith("GREEDBOT_")
        }
        env.update(
            DATABASE_URL=database_url,
            GREEDBOT_DATA_DIR=str(folder / "data"),
            LOGNAME=SPEAKER,
            USER=SPEAKER,
            PYTHONIOENCODING="utf-8",
            PYTHONUNBUFFERED="1",
        )
        self.errors = folder / "stderr.txt"
        with self.errors.open("wb") as errors:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bot", "run"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=errors,
                env=env,
                cwd=folder,
            )
        self.opening = self.read()

    def read(self, timeout: float = 30) -> str:
        """Everything printed until the console asks for the next line."""
        assert self.process.stdout is not None
        out = b""
        deadline = time.monotonic() + timeout
        while not out.endswith(PROMPT.encode()):
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(left, 0))
            if not ready:
                raise TimeoutError(f"no prompt after {timeout}s; printed so far: {out!r}")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise EOFError(f"the console exited ({self.process.wait()}): {self.said()}")
            out += chunk
        return out.decode()[: -len(PROMPT)]

    def send(self, line: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()
        return self.read()

    def said(self) -> str:
        """What the console wrote to its standard error."""
        return self.errors.read_text(encoding="utf-8", errors="replace")

    def quit(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.write(b"/quit\n")
        self.process.stdin.close()
        return self.process.wait(timeout=30)

    def __enter__(self) -> Console:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()
