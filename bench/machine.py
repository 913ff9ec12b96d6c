"""The machine a benchmark ran on, for the heading of its figures."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"
