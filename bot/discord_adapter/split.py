"""Cutting a long reply into chat messages: at line boundaries, code blocks closed and
reopened around every cut so each message renders on its own."""

from __future__ import annotations

from typing import Final

LIMIT: Final = 2000
"""Discord's limit on a message's content."""

_FENCE: Final = "```"


def split_text(text: str, limit: int = LIMIT) -> list[str]:
    """`text` in pieces of at most `limit` characters. Lines stay whole where they fit; a
    code block that has to be cut is closed at the cut and opened again (with its language)
    in the next piece."""
    if len(text) <= limit:
        return [text]
    pieces: list[str] = []
    current: list[str] = []
    fence: str | None = None  # the opening line of the code block we are in
    width = limit - 2 * (len(_FENCE) + 1) - 32  # a line cut to this always fits, fences and all

    def size() -> int:
        return sum(map(len, current)) + max(0, len(current) - 1)

    def cut() -> None:
        nonlocal current
        pieces.append("\n".join([*current, _FENCE] if fence is not None else current))
        current = [fence] if fence is not None else []

    for line in text.split("\n"):
        is_fence = line.strip().startswith(_FENCE)
        # After this line, are we in a code block? Then its closing fence must still fit.
        inside = (fence is None) if is_fence else (fence is not None)
        reserve = len(_FENCE) + 1 if inside else 0
        for part in _hard_split(line, width):
            if current and size() + 1 + len(part) + reserve > limit:
                cut()
            current.append(part)
        if is_fence:
            fence = line.strip() if fence is None else None
    if current:
        pieces.append("\n".join(current))
    return [piece for piece in pieces if piece.strip()]


def _hard_split(line: str, width: int) -> list[str]:
    """A line too long for any message, cut into widths that fit."""
    if len(line) <= width:
        return [line]
    return [line[i : i + width] for i in range(0, len(line), width)]
