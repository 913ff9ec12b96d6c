"""The code the soak's bot runs, copied once at the start.

The bot process is started more than a hundred times; each start imports the bot afresh.
Reading the working tree each time would let an edit made during the soak (a half-saved
file) pass for a bug of the bot, or change the bot between two kills. A copy taken when the
soak starts, put first on the bot process's path, keeps every start on the same code as the
harness imported."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository."""
PARTS = ("bot", "migrations", "bench/soak")
"""What the bot process imports: the bot, its schema's migrations, the soak's bot side."""


def snapshot(folder: Path) -> Path:
    """A copy of the bot's code under `folder`: the bot process's working directory."""
    code = folder / "code"
    for part in PARTS:
        shutil.copytree(
            ROOT / part, code / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    return code
