"""The links of README.md and docs/*.md: every file they name is in the repository, every
`#anchor` is a heading of its page (as GitHub makes anchors), and a link that says which
section it points to ("section 9", "9章", "step 5") lands in that section."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"(`+).+?\1", re.DOTALL)
LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)
# "3. Title", "3.1 Title": the number of a section.
NUMBERED = re.compile(r"(\d+)(?:\.\d+)*\.?\s")
# What a link's text says of its section.
SAYS = re.compile(r"(?:section|step)\s+(\d+)|(\d+)章", re.IGNORECASE)


def prose(text: str) -> str:
    """The page without its fenced code blocks (kept as blank lines, so lines still count)."""
    return FENCE.sub(lambda block: "\n" * block[0].count("\n"), text)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: its text lowercased, punctuation and symbols dropped
    (letters, digits, marks, `-` and `_` stay), spaces made hyphens."""
    text = LINK.sub(r"\1", heading).replace("`", "").replace("**", "").lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in ("L", "N", "M"))
    return kept.replace(" ", "-")


def anchors(page: Path) -> dict[str, list[int]]:
    """Each anchor of the page, with the numbers of the sections it is in (outermost first)."""
    found: dict[str, list[int]] = {}
    numbers: dict[int, int | None] = {}
    for match in HEADING.finditer(prose(page.read_text(encoding="utf-8"))):
        level, title = len(match[1]), match[2]
        numbered = NUMBERED.match(title)
        numbers = {lv: n for lv, n in numbers.items() if lv < level}
        numbers[level] = int(numbered[1]) if numbered else None
        base = anchor = slug(title)
        count = 0
        while anchor in found:  # GitHub numbers a repeated heading's anchor
            count += 1
            anchor = f"{base}-{count}"
        found[anchor] = [n for _, n in sorted(numbers.items()) if n is not None]
    return found


def links(page: Path) -> Iterator[tuple[int, str, str]]:
    """(line, text, target) of every link outside code."""
    text = prose(page.read_text(encoding="utf-8"))
    for number, line in enumerate(text.splitlines(), 1):
        for match in LINK.finditer(CODE.sub("", line)):
            yield number, match[1], match[2]


def local(target: str) -> bool:
    return not re.match(r"[a-z][a-z0-9+.-]*:", target)


def problems(page: Path, root: Path = ROOT) -> tuple[int, list[str]]:
    """How many of the page's own links were checked, and what is wrong with them (a file
    must be in the repository, `root`)."""
    checked, wrong = 0, []
    for line, text, target in links(page):
        if not local(target):
            continue
        checked += 1
        at = f"{page.name}:{line}: [{text}]({target})"
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists() or not where.is_relative_to(root):
            wrong.append(f"{at}: no such file")
            continue
        if not anchor:
            continue
        if where.suffix != ".md":
            wrong.append(f"{at}: an anchor in a file that is not Markdown")
            continue
        sections = anchors(where)
        if anchor not in sections:
            wrong.append(f"{at}: no such heading in {where.name}")
        elif (said := SAYS.search(text)) and int(said[1] or said[2]) not in sections[anchor]:
            wrong.append(f"{at}: the heading is in section {sections[anchor]} of {where.name}")
    return checked, wrong


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_link_lands_on_a_file_and_a_heading_of_its_section(page: Path) -> None:
    checked, wrong = problems(page)
    assert wrong == []
    assert checked or page.name == "rules.md", f"{page.name}: no link found to check"


def test_the_slugs_are_githubs() -> None:
    # Anchors GitHub made for headings of these pages (and that the pages link to).
    assert slug("6. 卓で遊ぶ: ダックス・イン・ア・バケツ") == "6-卓で遊ぶ-ダックスインアバケツ"
    assert slug("Creating a village: `/village create`") == "creating-a-village-village-create"
    assert slug("「データベースにつながりません」と返ってきた") == (
        "データベースにつながりませんと返ってきた"
    )
    assert slug("5. The score memo (得点メモ)") == "5-the-score-memo-得点メモ"
    assert slug('"The database cannot be reached"') == "the-database-cannot-be-reached"


def test_wrong_links_are_found(tmp_path: Path) -> None:
    page = tmp_path / "docs" / "page.md"
    page.parent.mkdir()
    page.write_text(
        "## 7. Tables\n\n### Refusals\n\n## 9. Troubleshooting\n\n### Refusals\n\n"
        "[section 9](#refusals-1) [9章](#refusals) [x](#nowhere) [y](missing.md)\n"
        "`[in code](#nowhere)`\n\n```\n[in a block](#nowhere)\n```\n"
    )
    checked, wrong = problems(page, tmp_path)
    assert checked == 4
    assert [w.split(": ", 2)[1] for w in wrong] == [
        "[9章](#refusals)",
        "[x](#nowhere)",
        "[y](missing.md)",
    ]
