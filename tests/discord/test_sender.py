"""The outbox delivered: each reply posted once, in order, where it belongs, whatever fails."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.discord_adapter.port import Outgoing, PortError
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from tests.discord.harness import ALICE, GM, SIX, Village, incoming_of, outbox

pytestmark = [pytest.mark.db, pytest.mark.discord]


@pytest.fixture
def store(sql_store: SqlStore) -> SqlStore:
    """Delivery across kills and outages, and the outbox's own rows: on both databases."""
    return sql_store


async def test_a_village_in_a_text_channel_opens_its_day_there(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    answer = await village.create()
    assert [r.key for r in answer.replies] == ["village_created", "day_opened"]
    opening = village.chat.texts(village_id)[-1]
    assert "1d" in opening and "sha256" in opening
    assert await village.service.pending([village_id]) == []


async def test_a_throw_is_answered_as_a_reply_to_it_with_a_nonce_of_its_own(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    seen, [posted] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    channel, message = village.chat.sent[-1]
    assert channel == village_id and message.reply_to == seen.message_id
    [kept] = [e for e in await outbox(store, village_id) if e.message_id == seen.message_id]
    assert message.nonce == kept.nonce and message.nonce is not None
    assert len(message.nonce) + len(".9") <= 25  # room for a long reply's piece numbers
    assert posted is not None and "【alice】1ターン目 1周1投目" in message.text


async def test_a_send_failing_twice_then_working_posts_once(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    before = len(village.chat.sent)
    village.chat.failures += [PortError("HTTP 503", True), PortError("HTTP 429", True)]
    _, [posted] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert posted is not None
    assert len(village.chat.sent) == before + 1
    assert await village.service.pending([village_id]) == []


async def test_a_send_that_keeps_failing_waits_and_is_sent_once_later(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    village.chat.failures += [PortError("HTTP 502", True)] * 4
    seen, [posted] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert posted is None
    [pending] = await village.service.pending([village_id])
    assert pending.message_id == seen.message_id
    village.later(seconds=60)
    assert await village.sender.sweep([village_id]) == 1
    assert await village.sender.sweep([village_id]) == 0
    replies = [m for where, m in village.chat.sent if m.reply_to == seen.message_id]
    assert len(replies) == 1


async def test_a_kill_between_commit_and_send_answers_once_after_restart(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    # The throw commits, then the process dies before its answer is posted.
    seen = village.post(ALICE, SIX)
    village.dice.queue("D G $ R R Eb")
    answer = await village.service.handle(incoming_of(seen))
    assert answer.deliveries[0].outbox_id is not None
    sent_before = len(village.chat.sent)
    back = village.restarted(store)
    back.later(seconds=60)
    assert await back.sender.sweep([village_id]) == 1
    assert len(back.chat.sent) == sent_before + 1
    assert back.chat.sent[-1][1].reply_to == seen.message_id
    # Catching up reads the same message again: it counts once, and is not answered again.
    await back.catch_up.run([village_id])
    assert len(back.chat.sent) == sent_before + 1
    assert await back.sender.sweep([village_id]) == 0


async def test_a_refused_send_for_good_is_not_tried_again(store: SqlStore, village_id: int) -> None:
    village = Village(store, village_id)
    await village.create()
    village.chat.failures.append(PortError("Forbidden", retryable=False, status=403))
    _, [posted] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert posted is None
    assert await village.service.pending([village_id]) == []


async def test_a_refusal_of_a_tag_message_deletes_itself_after_the_villages_time(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create("refusal_ttl:30")
    await village.say(ALICE, "[[greed]][[greed]][[greed]]")
    refusal = village.chat.sent[-1][1]
    assert refusal.delete_after == 30
    await village.command(GM, "/village config refusal_ttl:off")
    await village.say(ALICE, "[[greed]][[greed]][[greed]]")
    assert village.chat.sent[-1][1].delete_after is None


async def test_a_forum_village_opens_a_post_per_day_and_locks_the_last(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id, forum=True)
    await village.create("name:テスト村")
    [(day1, title)] = [(p, t) for p, (f, t) in village.chat.posts.items() if f == village_id]
    assert title == "〈テスト村〉 1d"
    opening = village.chat.texts(day1)[0]
    assert "1d" in opening and "sha256" in opening
    _, [posted] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert posted is not None and posted.channel_id == day1
    await village.command(GM, "/village day next")
    [day2] = [p for p, (f, t) in village.chat.posts.items() if t == "〈テスト村〉 2d"]
    closing = village.chat.texts(day1)
    assert any("1d" in text and "シード" in text for text in closing)
    assert day1 in village.chat.locked and day2 not in village.chat.locked
    # The standings posted at the close link to the day's post.
    standings = next(t for t in closing if "順位表" in t)
    assert f"1d <#{day1}>" in standings
    # A throw in yesterday's post is refused with a pointer to today's.
    _, [refusal] = await village.say(ALICE, SIX, where=day1)
    assert refusal is not None and f"<#{day2}>" in village.chat.sent[-1][1].text


async def test_a_post_found_after_a_crash_is_not_opened_again(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id, forum=True)
    await village.create("name:村")
    await village.command(GM, "/village day next", deliver=False)
    # The day-2 post was opened, then the process died before it was recorded.
    await village.chat.create_post(village_id, "〈村〉 2d", Outgoing("opening"))
    back = village.restarted(store)
    back.later(seconds=60)
    await back.sender.sweep([village_id])
    titles = [t for f, t in village.chat.posts.values() if f == village_id]
    assert titles.count("〈村〉 2d") == 1
    place = await back.service.day_place(village_id, 2)
    assert place is not None and place.post_id is not None


async def test_a_forum_that_may_not_be_locked_is_said_once_in_the_log(
    store: SqlStore, village_id: int, caplog: pytest.LogCaptureFixture
) -> None:
    village = Village(store, village_id, forum=True)
    village.chat.may_lock = False
    await village.create()
    await village.command(GM, "/village day next")
    await village.command(GM, "/village day next")
    warnings = [r for r in caplog.records if "may not lock" in r.getMessage()]
    assert len(warnings) == 1 and village.chat.locked == set()


async def test_slash_answers_never_delivered_are_posted_if_public_and_dropped_if_private(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    # Two slash commands commit, then the process dies before answering them.
    await village.command(GM, "/village config turns:3", deliver=False)
    await village.command(ALICE, "/greed status", deliver=False)
    before = len(village.chat.sent)
    back = village.restarted(store)
    back.later(seconds=60)
    assert await back.sender.sweep([village_id]) == 1
    [(channel, settings)] = village.chat.sent[before:]
    assert channel == village_id and settings.reply_to is None
    assert "3ターン" in settings.text
    assert await back.service.pending([village_id]) == []  # the private status was dropped


async def test_a_database_down_after_posting_leaves_the_reply_to_the_nonce_not_twice(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.village.ports import StoreError

    village = Village(store, village_id)
    await village.create()
    marked = store.mark_outbox

    async def down(*args: object, **kwargs: object) -> None:
        raise StoreError("the database is restarting")

    monkeypatch.setattr(store, "mark_outbox", down)
    seen, [posted] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert posted is not None  # it was posted; only its record is missing
    monkeypatch.setattr(store, "mark_outbox", marked)
    sent = len(village.chat.sent)
    village.later(seconds=60)
    await village.sender.sweep([village_id])
    # Sent again with the same nonce: Discord hands back the message it already has.
    assert len(village.chat.sent) == sent
    assert await village.service.pending([village_id]) == []
    assert [m.reply_to for _, m in village.chat.sent].count(seen.message_id) == 1


async def test_a_restored_dump_posts_every_announcement_made_after_it(tmp_path: Path) -> None:
    """A database restored from a dump hands out the outbox ids it had handed out before:
    the posts made from them again (a day's close and opening) must still appear, not be
    taken by Discord for the earlier posts under the same nonce."""
    database = tmp_path / "village.db"
    dump = tmp_path / "dump.db"

    async def opened() -> tuple[AsyncEngine, SqlStore]:
        engine = make_engine(f"sqlite:///{database}")
        await migrate(engine)
        return engine, SqlStore(engine)

    engine, store = await opened()
    village = Village(store, 424_242)
    await village.create()
    await engine.dispose()
    shutil.copy(database, dump)  # the dump, before day 1 closes

    engine, store = await opened()
    first = village.restarted(store)
    await first.command(GM, "/village day next")
    assert any("2d 開始" in text for text in first.chat.texts())
    await engine.dispose()

    shutil.copy(dump, database)  # restored: day 1 is open again, the outbox rewound
    engine, store = await opened()
    back = village.restarted(store)
    before = len(back.chat.sent)
    await back.command(GM, "/village day next")
    again = back.chat.texts()[before:]
    day = await store.get_day(424_242, 2)
    assert day is not None and any(day.commitment in text for text in again)
    assert any("1d 終了" in text for text in again)
    assert await back.service.pending([424_242]) == []
    await engine.dispose()


async def test_a_reply_posted_while_its_record_fails_is_recorded_later_never_posted_again(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord knows a nonce for a few minutes only: a database down for longer must not
    make the sweep post the answer a second time under its nonce."""
    from bot.village.ports import StoreError

    village = Village(store, village_id)
    village.chat.nonce_window = dt.timedelta(minutes=5)
    await village.create()
    marked = store.mark_outbox

    async def down(*args: object, **kwargs: object) -> None:
        raise StoreError("the database is restarting")

    monkeypatch.setattr(store, "mark_outbox", down)
    seen, [posted] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert posted is not None
    sent = len(village.chat.sent)
    village.later(minutes=10)  # longer than Discord remembers the nonce
    await village.sender.sweep([village_id])  # the record still fails: nothing is posted
    monkeypatch.setattr(store, "mark_outbox", marked)
    village.later(minutes=1)
    await village.sender.sweep([village_id])
    assert len(village.chat.sent) == sent
    assert await village.service.pending([village_id]) == []
    assert [m.reply_to for _, m in village.chat.sent].count(seen.message_id) == 1
