"""Benchmark of a village's day close, standings and score memo, and of many villages' memory.

A village of 100 players plays 30 days on fair dice (each player ends a turn once it holds
300 points, or throws on with the most dice allowed); on day 30 a quarter of the players
have finished, half are part way (some in the middle of a turn) and a quarter have not
played. Days 1 to 29 close through the service's day loop as the bot closes them. Their play
is written by the store's own methods, a player's day in one transaction: the same rows a
throw through the service writes (the game decides and draws every move the way the
service does), which a small village played both ways checks at the start of every run.
Day 30 is played through the service, message by message, as the bot plays it.

Then, through the service as the Discord bot runs it (replies kept in the outbox, the flood
gate on):

- **day close**: the day loop's `tick` (owning only the benchmark's village: the database
  may hold others) closing day 30: every player's table closed, the
  day's results, each player's memo and the standings reply, the next day opened. Timed
  inside a transaction that is rolled back, so the same close runs again (median of
  several), and once more committed. Two cases, taken in turn: a process that keeps no
  stream (a bot just restarted, or one whose kept streams went to busier villages: every
  stream is read and replayed), and one that keeps the day's streams as the service
  that played day 30 left them (a bot that served the day's throws);
- **standings**: `/village standings` (the reply; the picture is drawn by the chat adapter
  when it posts the reply, outside the service, and timed on its own);
- **memo**: `/greed memo` of one player (several players, median).

The rendering of each reply's text is timed apart from the service. The baseline, measured in
the same run on the same database, is one transaction inserting one row. Statements are
counted with a `before_cursor_execute` listener. The process sets the garbage collector as
the Discord bot does (`bot/collector.py`) before it times these.

With `--villages N` (1,000 in `make bench`), in a process of its own, only the resident
memory of N villages of 30 players held by one service, every player having thrown once
through it and each village's status asked, against the process with everything the bot
imports imported and the engine made; tracemalloc says what of it Python allocated (over
the last tenth of the villages only: tracing slows Python down).

    python bench/days.py [--postgres URL]
    python bench/days.py --villages N
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import itertools
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from machine import machine  # bench/ is on the path when a script here runs
from sqlalchemy import event, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession
from village import baseline  # the same one-row insert as every script's

from bot import collector
from bot.chat.attachments import files_of
from bot.chat.parse import parse_message
from bot.chat.render import render
from bot.discord_adapter.surface import discord_surface
from bot.games.api import Play
from bot.storage import tables as t
from bot.storage.engine import async_url, make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import ManualClock
from bot.village.core import SEAT, Author, Core, Incoming
from bot.village.day.stream_cache import StreamCache
from bot.village.moves import Where, apply
from bot.village.records import DayRecord, MessageRecord, PlayerRecord, StreamAppend, VillageRecord
from bot.village.requests import GamePlay
from bot.village.service import VillageService
from bot.village.stream import read_stream
from bot.words.reply import Attachment, Reply

PLAYERS = 100
DAYS = 30
ROUNDS = 5
CLOSES = 9
"""Closes timed of each kind: the close is the figure nearest its target, and a shared
machine's slow moments move a median of five."""
TAKE = 300
"""A player ends the turn once the turn holds this many points (when Turn End is allowed)."""
T0 = dt.datetime(2026, 12, 1, 3, tzinfo=dt.UTC)
GUILD = 7


def seeds() -> Callable[[], bytes]:
    """Day seeds a run knows in advance: the same village played twice draws the same dice."""
    counter = itertools.count(1)
    return lambda: next(counter).to_bytes(32, "big")


def only(village_id: int) -> Callable[[VillageRecord], bool]:
    """The day loop's villages of this process: the benchmark's own, whatever else shares
    the database."""
    return lambda village: village.village_id == village_id


def service_of(
    store: SqlStore, clock: ManualClock, discord: bool, seed: Callable[[], bytes]
) -> VillageService:
    return VillageService(
        store, clock, FairChance(), outbox=discord, flood_gate=discord, seeds=seed
    )


def next_message(game: Any, state: object) -> str | None:
    """What the benchmark's player posts next: Turn End with enough in hand, else the most
    dice allowed; None once the day's turns are done."""
    where = game.observe(state, SEAT)
    if where["finished"]:
        return None
    if where["can_end"] and where["turn_points"] + where["best_take"] >= TAKE:
        return "TE"
    return "[[greed]]" * max(where["legal_counts"])


def day_limit(player: int, day: int) -> int | None:
    """How many messages a player posts on `day` (None: the whole day). The last day is
    caught part way: finished, between turns or in a turn, or not played."""
    if day < DAYS:
        return None
    return (None, 3, 7, 0)[player % 4]


# -- building the village ----------------------------------------------------------------


async def play_day_fast(
    core: Core,
    village: VillageRecord,
    day: DayRecord,
    author: Author,
    at: dt.datetime,
    ids: Iterator[int],
    limit: int | None,
    known: bool,
) -> None:
    """A player's day as the service plays it message by message (the same moves, draws,
    events, score row and message rows), written in one transaction."""
    game = core.game(village)
    state = read_stream(game, day.settings.rules, []).state
    draws = version = 0
    appends: list[tuple[StreamAppend, MessageRecord]] = []
    while limit is None or len(appends) < limit:
        message = next_message(game, state)
        if message is None:
            break
        request = reading_as_request(message)
        reading = request.reading
        assert isinstance(reading, Play)
        incoming = Incoming(village.village_id, next(ids), author, at, request)
        where = Where(
            village.village_id, day.day, 0, incoming.message_id, day.seed, (author.player_id,)
        )
        (move,) = reading.moves
        applied = apply(core, game, state, SEAT, move, draws, where)
        kind, _ = game.outcome(state, list(applied.events), applied.state)
        finished = game.finished(applied.state)
        joining = (
            None
            if known or appends
            else PlayerRecord(village.village_id, author.player_id, author.name, at)
        )
        projection = core.score_row(
            village,
            day,
            author.player_id,
            applied.state,
            version + len(applied.stored),
            incoming.message_id if finished else None,
        )
        append = StreamAppend(
            author.player_id, version, applied.stored, projection, joining, game=village.game
        )
        appends.append((append, core.message(incoming, kind)))
        state, draws, version = applied.state, applied.draws, version + len(applied.stored)
    if not appends:
        return
    # One transaction for the day, one append per message: the rows of play, written faster.
    async with core.store.unit() as unit:
        for append, message in appends:
            await unit.append(append, day.day, message)


def reading_as_request(message: str) -> GamePlay:
    parsed = parse_message(message)
    assert isinstance(parsed, GamePlay)
    return parsed


async def play_day_served(
    service: VillageService,
    village: VillageRecord,
    day: DayRecord,
    author: Author,
    at: dt.datetime,
    ids: Iterator[int],
    limit: int | None,
) -> None:
    """The same day played through the service, message by message."""
    core = service.core
    game = core.game(village)
    posted = 0
    while limit is None or posted < limit:
        view = await core.view(village, day, author.player_id)
        message = next_message(game, view.state)
        if message is None:
            break
        incoming = Incoming(village.village_id, next(ids), author, at, parse_message(message))
        await service.handle(incoming)
        posted += 1


PlayDay = Callable[
    [VillageRecord, DayRecord, Author, dt.datetime, int | None, bool], Awaitable[None]
]


async def build(
    service: VillageService,
    clock: ManualClock,
    village_id: int,
    players: int,
    days: int,
    ids: Iterator[int],
    play_day: PlayDay,
    play_last: PlayDay | None = None,
) -> None:
    """Create the village, play `days` days (the last one left open, played by `play_last`
    when given) and close the others through the day loop."""
    clock.set(T0)
    gm = Author(1, "gm", is_moderator=True)
    await service.handle(
        Incoming(village_id, next(ids), gm, T0, parse_message("/village create"), guild_id=GUILD)
    )
    authors = [Author(1000 + n, f"p{n:03d}") for n in range(players)]
    store = service.core.store
    for number in range(1, days + 1):
        village = await store.get_village(village_id)
        day = await store.get_day(village_id, number)
        assert village is not None and day is not None
        for n, author in enumerate(authors):
            at = day.opened_at + dt.timedelta(minutes=1, seconds=n)
            clock.set(at)
            play = play_last if play_last is not None and number == days else play_day
            await play(village, day, author, at, day_limit(n, number), number > 1)
        if number < days:
            clock.set(day.closes_at + dt.timedelta(seconds=1))
            await service.tick(only(village_id))


def fast_player(service: VillageService, ids: Iterator[int]) -> PlayDay:
    async def play(
        village: VillageRecord,
        day: DayRecord,
        author: Author,
        at: dt.datetime,
        limit: int | None,
        known: bool,
    ) -> None:
        await play_day_fast(service.core, village, day, author, at, ids, limit, known)

    return play


def served_player(service: VillageService, ids: Iterator[int]) -> PlayDay:
    async def play(
        village: VillageRecord,
        day: DayRecord,
        author: Author,
        at: dt.datetime,
        limit: int | None,
        _: bool,
    ) -> None:
        await play_day_served(service, village, day, author, at, ids, limit)

    return play


async def rows_of(engine: AsyncEngine) -> dict[str, list[str]]:
    """Every row of every table but the outbox, without the ids the database numbers."""
    dumped: dict[str, list[str]] = {}
    async with engine.connect() as connection:
        for table in t.Base.metadata.sorted_tables:
            if table.name == "outbox":
                continue
            columns = [c for c in table.columns if c.name not in ("event_id",)]
            rows = await connection.execute(select(*columns))
            dumped[table.name] = sorted(repr(tuple(row)) for row in rows)
    return dumped


async def check_builder(folder: str) -> int:
    """Play a small village both ways and compare every row: the fast build writes what
    play through the service writes. The rows compared."""
    dumps = []
    for way in ("served", "fast"):
        engine = make_engine(f"sqlite:///{folder}/check-{way}.db")
        await migrate(engine)
        clock = ManualClock(T0)
        service = service_of(SqlStore(engine), clock, False, seeds())
        ids = itertools.count(10)
        player = served_player(service, ids) if way == "served" else fast_player(service, ids)
        await build(service, clock, 1, 8, 3, ids, player)
        dumps.append(await rows_of(engine))
        await engine.dispose()
    served, fast = dumps
    for name in served:
        if served[name] != fast[name]:
            raise SystemExit(f"the fast build differs from play in table {name}")
    return sum(len(rows) for rows in served.values())


# -- measuring -----------------------------------------------------------------------------


class Counter:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.statements = 0

    def __enter__(self) -> Counter:
        event.listen(self.engine.sync_engine, "before_cursor_execute", self._count)
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(self.engine.sync_engine, "before_cursor_execute", self._count)

    def _count(self, *_: object) -> None:
        self.statements += 1


def render_all(replies: list[Reply], village_id: int) -> float:
    """Seconds to write every reply's text as the Discord sender does (without the picture)."""
    surface = discord_surface(GUILD, {}, village_id)
    start = time.perf_counter()
    for reply in replies:
        render(reply, "ja", surface)
    return time.perf_counter() - start


def picture(replies: list[Reply]) -> float:
    standings = next(r for r in replies if Attachment.STANDINGS_PICTURE in r.attachments)
    start = time.perf_counter()
    files_of(standings, "ja")
    return time.perf_counter() - start


class Figure:
    """One operation's times, statements and rendering."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.cpu: list[float] = []
        """The process's CPU time (the close's own, without the database server's)."""
        self.statements: list[int] = []
        self.renders: list[float] = []
        self.replies: list[Reply] = []

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def per_run(self) -> float:
        return statistics.mean(self.statements)


async def time_close(
    engine: AsyncEngine,
    clock: ManualClock,
    village_id: int,
    commit: bool,
    kept: StreamCache | None = None,
) -> tuple[float, float, int, list[Reply]]:
    """The day loop's tick closing the open day: seconds, the process's CPU seconds,
    statements, replies. `kept`: the streams the process keeps (none when not given)."""
    store_day = await SqlStore(engine).get_day(village_id, DAYS)
    assert store_day is not None
    clock.set(store_day.closes_at + dt.timedelta(seconds=1))
    session = AsyncSession(engine, expire_on_commit=False) if not commit else None
    store = SqlStore(engine, session)
    service = service_of(store, clock, True, seeds())
    if kept is not None:
        service.core.streams = kept  # one process: every unit of work shares its streams
    if session is not None:
        await session.begin()
    try:
        with Counter(engine) as counter:
            start, cpu = time.perf_counter(), time.process_time()
            answers = await service.tick(only(village_id))
            took = time.perf_counter() - start
            cpu = time.process_time() - cpu
    finally:
        if session is not None:
            await session.rollback()
            await session.close()
    replies = [d.reply for answer in answers.values() for d in answer.deliveries]
    assert len(replies) > PLAYERS // 2, "the day did not close"
    return took, cpu, counter.statements, replies


async def time_command(
    engine: AsyncEngine,
    clock: ManualClock,
    village_id: int,
    author: Author,
    command: str,
    message_id: int,
) -> tuple[float, int, list[Reply]]:
    service = service_of(SqlStore(engine), clock, True, seeds())
    incoming = Incoming(
        village_id, message_id, author, clock.now(), parse_message(command), guild_id=GUILD
    )
    with Counter(engine) as counter:
        start = time.perf_counter()
        answer = await service.handle(incoming)
        took = time.perf_counter() - start
    return took, counter.statements, [d.reply for d in answer.deliveries]


async def measure(name: str, url: str, village_id: int) -> tuple[list[str], str]:
    engine = make_engine(url)
    try:
        await migrate(engine)
        base = await baseline(engine, 300)
        clock = ManualClock(T0)
        ids = itertools.count(village_id * 1000 + 1)
        service = service_of(SqlStore(engine), clock, False, seeds())
        start = time.perf_counter()
        await build(
            service,
            clock,
            village_id,
            PLAYERS,
            DAYS,
            ids,
            fast_player(service, ids),
            served_player(service, ids),
        )
        built = time.perf_counter() - start
        # What the process that served day 30's throws keeps of their streams.
        kept = service.core.streams
        if engine.dialect.name == "postgresql":
            # What autovacuum does to a database that has grown: the planner's statistics.
            # Before any, PostgreSQL guesses one row per table and joins the close's read of
            # the day's events in a nested loop (13 ms instead of 2).
            async with engine.connect() as connection:
                await connection.execution_options(isolation_level="AUTOCOMMIT")
                await connection.execute(text("ANALYZE"))
        day = await SqlStore(engine).get_day(village_id, DAYS)
        assert day is not None
        clock.set(day.opened_at + dt.timedelta(hours=3))
        figures: dict[str, Figure] = {
            "close": Figure(),
            "close kept": Figure(),
            "standings": Figure(),
            "memo": Figure(),
        }
        for n in range(ROUNDS + 2):
            standings = await time_command(
                engine,
                clock,
                village_id,
                Author(1000 + n, f"p{n:03d}"),
                "/village standings",
                next(ids),
            )
            memo = await time_command(
                engine,
                clock,
                village_id,
                Author(1000 + n * 7, f"p{n * 7:03d}"),
                "/greed memo",
                next(ids),
            )
            for key, (took, statements, replies) in (("standings", standings), ("memo", memo)):
                figures[key].times.append(took)
                figures[key].statements.append(statements)
                figures[key].renders.append(render_all(replies, village_id))
                figures[key].replies = replies
        for _ in range(CLOSES):
            # In turn, so that a slower moment of a shared machine falls on both alike.
            for key, streams in (("close", None), ("close kept", kept)):
                took, cpu, statements, replies = await time_close(
                    engine, clock, village_id, commit=False, kept=streams
                )
                figures[key].times.append(took)
                figures[key].cpu.append(cpu)
                figures[key].statements.append(statements)
                figures[key].renders.append(render_all(replies, village_id))
                figures[key].replies = replies
        if figures["close"].replies != figures["close kept"].replies:
            raise SystemExit(
                "the close from kept streams answered otherwise than from the database"
            )
        committed, _, committed_statements, _ = await time_close(
            engine, clock, village_id, commit=True
        )
        drawn = statistics.median(picture(figures["standings"].replies) for _ in range(3))
    finally:
        await engine.dispose()
    labels = {
        "close": f"day close of day {DAYS}, no stream kept (median of {CLOSES}, rolled back)",
        "close kept": f"day close of day {DAYS}, the day's streams kept (median of {CLOSES}, "
        "rolled back)",
        "standings": f"`/village standings` (median of {ROUNDS + 2})",
        "memo": f"`/greed memo` (median of {ROUNDS + 2} players)",
    }
    rows = [
        f"| {name} | {labels[key]} | {f.median * 1e3:.1f} ms | {base * 1e3:.2f} ms "
        f"| {f.median / base:.0f} | {f.per_run:.0f} | {statistics.median(f.renders) * 1e3:.1f} ms "
        f"({len(f.replies)} replies) |"
        for key, f in figures.items()
    ]
    rows.append(
        f"| {name} | day close of day {DAYS}, no stream kept, committed (once) "
        f"| {committed * 1e3:.1f} ms | {base * 1e3:.2f} ms | {committed / base:.0f} "
        f"| {committed_statements} | |"
    )
    note = (
        f"{name}: village built in {built:.0f} s ({len(kept)} day streams kept by the service "
        f"that played day {DAYS}); standings picture (drawn by the chat adapter, "
        f"not the service) {drawn * 1e3:.0f} ms, median of 3; the close's CPU time in this "
        f"process (median), no stream kept {statistics.median(figures['close'].cpu) * 1e3:.1f} "
        f"ms, the day's streams kept {statistics.median(figures['close kept'].cpu) * 1e3:.1f} ms."
    )
    return rows, note


# -- memory of many villages ---------------------------------------------------------------


def rss() -> int:
    """The process's resident memory in bytes (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def memory(folder: str, villages: int, players: int = 30) -> list[str]:
    """Resident memory of `villages` villages held by one service, as the bot holds them."""
    import bot.discord_adapter.run  # noqa: F401 - the bot process has discord.py loaded

    engine = make_engine(f"sqlite:///{folder}/memory.db")
    await migrate(engine)
    clock = ManualClock(T0)
    before = rss()
    service = service_of(SqlStore(engine), clock, True, seeds())
    ids = itertools.count(1)
    throw = parse_message("[[greed]]" * 6)
    status = parse_message("/greed status")
    start = time.perf_counter()
    at = T0
    traced = max(1, villages // 10)
    for v in range(1, villages + 1):
        if v == villages - traced + 1:
            # Tracing slows Python down: only the last tenth of the villages is traced.
            tracemalloc.start()
        gm = Author(1, "gm", is_moderator=True)
        create = Incoming(v, next(ids), gm, at, parse_message("/village create"), guild_id=GUILD)
        await service.handle(create)
        for n in range(players):
            at += dt.timedelta(milliseconds=100)
            clock.set(at)
            author = Author(1000 + n, f"p{n:02d}")
            await service.handle(Incoming(v, next(ids), author, at, throw, guild_id=GUILD))
        await service.handle(Incoming(v, next(ids), author, at, status, guild_id=GUILD))
    took = time.perf_counter() - start
    current, peak = tracemalloc.get_traced_memory()
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    after = rss()
    ours = sum(
        stat.size
        for stat in snapshot.statistics("filename")
        if "/bot/" in stat.traceback[0].filename
    )
    await engine.dispose()
    mib = 2**20
    gate = service._gate
    grown = after - before
    return [
        f"{villages:,} villages of {players} players in one process, every player throwing "
        "once and each village's status asked, through one service as the Discord bot runs it "
        f"(outbox and flood gate on), on SQLite (file): {villages * (players + 2):,} messages "
        f"in {took:.0f} s, the last {traced:,} villages with tracemalloc on.\n",
        "| measure | memory |",
        "|---|---|",
        f"| process RSS, all imported and the engine made (baseline) | {before / mib:.1f} MiB |",
        f"| process RSS after the villages played | {after / mib:.1f} MiB |",
        f"| grown | {grown / mib:.1f} MiB ({grown / villages / 1024:.1f} KiB a village) |",
        f"| traced by tracemalloc over the last {traced:,} villages, still held "
        f"| {current / mib:.1f} MiB ({current / traced / 1024:.1f} KiB a village; "
        f"peak {peak / mib:.1f} MiB) |",
        f"| of which allocated by `bot/` code | {ours / mib:.2f} MiB "
        f"({ours / traced / 1024:.1f} KiB a village) |",
        f"| villages the service knows, players in its flood gate | {len(service._known):,}, "
        f"{len(gate._players) if gate else 0:,} |",
        # The per-process cache of day streams, where the tree has one (bounded in size).
        f"| day streams the service keeps | {len(getattr(service.core, 'streams', ())):,} |",
        "",
        f"Where the memory traced over the last {traced:,} villages was allocated (the top 8):\n",
        "| allocated at | still held |",
        "|---|---|",
        *(
            f"| `{_short(stat.traceback[0].filename)}:{stat.traceback[0].lineno}` "
            f"| {stat.size / 1024:.0f} KiB |"
            for stat in snapshot.statistics("lineno")[:8]
        ),
    ]


def _short(filename: str) -> str:
    """A source file's name from the project or the package it belongs to."""
    for root in ("/site-packages/", "/lib/python3.11/", "/work/main/"):
        if root in filename:
            return filename.split(root, 1)[1]
    return filename


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", metavar="URL", help="also measure on this PostgreSQL")
    parser.add_argument(
        "--villages", type=int, help="measure only the memory of this many villages instead"
    )
    args = parser.parse_args()
    print(f"## {dt.date.today().isoformat()}: {machine()}\n")
    with tempfile.TemporaryDirectory() as folder:
        if args.villages:
            # A process of its own: the memory of the villages, not of an earlier measure.
            for line in await memory(folder, args.villages):
                print(line)
            return
        await operations(folder, args.postgres)


async def own_database(url: str) -> str:
    """A database of the bench's own beside the one `url` names (`…_days`), made afresh: the
    day loop reads every village whose day is due, and other benchmarks' villages in a shared
    database would all be due on day 30 (one read each, in the close's time)."""
    given = make_url(async_url(url))
    own = given.set(database=f"{given.database}_days")
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.execution_options(isolation_level="AUTOCOMMIT")
            await connection.execute(text(f'DROP DATABASE IF EXISTS "{own.database}"'))
            await connection.execute(text(f'CREATE DATABASE "{own.database}"'))
    finally:
        await engine.dispose()
    return own.render_as_string(hide_password=False)


async def operations(folder: str, postgres: str | None) -> None:
    collector.settle()  # as the Discord bot does once loaded
    checked = await check_builder(folder)
    print(
        f"A village of {PLAYERS} players and {DAYS} days on fair dice (the build matched play "
        f"through the service row for row: {checked} rows of a small village).\n"
    )
    print(
        "| database | operation | time | one-row insert transaction | ratio | statements "
        "| rendering the replies' text |"
    )
    print("|---|---|---|---|---|---|---|")
    databases = [("SQLite (file, WAL)", f"sqlite:///{folder}/bench.db", 1)]
    if postgres:
        databases.append(("PostgreSQL 15 (localhost)", await own_database(postgres), 1))
    notes = []
    for name, url, village_id in databases:
        rows, note = await measure(name, url, village_id)
        print("\n".join(rows), flush=True)  # each database's figures as soon as they are in
        notes.append(note)
    print()
    for note in notes:
        print(f"- {note}")


if __name__ == "__main__":
    asyncio.run(main())
