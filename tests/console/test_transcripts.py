"""The golden transcripts under tests/transcripts: each replay must print exactly what its
`.out` file holds (see tests/console/golden.py), and meet its `#=>` expectations.

They are replayed on the memory store, which keeps what a database keeps: what they test is
the rules and the text. A few whole villages are replayed on SQLite and PostgreSQL as well,
so that a game's every write and read through a database prints the same.

`make goldens` (pytest --update-goldens) rewrites the `.out` files after a reviewed change.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from bot.chat.render import reply_shapes
from bot.words.reply import reply_from_data
from bot.words.shapes import check as check_shape
from tests.conftest import POSTGRES_URL
from tests.console.expect import check, parse_expectations
from tests.console.golden import (
    FALLBACKS,
    TRANSCRIPTS_DIR,
    Block,
    format_blocks,
    golden_path,
    parse_golden,
    produce,
)

TRANSCRIPTS = sorted(TRANSCRIPTS_DIR.glob("*.txt"))


def _expectation_problems(path: Path, blocks: list[Block]) -> list[str]:
    expected = parse_expectations(path)
    assert expected, f"{path.name} states no expectations"
    produced = {block.number: block.replies for block in blocks}
    problems = [
        problem
        for number, wanted in sorted(expected.items())
        for problem in check(number, wanted, produced.get(number, []))
    ]
    # Every reply the village gives has its own text: none falls back to the generic one.
    problems += [
        f"line {block.number}: no text for {reply['kind']}/{reply['key']}"
        for block in blocks
        for reply in block.replies
        if any(fallback in reply["text"] for fallback in FALLBACKS)
    ]
    # Every reply's params fit the shape of its key, as the village made them.
    problems += [
        f"line {block.number}: {reply['key']} does not fit its shape: {why}"
        for block in blocks
        for reply in block.replies
        if (why := check_shape(reply_from_data(reply), reply_shapes())) is not None
    ]
    return problems


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
async def test_transcript(path: Path, request: pytest.FixtureRequest) -> None:
    blocks = await produce(path)
    output = format_blocks(blocks)
    golden = golden_path(path)
    if request.config.getoption("--update-goldens"):
        golden.write_text(output, encoding="utf-8")
    elif not golden.exists():
        pytest.fail(f"{golden.name} is missing: run `make goldens` and review what it wrote")
    problems = _expectation_problems(path, blocks)
    assert not problems, "\n".join(problems)
    _compare(path, output)


ON_DATABASES = ["day_close", "rollback", "ducks_a_whole_game", "regidice_solo"]
"""Greed's days, their close and a moderator's rollback; a table game from its opening to
its end, and another game's table."""


@pytest.mark.db
@pytest.mark.parametrize("name", ON_DATABASES)
async def test_a_transcript_kept_in_a_database_prints_the_same(name: str, backend: str) -> None:
    path = TRANSCRIPTS_DIR / f"{name}.txt"
    # None: the replay's own temporary SQLite file.
    blocks = await produce(path, POSTGRES_URL if backend == "postgresql" else None)
    _compare(path, format_blocks(blocks))


def _compare(path: Path, output: str) -> None:
    golden = golden_path(path)
    kept = golden.read_text(encoding="utf-8")
    if output != kept:
        diff = difflib.unified_diff(
            kept.splitlines(keepends=True),
            output.splitlines(keepends=True),
            fromfile=f"{golden.name} (kept)",
            tofile=f"{golden.name} (replayed)",
        )
        pytest.fail(
            f"the replay of {path.name} differs from {golden.name}; if the change is intended, "
            "run `make goldens` and review the diff:\n" + "".join(diff),
            pytrace=False,
        )


async def test_a_replay_prints_the_same_twice() -> None:
    path = TRANSCRIPTS_DIR / "fair_dice.txt"
    assert format_blocks(await produce(path)) == format_blocks(await produce(path))


def test_every_transcript_is_collected() -> None:
    assert len(TRANSCRIPTS) >= 10


def test_every_golden_file_belongs_to_a_transcript() -> None:
    outs = sorted(TRANSCRIPTS_DIR.glob("*.out"))
    assert [p.with_suffix(".txt") for p in outs if not p.with_suffix(".txt").exists()] == []


def test_every_golden_file_reads_back_as_it_was_written() -> None:
    for path in sorted(TRANSCRIPTS_DIR.glob("*.out")):
        text = path.read_text(encoding="utf-8")
        assert format_blocks(parse_golden(text)) == text, path.name


def test_silence_is_kept_out_of_the_golden_file() -> None:
    quiet = Block(5, "alice: nice throw, bob!", [])
    said = Block(6, "alice: TE", [{"kind": "info", "key": "k", "text": "a\n\nb"}])
    assert format_blocks([quiet, said]) == (
        'line 6: alice: TE\n{"key": "k", "kind": "info"}\n  a\n  \n  b\n'
    )
