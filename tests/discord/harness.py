"""A village on the adapter's in-memory chat: the service with its outbox, the sender, the
relay and the catch-up, on a real database."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.discord_adapter.catchup import CatchUp
from bot.discord_adapter.jobs import jobs_of
from bot.discord_adapter.port import Posted, Seen
from bot.discord_adapter.relay import Relay, author_of, village_of
from bot.discord_adapter.sender import Sender
from bot.discord_adapter.surface import discord_surface
from bot.storage import tables as t
from bot.storage.rows import REPLIES
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.records import OutboxRecord
from bot.village.replies import Answer
from bot.village.service import VillageService
from tests.discord.fake import T0, FakeChat


async def outbox(store: SqlStore, village_id: int) -> list[OutboxRecord]:
    """The village's outbox rows, oldest first, whatever became of them."""
    async with AsyncSession(store.engine) as session:
        rows = await session.scalars(
            select(t.Outbox).where(t.Outbox.village_id == village_id).order_by(t.Outbox.outbox_id)
        )
        return [REPLIES.record(row) for row in rows]


GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
BOB = Author(3, "bob")
SIX = "[[greed]]" * 6


def incoming_of(seen: Seen) -> Incoming:
    """What the relay hands the village for a message."""
    village_id, place = village_of(seen)
    return Incoming(
        village_id,
        seen.message_id,
        author_of(seen),
        seen.created_at,
        parse_message(seen.content),
        seen.guild_id,
        place,
        seen.in_forum,
    )


class Village:
    def __init__(
        self,
        store: SqlStore,
        village_id: int,
        *,
        forum: bool = False,
        limit: tuple[int, float] | None = None,
    ) -> None:
        """`limit`: the chat takes so many posts per so many seconds in a channel, as
        Discord does, and the sender waits on the chat's own clock (no real time passes)."""
        self.village_id = village_id
        # A server of its own, so that tests sharing a database never see each other.
        self.chat = FakeChat(guild_id=village_id, limit=limit)
        if forum:
            self.chat.forums.add(village_id)
        self.forum = forum
        self.clock = ManualClock(T0)
        self.dice = ScriptedDice()
        self.slept: list[float] = []
        """Every wait of the sender, in seconds."""
        self._wire(store)

    def _wire(self, store: SqlStore) -> None:
        self.service = VillageService(store, self.clock, self.dice, outbox=True, flood_gate=True)
        self.sender = Sender(
            self.service, self.chat, discord_surface, sleep=self._wait, now=self._now
        )
        self.relay = Relay(self.service, self.sender)
        self.catch_up = CatchUp(self.service, self.chat, self.relay)

    def _now(self) -> dt.datetime:
        return self.chat.now if self.chat.limit is not None else self.clock.now()

    async def _wait(self, seconds: float) -> None:
        self.slept.append(seconds)
        if self.chat.limit is not None:
            self.chat.later(seconds)
        await asyncio.sleep(0)

    def restarted(self, store: SqlStore) -> Village:
        """The same chat and database, a new process: nothing in memory survives."""
        other = Village.__new__(Village)
        other.village_id, other.chat, other.forum = self.village_id, self.chat, self.forum
        other.clock, other.dice, other.slept = self.clock, self.dice, []
        other._wire(store)
        return other

    def throwing(self, author: Author, text: str = SIX) -> tuple[Seen, asyncio.Task[Any]]:
        """A player posts a message and the bot starts answering it (as discord.py dispatches
        a message, in a task of its own): the message, and the answering under way."""
        seen = self.chat.post(self.today(), author.player_id, author.name, text)
        return seen, asyncio.ensure_future(self.relay.message(seen))

    async def until(self, done: Callable[[], bool], what: str) -> None:
        """Let the bot work until `done` (a few seconds at most)."""
        for _ in range(2000):
            if done():
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"still waiting for {what}")

    async def queued(self, count: int) -> None:
        """Until `count` replies wait in the channel's queue (0: the post is in flight)."""
        place = self.today()

        def waiting() -> bool:
            return self.sender.places.waiting(place) == count and self.sender.places.busy(place)

        await self.until(waiting, f"{count} queued")

    async def command(
        self, author: Author, text: str, *, deliver: bool = True, where: int | None = None
    ) -> Answer:
        """A slash command (as the service sees one), its answers posted in the channel (or
        in the thread or post `where` it was sent)."""
        interaction_id = self.chat.snowflake()
        incoming = Incoming(
            self.village_id,
            interaction_id,
            author,
            self.chat.now,
            parse_message(text),
            guild_id=self.chat.guild_id,
            place_id=where,
            forum=self.forum,
            via="interaction",
        )
        answer = await self.service.handle(incoming)
        if deliver:
            place = self.village_id if where is None else where
            # Posted in the place, as the answers of an interaction are shown there: each
            # recorded with when it was shown.
            await self.sender.deliver(jobs_of(answer, self.village_id, None, place))
        await self.relay.refresh()
        return answer

    async def create(self, *settings: str) -> Answer:
        return await self.command(GM, " ".join(["/village create", *settings]))

    def today(self) -> int:
        """Where today is played: the channel, or today's post in a forum."""
        if not self.forum:
            return self.village_id
        return max(p for p, (forum, _) in self.chat.posts.items() if forum == self.village_id)

    async def say(
        self, author: Author, text: str, *, where: int | None = None, faces: str | None = None
    ) -> tuple[Seen, list[Posted | None]]:
        """A player posts a message and the bot answers it (live)."""
        if faces is not None:
            self.dice.queue(faces)
        seen = self.chat.post(where or self.today(), author.player_id, author.name, text)
        return seen, await self.relay.message(seen)

    def post(self, author: Author, text: str, *, where: int | None = None, **extra: Any) -> Seen:
        """A message posted while the bot does not see it (it is down)."""
        return self.chat.post(where or self.today(), author.player_id, author.name, text, **extra)

    def later(self, **delta: float) -> None:
        step = dt.timedelta(**delta)
        self.chat.now += step
        self.clock.set(self.clock.now() + step)
