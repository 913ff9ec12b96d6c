"""What the bot's log says went wrong: its tracebacks, by the line that introduced each."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

_LINE = re.compile(r"^\S+ \S+ (?:INFO|ERROR|CRITICAL|WARNING) (\S+): (.*)$")


def tracebacks(log: Path) -> Counter[str]:
    """Each logged traceback's source: its logger and the start of the message before it
    (a chained exception prints several tracebacks for one record: counted once)."""
    found: Counter[str] = Counter()
    last: str | None = "(no log line)"
    for line in log.read_text(errors="replace").splitlines():
        heading = _LINE.match(line)
        if heading:
            last = f"{heading[1]}: {heading[2][:70]}"
        elif line.startswith("Traceback (most recent call last)") and last is not None:
            found[last] += 1
            last = None
    return found


def warnings(log: Path) -> Counter[str]:
    """Warnings by logger (the outage's refusals to record a reply, say)."""
    found: Counter[str] = Counter()
    for line in log.read_text(errors="replace").splitlines():
        heading = _LINE.match(line)
        if heading and " WARNING " in line:
            found[heading[1]] += 1
    return found
