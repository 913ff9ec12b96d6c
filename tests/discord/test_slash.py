"""Slash commands through discord.py's real command tree: an INTERACTION_CREATE payload in,
spec'd stand-ins for Discord's response and followup out (dpytest cannot drive them)."""

from __future__ import annotations

import re
from typing import Any
from unittest.mock import Mock

import discord
import pytest
from discord import app_commands

from bot.console.scripted import ScriptedDice
from bot.discord_adapter.client import Bridge
from bot.discord_adapter.translator import CatalogueTranslator
from bot.village import registry
from bot.village.clock import ManualClock
from bot.village.service import VillageService
from tests.discord.fake import FakeChat
from tests.discord.interactions import Slashes
from tests.toys.registry import TOYS

pytestmark = pytest.mark.discord


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
    from tests.discord.harness import incoming_of

    dice.queue("D G $ R R Eb")
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
    from tests.discord.harness import incoming_of

    dice = slashes.bridge.service.core.dice
    assert isinstance(dice, ScriptedDice)
    for user, name in ((2, "alice"), (3, "albert"), (4, "bob")):
        dice.queue("D G $ R R Eb")
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


async def test_the_tree_is_made_from_the_games_the_service_hosts() -> None:
    """A service handed another registry gets its games' slash commands, named in Japanese
    by its games' own catalogues: `/coin call side:` is `/コイン コール 面:`."""
    client = discord.Client(intents=discord.Intents.none())
    service = VillageService(Mock(), ManualClock(), ScriptedDice(TOYS), TOYS)
    bridge = Bridge(client, service, port=FakeChat(), day_loop=False)
    translator = CatalogueTranslator(TOYS)
    payloads = {
        command.name: await command.get_translated_payload(bridge.tree, translator)
        for command in bridge.tree.get_commands()
    }
    assert {"coin", "pips"} <= set(payloads)
    coin = payloads["coin"]
    assert coin["name_localizations"]["ja"] == "コイン"
    [call] = [o for o in coin["options"] if o["name"] == "call"]
    assert call["name_localizations"]["ja"] == "コール"
    assert [(o["name"], o["name_localizations"]["ja"]) for o in call["options"]] == [("side", "面")]
    plain = Bridge(
        discord.Client(intents=discord.Intents.none()),
        VillageService(Mock(), ManualClock(), ScriptedDice()),
        port=FakeChat(),
        day_loop=False,
    )
    assert "coin" not in {command.name for command in plain.tree.get_commands()}


async def test_a_member_of_the_villages_moderator_role_may_moderate(slashes: Slashes) -> None:
    await slashes.moderator(["village", "create"])
    role = 555_000_000_000_000_555
    # `modrole:` takes a role; as text the village reads its id the same way.
    await slashes.moderator(["village", "config"], {"flood": "off"})
    village = await slashes.bridge.service.core.store.get_village(slashes.channel_id)
    assert village is not None
    from bot.village.core import Author, Incoming
    from bot.village.requests import CommandRequest

    await slashes.bridge.service.handle(
        Incoming(
            slashes.channel_id,
            next(iter([1_300_000_000_000_000_999])),
            Author(1, "gm", is_moderator=True),
            village.created_at,
            CommandRequest("village", "config", {"modrole": str(role)}, "/village config"),
        )
    )
    helper = await slashes.call(["village", "day", "extend"], roles=[str(role)])
    [(text, private)] = helper.said()
    assert not private and "延長しました" in text
    stranger = await slashes.call(["village", "day", "extend"], roles=["1"])
    assert [p for _, p in stranger.said()] == [True]


async def test_help_answers_outside_a_village_too(slashes: Slashes) -> None:
    call = await slashes.call(["greed", "help"])
    said = call.said()
    # The help of every game is longer than one message: it comes in pieces, all private.
    text = "\n".join(piece for piece, _ in said)
    assert said and all(private for _, private in said)
    assert "/greed status" in text and "/village create" in text and "/gleek hand" in text


async def test_a_role_option_names_the_role_and_everyone_means_none() -> None:
    from bot.discord_adapter.slash import _arguments

    client = discord.Client(intents=discord.Intents.none())
    guild = discord.Guild(data={"id": "5", "name": "g"}, state=client._connection)  # type: ignore[typeddict-item]

    def role(role_id: int, name: str) -> discord.Role:
        data = {
            "id": str(role_id),
            "name": name,
            "permissions": "0",
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
        }
        return discord.Role(guild=guild, state=client._connection, data=data)  # type: ignore[arg-type]

    config = registry.find("village", "config")
    assert config is not None
    assert await _arguments(config, {"modrole": role(7, "進行役")}) == {"modrole": "7"}
    assert await _arguments(config, {"modrole": role(5, "@everyone")}) == {"modrole": "off"}
