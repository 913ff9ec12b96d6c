"""What the bot is doing at the instant it is killed: a few counters the bot process keeps
in a shared file and the harness reads just before each SIGKILL."""

from __future__ import annotations

import mmap
from pathlib import Path

TRANSACTIONS = 0
"""Database transactions begun and not yet committed or rolled back."""
SENDS = 1
"""Posts asked of the chat and not yet answered."""
_SIZE = 8


class Moment:
    def __init__(self, path: Path, *, create: bool = False) -> None:
        if create:
            path.write_bytes(bytes(_SIZE))
        with path.open("r+b") as file:
            self._map = mmap.mmap(file.fileno(), _SIZE)

    def add(self, slot: int, step: int) -> None:
        self._map[slot] = max(0, min(255, self._map[slot] + step))

    def clear(self) -> None:
        self._map[:] = bytes(_SIZE)

    def what(self) -> str:
        """`mid-transaction`, `mid-send`, both, or `between`."""
        doing = [
            name
            for slot, name in ((TRANSACTIONS, "mid-transaction"), (SENDS, "mid-send"))
            if self._map[slot]
        ]
        return " and ".join(doing) or "between"
