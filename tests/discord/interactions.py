"""Slash commands without Discord: a raw INTERACTION_CREATE payload through discord.py's real
command tree, with spec'd stand-ins for the interaction's response and followup, and a bot
whose posts go to the in-memory chat."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
from discord import app_commands

from bot.console.scripted import ScriptedDice
from bot.discord_adapter.client import Bridge
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.service import VillageService
from tests.discord.fake import FakeChat

MANAGE_GUILD = 1 << 5
GUILD = 810_000_000_000_000_001
_ids = itertools.count(1_300_000_000_000_000_000)


@dataclass
class Call:
    interaction: discord.Interaction
    response: AsyncMock
    followup: AsyncMock

    def said(self) -> list[tuple[str, bool]]:
        """Every text the interaction answered with, and whether it was private."""
        said = [
            (c.args[0] if c.args else c.kwargs.get("content", ""), c.kwargs.get("ephemeral", False))
            for c in self.response.send_message.await_args_list
        ]
        said += [
            (c.args[0] if c.args else c.kwargs.get("content", ""), c.kwargs.get("ephemeral", False))
            for c in self.followup.send.await_args_list
        ]
        return said


def payload(
    guild_id: int,
    channel_id: int,
    words: list[str],
    options: dict[str, Any] | None = None,
    *,
    user_id: int = 2,
    name: str = "alice",
    permissions: int = 0,
    kind: int = 2,
    focused: str | None = None,
    locale: str = "ja",
    roles: list[str] | None = None,
    nick: str | None = None,
) -> dict[str, Any]:
    leaf: list[dict[str, Any]] = []
    for key, value in (options or {}).items():
        option_type = 4 if isinstance(value, int) else 3
        option: dict[str, Any] = {"name": key, "type": option_type, "value": value}
        if key == focused:
            option["focused"] = True
        leaf.append(option)
    node: dict[str, Any] = {"type": 1, "name": words[-1], "options": leaf}
    if len(words) == 3:
        node = {"type": 2, "name": words[1], "options": [node]}
    return {
        "id": str(next(_ids)),
        "application_id": "42",
        "type": kind,
        "token": "interaction-token",
        "version": 1,
        "guild_id": str(guild_id),
        "channel_id": str(channel_id),
        "channel": {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild_id),
            "name": "village",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
        },
        "member": {
            "user": {
                "id": str(user_id),
                "username": name,
                "discriminator": "0",
                "avatar": None,
                "global_name": name,
            },
            "roles": roles or [],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "permissions": str(permissions),
            "nick": nick,
            "flags": 0,
        },
        "locale": locale,
        "guild_locale": "ja",
        "app_permissions": "0",
        "entitlements": [],
        "authorizing_integration_owners": {},
        "context": 0,
        "attachment_size_limit": 10_000_000,
        "data": {
            "id": "7",
            "name": words[0],
            "type": 1,
            "options": [node] if len(words) > 1 else [],
        },
    }


async def interact(
    tree: app_commands.CommandTree[Any],
    client: discord.Client,
    guild_id: int,
    channel_id: int,
    words: list[str],
    options: dict[str, Any] | None = None,
    *,
    snowflake: Callable[[], int] = lambda: discord.utils.time_snowflake(discord.utils.utcnow()),
    **who: Any,
) -> Call:
    """Run one slash command (or its autocomplete) as Discord would deliver it; `snowflake`
    makes the ids of the messages its answers become."""
    interaction = discord.Interaction(
        data=payload(guild_id, channel_id, words, options, **who),  # type: ignore[arg-type]
        state=client._connection,
    )
    response = AsyncMock(spec=discord.InteractionResponse)
    done = {"yes": False}

    async def acknowledge(*_: Any, **__: Any) -> None:
        done["yes"] = True

    async def answer(*_: Any, **__: Any) -> Mock:
        # Discord says which message the answer became (its id tells when it was made).
        done["yes"] = True
        return Mock(spec=discord.InteractionCallbackResponse, message_id=snowflake())

    response.send_message.side_effect = answer
    response.defer.side_effect = acknowledge
    response.is_done = Mock(side_effect=lambda: done["yes"])
    followup = AsyncMock(spec=discord.Webhook)
    interaction._cs_response = response  # type: ignore[attr-defined]
    interaction._cs_followup = followup  # type: ignore[attr-defined]
    await tree._call(interaction)
    return Call(interaction, response, followup)


@dataclass
class Slashes:
    client: discord.Client
    bridge: Bridge
    chat: FakeChat
    channel_id: int

    async def call(
        self, words: list[str], options: dict[str, Any] | None = None, **who: Any
    ) -> Call:
        return await interact(
            self.bridge.tree,
            self.client,
            GUILD,
            self.channel_id,
            words,
            options,
            snowflake=self.chat.snowflake,
            **who,
        )

    async def moderator(self, words: list[str], options: dict[str, Any] | None = None) -> Call:
        return await self.call(words, options, user_id=1, name="gm", permissions=MANAGE_GUILD)


async def slash_bot(store: SqlStore, channel_id: int) -> Slashes:
    """A bot answering slash commands in `channel_id`, posting to the in-memory chat."""
    client = discord.Client(intents=discord.Intents.none())
    # The bot's own user, as logging in would set it (a guild's interaction looks for it).
    client._connection.user = discord.ClientUser(
        state=client._connection,
        data={
            "id": "999",
            "username": "greedbot",
            "discriminator": "0",
            "avatar": None,
            "bot": True,
        },  # type: ignore[typeddict-item]
    )
    chat = FakeChat(guild_id=GUILD)
    service = VillageService(store, ManualClock(), ScriptedDice(), outbox=True, flood_gate=True)
    bridge = Bridge(client, service, port=chat, day_loop=False)
    await bridge.setup_hook()
    return Slashes(client, bridge, chat, channel_id)
