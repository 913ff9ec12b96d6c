"""A busy channel on the adapter's fake chat, with Discord's limit on posting in it: the
answers that gather while a post is in flight go out together, in order, never past 2,000
characters; notices and secrets apart; each exactly once whenever the bot is killed; the
double-post rule measured against the post that carried the answer; and the posts spread
over the window the chat announces."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import event

from bot.discord_adapter.jobs import Job
from bot.discord_adapter.places import Waiting
from bot.discord_adapter.port import Outgoing, PortError, Posted
from bot.discord_adapter.split import LIMIT
from bot.discord_adapter.surface import jump_url
from bot.discord_adapter.together import choose, text_of
from bot.storage.store import SqlStore
from bot.village.core import Author
from bot.village.records import PENDING, SENT
from bot.words.reply import Reply
from tests.discord.harness import ALICE, SIX, Village, outbox
from tests.discord.test_relay import DatabaseDown
from tests.village.secrets import Dealer

pytestmark = [pytest.mark.db, pytest.mark.discord]

FACES = "D G $ R R Eb"
PLAYERS = [Author(100 + n, f"p{n:02}") for n in range(30)]
SENT_BY_DM = "あなただけに見える内容をDMで送りました。"


@pytest.fixture
def store(sql_store: SqlStore) -> SqlStore:
    """What a shared post was made of is kept in the outbox: on both databases."""
    return sql_store


class Killed(Exception):  # noqa: N818 - the process's end, not an error of its own
    """The process dies here: nothing after it in the post runs (what it leaves in the
    database and the chat is what a kill at that moment leaves)."""


def answer_of(name: str) -> str:
    """How a player's first throw is answered (every throw here shows the same faces)."""
    return f"【{name}】1ターン目 1周1投目"


async def busy(
    village: Village, players: list[Author], text: str = SIX, replies: int = 1
) -> list[Any]:
    """The first player's answer in flight (the chat holds it), the others' answers queued
    behind it, one by one in this order (`replies` to each message): the messages, and their
    answering under way."""
    village.chat.gate = asyncio.Event()
    found = []
    for n, player in enumerate(players):
        village.dice.queue(FACES)
        found.append(village.throwing(player, text))
        await village.queued(replies * (n + 1) - 1)
    return found


async def released(village: Village, tasks: list[Any]) -> list[list[Posted | None]]:
    gate = village.chat.gate
    assert gate is not None
    gate.set()
    return list(await asyncio.gather(*(task for _, task in tasks)))


async def opened(
    store: SqlStore, village_id: int, *settings: str, limit: tuple[int, float] | None = None
) -> tuple[Village, int]:
    """A village with its day open, and how many posts the chat had then."""
    village = Village(store, village_id, limit=limit)
    await village.create(*settings)
    return village, len(village.chat.sent)


def posts_since(village: Village, before: int) -> list[Outgoing]:
    return [message for where, message in village.chat.sent[before:] if where == village.today()]


async def test_answers_that_gather_while_a_post_is_in_flight_go_out_together_in_order(
    store: SqlStore, village_id: int
) -> None:
    village, before = await opened(store, village_id)
    players = PLAYERS[:5]
    thrown = await busy(village, players)
    results = await released(village, thrown)
    first, shared = posts_since(village, before)
    assert first.text.startswith(answer_of("p00")) and first.reply_to == thrown[0][0].message_id
    # One post for the four that waited: in the order they were answered, each beginning
    # with its player, a Discord reply to the first one's message.
    order = [shared.text.index(answer_of(p.name)) for p in players[1:]]
    assert order == sorted(order) and shared.text.startswith(answer_of("p01"))
    assert shared.reply_to == thrown[1][0].message_id and len(shared.text) <= LIMIT
    # The others link to the message each answers; the first needs none (the post replies).
    links = [jump_url(village_id, village_id, seen.message_id) for seen, _ in thrown]
    assert links[1] not in shared.text and all(link in shared.text for link in links[2:])
    # Each player's answer was posted as that one post, and recorded so.
    [(posted,)] = {tuple(r) for r in results[1:]}
    assert posted is not None
    rows = {e.message_id: e for e in await outbox(store, village_id)}
    for seen, _ in thrown[1:]:
        row = rows[seen.message_id]
        assert (row.status, row.posted_id, row.group_nonce) == (
            SENT,
            posted.message_id,
            shared.nonce,
        )
    # The first, in a quiet channel, was kept planned for a post of its own, its own nonce.
    alone = rows[thrown[0][0].message_id]
    assert first.nonce == alone.nonce == alone.group_nonce


async def test_a_reply_alone_in_a_quiet_channel_goes_out_at_once(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id, limit=(5, 5.0))
    await village.create()
    village.later(seconds=10)  # the opening's window is over
    village.slept.clear()
    before = len(village.chat.sent)
    seen, [posted] = await village.say(ALICE, SIX, faces=FACES)
    [message] = posts_since(village, before)
    assert posted is not None and message.reply_to == seen.message_id
    assert message.text.startswith(answer_of("alice")) and "↗" not in message.text
    assert village.slept == []  # no waiting for company


async def test_a_post_never_passes_2000_characters_and_what_does_not_fit_goes_next(
    store: SqlStore, village_id: int
) -> None:
    village, before = await opened(store, village_id)
    players = PLAYERS[:25]
    thrown = await busy(village, players)
    await released(village, thrown)
    posts = posts_since(village, before)
    assert all(len(post.text) <= LIMIT for post in posts)
    assert 2 < len(posts) < len(players)  # together, in more than one post
    text = "\n".join(post.text for post in posts)
    places = [text.index(answer_of(p.name)) for p in players]
    assert places == sorted(places)
    assert all(text.count(answer_of(p.name)) == 1 for p in players)
    assert await village.service.pending([village_id]) == []


async def test_notices_that_delete_themselves_never_share_a_post_with_answers(
    store: SqlStore, village_id: int
) -> None:
    village, before = await opened(store, village_id, "refusal_ttl:30")
    # p00's answer in flight; p01 and p03 throw, p02 and p04 ask for 3 dice (refused).
    village.chat.gate = asyncio.Event()
    thrown = []
    for n, player in enumerate(PLAYERS[:5]):
        text = "[[greed]]" * 3 if n % 2 == 0 and n else SIX
        village.dice.queue(FACES)
        thrown.append(village.throwing(player, text))
        await village.queued(n)
    await released(village, thrown)
    _, answers, notices = posts_since(village, before)
    assert answer_of("p01") in answers.text and answer_of("p03") in answers.text
    assert answers.delete_after is None and "p02" not in answers.text
    assert "【p02】" in notices.text and "【p04】" in notices.text
    assert notices.delete_after == 30 and "1周1投目" not in notices.text


async def test_secrets_go_by_dm_and_their_notices_are_posted_alone(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealer = Dealer(frozenset({"greed.throw"})).install(monkeypatch)
    village, before = await opened(store, village_id)
    thrown = await busy(village, PLAYERS[:3], replies=2)
    await released(village, thrown)
    assert len(dealer.dealt) == 3 and len(village.chat.dms) == 3
    posts = posts_since(village, before)
    notices = [post.text for post in posts if SENT_BY_DM in post.text]
    assert notices == [f"【{p.name}】{SENT_BY_DM}" for p in PLAYERS[:3]]
    # p01's and p02's answers went together, their secrets' notices each on their own.
    assert any(answer_of("p01") in p.text and answer_of("p02") in p.text for p in posts)
    # Nothing was sent before the post that carries it was recorded: after a kill, no
    # reply could go out again in another post.
    rows = await outbox(store, village_id)
    assert all(row.group_nonce is not None for row in rows if row.status == SENT)


@pytest.mark.parametrize(
    "dies",
    [
        "before its post is recorded",
        "after it is recorded, before it is posted",
        "after it is posted, before any reply's record",
        "between the records of its replies",
    ],
)
async def test_a_kill_at_any_moment_of_a_shared_post_neither_loses_nor_doubles_an_answer(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch, dies: str
) -> None:
    village, before = await opened(store, village_id)
    players = PLAYERS[:5]
    thrown = await busy(village, players)

    if dies == "before its post is recorded":

        async def grouping(*_: Any) -> None:
            raise Killed()

        monkeypatch.setattr(store, "group_outbox", grouping)
    elif dies == "after it is recorded, before it is posted":
        send = village.chat.send

        async def posting(channel_id: int, message: Outgoing) -> Posted:
            if message.nonce is not None and message.nonce.startswith("g"):
                raise Killed()
            return await send(channel_id, message)

        monkeypatch.setattr(village.chat, "send", posting)
    else:
        marked: list[int] = []
        mark = store.mark_outbox
        spare = 0 if dies == "after it is posted, before any reply's record" else 2

        async def marking(outbox_id: int, status: str, *args: Any, **kwargs: Any) -> None:
            marked.append(outbox_id)
            if len(marked) > 1 + spare:  # the first in-flight answer's record, and `spare`
                raise Killed()
            await mark(outbox_id, status, *args, **kwargs)

        monkeypatch.setattr(store, "mark_outbox", marking)

    gate = village.chat.gate
    assert gate is not None
    gate.set()
    await asyncio.sleep(0.1)
    for _, task in thrown:
        task.cancel()
    await asyncio.gather(*(task for _, task in thrown), return_exceptions=True)
    monkeypatch.undo()

    back = village.restarted(store)
    back.later(seconds=60)
    await back.sender.sweep([village_id])
    posts = posts_since(back, before)
    text = "\n".join(post.text for post in posts)
    assert [text.count(answer_of(p.name)) for p in players] == [1] * len(players)
    # Never sent before the kill: the four still go out together after it.
    assert len(posts) == 2
    assert await back.service.pending([village_id]) == []
    assert await back.sender.sweep([village_id]) == 0


async def test_a_throw_before_the_shared_post_with_its_answer_is_a_double_post(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    alice = PLAYERS[1]
    thrown = await busy(village, [PLAYERS[0], alice])
    # alice's answer waits behind p00's: she cannot have seen it, so this is a double post.
    again, answering = village.throwing(alice, "[[greed]]" * 4)
    await village.queued(2)
    thrown.append((again, answering))
    results = await released(village, thrown)
    [ignored] = [m for _, m in village.chat.sent if m.reply_to == again.message_id] or [None]
    rows = {(e.message_id, e.seq): e for e in await outbox(store, village_id)}
    assert rows[(again.message_id, 0)].reply["key"] == "greed.double_post"
    # Her answer was posted when the shared post was made: her next throw after it counts.
    answered = rows[(thrown[1][0].message_id, 0)]
    [carried] = results[1]
    assert carried is not None and answered.posted_at == carried.posted_at
    later, _ = await village.say(alice, "[[greed]]" * 4, faces="D G $ R")
    thrown_by_alice = [
        e.message_id for e in await store.load_stream(village_id, 1, alice.player_id)
    ]
    assert later.message_id in thrown_by_alice and again.message_id not in thrown_by_alice
    assert ignored is None or "二重投稿" in ignored.text


async def test_a_busy_place_spreads_its_posts_over_the_window_the_chat_announces(
    store: SqlStore, village_id: int
) -> None:
    village = Village(store, village_id, limit=(5, 5.0))
    await village.create()
    village.later(seconds=10)
    before = len(village.chat.sent)
    times: list[float] = []
    send = village.chat.send

    async def timed(channel_id: int, message: Outgoing) -> Posted:
        posted = await send(channel_id, message)
        times.append(posted.posted_at.timestamp())
        return posted

    village.chat.send = timed  # type: ignore[method-assign]
    for round_ in range(3):
        players = PLAYERS[round_ * 10 : round_ * 10 + 10]
        await released(village, await busy(village, players))
    # Never a post into an empty window, and never faster than the window's posts allow.
    assert village.chat.held_by_limit == 0
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) >= 0.9 * 5.0 / 5, gaps  # the even schedule, give or take a tick
    # The chat changes its numbers: the sender follows what it now announces.
    village.chat.limit = (2, 6.0)
    village.later(seconds=10)
    times.clear()
    await released(village, await busy(village, PLAYERS[:10], "[[greed]]" * 6))
    await released(village, await busy(village, PLAYERS[10:20], "[[greed]]" * 6))
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert village.chat.held_by_limit == 0 and min(gaps) >= 0.9 * 6.0 / 2, gaps
    assert len(posts_since(village, before)) >= 6


async def test_a_send_that_keeps_failing_leaves_the_shared_post_to_the_sweep_once(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    village, before = await opened(store, village_id)
    players = PLAYERS[:4]
    thrown = await busy(village, players)
    # The in-flight post goes; the shared one meets an outage through every try.
    send = village.chat.send
    tries: list[str] = []

    async def outage(channel_id: int, message: Outgoing) -> Posted:
        if message.nonce is not None and message.nonce.startswith("g") and len(tries) < 4:
            tries.append(message.nonce)
            raise PortError("HTTP 503", True)
        return await send(channel_id, message)

    monkeypatch.setattr(village.chat, "send", outage)
    await released(village, thrown)
    assert len(tries) == 4 and len(set(tries)) == 1  # every try under the same nonce
    pending = await village.service.pending([village_id])
    assert len(pending) == 3 and {e.group_nonce for e in pending} == set(tries)
    assert all(e.status == PENDING for e in pending)
    village.later(seconds=60)
    assert await village.sender.sweep([village_id]) == 3
    text = "\n".join(post.text for post in posts_since(village, before))
    assert [text.count(answer_of(p.name)) for p in players] == [1] * 4


async def test_try_again_while_the_database_is_down_goes_out_together_too(
    store: SqlStore, village_id: int
) -> None:
    """Answers the village could not keep gather as well: players told to try again while
    the database restarts are not told one a second."""
    flaky = DatabaseDown(store)
    village = Village(flaky, village_id)  # type: ignore[arg-type]
    await village.create("refusal_ttl:30")
    before = len(village.chat.sent)
    thrown = await busy(village, PLAYERS[:1])
    flaky.down = True
    for n, player in enumerate(PLAYERS[1:4], start=1):
        thrown.append(village.throwing(player))
        await village.queued(n)
    await released(village, thrown)
    flaky.down = False
    first, told = posts_since(village, before)
    assert answer_of("p00") in first.text
    assert [told.text.count(f"【{p.name}】") for p in PLAYERS[1:4]] == [1, 1, 1]
    assert "データベース" in told.text and told.delete_after == 30
    # Each of them was told nothing was thrown, and posts again: the catch-up of a later
    # start reads the shared post back and throws none of the messages it answered.
    told_about = [seen.message_id for seen, _ in thrown[1:4]]
    assert told.reply_to == told_about[0]
    assert all(f"/{m}>)" in told.text for m in told_about[1:])  # linked, however full
    back = village.restarted(store)
    assert await back.catch_up.run([village_id]) == 0
    for player, message_id in zip(PLAYERS[1:4], told_about, strict=True):
        thrown = await store.load_stream(village_id, 1, player.player_id)
        assert message_id not in [e.message_id for e in thrown]


async def test_a_full_post_keeps_the_link_of_every_answer_nothing_else_remembers() -> None:
    """A post too full for every link keeps those of the answers the village could not keep:
    the link is all that says which message was told to try again."""
    loop = asyncio.get_running_loop()
    snowflake = 1_450_000_000_000_000_000  # ids as long as Discord's

    def waiting(n: int, kept: bool) -> Waiting[Job]:
        reply = Reply("refused", "store_unavailable", to=f"p{n}")
        message = snowflake + n
        job = Job(1, reply, "ja", 0, n if kept else None, message, 1, guild_id=1, delete_after=30)
        return Waiting(job, loop.create_future(), f"【p{n}】" + "x" * 100)

    async def written(entry: Waiting[Job]) -> str:
        assert entry.text is not None
        return entry.text

    def link(job: Job) -> str:
        return f"[↗](<{jump_url(snowflake, snowflake, job.message_id or 0)}>)"

    # Every third answer is one the village could not keep; the others were kept.
    queue = [waiting(n, kept=n % 3 != 0) for n in range(1, 40)]
    chosen = await choose(queue, written)
    text = await text_of(chosen, written, link)
    every_link = sum(len(link(entry.item)) + 1 for entry in chosen[1:])
    assert len(text) <= LIMIT < sum(len(e.text or "") + 2 for e in chosen) + every_link
    for entry in chosen[1:]:
        message = entry.item.message_id
        assert (f"/{message}>)" in text) is entry.item.unkept, message


async def test_a_reply_recorded_for_a_post_before_a_restart_goes_in_no_other_post() -> None:
    """After a restart the first reply waiting may be one never planned, and behind it
    replies recorded for a post that may be out already: they are not gathered into a new
    post (under another nonce, which the chat would take as a second post)."""
    loop = asyncio.get_running_loop()

    def waiting(n: int, group: str | None) -> Waiting[Job]:
        reply = Reply("refused", "greed.double_post", to=f"p{n}")
        job = Job(1, reply, "ja", 0, n, 1000 + n, 1, guild_id=1, delete_after=30)
        return Waiting(replace(job, group_nonce=group), loop.create_future(), f"【p{n}】x")

    async def written(entry: Waiting[Job]) -> str:
        assert entry.text is not None
        return entry.text

    queue = [waiting(1, None), waiting(2, "gA"), waiting(3, "gA"), waiting(4, None)]
    chosen = [entry.item.outbox_id for entry in await choose(queue, written)]
    assert chosen == [1, 4]
    # Their own post goes out whole, under its nonce, when it comes first.
    again = [entry.item.outbox_id for entry in await choose(queue[1:], written)]
    assert again == [2, 3]


async def test_the_answers_one_post_carries_are_recorded_together(
    store: SqlStore, village_id: int
) -> None:
    """Where a shared post went is recorded for each answer it carries: asked for at once,
    so that the store writes them in fewer statements than answers, not one by one."""
    village, _ = await opened(store, village_id)
    thrown = await busy(village, PLAYERS[:6])
    records: list[str] = []

    def count(_c: object, _cursor: object, statement: str, *_: object) -> None:
        if "outbox" in statement.lower() and "posted_id" in statement.lower():
            records.append(statement)

    event.listen(store.engine.sync_engine, "before_cursor_execute", count)
    try:
        await released(village, thrown)
    finally:
        event.remove(store.engine.sync_engine, "before_cursor_execute", count)
    rows = {e.message_id: e for e in await outbox(store, village_id)}
    assert all(rows[seen.message_id].status == SENT for seen, _ in thrown)
    # The first answer's post, then one post for the five behind it: six records in all,
    # the five of the shared post written together (the first of them may go alone).
    assert 1 < len(records) <= 3
