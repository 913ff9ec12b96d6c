"""What the fault tests share: a village played through the service as a chat adapter
would, and the checks that its event log and its score rows agree."""

from __future__ import annotations

import datetime as dt
import itertools
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.chat.parse import parse_message
from bot.games.registry import GAMES
from bot.storage import tables as t
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import SEAT, Author, Incoming
from bot.village.records import StoredEvent
from bot.village.service import VillageService
from bot.village.stream import read_stream
from bot.words.reply import Reply

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
SIX = "[[greed]]" * 6
FOUR = "[[greed]]" * 4
_messages = itertools.count(1_000)


def message(village_id: int, author: Author, text: str, at: dt.datetime = T0) -> Incoming:
    return Incoming(village_id, next(_messages), author, at, parse_message(text))


@dataclass
class Chat:
    """A chat in front of the service: with the outbox (Discord) each kept reply is posted
    a second after its message and recorded as delivered, as the adapter does; the clock
    then moves on, so that the next message is sent after the player saw the answer."""

    service: VillageService
    clock: ManualClock
    posted: list[int] = field(default_factory=list)
    """The outbox entries delivered, in order."""

    async def post(self, incoming: Incoming) -> list[Reply]:
        answer = await self.service.handle(incoming)
        self.clock.set(self.clock.now() + dt.timedelta(seconds=1))
        for delivery in answer.deliveries:
            if delivery.outbox_id is not None:
                assert await self.service.delivered(
                    delivery.outbox_id, 10**9 + delivery.outbox_id, self.clock.now()
                )
                self.posted.append(delivery.outbox_id)
        self.clock.set(self.clock.now() + dt.timedelta(seconds=1))
        return list(answer.replies)

    def message(self, village_id: int, author: Author, text: str) -> Incoming:
        return message(village_id, author, text, self.clock.now())


def keys(replies: list[Reply]) -> list[str]:
    return [reply.key for reply in replies]


async def assert_log_agrees(store: SqlStore, village_id: int, player_id: int) -> list[StoredEvent]:
    """The player's stream of day 1 has contiguous versions, and their score row is what
    replaying it gives; the stream."""
    stream = await store.load_stream(village_id, 1, player_id)
    assert [e.version for e in stream] == list(range(1, len(stream) + 1))
    day = await store.get_day(village_id, 1)
    row = await store.get_player_day(village_id, 1, player_id)
    assert day is not None and row is not None
    game = GAMES["greed"]
    view = read_stream(game, day.settings.rules, stream)
    assert row.version == len(stream)
    assert row.points == game.scores(view.state)[SEAT]
    assert row.finished == game.finished(view.state)
    return stream


def thrown_by(stream: list[StoredEvent]) -> list[int | None]:
    """The message of each throw in the stream, in order."""
    return [e.message_id for e in stream if e.type == "DiceThrown"]


async def outbox_of(engine: AsyncEngine, village_id: int) -> list[tuple[int | None, int]]:
    """(message, seq) of every reply the village kept, in the order it kept them."""
    async with engine.connect() as connection:
        rows = await connection.execute(
            select(t.Outbox.message_id, t.Outbox.seq)
            .where(t.Outbox.village_id == village_id)
            .order_by(t.Outbox.outbox_id)
        )
        return [(message_id, seq) for message_id, seq in rows]
