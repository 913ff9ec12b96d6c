"""Slash commands without Discord: a raw INTERACTION_CREATE payload through discord.py's real
command tree, with spec'd stand-ins for the interaction's response and followup."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
from discord import app_commands

MANAGE_GUILD = 1 << 5
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
            "nick": None,
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
    **who: Any,
) -> Call:
    """Run one slash command (or its autocomplete) as Discord would deliver it."""
    interaction = discord.Interaction(
        data=payload(guild_id, channel_id, words, options, **who),  # type: ignore[arg-type]
        state=client._connection,
    )
    response = AsyncMock(spec=discord.InteractionResponse)
    done = {"yes": False}

    async def acknowledge(*_: Any, **__: Any) -> None:
        done["yes"] = True

    response.send_message.side_effect = acknowledge
    response.defer.side_effect = acknowledge
    response.is_done = Mock(side_effect=lambda: done["yes"])
    followup = AsyncMock(spec=discord.Webhook)
    interaction._cs_response = response  # type: ignore[attr-defined]
    interaction._cs_followup = followup  # type: ignore[attr-defined]
    await tree._call(interaction)
    return Call(interaction, response, followup)
