"""Play on Discord with discord.py's own objects, driven by dpytest: tags in ordinary
messages, a whole turn, refusals that delete themselves, edits, deletes, forum posts."""

from __future__ import annotations

import asyncio
import datetime as dt

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test import backend

from bot.discord_adapter.gateway import seen_of
from tests.discord.dpy import Bot
from tests.discord.interactions import interact

pytestmark = pytest.mark.discord

SIX = "[[greed]]" * 6


async def test_tags_in_a_message_throw_and_get_a_reply_that_pings_nobody(bot: Bot) -> None:
    await bot.create(bot.channel.id)
    bot.dice.queue("D G $ R R Eb")
    [answer] = await bot.say("いくよ " + SIX)
    player_message = bot.last
    assert player_message is not None
    assert f"【{player_message.author.display_name}】1ターン目 1周1投目" in answer.content
    payload = bot.payloads[-1]
    assert payload["message_reference"]["message_id"] == player_message.id
    assert payload["allowed_mentions"] == {"parse": [], "replied_user": False}
    # The nonce kept with the reply: Discord takes it once.
    nonce = payload["nonce"]
    assert isinstance(nonce, str) and len(nonce) <= 25 and payload["enforce_nonce"] is True
    assert await bot.bridge.service.pending(None) == []  # posted, and recorded so
    assert seen_of(player_message).reply_to is None  # a player's message answers nothing


@pytest.mark.parametrize(
    ("text", "throws"),
    [
        ("［［ｇｒｅｅｄ］］" * 6, True),
        ("[[ GREED ]]" * 6, True),
        ("> " + SIX, False),
        ("`" + SIX + "`", False),
        ("```\n" + SIX + "\n```", False),
    ],
    ids=["full-width", "spaced-upper", "quoted", "inline-code", "code-block"],
)
async def test_tags_count_as_players_write_them_and_quoting_never_throws(
    bot: Bot, text: str, throws: bool
) -> None:
    await bot.create(bot.channel.id)
    bot.dice.queue("D G $ R R Eb")
    answers = await bot.say(text)
    if throws:
        assert len(answers) == 1 and "1周1投目" in answers[0].content
    else:
        assert answers == [] and bot.dice.queued == 1


async def test_a_whole_turn_with_scripted_dice(bot: Bot) -> None:
    await bot.create(bot.channel.id)
    for faces in ("D G $ R R Eb", "R Eg Eg Eg", "G", "D G $ R R Eb"):
        bot.dice.queue(faces)
    [first] = await bot.say(SIX)
    [second] = await bot.say("[[greed]]" * 4)
    assert "エメラルド" in second.content and "TE不可" in second.content
    [third] = await bot.say("[[greed]]")
    assert "総取り" in third.content  # 500 with the G: a sweep, the forced lap 2
    [fourth] = await bot.say(SIX)
    assert "2周1投目" in fourth.content and "TE可" in fourth.content
    [end] = await bot.say("TE")
    # 500 secured, and the DG the Turn End takes: 650.
    assert "ターンエンド" in end.content and "1ターン目の得点: 650点" in end.content
    assert first.id < second.id < third.id < fourth.id < end.id


async def test_a_refused_tag_message_gets_a_public_refusal_that_deletes_itself(bot: Bot) -> None:
    await bot.create(bot.channel.id, "refusal_ttl:30")
    [refusal] = await bot.say("[[greed]][[greed]][[greed]]")
    assert "3個は振れません" in refusal.content
    for _ in range(3):
        await asyncio.sleep(0)  # the deletion runs as its own task
    assert bot.deletions == [30.0]
    remaining = [m.id async for m in bot.channel.history(limit=10)]
    assert refusal.id not in remaining  # deleted, while the log keeps the refusal
    assert bot.last is not None and bot.last.id in remaining
    outcome = await bot.bridge.service.core.store.get_message(bot.channel.id, bot.last.id)
    assert outcome is not None and outcome.outcome == "refused"


async def test_an_edit_adding_tags_throws_nothing_and_says_so_once(bot: Bot) -> None:
    await bot.create(bot.channel.id)
    message = await dpytest.message("hello", channel=bot.channel, member=0)
    bot.dice.queue("D G $ R R Eb")

    def edit(content: str) -> None:
        data = backend.facts.dict_from_message(message)
        data.update(
            content=content,
            channel_id=bot.channel.id,
            guild_id=bot.guild.id,
            edited_timestamp=discord.utils.utcnow().isoformat(),
        )
        bot.client._connection.parse_message_update(data)

    edit(SIX)
    await dpytest.run_all_events()
    notice = dpytest.get_message()
    assert "編集した発言ではダイスを振りません" in notice.content
    edit(SIX + " again")
    await dpytest.run_all_events()
    assert dpytest.verify().message().nothing()
    assert bot.dice.queued == 1


async def test_deleting_a_throw_changes_nothing_recorded(bot: Bot) -> None:
    await bot.create(bot.channel.id)
    bot.dice.queue("D G $ R R Eb")
    await bot.say(SIX)
    thrown = bot.last
    assert thrown is not None
    await thrown.delete()
    await dpytest.run_all_events()
    store = bot.bridge.service.core.store
    events = await store.load_stream(bot.channel.id, 1, thrown.author.id)
    assert [e.message_id for e in events] == [thrown.id]


async def test_a_throw_in_todays_forum_post_is_played_there_and_refused_in_an_old_one(
    bot: Bot,
) -> None:
    state = bot.client._connection
    forum_id, today_id, old_id = (
        discord.utils.time_snowflake(discord.utils.utcnow()) + n for n in range(3)
    )
    base = {"guild_id": bot.guild.id, "position": 1, "permission_overwrites": [], "nsfw": False}
    state.parse_channel_create({**base, "id": forum_id, "type": 15, "name": "greed-village"})
    for thread_id, title in ((old_id, "〈村〉 0d"), (today_id, "〈村〉 1d")):
        state.parse_thread_create(
            {
                **base,
                "id": thread_id,
                "type": 11,
                "name": title,
                "parent_id": forum_id,
                "owner_id": bot.client.user.id if bot.client.user else 1,
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
    await bot.create(forum_id, "name:村", forum=True)
    await bot.bridge.service.post_opened(forum_id, 1, today_id)  # the post the sender opens
    today = bot.client.get_channel(today_id)
    old = bot.client.get_channel(old_id)
    assert isinstance(today, discord.Thread) and isinstance(old, discord.Thread)
    bot.dice.queue("D G $ R R Eb")
    [answer] = await bot.say(SIX, channel=today)
    assert answer.channel.id == today_id and "1周1投目" in answer.content
    [refusal] = await bot.say("[[greed]]" * 4, channel=old)
    assert refusal.channel.id == old_id and f"<#{today_id}>" in refusal.content
    assert bot.dice.queued == 0
    assert dt.timedelta(0) <= discord.utils.utcnow() - answer.created_at


async def test_a_turn_end_by_slash_command_then_a_throw_by_message_both_count(bot: Bot) -> None:
    """`/greed end` and `TE` are the same move: the throw that follows either is the next
    turn's first, not a double post of the last (the command's answer was shown)."""
    await bot.create(bot.channel.id)
    bot.dice.queue("$ $ $ D D R")
    [answer] = await bot.say(SIX)
    assert "1周1投目" in answer.content
    member = dpytest.get_config().members[0]
    end = await interact(
        bot.bridge.tree,
        bot.client,
        bot.guild.id,
        bot.channel.id,
        ["greed", "end"],
        user_id=member.id,
        name=member.name,
    )
    [(ended, _)] = end.said()
    assert "ターンエンド" in ended
    bot.dice.queue("D G $ R R Eb")
    [throw] = await bot.say(SIX)
    assert "2ターン目 1周1投目" in throw.content
