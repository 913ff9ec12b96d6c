"""The golden transcripts under tests/transcripts, replayed with their `#=>` expectations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.console.replay import replay
from bot.console.session import Output
from tests.console.expect import check, parse_expectations

# The generic texts of a reply with no text of its own (bot/chat/catalog_*.py, "unknown").
FALLBACKS = ("この返信の文面が見つかりません", "no text for the reply")
TRANSCRIPTS = sorted((Path(__file__).parents[1] / "transcripts").glob("*.txt"))


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
async def test_transcript(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()  # noqa: ASYNC240 - a small test file
    expected = parse_expectations(path)
    assert expected, f"{path.name} states no expectations"
    produced: dict[int, list[dict[str, Any]]] = {}

    def collect(number: int, _line: str, outputs: list[Output]) -> None:
        produced[number] = [output.as_json() for output in outputs]

    await replay(lines, collect)
    problems = [
        problem
        for number, wanted in sorted(expected.items())
        for problem in check(number, wanted, produced.get(number, []))
    ]
    # Every reply the village gives has its own text: none falls back to the generic one.
    problems += [
        f"line {number}: no text for {reply['kind']}/{reply['key']}"
        for number, replies in produced.items()
        for reply in replies
        if any(fallback in reply["text"] for fallback in FALLBACKS)
    ]
    assert not problems, "\n".join(problems)


def test_every_transcript_is_collected() -> None:
    assert len(TRANSCRIPTS) >= 10
