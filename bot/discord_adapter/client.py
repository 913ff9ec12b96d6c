"""The bot on Discord's gateway: its intents, its events, and the day loop.

`Bridge` attaches the village to a discord.py client (a plain one, or an auto-sharded one for
the shards this process runs): messages and edits go to the relay, slash commands to the
tree, missed messages are read back on every new gateway session, and a loop closes days on
time and sends again whatever is still pending.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.config import Settings
from bot.discord_adapter.catchup import CatchUp
from bot.discord_adapter.gateway import NO_PINGS, DiscordPort, seen_of
from bot.discord_adapter.jobs import jobs_of
from bot.discord_adapter.limits import AnnouncedLimits
from bot.discord_adapter.port import ChatPort
from bot.discord_adapter.relay import Relay
from bot.discord_adapter.sender import Sender
from bot.discord_adapter.slash import Slash, build_groups, refusal_text
from bot.discord_adapter.surface import discord_surface
from bot.discord_adapter.translator import CatalogueTranslator
from bot.village.ports import StoreError
from bot.village.records import VillageRecord
from bot.village.service import VillageService

_logger = logging.getLogger(__name__)

CLOSE_GRACE = dt.timedelta(seconds=3)
"""A day closes this long after its time: a throw sent just before, still on its way, counts."""
MESSAGE_CACHE = 1000
FLOOD_MEMORY = dt.timedelta(minutes=15)
"""Longer than any flood window a village may set (ten minutes at most)."""


def language_of(interaction: discord.Interaction) -> str:
    """For the few texts the adapter writes itself, before any village is known."""
    return "ja" if interaction.locale is discord.Locale.japanese else "en"


def intents() -> discord.Intents:
    """Servers, their messages and what the messages say; no member list, no presences."""
    wanted = discord.Intents.default()
    # `[[greed]]` tags are in ordinary messages: without this their content arrives empty.
    wanted.message_content = True
    wanted.members = False
    wanted.presences = False
    return wanted


def make_client(settings: Settings, limits: AnnouncedLimits | None = None) -> discord.Client:
    """One process per set of shards when the settings name them; otherwise one client.
    `limits` hears what Discord announces of each channel's limit on posting."""
    options: dict[str, Any] = {
        "intents": intents(),
        "allowed_mentions": NO_PINGS,
        "max_messages": MESSAGE_CACHE,
    }
    if limits is not None:
        options["http_trace"] = limits.trace
    shards = settings.shards()
    if shards is not None or settings.shard_count is not None:
        if shards is not None:
            options["shard_ids"] = shards
        return discord.AutoShardedClient(shard_count=settings.shard_count, **options)
    return discord.Client(**options)


def command_tree(
    client: discord.Client, service: VillageService, slash: Slash | None = None
) -> app_commands.CommandTree[discord.Client]:
    """`/greed` and `/village`, made from the command registry."""
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    if slash is None:
        slash = Slash(service, Sender(service, DiscordPort(client), discord_surface))
    for group in build_groups(slash):
        tree.add_command(group)
    return tree


class Bridge:
    """The village attached to a client."""

    def __init__(
        self,
        client: discord.Client,
        service: VillageService,
        *,
        tick_seconds: float = 5.0,
        port: ChatPort | None = None,
        day_loop: bool = True,
        verify_page: str = "",
        limits: AnnouncedLimits | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.port: ChatPort = port or DiscordPort(client, limits=limits)
        self.sender = Sender(service, self.port, partial(discord_surface, verify_page=verify_page))
        self.relay = Relay(service, self.sender)
        self.catch_up = CatchUp(service, self.port, self.relay)
        self.slash = Slash(service, self.sender)
        self.slash.on_village = lambda village_id: self.relay.villages.add(village_id)
        self.tree = command_tree(client, service, self.slash)
        self.tree.on_error = self._command_error  # type: ignore[method-assign]
        self.tick_seconds = tick_seconds
        self.day_loop = day_loop
        self.caught_up = asyncio.Event()
        self._loop: asyncio.Task[None] | None = None
        client.setup_hook = self.setup_hook  # type: ignore[method-assign]
        for handler in (
            self.on_ready,
            self.on_message,
            self.on_raw_message_edit,
            self.on_raw_message_delete,
        ):
            setattr(client, handler.__name__, handler)

    async def setup_hook(self) -> None:
        """Before the gateway connects (once): the translator, the villages, the loop."""
        await self.tree.set_translator(CatalogueTranslator(self.relay.service.games))
        await self.relay.refresh()
        if self.day_loop:
            self._loop = asyncio.create_task(self._days(), name="greedbot day loop")

    def owns(self, village: VillageRecord) -> bool:
        """A village in one of this process's servers (its shards')."""
        return village.guild_id is not None and self.client.get_guild(village.guild_id) is not None

    async def on_ready(self) -> None:
        # Fired after every new session, not once: what was missed meanwhile is read again.
        guilds = [guild.id for guild in self.client.guilds]
        _logger.info("gateway session ready: %d servers", len(guilds))
        try:
            handled = await self.catch_up.run(guilds)
            _logger.info("caught up: %d missed messages handled", handled)
        except Exception:
            _logger.exception("catching up failed; the day loop goes on")
        finally:
            self.caught_up.set()

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None:
            return
        await self.relay.message(seen_of(message))

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        message = payload.message
        # Discord also "updates" a message when it adds a link preview: not an edit.
        if message.edited_at is None or message.author.bot or message.guild is None:
            return
        await self.relay.message(seen_of(message), edited=True)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        _logger.info(
            "channel %s message %s deleted; what it did stays recorded",
            payload.channel_id,
            payload.message_id,
        )

    async def _days(self) -> None:
        """Close days on time and send what is still pending, whatever else goes wrong."""
        await self.caught_up.wait()
        while True:
            try:
                await self.tick()
            except StoreError as error:
                # Expected while the database restarts: one line, and the next tick sweeps.
                _logger.warning("day loop: the database cannot be used now: %s", error)
            except Exception:
                _logger.exception("day loop")
            await asyncio.sleep(self.tick_seconds)

    async def tick(self) -> None:
        for village_id, answer in (await self.service.tick(self.owns, CLOSE_GRACE)).items():
            await self.sender.deliver(jobs_of(answer, village_id, None, None))
        # Only this process's servers: another shard's process sends its own.
        mine = await self.service.village_ids([guild.id for guild in self.client.guilds])
        await self.sender.sweep(mine)
        self.service.forget_quiet(dt.datetime.now(dt.UTC) - FLOOD_MEMORY)

    async def _command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        _logger.error("slash command failed: %s", error, exc_info=error)
        text = refusal_text("internal_error", language_of(interaction))
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
