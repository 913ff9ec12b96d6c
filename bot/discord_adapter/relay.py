"""From chat messages to the village and back: a message becomes the service's input, its
answer goes to the sender. Everything here is plain data; `client.py` feeds it discord.py's
events."""

from __future__ import annotations

import logging

from bot.chat.parse import parse_message
from bot.discord_adapter.jobs import Job, jobs_of
from bot.discord_adapter.port import Posted, Seen
from bot.discord_adapter.sender import Sender
from bot.discord_adapter.snowflakes import ignored, out_of_range
from bot.village.core import Author, Incoming
from bot.village.requests import Chatter, CommandRequest, Edited, Request, Unplayable
from bot.village.service import VillageService

_logger = logging.getLogger(__name__)

USE_SLASH = "use_slash"
"""The reason a command typed as a message is refused: on Discord, commands are slash
commands (one path for each, with Discord's own option checks)."""


def author_of(seen: Seen) -> Author:
    return Author(seen.author_id, seen.author_name, seen.manages_server, seen.role_ids)


def village_of(seen: Seen) -> tuple[int, int | None]:
    """The village channel a message belongs to, and its post when it is in a thread."""
    if seen.parent_id is not None:
        return seen.parent_id, seen.channel_id
    return seen.channel_id, None


class Relay:
    def __init__(self, service: VillageService, sender: Sender) -> None:
        self.service = service
        self.sender = sender
        self.villages: set[int] = set()
        """The village channels: play messages anywhere else are none of the bot's business."""

    async def refresh(self) -> None:
        self.villages = await self.service.village_ids()

    async def message(self, seen: Seen, *, edited: bool = False) -> list[Posted | None]:
        """Handle one message (live, or read from history when catching up) and post its
        answer."""
        return await self.sender.deliver(await self.answer(seen, edited=edited))

    async def answer(
        self, seen: Seen, *, edited: bool = False, gathered: bool | None = None
    ) -> list[Job]:
        """Handle one message: what to post in answer (nothing for chatter, or a message
        that is none of the bot's business). `gathered`: its answer goes out with others
        (None: if its place is busy now)."""
        if seen.author_is_bot:
            return []
        parsed = parse_message(seen.content, self.service.games)
        if isinstance(parsed, Chatter):
            return []
        village_id, place_id = village_of(seen)
        if village_id not in self.villages:
            return []  # a channel that is not a village: stay out of its conversation
        wrong = out_of_range(
            message=seen.message_id,
            channel=seen.channel_id,
            guild=seen.guild_id,
            author=seen.author_id,
        )
        if ignored(f"village {village_id} message {seen.message_id}", wrong):
            return []
        if isinstance(parsed, CommandRequest):
            parsed = Unplayable(USE_SLASH)
        request: Request = Edited(parsed) if edited else parsed
        place = place_id if place_id is not None else village_id
        incoming = Incoming(
            village_id,
            seen.message_id,
            author_of(seen),
            seen.created_at,
            request,
            seen.guild_id,
            place_id,
            seen.in_forum,
            gathered=not self.sender.quiet(place) if gathered is None else gathered,
        )
        answer = await self.service.handle(incoming)
        _logger.info(
            "village %s channel %s message %s by %s: %s → %s",
            village_id,
            seen.channel_id,
            seen.message_id,
            seen.author_id,
            type(request).__name__,
            ", ".join(r.key for r in answer.replies) or "no reply",
        )
        return jobs_of(answer, village_id, seen.message_id, incoming.place)
