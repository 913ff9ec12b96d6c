"""Ids no database column can hold (2^63 and past), arriving in discord.py's own objects: the
adapter ignores the message or command with one warning, and the village never hears of it."""

from __future__ import annotations

import asyncio
import logging

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from bot.chat.parse import parse_message
from bot.village.core import Author, Incoming
from tests.discord.dpy import Bot
from tests.discord.interactions import GUILD, Slashes, interact

pytestmark = [pytest.mark.db, pytest.mark.discord]

SIX = "[[greed]]" * 6
BEYOND = 2**63
"""The first id a signed 64-bit column cannot hold."""
LAST = 2**63 - 1


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


def ignored_once(caplog: pytest.LogCaptureFixture, *words: str) -> None:
    """One warning that says what was ignored and why, without a traceback."""
    [record] = warnings_of(caplog)
    assert record.name == "bot.discord_adapter.snowflakes"
    assert record.exc_info is None
    text = record.getMessage()
    assert "ignored" in text and "64-bit" in text
    for word in words:
        assert word in text, text


def thread_of(bot: Bot, thread_id: int) -> discord.Thread:
    """A public thread of the village channel, as the gateway would announce it."""
    bot.client._connection.parse_thread_create(
        {
            "id": thread_id,
            "guild_id": bot.guild.id,
            "type": 11,
            "name": "卓",
            "parent_id": bot.channel.id,
            "owner_id": dpytest.get_config().members[0].id,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": discord.utils.utcnow().isoformat(),
                "locked": False,
            },
            "message_count": 0,
            "member_count": 1,
        }
    )
    thread = bot.client.get_channel(thread_id)
    assert isinstance(thread, discord.Thread)
    return thread


async def test_a_throw_by_an_author_id_past_64_bits_is_ignored(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    await bot.create(bot.channel.id)
    member = backend.make_member(backend.make_user("mallory", "0001", id_num=BEYOND), bot.guild)
    bot.dice.queue("D G $ R R Eb")
    with caplog.at_level(logging.INFO):
        assert await bot.say(SIX, member=member) == []  # type: ignore[arg-type]
    ignored_once(caplog, f"author {BEYOND}")
    assert bot.dice.queued == 1  # nothing thrown
    # The village goes on: the next player's throw takes those faces.
    [answer] = await bot.say(SIX)
    assert "1周1投目" in answer.content and bot.dice.queued == 0


async def test_the_last_id_a_column_holds_still_plays(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    await bot.create(bot.channel.id)
    member = backend.make_member(backend.make_user("max", "0002", id_num=LAST), bot.guild)
    bot.dice.queue("D G $ R R Eb")
    [answer] = await bot.say(SIX, member=member)  # type: ignore[arg-type]
    assert "1周1投目" in answer.content
    assert warnings_of(caplog) == []


async def test_a_message_id_past_64_bits_is_ignored(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    await bot.create(bot.channel.id)
    bot.dice.queue("D G $ R R Eb")
    member = dpytest.get_config().members[0]
    backend.make_message(SIX, member, bot.channel, id_num=BEYOND)
    await dpytest.run_all_events()
    with pytest.raises(asyncio.QueueEmpty):
        dpytest.get_message()  # the bot posted nothing
    ignored_once(caplog, f"message {BEYOND}")
    assert bot.dice.queued == 1


async def test_a_throw_in_a_thread_whose_id_is_past_64_bits_is_ignored(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    await bot.create(bot.channel.id)
    thread = thread_of(bot, BEYOND + 5)
    bot.dice.queue("D G $ R R Eb")
    assert await bot.say(SIX, channel=thread) == []
    ignored_once(caplog, f"channel {BEYOND + 5}")
    assert bot.dice.queued == 1


async def test_a_message_from_a_server_id_past_64_bits_is_ignored(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    # A village channel that Discord then places in a server named by an id no column holds.
    guild = backend.make_guild("far", id_num=BEYOND)
    channel = backend.make_text_channel("village", guild)
    admin = Author(1, "admin", is_moderator=True)
    now = discord.utils.utcnow()
    create = parse_message("/village create")
    made = Incoming(channel.id, discord.utils.time_snowflake(now), admin, now, create, bot.guild.id)
    await bot.bridge.service.handle(made)
    await bot.bridge.relay.refresh()
    member = backend.make_member(dpytest.get_config().members[0], guild)
    bot.dice.queue("D G $ R R Eb")
    caplog.clear()
    assert await bot.say(SIX, member=member, channel=channel) == []  # type: ignore[arg-type]
    ignored_once(caplog, f"guild {BEYOND}")
    assert bot.dice.queued == 1


@pytest.mark.parametrize(
    ("who", "where"),
    [
        ({"user_id": BEYOND}, {}),
        ({}, {"channel_id": BEYOND}),
        ({}, {"guild_id": BEYOND}),
    ],
    ids=["user", "channel", "guild"],
)
async def test_a_slash_command_with_an_id_past_64_bits_is_ignored(
    slashes: Slashes,
    caplog: pytest.LogCaptureFixture,
    who: dict[str, int],
    where: dict[str, int],
) -> None:
    await slashes.moderator(["village", "create"])
    caplog.clear()
    call = await interact(
        slashes.bridge.tree,
        slashes.client,
        where.get("guild_id", GUILD),
        where.get("channel_id", slashes.channel_id),
        ["greed", "status"],
        **who,
    )
    assert call.said() == []  # no answer; Discord says the bot did not respond
    ignored_once(caplog, "/greed status", str(BEYOND))
    assert call.response.defer.await_count == 0


async def test_autocomplete_with_an_id_past_64_bits_offers_nothing(
    slashes: Slashes, caplog: pytest.LogCaptureFixture
) -> None:
    await slashes.moderator(["village", "create"])
    caplog.clear()
    call = await interact(
        slashes.bridge.tree,
        slashes.client,
        GUILD,
        BEYOND,
        ["greed", "status"],
        {"player": "a"},
        kind=4,
        focused="player",
    )
    [choices] = [c.args[0] for c in call.response.autocomplete.await_args_list]
    assert choices == []
    ignored_once(caplog, "autocomplete")
