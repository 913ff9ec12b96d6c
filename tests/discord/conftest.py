"""The dpytest bot for the adapter's message tests."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from bot.console.scripted import ScriptedDice
from bot.discord_adapter.client import Bridge
from bot.discord_adapter.gateway import NO_PINGS, DiscordPort
from bot.storage.memory import MemoryStore
from bot.village.clock import ManualClock
from bot.village.ports import Store
from bot.village.service import VillageService
from tests.discord.dpy import Bot
from tests.discord.interactions import Slashes, slash_bot


@pytest.fixture
def store() -> Store:
    """The adapter's tests play on the memory store: what they check is the adapter and the
    village above the store, whose contract every store keeps (tests/storage). The files about
    delivery across kills, outages and the outbox's rows (test_sender, test_a_day,
    test_secrets) play on both databases instead, through `sql_store`."""
    return MemoryStore()


@pytest.fixture
async def bot(store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Bot]:
    monkeypatch.chdir(tmp_path)  # dpytest writes the files the bot sends into the folder it runs in
    intents = discord.Intents.default()
    intents.message_content = True
    intents.members = True  # dpytest finds message authors in the member cache
    client = discord.Client(intents=intents, allowed_mentions=NO_PINGS)
    await client._async_setup_hook()
    dpytest.configure(client, members=["alice", "bob"])
    dice = ScriptedDice()
    service = VillageService(store, ManualClock(), dice, outbox=True, flood_gate=True)
    deletions: list[float] = []

    async def record_deletion(seconds: float) -> None:
        deletions.append(seconds)

    bridge = Bridge(
        client, service, port=DiscordPort(client, sleep=record_deletion), day_loop=False
    )
    await bridge.setup_hook()
    payloads: list[dict[str, Any]] = []
    build = discord.abc.handle_message_parameters

    def spy(*args: Any, **kwargs: Any) -> Any:
        # What discord.py turns a send into: the very payload Discord would get.
        params = build(*args, **kwargs)
        if params.multipart:  # with files, the JSON part of the form
            [part] = [p for p in params.multipart if p["name"] == "payload_json"]
            payloads.append(json.loads(part["value"]))
        else:
            payloads.append(dict(params.payload or {}))
        return params

    monkeypatch.setattr(discord.abc, "handle_message_parameters", spy)

    def channel_mentions(content: str | None, guild: discord.Guild | None) -> list[Any]:
        # dpytest looks a mention up among the server's channels only; threads are posts too.
        if guild is None or content is None:
            return []
        found = (guild.get_channel_or_thread(int(m)) for m in re.findall(r"<#(\d+)>", content))
        return [channel for channel in found if channel is not None]

    monkeypatch.setattr(backend, "find_channel_mentions", channel_mentions)
    yield Bot(client, bridge, dice, payloads, deletions)
    await dpytest.empty_queue()


@pytest.fixture
async def slashes(store: Store, village_id: int) -> Slashes:
    """Slash commands in a village channel of their own, through the real command tree."""
    return await slash_bot(store, village_id)
