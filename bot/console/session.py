"""A village driven by typed lines: player messages, `/as NAME` and the `@` directives.

The interactive console and `greedbot replay` both feed lines through here; from the parsed
message onwards they run the same service as the Discord bot, and like it they know the
village only through the service's answers.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.chat.attachments import files_of
from bot.chat.parse import parse_message
from bot.chat.render import Surface, made, render
from bot.console.scripted import ScriptedDice, ScriptError
from bot.fairness.seed import new_seed
from bot.games.registry import DEFAULT, Registry
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.inputs import clean_name
from bot.village.ports import Store, StoreError
from bot.village.records import PlayerRecord, named
from bot.village.registry import CommandTable
from bot.village.replies import Answer, Delivery
from bot.village.requests import CommandRequest, Parsed
from bot.village.service import VillageService
from bot.words.reply import ELSEWHERE, ONLY_FOR, Attachment, Reply, in_place_of, refused

SYSTEM = Author(0, "console", is_moderator=True)
STORE_UNAVAILABLE = "store_unavailable"
"""The village's answer when its database cannot be used now: nothing was written."""
_SPEAKER = re.compile(r"^(?P<name>[^:\s@/#][^:]{0,63}?)\s*:\s?(?P<text>.*)$", re.DOTALL)


class TranscriptError(Exception):
    """A line the console cannot follow (a bad directive, dice that do not fit)."""


# A village's clock moves by at most a year of days per `@clock`: every day it passes is
# closed in that one step. It stays within years no date arithmetic runs out of.
MAX_CLOCK_STEP = dt.timedelta(days=366)
EARLIEST = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
LATEST = dt.datetime(9000, 1, 1, tzinfo=dt.UTC)
MAX_LAG_SECONDS = 3600


def read_clock(text: str) -> dt.datetime:
    """The time of `@clock TEXT`: ISO 8601 with a time zone, from 1970 to 8999."""
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError as error:
        raise TranscriptError(f"@clock: {error}") from None
    if when.tzinfo is None:
        raise TranscriptError("@clock: the clock needs a time zone (e.g. 2026-12-01T21:00+09:00)")
    try:
        in_range = EARLIEST <= when < LATEST
    except OverflowError:
        in_range = False
    if not in_range:
        raise TranscriptError(
            f"@clock: {text} is out of range: the village clock runs from 1970 to 8999"
        )
    return when


@dataclass(frozen=True, slots=True)
class Output:
    reply: Reply
    """What was shown: the reply, or the notice in place of a secret the speaker may not see."""
    text: str
    only_for: str = ""
    """Where a replay shows a secret reply (it plays every seat): the line saying whose
    eyes only it is for, in the village's language; empty for every other reply."""

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": str(self.reply.kind),
            "key": self.reply.key,
            "to": self.reply.to,
            "private": self.reply.private,
            "text": self.text,
            "state": None if self.reply.state is None else dict(self.reply.state),
            "params": dict(self.reply.params),
        }

    def json_line(self) -> str:
        return json.dumps(self.as_json(), ensure_ascii=False, default=str)


class _FileUnreadable(Exception):  # noqa: N818 - carries what the player is told
    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path, self.why = path, why


def _with_files(commands: CommandTable, request: Parsed) -> Parsed:
    """A file argument names a file in the console (on Discord it is attached): its text
    goes to the village as the argument's value. A file that cannot be read is the
    player's to hear of, in the village's language (`_FileUnreadable`)."""
    if not isinstance(request, CommandRequest):
        return request
    command = commands.find(request.group, request.name)
    if command is None:
        return request
    args = dict(request.args)
    for argument in command.arguments:
        if argument.kind == "file" and args.get(argument.name):
            path = Path(args[argument.name]).expanduser()
            try:
                args[argument.name] = path.read_text(encoding="utf-8")
            except FileNotFoundError:
                raise _FileUnreadable(path, "missing") from None
            except IsADirectoryError:
                raise _FileUnreadable(path, "folder") from None
            except UnicodeDecodeError:
                raise _FileUnreadable(path, "not_utf8") from None
            except OSError:
                raise _FileUnreadable(path, "unreadable") from None
    return CommandRequest(request.group, request.name, args, request.raw, request.words)


def console_link(message_id: int | None) -> str:
    return "" if message_id is None else f"#{message_id}"


# A terminal shows no Markdown: tables without code fences, documents inline.
CONSOLE = Surface(link=console_link, markdown=False)
# The interactive console writes a reply's files in its folder, as Discord attaches them.
CONSOLE_WITH_FILES = Surface(link=console_link, markdown=False, files=True)
_FOLDERS = {
    Attachment.STANDINGS_PICTURE: ("pictures", "🖼"),
    Attachment.DOCUMENT: ("exports", "📄"),
}


class ConsoleVillage:
    def __init__(
        self,
        store: Store,
        clock: ManualClock,
        dice: ScriptedDice,
        village_id: int,
        files: Path | None = None,
        seeds: Callable[[], bytes] = new_seed,
        *,
        every_seat: bool = False,
        games: Registry = DEFAULT,
        day_game: str | None = None,
    ) -> None:
        """`games`: the games the village hosts (its commands, grammar and texts);
        `day_game`: the one it plays by day (None: the registry's default)."""
        self.clock = clock
        self.dice = dice
        self.village_id = village_id
        self.games = games
        self.service = VillageService(store, clock, dice, games, day_game, seeds=seeds)
        self.speaker: str | None = None
        """The player set with `/as`: the only one whose secret replies are shown."""
        self.every_seat = every_seat
        """A replay reads for every player at once: each secret reply is shown, marked
        with whose it is, where the console (a screen people share) shows only the
        speaker's own."""
        self.moderators: set[str] = set()
        self.lag = dt.timedelta(0)
        self.locale = "ja"
        self.files = files
        """Where the files that go with replies are written (the interactive console): the
        standings pictures in `pictures/`, exported records in `exports/`. None: a record is
        shown inside the reply, and no picture is drawn."""
        self._next_message = 1
        # Names that have not thrown yet are not players of the village, but need an id.
        self._pending_ids: dict[str, int] = {}

    async def start(self) -> list[Output]:
        """Open the village with default settings and day 1, unless it exists already."""
        self._next_message = await self.service.last_message_id(self.village_id) + 1
        if await self.service.last_day(self.village_id):
            return await self._tick()
        answer = await self.service.handle(
            Incoming(
                self.village_id,
                self._message_id(),
                SYSTEM,
                self.clock.now(),
                parse_message("/village create", self.games),
            )
        )
        return await self._render(answer)

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
        try:
            request = _with_files(self.service.commands, parse_message(text, self.games))
        except _FileUnreadable as error:
            # Nothing reached the village: the player is told why, in its language.
            refusal = refused(
                "file_unreadable", to=clean_name(name), path=str(error.path), why=error.why
            )
            return await self._render(Answer((Delivery(refusal),), self.locale))
        try:
            player_id = await self._player_id(name)
        except StoreError:
            # The console reads who is speaking before the village sees the message. A
            # database that is down (restarting, locked by another program) must get the
            # village's own "try again" in the player's language, as on Discord, and not end
            # the console: nothing reached the village, so nothing was thrown or written.
            refusal = refused(STORE_UNAVAILABLE, to=clean_name(name))
            return await self._render(Answer((Delivery(refusal),), self.locale))
        author = Author(player_id, name, is_moderator=name.lower() in self.moderators)
        sent_at = self.clock.now()
        # The village answers `lag` after the message was sent: a second throw sent within
        # that window was posted before its author could see the first one's result.
        self.clock.lead = self.lag
        saved = self.dice.saved()
        try:
            answer = await self.service.handle(
                Incoming(self.village_id, self._message_id(), author, sent_at, request)
            )
        finally:
            self.clock.lead = dt.timedelta(0)
        if any(reply.key == STORE_UNAVAILABLE for reply in answer.replies):
            # The throw may have been drawn before the database refused to write it (SQLite
            # locked by another program): nothing was thrown, so the faces queued with
            # `@dice` are still the next throw's.
            self.dice.restore(saved)
        return await self._render(answer)

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
                self.dice.queue(rest)
            except ScriptError as error:
                raise TranscriptError(f"@dice: {error}") from None
            return []
        if word == "@deal":
            try:
                self.dice.queue(rest, "@deal")
            except ScriptError as error:
                raise TranscriptError(f"@deal: {error}") from None
            return []
        if word == "@clock":
            when = read_clock(rest)
            now = self.clock.now()
            if when - now > MAX_CLOCK_STEP:
                shown = now.astimezone(when.tzinfo).isoformat()
                raise TranscriptError(
                    f"@clock: {rest} is {(when - now).days} days after the village clock "
                    f"({shown}): move it at most {MAX_CLOCK_STEP.days} days (a year) "
                    "per @clock line"
                )
            self.clock.set(when)
            return await self._tick()
        if word == "@lag":
            try:
                seconds = float(rest)
            except ValueError:
                raise TranscriptError("@lag needs seconds: @lag 2") from None
            if not 0 <= seconds <= MAX_LAG_SECONDS:  # NaN too
                raise TranscriptError(
                    f"@lag is 0 to {MAX_LAG_SECONDS} seconds (an hour), not {rest}"
                )
            self.lag = dt.timedelta(seconds=seconds)
            return []
        raise TranscriptError(f"unknown directive {word} (use @mods, @dice, @deal, @clock, @lag)")

    async def _tick(self) -> list[Output]:
        # Only this village's clock moves: a replay against a database other villages live
        # in (a bot's own) must never close their days or time out their tables.
        posts = await self.service.tick(owns=lambda village: village.village_id == self.village_id)
        return await self._render(posts.get(self.village_id, Answer(locale=self.locale)))

    async def _render(self, answer: Answer) -> list[Output]:
        if answer.deliveries:
            self.locale = answer.locale
        outputs = []
        for reply in answer.replies:
            made(reply)  # a reply that does not fit its shape is a bug: said where it is made
            only_for = ""
            if reply.secret_for is not None and self.every_seat:
                name = await self._name_of(reply)
                only_for = render(
                    Reply("info", ONLY_FOR, {"name": name}), answer.locale, games=self.games
                )
            elif reply.secret_for is not None and reply.secret_for != await self._viewer():
                reply = in_place_of(reply, ELSEWHERE, name=await self._name_of(reply))
            # A console that writes files shows a record as a file, as Discord attaches it.
            surface = CONSOLE if self.files is None else CONSOLE_WITH_FILES
            text = render(reply, answer.locale, surface, self.games)
            saved = self._save_files(reply, answer.locale)
            outputs.append(Output(reply, "\n".join([text, *saved]), only_for))
        return outputs

    async def _viewer(self) -> int | None:
        """Who reads the console: the player set with `/as`, if they have an id yet."""
        if self.speaker is None:
            return None
        players = named(await self._known_players(), self.speaker)
        return players[0].player_id if players else self._pending_ids.get(self.speaker.lower())

    async def _name_of(self, secret: Reply) -> str:
        """The name a secret's player goes by here, for `/as NAME`."""
        players = await self._known_players()
        names = {p.player_id: p.name for p in players}
        names.update({i: n for n, i in self._pending_ids.items() if i not in names})
        return names.get(secret.secret_for or 0) or secret.to or str(secret.secret_for)

    async def _known_players(self) -> list[PlayerRecord]:
        """The village's players, to show a reply; none when the database went down since
        the village answered: a reply already written must still be shown (a secret then
        only to a speaker whose id the console gave out itself), not end the console."""
        try:
            return await self.service.players(self.village_id)
        except StoreError:
            return []

    def _save_files(self, reply: Reply, locale: str) -> list[str]:
        """The reply's files (a standings picture, an exported record) written in the
        console's folder, and a line saying where each is."""
        if self.files is None or not reply.attachments:
            return []
        written = []
        for attachment in reply.attachments:
            folder, mark = _FOLDERS[attachment]
            for name, data in files_of(reply, locale, (attachment,), self.games):
                (self.files / folder).mkdir(parents=True, exist_ok=True)
                # Named as the reply names it; a picture's name says no village, so the
                # village is put in front (a record's name has it already).
                village = f"village{self.village_id}"
                path = self.files / folder / (name if village in name else f"{village}-{name}")
                path.write_bytes(data)
                line = f"{mark} {path}"
                if attachment is Attachment.DOCUMENT:
                    line += f"  (greedbot verify {path})"
                written.append(line)
        return written

    async def _player_id(self, name: str) -> int:
        players = await self.service.players(self.village_id)
        key = name.lower()
        # In the console a name is the player: the first to go by it keeps it.
        found = named(players, name)
        if found:
            return found[0].player_id
        known = {p.player_id for p in players} | set(self._pending_ids.values())
        if key not in self._pending_ids:
            self._pending_ids[key] = max(known, default=0) + 1
        return self._pending_ids[key]

    def _message_id(self) -> int:
        message_id = self._next_message
        self._next_message += 1
        return message_id
