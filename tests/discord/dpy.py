"""A bot on discord.py's own objects, driven by dpytest, with the village behind it."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.ext.test as dpytest

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.discord_adapter.client import Bridge
from bot.discord_adapter.jobs import jobs_of
from bot.village.core import Author, Incoming


@dataclass
class Bot:
    client: discord.Client
    bridge: Bridge
    dice: ScriptedDice
    payloads: list[dict[str, Any]]
    """What discord.py sent Discord for each message the bot posted."""
    deletions: list[float] = field(default_factory=list)
    last: discord.Message | None = None
    """The member's message `say` posted last."""

    @property
    def channel(self) -> discord.TextChannel:
        channel = dpytest.get_config().channels[0]
        assert isinstance(channel, discord.TextChannel)
        return channel

    @property
    def guild(self) -> discord.Guild:
        return dpytest.get_config().guilds[0]

    async def create(self, village_id: int, *settings: str, forum: bool = False) -> None:
        """`/village create` by the server's admin (the slash command's own tests drive it
        through the command tree)."""
        admin = Author(self.guild.owner_id or 1, "admin", is_moderator=True)
        incoming = Incoming(
            village_id,
            discord.utils.time_snowflake(discord.utils.utcnow()),
            admin,
            discord.utils.utcnow(),
            parse_message(" ".join(["/village create", *settings])),
            self.guild.id,
            forum=forum,
            via="interaction",
        )
        answer = await self.bridge.service.handle(incoming)
        if not forum:
            await self.bridge.sender.deliver(jobs_of(answer, village_id, None, village_id))
        await self.bridge.relay.refresh()
        await dpytest.empty_queue()  # the village's opening: not what the tests look at

    async def say(self, text: str, member: int = 0, channel: Any = None) -> list[discord.Message]:
        """A member posts; what the bot posted in answer."""
        self.last = await dpytest.message(text, channel=channel or self.channel, member=member)
        await dpytest.run_all_events()
        answers = []
        while not dpytest.get_config().client.is_closed():
            try:
                answers.append(dpytest.get_message())
            except asyncio.QueueEmpty:
                break
        return answers
