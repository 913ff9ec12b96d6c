"""The village and the chat know no day game by name: Greed's texts, reply keys, event fields
and refusals live in its own package (`bot/games/greed/`), and the village asks the day game
of the registry for what it needs (`DayGame`: a draw's outcome, a day's turns, why a message
cannot be played, how a player joins). A second day game then finds nothing of Greed's here.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEUTRAL = ("bot/chat", "bot/village")
"""The folders that serve every game alike."""

ALLOWED: dict[str, tuple[str, ...]] = {}
"""Lines that may name Greed, by file, as `file: (line text, …)`. None is needed: the only
name the village could hold of it, the default day game of a new village, is read from the
registry (`Registry.default_day_game`, set where the games are listed in
`bot/games/registry.py`), and the bot's own name lives in `bot/config.py`."""


def _greedy_lines() -> list[str]:
    found = []
    for folder in NEUTRAL:
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(ROOT).as_posix()
            text = path.read_text(encoding="utf-8")
            for number, line in enumerate(text.splitlines(), 1):
                if "greed" in line.lower() and line.strip() not in ALLOWED.get(relative, ()):
                    found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_the_village_and_the_chat_name_no_day_game() -> None:
    assert _greedy_lines() == []


def test_the_scan_reads_every_file_of_both_folders() -> None:
    # A scan that read nothing would pass anything: it reads the catalogues and the village.
    scanned = {p.relative_to(ROOT).as_posix() for f in NEUTRAL for p in (ROOT / f).rglob("*.py")}
    assert {
        "bot/chat/catalog_ja.py",
        "bot/chat/catalog_en.py",
        "bot/village/day/play.py",
    } <= scanned
