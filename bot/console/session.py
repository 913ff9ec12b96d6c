"""A village driven by typed lines: player messages, `/as NAME` and the `@` directives.

The interactive console and `greedbot replay` both feed lines through here; from the parsed
message onwards they run the same code as the Discord bot.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from typing import Any

from bot.chat.parse import parse_message
from bot.chat.render import render
from bot.console.scripted import ScriptedDice
from bot.engine.greed import MAX_DICE, UnknownFaceError, parse_faces
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.replies import Reply
from bot.village.service import VillageService

SYSTEM = Author(0, "console", is_moderator=True)
_SPEAKER = re.compile(r"^(?P<name>[^:\s@/#][^:]{0,63}?)\s*:\s?(?P<text>.*)$", re.DOTALL)


class TranscriptError(Exception):
    """A line the console cannot follow (a bad directive, dice that do not fit)."""


@dataclass(frozen=True, slots=True)
class Output:
    reply: Reply
    text: str

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.reply.kind.value,
            "key": self.reply.key,
            "to": self.reply.to,
            "text": self.text,
            "state": None if self.reply.state is None else dict(self.reply.state),
            "params": dict(self.reply.params),
        }

    def json_line(self) -> str:
        return json.dumps(self.as_json(), ensure_ascii=False, default=str)


def console_link(message_id: int | None) -> str:
    return "" if message_id is None else f"#{message_id}"


class ConsoleVillage:
    def __init__(
        self, store: SqlStore, clock: ManualClock, dice: ScriptedDice, village_id: int
    ) -> None:
        self.store = store
        self.clock = clock
        self.dice = dice
        self.village_id = village_id
        self.service = VillageService(store, clock, dice)
        self.speaker: str | None = None
        self.moderators: set[str] = set()
        self.lag = dt.timedelta(0)
        self._next_message = 1
        # Names that have not thrown yet are not players of the village, but need an id.
        self._pending_ids: dict[str, int] = {}

    async def start(self) -> list[Output]:
        """Open the village with default settings and day 1, unless it exists already."""
        self._next_message = await self.store.last_message_id(self.village_id) + 1
        if await self.store.get_village(self.village_id) is not None:
            return await self._tick()
        replies = await self.service.handle(
            Incoming(
                self.village_id,
                self._message_id(),
                SYSTEM,
                self.clock.now(),
                parse_message("/village create"),
            )
        )
        return await self._render(replies)

    async def line(self, line: str) -> list[Output]:
        text = line.strip()
        if not text or text.startswith("#"):
            return []
        if text.startswith("@"):
            return await self._directive(text)
        if text.lower().startswith("/as ") or text.lower() == "/as":
            name = text[3:].strip()
            if not name:
                raise TranscriptError("/as needs a player name")
            self.speaker = name
            return []
        speaker = _SPEAKER.match(text)
        if speaker is not None and not text.startswith("/"):
            return await self.say(speaker["name"].strip(), speaker["text"])
        if self.speaker is None:
            raise TranscriptError("who is speaking? write `NAME: TEXT`, or `/as NAME` first")
        return await self.say(self.speaker, text)

    async def say(self, name: str, text: str) -> list[Output]:
        author = Author(
            await self._player_id(name), name, is_moderator=name.lower() in self.moderators
        )
        sent_at = self.clock.now()
        # The village answers `lag` after the message was sent: a second throw sent within
        # that window was posted before its author could see the first one's result.
        self.clock.lead = self.lag
        try:
            replies = await self.service.handle(
                Incoming(self.village_id, self._message_id(), author, sent_at, parse_message(text))
            )
        finally:
            self.clock.lead = dt.timedelta(0)
        return await self._render(replies)

    async def _directive(self, text: str) -> list[Output]:
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        if word == "@mods":
            names = [n.strip().lower() for n in rest.split(",") if n.strip()]
            if not names:
                raise TranscriptError("@mods needs names: @mods alice, bob")
            self.moderators.update(names)
            return []
        if word == "@dice":
            try:
                faces = parse_faces(rest)
            except UnknownFaceError as error:
                raise TranscriptError(f"@dice: {error}") from None
            if not 1 <= len(faces) <= MAX_DICE:
                raise TranscriptError(f"@dice needs 1 to {MAX_DICE} faces, not {len(faces)}")
            self.dice.queue(faces)
            return []
        if word == "@clock":
            try:
                self.clock.set(dt.datetime.fromisoformat(rest))
            except ValueError as error:
                raise TranscriptError(f"@clock: {error}") from None
            return await self._tick()
        if word == "@lag":
            try:
                seconds = float(rest)
            except ValueError:
                raise TranscriptError("@lag needs seconds: @lag 2") from None
            if seconds < 0:
                raise TranscriptError("@lag cannot be negative")
            self.lag = dt.timedelta(seconds=seconds)
            return []
        raise TranscriptError(f"unknown directive {word} (use @mods, @dice, @clock, @lag)")

    async def _tick(self) -> list[Output]:
        posts = await self.service.tick()
        return await self._render(posts.get(self.village_id, []))

    async def locale(self) -> str:
        village = await self.store.get_village(self.village_id)
        return village.settings.locale if village is not None else "ja"

    async def _render(self, replies: list[Reply]) -> list[Output]:
        locale = await self.locale()
        return [Output(reply, render(reply, locale, console_link)) for reply in replies]

    async def _player_id(self, name: str) -> int:
        found = await self.store.find_player(self.village_id, name)
        if found is not None:
            return found.player_id
        known = {p.player_id for p in await self.store.players(self.village_id)}
        known |= set(self._pending_ids.values())
        key = name.lower()
        if key not in self._pending_ids:
            self._pending_ids[key] = max(known, default=0) + 1
        return self._pending_ids[key]

    def _message_id(self) -> int:
        message_id = self._next_message
        self._next_message += 1
        return message_id
