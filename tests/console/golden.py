"""The complete output of a transcript's replay, as kept next to it in a `.out` file.

For every line that produced replies, a block:

    line 7: alice: [[greed]][[greed]][[greed]]
    {"key": "illegal_count", "kind": "refused", "params": {...}, "state": {...}, "to": "alice"}
      【alice】今は3個は振れません。何も振っていません。
      今できること: `[[greed]]×6`

The header names the line's number in the transcript (0: the village opening) and the line
itself. Each reply follows as one line of JSON (the replay's JSON without its text, keys
sorted), then its rendered text, every line of it indented by two spaces. A blank line ends
the block. A line that produced no reply has no block, so a reply nobody expected shows up
in the diff.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.console.replay import replay
from bot.console.session import Output
from bot.storage.opening import MEMORY
from bot.words.reply import Reply, reply_from_data

TRANSCRIPTS_DIR = Path(__file__).parents[1] / "transcripts"
# The generic texts of a reply with no text of its own (bot/chat/catalog_*.py, "unknown").
FALLBACKS = ("この返信の文面が見つかりません", "no text for the reply")
HEADER = "line "
INDENT = "  "


def golden_seeds() -> Callable[[], bytes]:
    """Day seeds that are the same on every run: the n-th call gives
    sha256("golden-seed-n"), counting from 0 for each replay."""
    counter = itertools.count()
    return lambda: hashlib.sha256(b"golden-seed-%d" % next(counter)).digest()


@dataclass(frozen=True)
class Block:
    """The replies to one transcript line."""

    number: int
    line: str
    replies: list[dict[str, Any]]
    """Each reply as the replay prints it in JSON, `text` included."""


def reply_line(reply: dict[str, Any]) -> str:
    data = {name: value for name, value in reply.items() if name != "text"}
    return json.dumps(data, ensure_ascii=False, sort_keys=True, default=str)


def format_blocks(blocks: Iterable[Block]) -> str:
    out: list[str] = []
    for block in blocks:
        if not block.replies:
            continue
        source = block.line.strip() if block.number else "(the village opens)"
        out.append(f"{HEADER}{block.number}: {source}")
        for reply in block.replies:
            out.append(reply_line(reply))
            out.extend(f"{INDENT}{text}" for text in reply["text"].split("\n"))
        out.append("")
    return "\n".join(out)


def parse_golden(text: str) -> list[Block]:
    """The blocks of a `.out` file, each reply with its text put back."""
    blocks: list[Block] = []
    for chunk in text.split("\n\n"):
        rows = chunk.strip("\n").split("\n")
        if rows == [""]:
            continue
        header = rows[0]
        if not header.startswith(HEADER):
            raise ValueError(f"a block must start with {HEADER!r}: {header!r}")
        number, _, line = header[len(HEADER) :].partition(": ")
        replies: list[dict[str, Any]] = []
        for row in rows[1:]:
            if row.startswith(INDENT):
                reply = replies[-1]
                reply["text"] = (
                    row[len(INDENT) :] if reply["text"] is None else f"{reply['text']}\n{row[2:]}"
                )
            elif row.startswith("{"):
                replies.append({**json.loads(row), "text": None})
            else:
                raise ValueError(f"neither a reply nor its text: {row!r}")
        blocks.append(Block(int(number), line, replies))
    return blocks


async def produce(path: Path, database_url: str | None = MEMORY) -> list[Block]:
    """Replay the transcript at `path` on deterministic seeds, kept in memory unless a
    `database_url` is given (None: a temporary SQLite file)."""
    lines = path.read_text(encoding="utf-8").splitlines()  # noqa: ASYNC240 - a small test file
    return await replay_lines(lines, database_url)


async def replay_lines(lines: list[str], database_url: str | None = MEMORY) -> list[Block]:
    """Replay transcript lines on deterministic seeds: the replies to each line."""
    blocks: list[Block] = []

    def collect(number: int, line: str, outputs: list[Output]) -> None:
        blocks.append(Block(number, line, [output.as_json() for output in outputs]))

    await replay(lines, collect, database_url, seeds=golden_seeds())
    return blocks


def golden_path(transcript: Path) -> Path:
    return transcript.with_suffix(".out")


def golden_replies(name: str) -> list[tuple[Block, Reply, str]]:
    """Every reply kept in `tests/transcripts/NAME.out`, as the village's `Reply` (the parts
    the replay prints: kind, key, params, to, state) with its block and its rendered text."""
    text = (TRANSCRIPTS_DIR / f"{name}.out").read_text(encoding="utf-8")
    return [
        (block, reply_from_data(reply), reply["text"])
        for block in parse_golden(text)
        for reply in block.replies
    ]
