"""The rules pages show the table's defaults as the code has them (settings.BY_PLAYERS): the
starting dice and the round limit by declarations and number of players are written once in
the code, and each page's table of them (regidice.md §11, regidice.ja.md §11) is read here and
compared, so that a page cannot say one thing while the bot does another."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.regidice.settings import BY_PLAYERS, OPEN, SEALED, Default

DOCS = Path(__file__).resolve().parents[3] / "docs"
DECLARE_WORDS = {"open": OPEN, "sealed": SEALED, "公開": OPEN, "非公開": SEALED}
_SEPARATORS = re.compile(r"\s*(?:,|、|・|\bor\b)\s*")


def cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def defaults_table(text: str) -> list[list[str]]:
    """The rows of the one table whose header names both `dice:` and `rounds:` and the
    declarations: the defaults (§2's table of settings names them too, in its rows)."""
    lines = text.splitlines()
    headers = [
        i
        for i, line in enumerate(lines)
        if line.startswith("|") and "`dice:`" in line and "`rounds:`" in line
    ]
    assert len(headers) == 1, f"{len(headers)} tables of the defaults"
    rows = []
    for line in lines[headers[0] + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(cells(line))
    return rows


def number(cell: str) -> int:
    found = re.fullmatch(r"\D*(\d+)\D*", cell)
    assert found, f"not one number: {cell!r}"
    return int(found.group(1))


def declarations(cell: str) -> set[str]:
    words = [w for w in _SEPARATORS.split(cell) if w]
    assert words and all(w in DECLARE_WORDS for w in words), f"not declarations: {cell!r}"
    return {DECLARE_WORDS[w] for w in words}


def shown(text: str) -> dict[tuple[str, int], Default]:
    """(declarations, players) → the defaults, as a page's table gives them."""
    found: dict[tuple[str, int], Default] = {}
    for row in defaults_table(text):
        players, declare, dice, rounds = row[:4]
        for each in declarations(declare):
            key = (each, number(players))
            assert key not in found, f"{key} twice"
            found[key] = Default(number(dice), number(rounds))
    return found


CODE = {(d, n): default for d, by in BY_PLAYERS.items() for n, default in by.items()}
PAGES = ["regidice.md", "regidice.ja.md"]


@pytest.mark.parametrize("page", PAGES)
def test_the_pages_table_of_defaults_is_the_codes(page: str) -> None:
    assert shown((DOCS / page).read_text(encoding="utf-8")) == CODE


@pytest.mark.parametrize("page", PAGES)
def test_a_page_giving_other_numbers_would_not_pass(page: str) -> None:
    """The reading is not blind: one row's numbers changed, the page reads differently."""
    text = (DOCS / page).read_text(encoding="utf-8")
    row = "|" + "|".join(defaults_table(text)[0]) + "|"
    line = next(line for line in text.splitlines() if cells(line) == cells(row))
    first = cells(line)
    for column in (2, 3):
        changed = [*first]
        changed[column] = str(number(first[column]) + 1)
        other = text.replace(line, "| " + " | ".join(changed) + " |")
        assert shown(other) != CODE
