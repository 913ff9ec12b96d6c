"""Slash commands through discord.py's real command tree: an INTERACTION_CREATE payload in,
spec'd stand-ins for Discord's response and followup out (dpytest cannot drive them)."""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any
from unittest.mock import AsyncMock, Mock

import discord
import pytest
from discord import app_commands

from bot.console.scripted import ScriptedDice
from bot.discord_adapter.client import Bridge
from bot.discord_adapter.translator import CatalogueTranslator
from bot.storage.store import SqlStore
from bot.village import registry
from bot.village.clock import ManualClock
from bot.village.service import VillageService
from tests.discord.fake import FakeChat

pytestmark = [pytest.mark.db, pytest.mark.discord]

GUILD = 8_100_000_000_000_000_01
MANAGE_GUILD = 1 << 5
_ids = itertools.count(1_300_000_000_000_000_000)

OPTION_TYPES = {str: 3, int: 4, "role": 8, "attachment": 11}


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


@dataclass
class Slashes:
    client: discord.Client
    bridge: Bridge
    chat: FakeChat
    channel_id: int

    def payload(
        self,
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
            "guild_id": str(GUILD),
            "channel_id": str(self.channel_id),
            "channel": {
                "id": str(self.channel_id),
                "type": 0,
                "guild_id": str(GUILD),
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

    async def call(
        self, words: list[str], options: dict[str, Any] | None = None, **who: Any
    ) -> Call:
        interaction = discord.Interaction(
            data=self.payload(words, options, **who),  # type: ignore[arg-type]
            state=self.client._connection,
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
        await self.bridge.tree._call(interaction)
        return Call(interaction, response, followup)

    async def moderator(self, words: list[str], options: dict[str, Any] | None = None) -> Call:
        return await self.call(words, options, user_id=1, name="gm", permissions=MANAGE_GUILD)


@pytest.fixture
async def slashes(store: SqlStore, village_id: int) -> AsyncIterator[Slashes]:
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
    yield Slashes(client, bridge, chat, village_id)


async def test_a_village_is_created_and_a_day_opened_by_a_moderator(slashes: Slashes) -> None:
    call = await slashes.moderator(["village", "create"], {"name": "テスト村", "locale": "ja"})
    [(text, private)] = call.said()
    assert "村にしました" in text and not private
    opening = slashes.chat.texts(slashes.channel_id)
    assert any("1d" in t and "sha256" in t for t in opening)


async def test_a_non_moderator_is_refused_privately_and_nothing_changes(slashes: Slashes) -> None:
    await slashes.moderator(["village", "create"])
    call = await slashes.call(["village", "config"], {"turns": 3})
    [(text, private)] = call.said()
    assert private and "モデレーター専用" in text
    village = await slashes.bridge.service.core.store.get_village(slashes.channel_id)
    assert village is not None and village.settings.rules["turns"] == 5
    refused = await slashes.call(["village", "day", "next"])
    assert [p for _, p in refused.said()] == [True]
    assert (await slashes.bridge.service.last_day(slashes.channel_id)) == 1


async def test_a_moderators_config_change_is_public_and_a_look_is_private(slashes: Slashes) -> None:
    await slashes.moderator(["village", "create"])
    change = await slashes.moderator(["village", "config"], {"rules": "house", "turns": 3})
    [(text, private)] = change.said()
    assert not private and "ハウスルール" in text
    look = await slashes.call(["village", "config"])
    assert [p for _, p in look.said()] == [True]


async def test_a_value_out_of_range_reaches_the_village_and_is_refused_there(
    slashes: Slashes,
) -> None:
    await slashes.moderator(["village", "create"])
    # Not every client holds a user to the option's range: the village checks again.
    call = await slashes.moderator(["village", "config"], {"turns": 99})
    [(text, private)] = call.said()
    assert private and "99" in text


async def test_status_is_private_and_the_day_next_posts_in_the_days_place(slashes: Slashes) -> None:
    await slashes.moderator(["village", "create"])
    status = await slashes.call(["greed", "status"])
    [(text, private)] = status.said()
    assert private and "1dの状況" in text
    advance = await slashes.moderator(["village", "day", "next"])
    # A slow command defers first (privately), then posts its results in the channel.
    advance.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    assert [p for _, p in advance.said()] == [True]
    posted = slashes.chat.texts(slashes.channel_id)
    assert any("1d" in t and "シード" in t for t in posted)
    assert any("2d" in t and "sha256" in t for t in posted)


async def test_rollback_takes_a_player_picked_by_id(slashes: Slashes) -> None:
    await slashes.moderator(["village", "create"])
    service = slashes.bridge.service
    dice = service.core.dice
    assert isinstance(dice, ScriptedDice)
    from bot.engine.greed import parse_faces
    from tests.discord.harness import incoming_of

    dice.queue(parse_faces("D G $ R R Eb"))
    seen = slashes.chat.post(slashes.channel_id, 2, "alice", "[[greed]]" * 6)
    await service.handle(incoming_of(seen))
    call = await slashes.moderator(
        ["greed", "rollback"], {"player": "2", "turn": 1, "reason": "the bot was down"}
    )
    [(text, private)] = call.said()
    assert not private and "戻しました" in text and "alice" in text
    events = await service.core.store.load_stream(slashes.channel_id, 1, 2)
    assert [e.type for e in events] == ["DiceThrown", "RolledBack"]


async def test_autocomplete_offers_the_villages_players_and_days(slashes: Slashes) -> None:
    await slashes.moderator(["village", "create"])
    await slashes.bridge.service.core.store.players(slashes.channel_id)
    from bot.engine.greed import parse_faces
    from tests.discord.harness import incoming_of

    dice = slashes.bridge.service.core.dice
    assert isinstance(dice, ScriptedDice)
    for user, name in ((2, "alice"), (3, "albert"), (4, "bob")):
        dice.queue(parse_faces("D G $ R R Eb"))
        seen = slashes.chat.post(slashes.channel_id, user, name, "[[greed]]" * 6)
        await slashes.bridge.service.handle(incoming_of(seen))
    call = await slashes.call(["greed", "status"], {"player": "al"}, kind=4, focused="player")
    [choices] = call.response.autocomplete.await_args.args
    assert [(c.name, c.value) for c in choices] == [("alice", "2"), ("albert", "3")]
    days = await slashes.call(["greed", "log"], {"day": ""}, kind=4, focused="day")
    [offered] = days.response.autocomplete.await_args.args
    assert [(c.name, c.value) for c in offered] == [("1d", 1)]


async def test_every_command_has_japanese_and_english_names_and_descriptions(
    slashes: Slashes,
) -> None:
    translator = CatalogueTranslator()
    payloads = [
        await command.get_translated_payload(slashes.bridge.tree, translator)
        for command in slashes.bridge.tree.get_commands()
    ]
    assert sorted(p["name"] for p in payloads) == sorted(registry.GROUPS)
    name_rule = re.compile(r"^[-_'\w]{1,32}$")

    def walk(node: dict[str, Any]) -> int:
        assert name_rule.match(node["name"]), node["name"]
        assert node["name_localizations"].get("ja"), node["name"]
        assert 1 <= len(node["description"]) <= 100, node["description"]
        assert node.get("description_localizations", {}).get("ja"), node["name"]
        for choice in node.get("choices", []):
            assert choice["name_localizations"].get("ja")
        return 1 + sum(walk(child) for child in node.get("options", []))

    counted = sum(walk(p) for p in payloads)
    assert counted > len(registry.COMMANDS)
    [village] = [p for p in payloads if p["name"] == "village"]
    [config] = [o for o in village["options"] if o["name"] == "config"]
    turns = next(o for o in config["options"] if o["name"] == "turns")
    assert (turns["min_value"], turns["max_value"]) == (1, 20)
    rules = next(o for o in config["options"] if o["name"] == "rules")
    assert [c["value"] for c in rules["choices"]] == ["official", "house", "revised"]
    assert village["contexts"] == [0]  # servers only


def test_the_tree_has_every_registry_command_once() -> None:
    client = discord.Client(intents=discord.Intents.none())
    service = VillageService(Mock(), ManualClock(), ScriptedDice())
    bridge = Bridge(client, service, port=FakeChat(), day_loop=False)
    paths = []
    for group in bridge.tree.get_commands():
        assert isinstance(group, app_commands.Group)
        for command in group.walk_commands():
            if isinstance(command, app_commands.Command):
                paths.append(command.qualified_name)
    assert sorted(paths) == sorted(c.path for c in registry.COMMANDS)
    assert len(paths) == len(set(paths))
