"""Ducks in a Bucket at a village table on Discord, on discord.py's own objects: a table
opened, joined and started with `/ducks` slash commands through the real command tree,
played with chat messages (dpytest) and with slash commands to the game's end, the refusals
as the village gives them on Discord, the moderators' commands, the time limit, and the
`/ducks` group of the slash tree."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import re
from dataclasses import dataclass
from typing import Any
from unittest.mock import Mock

import discord
import discord.ext.test as dpytest
import pytest

from bot.chat.text import catalog
from bot.console.scripted import ScriptedDice
from bot.discord_adapter.client import Bridge
from bot.discord_adapter.translator import CatalogueTranslator
from bot.village import registry
from bot.village.clock import ManualClock
from bot.village.records import TableRecord
from bot.village.service import VillageService
from bot.village.table_record import table_document
from tests.discord.dpy import Bot
from tests.discord.fake import FakeChat
from tests.discord.interactions import MANAGE_GUILD, Call, interact

pytestmark = pytest.mark.discord

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
"""Noon in Tokyo: the village's day closes at midnight, far from every time limit here."""
JA = catalog("ja")
GM = {"user_id": 1, "name": "gm", "permissions": MANAGE_GUILD}


def posted() -> list[discord.Message]:
    """What the bot posted in the server since the last look (dpytest's queue)."""
    found = []
    while True:
        try:
            found.append(dpytest.get_message())
        except asyncio.QueueEmpty:
            return found


@dataclass
class Table:
    """A Ducks table in a village on dpytest's server: its players, where it is played."""

    bot: Bot
    place: discord.TextChannel | discord.Thread
    alice: discord.Member
    bob: discord.Member
    carol: discord.Member
    dave: discord.Member
    """In the server, never seated."""

    async def slash(
        self,
        who: discord.Member | None,
        words: list[str],
        options: dict[str, Any] | None = None,
    ) -> Call:
        """A slash command in the table's place, by a member (None: the server's moderator)."""
        person = GM if who is None else {"user_id": who.id, "name": who.name, "nick": who.nick}
        return await interact(
            self.bot.bridge.tree,
            self.bot.client,
            self.bot.guild.id,
            self.place.id,
            words,
            options,
            **person,
        )

    async def say(
        self, who: discord.Member, text: str, faces: str | None = None
    ) -> list[discord.Message]:
        """A member posts in the table's place; what the bot posted in answer."""
        if faces is not None:
            self.bot.dice.queue(faces)
        return await self.bot.say(text, member=who, channel=self.place)  # type: ignore[arg-type]

    async def record(self) -> TableRecord:
        found = await self.bot.bridge.service.core.store.get_table(self.bot.channel.id, 1)
        assert found is not None
        return found


async def table_of(bot: Bot, place: discord.TextChannel | discord.Thread | None = None) -> Table:
    """A village in dpytest's channel (its refusals deleting themselves after 30 seconds, as
    Greed's do), the clock at `T0`, and four members."""
    clock = bot.bridge.service.core.clock
    assert isinstance(clock, ManualClock)
    clock.set(T0)
    # The flood gate has tests of its own; here the moves come faster than anyone types.
    await bot.create(bot.channel.id, "refusal_ttl:30", "flood:off")
    alice, bob = dpytest.get_config().members[:2]
    carol = await dpytest.member_join(0, name="carol")
    dave = await dpytest.member_join(0, name="dave")
    return Table(bot, place or bot.channel, alice, bob, carol, dave)


def said(call: Call) -> list[str]:
    """The public answers of a slash command (each must be public)."""
    answers = call.said()
    assert [private for _, private in answers] == [False] * len(answers), answers
    return [text for text, _ in answers]


def private(call: Call) -> str:
    """The one private answer of a slash command."""
    [(text, hidden)] = call.said()
    assert hidden, text
    return text


async def opened_and_started(table: Table, *players: discord.Member, **settings: str) -> None:
    """`/ducks new` by the first player, the others join, and the opener starts."""
    opener, *others = players
    said(await table.slash(opener, ["ducks", "new"], settings or None))
    for player in others:
        said(await table.slash(player, ["ducks", "join"]))
    said(await table.slash(opener, ["ducks", "start"]))


# -- a whole game ----------------------------------------------------------------------------


async def test_a_table_of_three_from_ducks_new_to_the_game_end_and_the_standings(
    bot: Bot,
) -> None:
    table = await table_of(bot)
    alice, bob, carol = table.alice, table.bob, table.carol
    a, b, c = (f"【{m.display_name}】" for m in (alice, bob, carol))

    # Options as Discord sends them: the choices' values and the deadline as text.
    [opened] = said(
        await table.slash(alice, ["ducks", "new"], {"rounds": "N", "wild": "on", "deadline": "12"})
    )
    assert opened.startswith(f"{a}ダックス・イン・ア・バケツの卓（1番卓）を開きました。")
    assert "持ち時間（時間） 12 ・ ラウンド数 人数分 ・ ワイルドダック あり" in opened
    [joined] = said(await table.slash(bob, ["ducks", "join"]))
    assert joined.startswith(f"{b}ダックス・イン・ア・バケツの卓の2番目の席に着きました。")
    [joined] = said(await table.slash(carol, ["ducks", "join"]))
    assert f"席: {a}、{b}、{c}" in joined
    [started] = said(await table.slash(alice, ["ducks", "start"]))
    assert f"席順: {a}、{b}、{c}" in started
    commitment = re.search(r"sha256: ([0-9a-f]{64})", started)
    assert commitment is not None
    assert f"最初の手番は{a}です。" in started
    assert posted() == []  # the commands answered through their interactions only
    record = await table.record()
    assert record.settings == {"rounds": "N", "wild": True, "deadline": 12}
    assert record.commitment == commitment[1]

    # Round 1: alice by messages, bob by slash commands, carol by messages.
    [roll] = await table.say(alice, "[[ducks]]", "5 | 2 3 5 5 6")
    assert roll.content.startswith(f"{a}ラウンド1/3 ・ 1投目: 【ボス 5】 ［2］［3］［5］［5］［6］")
    assert "昇格できる組: 5 / 2+3 / 5+5" in roll.content
    # In the channel, as a reply to the rolling message that pings nobody.
    assert roll.channel.id == bot.channel.id and bot.last is not None
    assert bot.payloads[-1]["message_reference"]["message_id"] == bot.last.id
    assert bot.payloads[-1]["allowed_mentions"] == {"parse": [], "replied_user": False}
    [promoted] = await table.say(alice, "昇格 5 5")
    assert "5+5 を昇格しました。" in promoted.content
    assert "バケツ: 5+5 ワンペア ・ 残り3個 ・ 除外0個" in promoted.content
    [roll] = await table.say(alice, "［［ｄｕｃｋｓ］］", "6 | 6 1 4")
    assert f"{a}ラウンド1/3 ・ 2投目: 【ボス 6】 ［6］［1］［4］" in roll.content
    await table.say(alice, "昇格 6")
    [stopped] = await table.say(alice, "ストップ")
    assert "ストップ！ このラウンドの役: 5+5+6 ワンペア" in stopped.content
    assert f"次の手番: {b}（ラウンド1）" in stopped.content

    bot.dice.queue("3 | 1 2 4 6 6")
    [rolled] = said(await table.slash(bob, ["ducks", "roll"]))
    assert rolled.startswith(f"{b}ラウンド1/3 ・ 1投目: 【ボス 3】 ［1］［2］［4］［6］［6］")
    assert "昇格できる組: 1+2" in rolled
    [passed] = said(await table.slash(bob, ["ducks", "pass"]))
    assert "パス: 白ダイスを1個除外しました。" in passed and "残り4個 ・ 除外1個" in passed
    bot.dice.queue("6 | 6 6 1 1")
    [rolled] = said(await table.slash(bob, ["ducks", "roll"]))
    assert "2投目: 【ボス 6】 ［6］［6］［1］［1］" in rolled
    [promoted] = said(await table.slash(bob, ["ducks", "promote"], {"dice": "6 6"}))
    assert "6+6 を昇格しました。" in promoted
    [stopped] = said(await table.slash(bob, ["ducks", "stop"]))
    assert f"{b}ラウンド1/3" in stopped and "このラウンドの役: 6+6 ワンペア" in stopped
    assert posted() == []

    [nothing] = await table.say(carol, "[[ducks]]", "1 | 3 4 5 6 6")
    assert "昇格できる組がありません。白ダイスを1個除外しました。" in nothing.content
    await table.say(carol, "[[ducks]]", "4 | 4 3 5 6")
    [roll] = await table.say(carol, "パス [[ducks]]", "2 | 2 5 6")
    assert f"{c}ラウンド1/3 ・ 3投目: 【ボス 2】 ［2］［5］［6］" in roll.content
    assert "前の出目はパスして" in roll.content and "残り3個 ・ 除外2個" in roll.content
    await table.say(carol, "昇格 2")
    stopped, round_end = await table.say(carol, "ストップ")
    assert "このラウンドの役: 2→6 ハイカード" in stopped.content  # a wild duck
    # The round's end: in the channel, a message of its own.
    assert round_end.channel.id == bot.channel.id
    assert round_end.content.splitlines() == [
        "ラウンド1/3の結果",
        f"1位 {b} 6+6 ワンペア → 3点",
        f"2位 {a} 5+5+6 ワンペア → 2点",
        f"3位 {c} 2→6 ハイカード → 1点",
        f"合計: {alice.display_name} 2点 ・ {bob.display_name} 3点 ・ carol 1点",
        f"次はラウンド2、最初の手番は{b}です。",
    ]

    # Round 2 starts with bob; alice ends it with a slash command.
    bot.dice.queue("3 | 3 1 2 4 4")
    said(await table.slash(bob, ["ducks", "roll"]))
    said(await table.slash(bob, ["ducks", "promote"], {"dice": "3"}))
    said(await table.slash(bob, ["ducks", "stop"]))
    await table.say(carol, "[[ducks]]", "4 | 4 4 4 1 3")
    await table.say(carol, "昇格 4 4 4")
    await table.say(carol, "ストップ")
    bot.dice.queue("6 | 6 6 2 3 1")
    said(await table.slash(alice, ["ducks", "roll"]))
    said(await table.slash(alice, ["ducks", "promote"], {"dice": "6 6"}))
    bot.dice.queue("2 | 2 5 6")
    said(await table.slash(alice, ["ducks", "roll"]))
    await table.say(alice, "昇格 2")
    stopped, round_end = said(await table.slash(alice, ["ducks", "stop"]))
    assert f"{a}ラウンド2/3" in stopped and "このラウンドの役: 6+6+2→6 スリーカード" in stopped
    # A slash command's round end is its public answer: everyone in the channel sees it.
    assert round_end.startswith("ラウンド2/3の結果\n")
    assert f"1位 {a} 6+6+2→6 スリーカード → 3点" in round_end
    assert f"2位 {c} 4+4+4 スリーカード → 2点" in round_end
    assert f"3位 {b} 3 ハイカード → 1点" in round_end
    assert posted() == []

    # Round 3 starts with carol; bob's message ends the game.
    await table.say(carol, "[[ducks]]", "1 | 1 2 3 4 5")
    await table.say(carol, "昇格 1")
    await table.say(carol, "ストップ")
    await table.say(alice, "[[ducks]]", "3 | 3 3 3 3 1")
    await table.say(alice, "昇格 3 3 3 3")
    [stopped] = await table.say(alice, "ストップ")
    assert "このラウンドの役: 3+3+3+3 フォーカード" in stopped.content
    await table.say(bob, "[[ducks]]", "5 | 5 5 1 1 1")
    await table.say(bob, "昇格 5 5")
    stopped, round_end, game_end = await table.say(bob, "ストップ")
    assert f"{b}ラウンド3/3" in stopped.content and "ゲーム終了です。" in stopped.content
    assert f"1位 {a} 3+3+3+3 フォーカード → 3点" in round_end.content
    assert f"2位 {b} 5+5 ワンペア → 2点" in round_end.content
    # The last round's totals are the game's: said once, at its end.
    assert "合計" not in round_end.content
    record = await table.record()
    assert record.seed is not None
    seed = record.seed.hex()
    assert hashlib.sha256(record.seed).hexdigest() == commitment[1]
    # How many rolls and their digest, as the table's record gives them.
    document = await table_document(bot.bridge.service.core.store, record)
    record_draws, digest = document["draws"], document["draw_digest"]
    assert document["draw_count"] == len(record_draws)
    assert game_end.channel.id == bot.channel.id
    assert game_end.content.splitlines() == [
        f"ゲーム終了！ 優勝: {a}（合計8点）",
        f"合計: {alice.display_name} 8点 ・ {bob.display_name} 6点 ・ carol 4点",
        f"シード: {seed}（`/ducks verify` ですべての投げを確かめられます）",
        f"この卓の投げは全部で{len(record_draws)}回、ダイジェスト sha256: {digest}"
        "（記録の検証でこれと同じダイジェストが出れば、欠けた投げはありません）",
    ]
    # A seated player's roll after the end is refused, and plays nothing.
    [over] = await table.say(bob, "[[ducks]]")
    assert (
        over.content
        == f"{b}ダックス・イン・ア・バケツの卓はまだ始まっていないか、もう終わっています。"
    )

    # The village's standings count the table's points.
    standings = await table.slash(carol, ["village", "standings"])
    standings.response.defer.assert_awaited_once()
    assert "に投稿しました" in private(standings)
    posted()
    # What discord.py sent (dpytest keeps no text of a message that carries a file).
    text = bot.payloads[-1]["content"]
    assert "順位表" in text and "ダックス" in text
    rows = [line.split() for line in text.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert rows == [
        ["1", alice.display_name, "0", "8", "8"],
        ["2", bob.display_name, "0", "6", "6"],
        ["3", "carol", "0", "4", "4"],
    ]


# -- refusals --------------------------------------------------------------------------------


async def test_a_turn_mixing_slash_commands_and_messages_counts_every_move(bot: Bot) -> None:
    """The guide promises that a slash command and a message are the same move: a roll by
    message after one by command is no double post (the command's answer was shown)."""
    table = await table_of(bot)
    alice = table.alice
    await opened_and_started(table, alice, table.bob)
    a = f"【{alice.display_name}】"
    bot.dice.queue("3 | 1 2 4 6 6")
    [rolled] = said(await table.slash(alice, ["ducks", "roll"]))
    assert rolled.startswith(f"{a}ラウンド1/2 ・ 1投目")
    [roll] = await table.say(alice, "パス [[ducks]]", "6 | 6 6 1 1")
    assert f"{a}ラウンド1/2 ・ 2投目: 【ボス 6】 ［6］［6］［1］［1］" in roll.content
    said(await table.slash(alice, ["ducks", "promote"], {"dice": "6 6"}))
    [roll] = await table.say(alice, "[[ducks]]", "4 | 4 1")
    assert f"{a}ラウンド1/2 ・ 3投目" in roll.content


async def test_out_of_turn_and_unseated_play_is_refused_as_the_village_refuses(bot: Bot) -> None:
    table = await table_of(bot)
    alice, bob, dave = table.alice, table.bob, table.dave
    await opened_and_started(table, alice, bob)
    bot.dice.queue("5 | 2 3 5 5 6")  # alice's roll, waiting: no refusal may take it

    # A seated player's move out of turn: a public refusal that deletes itself (as Greed's).
    [refusal] = await table.say(bob, "[[ducks]]")
    assert refusal.content.startswith(
        f"【{bob.display_name}】いまは【{alice.display_name}】の手番です。"
    )
    [another] = await table.say(bob, "パス")
    assert f"いまは【{alice.display_name}】の手番です。" in another.content
    # Someone not seated: refused for a roll tag only.
    [stranger] = await table.say(dave, "いくよ [[ducks]]")
    assert stranger.content == "【dave】ダックス・イン・ア・バケツの卓に着いていません。" + (
        "始まる前なら `/ducks join` で着席できます。"
    )
    for _ in range(3):
        await asyncio.sleep(0)  # each deletion runs as its own task
    assert bot.deletions == [30.0, 30.0, 30.0]
    remaining = [m.id async for m in bot.channel.history(limit=50)]
    assert not {refusal.id, another.id, stranger.id} & set(remaining)

    # Chat holding a play word, from anyone but the player on turn: no answer at all.
    assert await table.say(dave, "I will pass on this one") == []
    assert await table.say(dave, "パス") == []
    assert await table.say(bob, "stop it, alice") == []

    # By slash command: refused privately, to the caller alone.
    assert private(await table.slash(bob, ["ducks", "roll"])).startswith(
        f"【{bob.display_name}】いまは【{alice.display_name}】の手番です。"
    )
    assert "卓に着いていません" in private(await table.slash(dave, ["ducks", "roll"]))
    assert "卓に着いていません" in private(
        await table.slash(dave, ["ducks", "promote"], {"dice": "5"})
    )
    assert posted() == []

    # None of it changed anything: alice's first roll takes the dice still waiting.
    assert bot.dice.queued == 1
    [roll] = await table.say(alice, "[[ducks]]")
    assert "ラウンド1/2 ・ 1投目: 【ボス 5】 ［2］［3］［5］［5］［6］" in roll.content
    # On turn, a word that fits no form is refused, and rolls nothing.
    [unread] = await table.say(alice, "promote 7")
    assert unread.content.startswith(f"【{alice.display_name}】読み取れませんでした。")


async def test_skip_and_rollback_are_refused_to_players_and_work_for_a_moderator(
    bot: Bot,
) -> None:
    table = await table_of(bot)
    alice, bob = table.alice, table.bob
    await opened_and_started(table, alice, bob)
    await table.say(alice, "[[ducks]]", "5 | 2 3 5 5 6")
    await table.say(alice, "昇格 5 5")
    before = await table.record()

    for words, options in (
        (["ducks", "skip"], {"reason": "遅いので"}),
        (["ducks", "rollback"], {"reason": "やり直し"}),
    ):
        refusal = private(await table.slash(bob, words, options))
        assert refusal == f"【{bob.display_name}】`/{' '.join(words)}` はモデレーター専用です。" + (
            "何も変更していません。"
        )
    assert (await table.record()).version == before.version

    # The moderator's skip applies the time limit's default: alice promoted, so she stops.
    notice, skipped = said(await table.slash(None, ["ducks", "skip"], {"reason": "遅いので"}))
    assert f"【{alice.display_name}】の手番を飛ばしました" in notice and "理由: 遅いので" in notice
    assert skipped.startswith(f"【{alice.display_name}】ラウンド1/2")
    assert "バケツのままストップしました。このラウンドの役: 5+5 ワンペア" in skipped
    assert f"次の手番: 【{bob.display_name}】（ラウンド1）" in skipped
    # And the rollback takes the table back to the start of alice's turn.
    [back] = said(
        await table.slash(
            None,
            ["ducks", "rollback"],
            {"player": str(alice.id), "round": 1, "reason": "the dice bot hiccupped"},
        )
    )
    assert f"gmがラウンド1の【{alice.display_name}】の手番の始めに戻しました" in back
    assert "無効にした投げ: 1回" in back and "理由: the dice bot hiccupped" in back
    assert posted() == []
    [refusal] = await table.say(bob, "[[ducks]]")
    assert f"いまは【{alice.display_name}】の手番です。" in refusal.content
    [again] = await table.say(alice, "[[ducks]]", "6 | 6 6 1 2 3")
    assert "ラウンド1/2 ・ 1投目: 【ボス 6】 ［6］［6］［1］［2］［3］" in again.content


# -- the time limit --------------------------------------------------------------------------


def thread_in(bot: Bot, title: str) -> discord.Thread:
    """A public thread of the village channel, as the gateway would announce it."""
    state = bot.client._connection
    thread_id = discord.utils.time_snowflake(discord.utils.utcnow()) + 7
    state.parse_thread_create(
        {
            "id": thread_id,
            "guild_id": bot.guild.id,
            "type": 11,
            "name": title,
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


async def test_a_table_in_a_thread_is_played_there_and_its_time_limit_runs_in_the_tick(
    bot: Bot,
) -> None:
    thread = thread_in(bot, "ダックス卓")
    table = await table_of(bot, thread)
    alice, bob = table.alice, table.bob
    await opened_and_started(table, alice, bob, deadline="1")
    record = await table.record()
    assert record.place_id == thread.id
    assert record.deadline_at == T0 + dt.timedelta(hours=1)
    [roll] = await table.say(alice, "[[ducks]]", "5 | 2 3 5 5 6")
    assert roll.channel.id == thread.id and "1投目: 【ボス 5】" in roll.content
    # The channel itself is not the table's place: a tag there is told there is no table
    # here, and changes nothing.
    [elsewhere] = await table.bot.say("[[ducks]]", member=alice)  # type: ignore[arg-type]
    assert elsewhere.channel.id == bot.channel.id
    assert "ここにはダックス・イン・ア・バケツの卓がありません。" in elsewhere.content
    rolled = await table.record()

    clock = bot.bridge.service.core.clock
    assert isinstance(clock, ManualClock)
    clock.set(T0 + dt.timedelta(minutes=59))
    await bot.bridge.tick()
    assert posted() == []
    assert await table.record() == rolled  # not yet: nothing changed

    # An hour after her turn began, the village's tick forfeits it (she promoted nothing).
    clock.set(T0 + dt.timedelta(hours=1, seconds=5))
    answers = await bot.bridge.service.tick(bot.bridge.owns)
    [answer] = answers.values()
    assert [r.key for r in answer.replies] == ["ducks.forfeit"]
    # Kept for the table's thread, to be posted there.
    [pending] = await bot.bridge.service.pending([bot.channel.id])
    assert pending.place_id == thread.id and pending.reply["key"] == "ducks.forfeit"
    after = await table.record()
    # Bob's turn began when Alice's time ran out, not when the tick noticed (ducks.md §5).
    assert after.deadline_at == T0 + dt.timedelta(hours=2)
    [refusal] = await table.say(alice, "[[ducks]]")
    assert f"いまは【{bob.display_name}】の手番です。" in refusal.content


# -- the slash tree --------------------------------------------------------------------------


async def test_the_slash_tree_has_the_ducks_group_in_japanese_with_every_registry_command() -> None:
    client = discord.Client(intents=discord.Intents.none())
    service = VillageService(Mock(), ManualClock(), ScriptedDice())
    tree = Bridge(client, service, port=FakeChat(), day_loop=False).tree
    [group] = [g for g in tree.get_commands() if g.name == "ducks"]
    assert isinstance(group, discord.app_commands.Group)
    payload = await group.get_translated_payload(tree, CatalogueTranslator())
    assert payload["name_localizations"]["ja"] == JA["slash.ducks"] == "ダックス"
    assert payload["description_localizations"]["ja"] == JA["slash.group.ducks"]
    assert payload["contexts"] == [0]  # servers only
    commands = {option["name"]: option for option in payload["options"]}
    assert sorted(commands) == sorted(c.name for c in registry.in_group("ducks"))
    for name, command in commands.items():
        assert command["type"] == 1  # a subcommand: no subgroups under /ducks
        assert command["name_localizations"]["ja"] == JA[f"slash.ducks.{name}"]
        assert command["description_localizations"]["ja"] == JA[f"cmd.ducks.{name}"]
        spec = registry.find("ducks", name)
        assert spec is not None
        options = {o["name"]: o for o in command.get("options", [])}
        assert sorted(options) == sorted(a.name for a in spec.arguments)
        for argument in spec.arguments:
            option = options[argument.name]
            assert option["required"] is argument.required
            assert option["name_localizations"]["ja"] == JA[f"arg.{argument.name}"]

    new = {o["name"]: o for o in commands["new"]["options"]}
    assert [(c["value"], c["name_localizations"]["ja"]) for c in new["rounds"]["choices"]] == [
        ("N", "人数分"),
        ("2N", "人数の2倍"),
    ]
    assert [(c["value"], c["name_localizations"]["ja"]) for c in new["wild"]["choices"]] == [
        ("on", "あり"),
        ("off", "なし"),
    ]
    assert new["deadline"]["type"] == 3 and "choices" not in new["deadline"]  # text: 1-168, off
    [dice] = commands["promote"]["options"]
    assert (dice["name"], dice["type"], dice["required"]) == ("dice", 3, True)
    assert dice["name_localizations"]["ja"] == "組"
    for moderated in ("skip", "rollback"):
        assert registry.find("ducks", moderated).moderator  # type: ignore[union-attr]


async def test_the_ticks_forfeit_is_posted_in_the_tables_thread(bot: Bot) -> None:
    thread = thread_in(bot, "ダックス卓")
    table = await table_of(bot, thread)
    alice, bob = table.alice, table.bob
    await opened_and_started(table, alice, bob, deadline="1")
    await table.say(alice, "[[ducks]]", "5 | 2 3 5 5 6")
    clock = bot.bridge.service.core.clock
    assert isinstance(clock, ManualClock)
    clock.set(T0 + dt.timedelta(hours=1, seconds=5))
    await bot.bridge.tick()  # the day loop's tick (CLOSE_GRACE is 3 seconds)
    [forfeit] = posted()
    assert forfeit.channel.id == thread.id
    assert forfeit.content.startswith(f"【{alice.display_name}】ラウンド1/2 ・ 1投目")
    assert "時間切れ: この手番は没収、ガチョウの卵（0点）です。" in forfeit.content
    assert f"次の手番: 【{bob.display_name}】（ラウンド1）" in forfeit.content
    assert await bot.bridge.service.pending([bot.channel.id]) == []


async def test_the_ticks_forfeit_is_posted_in_the_tables_channel(bot: Bot) -> None:
    table = await table_of(bot)
    alice, bob = table.alice, table.bob
    await opened_and_started(table, alice, bob, deadline="1")
    clock = bot.bridge.service.core.clock
    assert isinstance(clock, ManualClock)
    clock.set(T0 + dt.timedelta(hours=1, seconds=5))
    await bot.bridge.tick()
    [forfeit] = posted()
    assert forfeit.channel.id == bot.channel.id
    assert "時間切れ: この手番は没収" in forfeit.content
