"""Messages on Discord: where play happens, floods, edits, commands typed as text, and
what the bot reads back after being away."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

import pytest

from bot.discord_adapter.port import snowflake_time
from bot.discord_adapter.surface import jump_url
from bot.village.core import Author
from bot.village.ports import Store, StoreError
from tests.discord.harness import ALICE, BOB, SIX, Village

CAROL = Author(4, "carol")

pytestmark = pytest.mark.discord


async def test_a_channel_that_is_not_a_village_gets_no_answer(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    _, posted = await village.say(ALICE, SIX, where=village_id + 1)
    assert posted == [] and await village.service.pending([village_id]) == []


async def test_a_command_typed_as_a_message_points_to_the_slash_command(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    _, [posted] = await village.say(ALICE, "/village day next")
    assert posted is not None
    assert "スラッシュコマンド" in village.chat.sent[-1][1].text
    # ...but `/greed end` is a Turn End, as the protocol says (here one not allowed yet).
    await village.say(ALICE, SIX, faces="D G $ R R Eb")
    await village.say(ALICE, "/greed end")
    assert "TE条件（500点）に届かない" in village.chat.sent[-1][1].text


async def test_a_flood_gets_one_notice_and_throws_nothing_more_while_it_lasts(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create("flood:3/10")
    await village.say(ALICE, SIX, faces="D G $ R R Eb")  # the village's limits are now known
    # Turn Ends that are refused: play messages that draw no dice either way.
    answers = [await village.say(ALICE, "TE") for _ in range(6)]
    texts = village.chat.texts(village_id)
    notices = [t for t in texts if "発言が速すぎます" in t]
    assert len(notices) == 1
    # The fourth play message in ten seconds got the notice; the ones after it were
    # ignored without an answer or a die.
    assert [len(posted) for _, posted in answers] == [1, 1, 1, 0, 0, 0]
    assert "発言が速すぎます" in village.chat.sent[-1][1].text
    assert village.dice.queued == 0
    # Someone else is unaffected.
    _, [bob] = await village.say(BOB, SIX, faces="G G R R Eg $")
    assert bob is not None and "【bob】1ターン目" in village.chat.sent[-1][1].text
    # Once the window has passed, play goes on.
    village.later(seconds=11)
    _, [again] = await village.say(ALICE, "[[greed]]" * 4, faces="G R R R")
    assert again is not None and "1周2投目" in village.chat.sent[-1][1].text


async def test_an_edit_never_throws_and_gets_one_short_notice(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    chatter, posted = await village.say(ALICE, "hello")
    assert posted == []
    edited = replace(chatter, content=SIX, edited_at=village.chat.now)
    [notice] = await village.relay.message(edited, edited=True)
    assert notice is not None and "編集" in village.chat.sent[-1][1].text
    assert await village.relay.message(edited, edited=True) == []
    status = await village.command(ALICE, "/greed status", deliver=False)
    assert status.replies[0].state is not None and status.replies[0].state["throw"] == 0


async def test_an_edited_throw_keeps_its_throw(store: Store, village_id: int) -> None:
    village = Village(store, village_id)
    await village.create()
    seen, _ = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert await village.relay.message(replace(seen, content="[[greed]]"), edited=True) == []
    status = await village.command(ALICE, "/greed status", deliver=False)
    state = status.replies[0].state
    assert state is not None and state["throw"] == 1 and state["legal_counts"] == [4, 5]


async def test_missed_throws_are_answered_in_order_after_a_restart(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    await village.say(ALICE, SIX, faces="D G $ R R Eb")
    # The bot is down: Alice throws on (having seen the answer), Bob joins.
    village.later(seconds=30)
    first = village.post(ALICE, "[[greed]]" * 4)
    village.later(seconds=5)
    bob = village.post(BOB, SIX)
    back = village.restarted(store)
    village.dice.queue("G R R Eg")
    village.dice.queue("G $ R R Eb D")
    assert await back.catch_up.run([village_id]) == 2
    # Answered together, in order: the post replies to the first, and links to the second.
    [(_, post)] = village.chat.sent[-1:]
    assert post.reply_to == first.message_id
    assert post.text.index("【alice】1ターン目 1周2投目") < post.text.index("【bob】1ターン目")
    assert jump_url(village_id, village_id, bob.message_id) in post.text


async def test_a_throw_sent_before_the_previous_answer_was_posted_is_a_double_post(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    # Both throws are sent while the bot is away: the second before the first's answer.
    one = village.post(ALICE, SIX)
    two = village.post(ALICE, "[[greed]]" * 4)
    village.dice.queue("D G $ R R Eb")
    await village.restarted(store).catch_up.run([village_id])
    replies = {m.reply_to: m.text for _, m in village.chat.sent if m.reply_to}
    assert "1周1投目" in replies[one.message_id]
    assert "二重投稿として無視しました" in replies[two.message_id]


async def test_the_chats_clock_decides_a_double_post_not_the_bots(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    await village.say(ALICE, SIX, faces="D G $ R R Eb")
    # The bot's clock runs five seconds fast; Alice throws two seconds after the answer.
    village.clock.set(village.clock.now() + dt.timedelta(seconds=5))
    village.later(seconds=2)
    _, [posted] = await village.say(ALICE, "[[greed]]" * 4, faces="G R R Eg")
    assert posted is not None and "1周2投目" in village.chat.sent[-1][1].text


async def test_an_empty_history_without_permission_is_reported_once(
    store: Store, village_id: int, caplog: pytest.LogCaptureFixture
) -> None:
    village = Village(store, village_id)
    await village.create()
    await village.say(ALICE, SIX, faces="D G $ R R Eb")
    village.post(ALICE, "[[greed]]" * 4)
    village.chat.can_read_history = False
    back = village.restarted(store)
    assert await back.catch_up.run([village_id]) == 0
    assert await back.catch_up.run([village_id]) == 0
    notices = [t for t in village.chat.texts(village_id) if "履歴" in t]
    assert len(notices) == 1
    assert any("Read Message History" in r.getMessage() for r in caplog.records)


async def test_a_roll_missed_in_a_tables_thread_is_answered_there_once(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    thread = village.chat.thread(village_id)
    for author, command in ((ALICE, "/ducks new"), (BOB, "/ducks join"), (ALICE, "/ducks start")):
        await village.command(author, command, where=thread)
    table = await store.table_at(village_id, thread)
    assert table is not None and table.status == "playing" and table.seats[0] == ALICE.player_id
    # The bot is down: Alice, first on turn, rolls in the table's thread.
    village.later(minutes=10)
    roll = village.post(ALICE, "[[ducks]]", where=thread)
    back = village.restarted(store)
    village.dice.queue("5 | 2 3 5 5 6")
    before = len(village.chat.sent)
    assert await back.catch_up.run([village_id]) == 1
    [(where, answer)] = village.chat.sent[before:]
    assert where == thread and answer.reply_to == roll.message_id
    assert "1投目: 【ボス 5】 ［2］［3］［5］［5］［6］" in answer.text
    assert village.dice.queued == 0
    rolled = await store.get_table(village_id, table.table_id)
    # Read again (another reconnection, another restart): nothing more is answered or played.
    assert await back.catch_up.run([village_id]) == 0
    assert await village.restarted(store).catch_up.run([village_id]) == 0
    assert len(village.chat.sent) == before + 1
    assert await store.get_table(village_id, table.table_id) == rolled


async def test_a_message_missed_at_a_table_taking_seats_is_answered(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    thread = village.chat.thread(village_id)
    await village.command(ALICE, "/ducks new", where=thread)
    # While the bot is down, Bob types the command to take a seat.
    village.later(minutes=1)
    typed = village.post(BOB, "/ducks join", where=thread)
    before = len(village.chat.sent)
    assert await village.restarted(store).catch_up.run([village_id]) == 1
    [(where, answer)] = village.chat.sent[before:]
    assert where == thread and answer.reply_to == typed.message_id
    assert "スラッシュコマンド" in answer.text


async def test_missed_messages_before_the_deadline_count_for_their_day(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    await village.say(ALICE, SIX, faces="D G $ R R Eb")
    # Sent a minute before the close, read three minutes after it.
    closes = (await store.get_day(village_id, 1)).closes_at  # type: ignore[union-attr]
    village.chat.now = closes - dt.timedelta(minutes=1)
    late = village.post(ALICE, "[[greed]]" * 4)
    assert snowflake_time(late.message_id) < closes
    village.clock.set(closes + dt.timedelta(minutes=3))
    village.dice.queue("G R R Eg")
    back = village.restarted(store)
    await back.catch_up.run([village_id])
    stream = await store.load_stream(village_id, 1, ALICE.player_id)
    assert [e.message_id for e in stream if e.type == "DiceThrown"][-1] == late.message_id
    # Only then does the day loop close the day.
    assert village_id in await back.service.tick()
    assert (await store.get_village(village_id)).day == 2  # type: ignore[union-attr]


class DatabaseDown:
    """The village's store while its database is down (every call fails), and back."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.down = False

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        return self._refused if self.down and callable(found) else found

    def _refused(self, *_: Any, **__: Any) -> Any:
        raise StoreError("connection refused")


async def test_a_throw_answered_try_again_is_not_thrown_later_by_the_catch_up(
    store: Store, village_id: int
) -> None:
    """The player was told nothing was thrown and posts again: the message they were told
    about must not be thrown behind their back when the bot reads the history back, and
    its "try again" takes no nonce a real answer could need."""
    flaky = DatabaseDown(store)
    village = Village(flaky, village_id)  # type: ignore[arg-type]
    await village.create()
    flaky.down = True
    told, _ = await village.say(ALICE, SIX)
    [(_, notice)] = [(c, m) for c, m in village.chat.sent if m.reply_to == told.message_id]
    assert "データベース" in notice.text and notice.nonce == f"{told.message_id}:u0"
    flaky.down = False
    village.later(seconds=10)
    again, _ = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    back = village.restarted(store)
    assert await back.catch_up.run([village_id]) == 0
    thrown = [e.message_id for e in await store.load_stream(village_id, 1, ALICE.player_id)]
    assert told.message_id not in thrown and again.message_id in thrown
    [answer] = [m for _, m in village.chat.sent if m.reply_to == again.message_id]
    assert "1周1投目" in answer.text and answer.nonce not in (None, notice.nonce)


async def test_missed_messages_find_what_fell_due_before_them_applied_in_its_order(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    thread = village.chat.thread(village_id)
    for author, command in (
        (ALICE, "/ducks new deadline:3"),
        (BOB, "/ducks join"),
        (ALICE, "/ducks start"),
    ):
        await village.command(author, command, where=thread)
    await village.say(ALICE, "[[ducks]]", where=thread, faces="6 | 6 6 6 1 2")
    await village.say(ALICE, "昇格 6 6 6 ストップ", where=thread)
    # The bot is away from here until after the day's close: Bob's turns run out at three
    # hours each, and Carol throws five minutes after midnight.
    closes = (await store.get_day(village_id, 1)).closes_at  # type: ignore[union-attr]
    village.chat.now = closes + dt.timedelta(minutes=5)
    village.clock.set(village.chat.now)
    village.post(CAROL, SIX)
    village.later(minutes=5)
    village.dice.queue("D G $ R R Eb")
    await village.restarted(store).catch_up.run([village_id])
    texts = [m.text for _, m in village.chat.sent]

    def first(part: str) -> int:
        return next(n for n, text in enumerate(texts) if part in text)

    # What fell due before midnight comes first: Bob's turns running out (which end the
    # game), then the day's close and its standings, then Carol's throw on the new day.
    assert first("時間切れ") < first("ゲーム終了！") < first("━━ 1d 終了") < first("【carol】")
    table = texts[first("順位表（1dまで）")].splitlines()
    header = table[2].split()
    at_close = {row.split()[1]: int(row.split()[header.index("ダックス")]) for row in table[3:-1]}
    [now] = (await village.command(BOB, "/village standings", deliver=False)).replies
    after = {r["player"]: r["games"]["ducks"] for r in now.params["rows"] if r["player"] != "carol"}
    # The close counted every Ducks round that ended before it, as the standings say now
    # (Carol, who threw on day 2, has no Ducks points).
    assert at_close == after == {"alice": 2, "bob": 0}
