"""The reply contract a reader outside the project checks (chat.md, ducks.md §6, gleek.md §6,
regidice.md §7): every reply of a replay, read as the replay's JSON prints it, with the
message that caused it.

A `Played` reply knows the line it answered: who sent it (`sender`, None for `@clock` and the
village's opening) and what the line was. `to`, `private`, `kind` and `state` are then
checked against what a game's spec says of each kind of reply.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.console.golden import TRANSCRIPTS_DIR, replay_lines

_SPEAKER = re.compile(r"^(?P<name>[^:\s@/#][^:]{0,63}?)\s*:\s?(?P<text>.*)$")


@dataclass(frozen=True)
class Played:
    """One reply of a replay, and the line that caused it."""

    number: int
    line: str
    sender: str | None
    """Who sent the message (None: a directive, `@clock`, or the village opening)."""
    text: str
    """What the message said, without the sender's name."""
    reply: dict[str, Any]
    index: int
    """Its place among the replies to the line."""
    replies: tuple[dict[str, Any], ...]
    """Every reply to the line, this one included."""

    @property
    def kind(self) -> str:
        return str(self.reply["kind"])

    @property
    def state(self) -> dict[str, Any] | None:
        state = self.reply["state"]
        return None if state is None else dict(state)

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.reply["params"])

    def __str__(self) -> str:
        return f"line {self.number} ({self.line!r}): {self.kind}/{self.reply['key']}"


def transcript(name: str) -> list[str]:
    return (TRANSCRIPTS_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()


async def play(lines: Sequence[str]) -> list[Played]:
    """Replay `lines` (a transcript: fixed seeds, every seat read) and pair each reply with
    the message that caused it. A line after `/as NAME` is NAME's."""
    blocks = await replay_lines(list(lines))
    speaker: str | None = None
    senders: dict[int, tuple[str | None, str]] = {}
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if text.lower().startswith("/as "):
            speaker = text[4:].strip()
            continue
        found = _SPEAKER.match(text)
        if found is not None and not text.startswith("/"):
            senders[number] = (found["name"].strip(), found["text"])
        elif text and not text.startswith(("@", "#")):
            senders[number] = (speaker, text)
    played = []
    for block in blocks:
        sender, said = senders.get(block.number, (None, block.line))
        replies = tuple(block.replies)
        for index, reply in enumerate(replies):
            played.append(Played(block.number, block.line, sender, said, reply, index, replies))
    return played


async def play_transcripts(
    names: Iterable[str], extra: Sequence[Sequence[str]] = ()
) -> list[Played]:
    found: list[Played] = []
    for name in names:
        found += await play(transcript(name))
    for lines in extra:
        found += await play(lines)
    return found


def of_game(played: Iterable[Played], game: str) -> Iterator[Played]:
    """The replies about `game`'s tables: to its commands and messages, and what its time
    limit did (its own keys, or the village's `table.` ones)."""
    for item in played:
        key = str(item.reply["key"])
        command = item.text.strip().lower().startswith(f"/{game}")
        ours = key.startswith((f"{game}.", "table."))
        if command or (ours and (item.sender is None or _plays(item, game))):
            yield item


def _plays(item: Played, game: str) -> bool:
    """A chat message of the game (Ducks' tag and words), not a command."""
    return not item.text.strip().startswith("/") and (
        str(item.reply["key"]).startswith(f"{game}.")
        or item.reply["kind"] in ("refused", "ignored")
    )


def missing_fields(state: Mapping[str, Any] | None, fields: Iterable[str]) -> list[str]:
    if state is None:
        return list(fields)
    return [name for name in fields if name not in state]


def path_of(name: str) -> Path:
    return TRANSCRIPTS_DIR / f"{name}.txt"
