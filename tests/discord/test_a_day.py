"""A village's day on Discord from start to end, as the tests can drive it: created by a
moderator's slash command, played with tags and TE, looked at and rolled back with slash
commands, closed on time by the day loop, and exported as a file."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import discord.ext.test as dpytest
import pytest

from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from tests.discord.dpy import Bot
from tests.discord.interactions import MANAGE_GUILD, interact

pytestmark = [pytest.mark.db, pytest.mark.discord]

SIX = "[[greed]]" * 6


@pytest.fixture
def store(sql_store: SqlStore) -> SqlStore:
    """Delivery across kills and outages, and the outbox's own rows: on both databases."""
    return sql_store


def files(folder: Path) -> list[bytes]:
    """The files the bot attached (dpytest writes each where the test runs)."""
    return [path.read_bytes() for path in sorted(folder.glob("dpytest_*.dat"))]


def posted() -> list[str]:
    texts = []
    while True:
        try:
            texts.append(dpytest.get_message().content)
        except Exception:
            return texts


async def test_a_village_day_from_creation_to_its_export(bot: Bot, tmp_path: Path) -> None:
    guild, channel = bot.guild, bot.channel
    alice = dpytest.get_config().members[0]

    async def slash(words: list[str], options: dict | None = None, moderator: bool = False):  # type: ignore[no-untyped-def]
        who = (
            {"user_id": 1, "name": "gm", "permissions": MANAGE_GUILD}
            if moderator
            else {
                "user_id": alice.id,
                "name": alice.name,
            }
        )
        return await interact(
            bot.bridge.tree, bot.client, guild.id, channel.id, words, options, **who
        )

    created = await slash(["village", "create"], {"name": "テスト村"}, moderator=True)
    assert "村にしました" in created.said()[0][0]
    assert any("1d 開始" in text for text in posted())

    for faces in ("D D D R $ Eb", "G R R"):
        bot.dice.queue(faces)
    [first] = await bot.say(SIX)
    [second] = await bot.say("[[greed]]" * 3)
    assert "1周1投目" in first.content and "1周2投目" in second.content

    status = await slash(["greed", "status"])
    [(text, private)] = status.said()
    assert private and "1ターン目" in text

    rollback = await slash(
        ["greed", "rollback"],
        {"player": str(alice.id), "turn": 1, "throw": 2, "reason": "二重に振ったため"},
        moderator=True,
    )
    [(text, private)] = rollback.said()
    assert not private and "二重に振ったため" in text

    bot.dice.queue("D D R")
    [again] = await bot.say("[[greed]]" * 3)
    assert "1周2投目" in again.content  # the voided throw was thrown again with fresh dice
    [end] = await bot.say("TE")
    assert "ターンエンド" in end.content and "500点" in end.content

    # The deadline passes with nobody writing: the day loop closes the day on time.
    village = await bot.bridge.service.core.store.get_village(channel.id)
    assert village is not None
    day = await bot.bridge.service.core.store.get_day(channel.id, 1)
    assert day is not None
    clock = bot.bridge.service.core.clock
    assert isinstance(clock, ManualClock)
    clock.set(day.closes_at + dt.timedelta(minutes=1))
    await bot.bridge.tick()
    posted()
    # What discord.py sent (dpytest keeps no text of a message that carries a file).
    closing = [payload.get("content", "") for payload in bot.payloads[-20:]]
    assert any("1d 終了" in text and day.seed.hex() in text for text in closing)
    assert any("得点メモ" in text for text in closing)
    assert any("順位表" in text for text in closing)
    assert any("2d 開始" in text for text in closing)
    pictures = [data for data in files(tmp_path) if data[:8] == b"\x89PNG\r\n\x1a\n"]
    assert pictures, "the standings picture goes with the closing"

    exported = await slash(["village", "export"], {"day": 1})
    exported.response.defer.assert_awaited_once()
    posted()
    assert "1dの記録" in bot.payloads[-1]["content"]
    # No VERIFY_PAGE_URL is set: the reply points at the page in the repository.
    assert "`web/verify`" in bot.payloads[-1]["content"]
    # The asker is told where it went.
    [(told, private)] = exported.said()
    assert private and "投稿しました" in told
    documents = []
    for data in files(tmp_path):
        try:
            documents.append(json.loads(data.decode("utf-8")))
        except (UnicodeDecodeError, json.JSONDecodeError):
            continue
    [document] = [d for d in documents if d.get("day") == 1]
    assert document["seed"] == day.seed.hex()
    assert [t["voided"] for t in document["throws"]] == [False, True, False]
