"""A table in play is kept in memory as its moves leave it (bot/village/kept_tables.py): the
next move reads the table's row and nothing of its stream or its players, and a change made
behind the kept table (another process's move, its time limit, a rollback) is seen, with
nothing applied twice or lost."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.kept_tables import KeptTable, KeptTables
from bot.village.records import MessageRecord
from bot.village.service import VillageService
from bot.village.stream import StreamView
from bot.words.reply import Reply, ReplyKind

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ANN, BOB = Author(2, "ann"), Author(3, "bob")
_messages = itertools.count(70_000)


def kept(version: int, events: int = 0) -> KeptTable:
    view = StreamView(None, version, 0, None, [], None)
    return KeptTable(version, {}, tuple(None for _ in range(events)), view, ())  # type: ignore[misc]


def test_a_kept_table_is_given_only_at_the_version_it_was_kept_at() -> None:
    tables = KeptTables()
    tables.keep((7, 1), kept(4))
    assert tables.get((7, 1), 4) == kept(4)
    assert tables.get((7, 1), 5) is None  # moved by something else: let go
    assert tables.get((7, 1), 4) is None


def test_the_tables_moved_longest_ago_are_let_go_first() -> None:
    tables = KeptTables(capacity=10, tables=2)
    for table in (1, 2, 3):
        tables.keep((7, table), kept(1, events=3))
    assert len(tables) == 2 and tables.events == 6
    assert tables.get((7, 1), 1) is None and tables.get((7, 3), 1) is not None
    tables.keep((7, 4), kept(1, events=8))  # over the events kept at most: the others go
    assert len(tables) == 1 and tables.events == 8


class Village:
    """A service on the test's database, its clock moved a few seconds for each message."""

    def __init__(self, store: SqlStore, village_id: int, now: dt.datetime = T0) -> None:
        self.dice = ScriptedDice()
        self.clock = ManualClock(now)
        self.service = VillageService(store, self.clock, self.dice)
        self.village_id = village_id

    async def say(self, author: Author, text: str, dice: str | None = None) -> list[Reply]:
        if dice is not None:
            self.dice.queue(dice)
        self.clock.set(self.clock.now() + dt.timedelta(seconds=5))
        incoming = Incoming(
            self.village_id, next(_messages), author, self.clock.now(), parse_message(text)
        )
        return list((await self.service.handle(incoming)).replies)


async def ducks_in_play(here: Village, *settings: str) -> None:
    await here.say(GM, "/village create")
    await here.say(ANN, " ".join(("/ducks new", *settings)))
    await here.say(BOB, "/ducks join")
    [started] = await here.say(ANN, "/ducks start")
    assert started.key == "table.started"


def played(replies: list[Reply]) -> bool:
    return bool(replies) and all(
        r.kind not in (ReplyKind.REFUSED, ReplyKind.IGNORED) for r in replies
    )


_READS = re.compile(r"\bFROM (event|player)\b", re.IGNORECASE)


@contextmanager
def statements(engine: AsyncEngine) -> Iterator[list[str]]:
    sent: list[str] = []

    def heard(*args: object) -> None:
        sent.append(str(args[2]))

    event.listen(engine.sync_engine, "before_cursor_execute", heard)
    try:
        yield sent
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", heard)


@pytest.mark.db
async def test_a_move_after_a_kept_one_reads_nothing_and_writes_once(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    """After a roll, the promotion (a chat message) and the stop (a command) each start
    from what the move before left: no read at all (not the village, not the table's row,
    its stream or its players' names, not the author's day table), and on PostgreSQL one
    statement, the move's write with its message."""
    here = Village(store, village_id)
    await ducks_in_play(here)
    assert played(await here.say(ANN, "[[ducks]]", "6 | 6 6 6 1 2"))
    for text in ("昇格 6 6 6", "/ducks stop"):
        with statements(engine) as sent:
            assert played(await here.say(ANN, text)), text
        reads = [s for s in sent if s.lstrip().upper().startswith("SELECT")]
        assert reads == [], text
        assert not [s for s in sent if _READS.search(s) or "points_before" in s], text
        if engine.dialect.name == "postgresql":
            assert len(sent) == 1 and "INSERT INTO message" in sent[0], (text, sent)
    # What the kept table decided is what the database holds: the stop ended Ann's turn.
    [rolled] = await here.say(BOB, "[[ducks]]", "4 | 4 4 1 2 3")
    assert rolled.kind is not ReplyKind.REFUSED
    assert (rolled.state or {}).get("turn_of") == "bob"


async def other_process(engine: AsyncEngine) -> SqlStore:
    return SqlStore(make_engine(engine.url.render_as_string(hide_password=False)))


def versions(events: list[object]) -> list[int]:
    return [e.version for e in events]  # type: ignore[attr-defined]


@pytest.mark.db
async def test_a_move_made_in_another_process_is_seen_and_nothing_is_applied_twice(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    """Ann rolls here (the table is kept here); she promotes and stops in another process.
    Here, her second promotion is refused on the table as the other process left it (not
    on the kept one), and Bob's roll, his turn now, is played."""
    here = Village(store, village_id)
    await ducks_in_play(here)
    assert played(await here.say(ANN, "[[ducks]]", "6 | 6 6 6 1 2"))
    elsewhere = await other_process(engine)
    try:
        there = Village(elsewhere, village_id, here.clock.now())
        assert played(await there.say(ANN, "昇格 6 6 6 ストップ"))
        here.clock.set(there.clock.now())
        [refused] = await here.say(ANN, "昇格 1")
        assert refused.kind is ReplyKind.REFUSED and refused.key.startswith("ducks."), refused
        assert played(await here.say(BOB, "[[ducks]]", "4 | 4 4 1 2 3"))
    finally:
        await elsewhere.engine.dispose()
    table = await store.table_at(village_id, village_id)
    assert table is not None
    events = await store.load_table(village_id, table.table_id)
    # Each version once, in order, up to the table's own: no move written twice.
    assert versions(events) == sorted(set(versions(events)))
    assert events[-1].version == table.version
    kinds = [e.type for e in events]
    assert kinds.count("Rolled") == 2 and kinds.count("Promoted") == 1
    assert kinds.count("Stopped") == 1


@pytest.mark.db
async def test_a_time_limit_run_out_in_another_process_is_seen(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    """Ann rolls and promotes here, then her time runs out in another process (its tick
    stops her turn): here, Bob's roll is his turn's, not refused on the kept table."""
    here = Village(store, village_id)
    await ducks_in_play(here, "deadline:2")
    assert played(await here.say(ANN, "[[ducks]]", "6 | 6 6 6 1 2"))
    assert played(await here.say(ANN, "昇格 6 6 6"))
    elsewhere = await other_process(engine)
    try:
        late = here.clock.now() + dt.timedelta(hours=2, seconds=1)
        there = Village(elsewhere, village_id, late)
        posts = await there.service.tick()
        assert any(d.reply.key == "ducks.stop" for d in posts[village_id].deliveries)
    finally:
        await elsewhere.engine.dispose()
    here.clock.set(late)
    [rolled] = await here.say(BOB, "[[ducks]]", "4 | 4 4 1 2 3")
    assert rolled.kind is not ReplyKind.REFUSED, rolled
    assert (rolled.state or {}).get("turn_of") == "bob"


@pytest.mark.db
async def test_a_rollback_is_seen_by_the_next_move(store: SqlStore, village_id: int) -> None:
    """A moderator's rollback writes the table apart from any move: the roll it voids is
    not the kept table's any more, and Ann rolls again with fresh dice."""
    here = Village(store, village_id)
    await ducks_in_play(here)
    assert played(await here.say(ANN, "[[ducks]]", "6 | 6 6 6 1 2"))
    assert played(await here.say(GM, "/ducks rollback reason:a mistake"))
    again = await here.say(ANN, "[[ducks]]", "5 | 5 1 1 1 1")
    assert played(again), again
    table = await store.table_at(village_id, village_id)
    assert table is not None
    events = await store.load_table(village_id, table.table_id)
    assert [e.type for e in events].count("Rolled") == 2  # the voided one stays in the log


@pytest.mark.db
async def test_the_first_move_after_the_start_reads_only_where_it_is(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    """The start keeps the table as it left it: the first roll reads the village and the
    table's row (one statement), not the stream the start just wrote, nor the names."""
    here = Village(store, village_id)
    await ducks_in_play(here)
    with statements(engine) as sent:
        assert played(await here.say(ANN, "[[ducks]]", "6 | 6 6 6 1 2"))
    reads = [s for s in sent if s.lstrip().upper().startswith("SELECT")]
    assert len(reads) == 1, reads
    assert not [s for s in sent if _READS.search(s)], sent


@pytest.mark.db
async def test_a_move_handled_already_elsewhere_writes_nothing(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    """A message another process handled already without moving the table (it answered it
    with a refusal, say) comes here after a roll, and is a legal move on the table the roll
    left: its write is refused on the message's key, and the table is not moved."""
    here = Village(store, village_id)
    await ducks_in_play(here)
    assert played(await here.say(ANN, "[[ducks]]", "6 | 6 6 6 1 2"))
    table = await store.table_at(village_id, village_id)
    assert table is not None
    here.clock.set(here.clock.now() + dt.timedelta(seconds=5))
    now = here.clock.now()
    promotion = Incoming(village_id, next(_messages), ANN, now, parse_message("昇格 6 6 6"))
    answered = MessageRecord(village_id, promotion.message_id, ANN.player_id, now, now, "refused")
    await store.record_message(answered)
    with statements(engine) as sent:
        again = await here.service.handle(promotion)
    assert not again.replies
    assert [s for s in sent if "INSERT INTO message" in s], "the move's write was tried"
    assert await store.table_at(village_id, village_id) == table
    events = await store.load_table(village_id, table.table_id)
    assert [e.type for e in events].count("Promoted") == 0
    # The next move is read afresh and played.
    assert played(await here.say(ANN, "昇格 6 6 6"))
