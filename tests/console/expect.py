"""Expectations written in transcripts as `#=>` comments, checked against replay output.

    #=> KIND [KEY] [FIELD=VALUE ...] [text~SUBSTRING]

matches the next reply of the line above it: its kind, optionally its key, and fields of
its `state` (bare names), `params.NAME`, `to`, `private`. Values are JSON where they parse (`[4,5]`,
`false`, `150`), else text. `#=> ...` allows further replies that are not listed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Expectation:
    line: int
    source: str
    kind: str
    key: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)


@dataclass
class Expected:
    """What a transcript line must produce."""

    replies: list[Expectation] = field(default_factory=list)
    more_allowed: bool = False


# A word runs to the next space outside quotes and brackets, so that values stay JSON:
# name="two words", list=["a","b"].
_WORD = re.compile(r'(?:[^\s"\[]+|"[^"]*"|\[[^\]]*\])+')


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_expectations(path: Path) -> dict[int, Expected]:
    """Expectations by the number of the line they follow (0: the village's start)."""
    expected: dict[int, Expected] = {}
    owner = 0
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.strip()
        if text.startswith("#=>"):
            body = text[3:].strip()
            entry = expected.setdefault(owner, Expected())
            if body == "...":
                entry.more_allowed = True
                continue
            words = _WORD.findall(body)
            expectation = Expectation(number, text, words[0])
            for word in words[1:]:
                if "~" in word and "=" not in word.split("~", 1)[0]:
                    expectation.texts.append(word.split("~", 1)[1])
                elif "=" in word:
                    name, value = word.split("=", 1)
                    expectation.fields[name] = _value(value)
                else:
                    expectation.key = word
            entry.replies.append(expectation)
        elif text and not text.startswith("#"):
            owner = number
    return expected


def _lookup(reply: dict[str, Any], name: str) -> Any:
    if name in ("to", "key", "kind", "private"):
        return reply[name]
    scope, dot, rest = name.partition(".")
    if dot and scope in ("params", "state"):
        value: Any = reply[scope] or {}
        for part in rest.split("."):
            value = value[part] if isinstance(value, dict) else value[int(part)]
        return value
    return (reply["state"] or {})[name]


def check(line: int, expected: Expected, replies: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(replies) < len(expected.replies) or (
        len(replies) > len(expected.replies) and not expected.more_allowed
    ):
        shown = ", ".join(f"{r['kind']}/{r['key']}" for r in replies)
        problems.append(
            f"line {line}: {len(expected.replies)} replies expected, got {len(replies)}: {shown}"
        )
    for expectation, reply in zip(expected.replies, replies, strict=False):
        where = f"line {expectation.line} ({expectation.source})"
        if reply["kind"] != expectation.kind:
            problems.append(f"{where}: kind {reply['kind']!r} (key {reply['key']!r})")
            continue
        if expectation.key is not None and reply["key"] != expectation.key:
            problems.append(f"{where}: key {reply['key']!r}")
        for name, value in expectation.fields.items():
            try:
                actual = _lookup(reply, name)
            except (KeyError, IndexError, TypeError):
                problems.append(f"{where}: no {name} in {reply}")
                continue
            if actual != value:
                problems.append(f"{where}: {name} is {actual!r}, not {value!r}")
        for text in expectation.texts:
            if text not in reply["text"]:
                problems.append(f"{where}: text lacks {text!r}:\n{reply['text']}")
    return problems
