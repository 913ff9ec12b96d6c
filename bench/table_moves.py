"""Benchmark of a move at a table: a Gleek card play and a Ducks roll, end to end, against a
Greed throw and the one-row insert, on SQLite and PostgreSQL.

A card play (`/gleek play 10♠`, a command) and a roll (`[[ducks]]`, a chat message) are
parsed, checked against the table, drawn from the table's committed seed and written with
the message and its replies, through the same service the console and the Discord bot use.
Each is timed and its SQL statements counted (every statement the engine sent, on
SQLAlchemy or on the driver), beside a Greed throw measured the same way in the same run
(`village.py`'s throws) and the same baselines: one transaction inserting one row through
SQLAlchemy, and the same insert on the driver itself. Both ways a chat runs the village are
measured: the console, and Discord (the replies kept in the outbox, the sender's record of
where each was posted). The last column counts the statements until the answer is ready to
post: the move's own, before the sender's records (a card play has several replies, a throw
one).

The other moves of the games (Gleek's bids, exchange and vie, the Ducks promotions, passes
and stops) are played between them on the same tables, neither timed nor counted; the bench
reads each table's position between two moves on a store of its own, which no move sees.

The three kinds are measured in five rounds, in turn (a fifth of the throws, then of the card
plays, then of the rolls): this machine's speed drifts during a run, and measured one after
the other they were timed at different speeds. The ratio to a throw is given to two places.

    python bench/table_moves.py [--postgres URL]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import itertools
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from machine import machine  # bench/ is on the path when a script here runs
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine
from village import THROWS, ThrowingVillage, baseline, driver_baseline

from bot import collector
from bot.chat.parse import parse_message
from bot.games.ducks.moves import Pass as DuckPass
from bot.games.ducks.moves import Promote, Roll, Stop
from bot.games.gleek.cards import card_text
from bot.games.gleek.moves import Bid, Discard, PlayCard, Raise, See, Vie
from bot.games.gleek.moves import Pass as GleekPass
from bot.games.gleek.rules import default_move
from bot.games.gleek.table import Phase
from bot.games.registry import TABLE_GAMES
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.service import VillageService
from bot.village.stream import read_stream
from bot.village.table_setup import played_with

MOVES = 300
"""Card plays and rolls measured of each game, each way."""
ROUNDS = 5
"""The rounds the Greed throws, card plays and rolls are measured in, in turn."""
T0 = dt.datetime(2026, 12, 1, 3, tzinfo=dt.UTC)
PACE = dt.timedelta(seconds=5)
"""Between two messages: a chat's pace, under the flood limit, well within every time limit."""


Choose = Callable[[Any], tuple[int, str, bool]]
"""A table's next move: the seat, what it types, and whether it is a move measured."""


@dataclass(slots=True)
class Measured:
    """The moves of one kind timed and counted."""

    times: list[float] = field(default_factory=list)
    statements: list[int] = field(default_factory=list)
    own: list[int] = field(default_factory=list)
    """The statements until the answer was ready to post (the move's own, before the
    sender's records of where each reply went)."""

    @property
    def mean(self) -> float:
        return statistics.mean(self.times)

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def per_move(self) -> float:
        return statistics.mean(self.statements)

    @property
    def own_per_move(self) -> float:
        return statistics.mean(self.own)


class Table:
    """A village whose players play one game's tables, one after another, in its channel."""

    def __init__(
        self, engine: AsyncEngine, village_id: int, game: str, seats: int, discord: bool
    ) -> None:
        self.engine = engine
        self.village_id = village_id
        self.game = game
        self.clock = ManualClock(T0)
        self.service = VillageService(
            SqlStore(engine), self.clock, FairChance(), outbox=discord, flood_gate=discord
        )
        self.looker = SqlStore(engine)
        """What the bench reads the tables with: nothing the service keeps."""
        self.players = [Author(100 + n, f"p{n}") for n in range(seats)]
        self.ids = itertools.count(1)
        self.now = T0
        self.counted = [0]
        self.created = False

    def count(self, *_: object) -> None:
        self.counted[0] += 1

    async def say(self, author: Author, text: str) -> tuple[float, int, int]:
        """One message a pace after the last, its replies posted at once: the seconds and
        the statements it took, and the statements until its answer was ready to post."""
        self.now += PACE
        self.clock.set(self.now)
        incoming = Incoming(self.village_id, next(self.ids), author, self.now, parse_message(text))
        before = self.counted[0]
        start = time.perf_counter()
        answer = await self.service.handle(incoming)
        ready = self.counted[0] - before
        # What the sender records once it posted: the replies of one move are posted at once
        # (together in one post where they share a place, side by side where they do not),
        # and their records asked for at once, as the sender asks them.
        kept = [d.outbox_id for d in answer.deliveries if d.outbox_id is not None]
        await asyncio.gather(
            *(self.service.delivered(outbox_id, next(self.ids), self.now) for outbox_id in kept)
        )
        took = time.perf_counter() - start
        refused = [r for r in answer.replies if str(r.kind) == "refused"]
        assert not refused, (text, refused[0].key, refused[0].params)
        return took, self.counted[0] - before, ready

    async def open(self) -> None:
        first, *others = self.players
        await self.say(first, f"/{self.game} new")
        for player in others:
            await self.say(player, f"/{self.game} join")
        await self.say(first, f"/{self.game} start")

    async def position(self) -> Any:
        """The open table's state, read apart from the service; None once it is over."""
        table = await self.looker.table_at(self.village_id, self.village_id)
        if table is None:
            return None
        events = await self.looker.load_table(self.village_id, table.table_id)
        game = TABLE_GAMES[self.game].game
        view = read_stream(game, played_with(table, events), events, len(table.seats))
        return view.state

    async def play(self, measured: Measured, choose: Choose, until: int) -> None:
        """Moves, tables played to their end one after another, until `until` moves of the
        measured kind were made in all."""
        event.listen(self.engine.sync_engine, "before_cursor_execute", self.count)
        try:
            if not self.created:
                await self.say(Author(1, "gm", is_moderator=True), "/village create")
                self.created = True
            while len(measured.times) < until:
                state = await self.position()
                if state is None:
                    await self.open()
                    continue
                seat, text, timed = choose(state)
                took, statements, own = await self.say(self.players[seat], text)
                if timed:
                    measured.times.append(took)
                    measured.statements.append(statements)
                    measured.own.append(own)
        finally:
            event.remove(self.engine.sync_engine, "before_cursor_execute", self.count)


def gleek_move(state: Any) -> tuple[int, str, bool]:
    """The seat to act and its move as typed: the time limit's own choice (the lowest legal
    card, the seven lowest to discard), except that the first bidder bids."""
    seat = state.to_act
    move = default_move(state)
    if isinstance(move, GleekPass) and state.phase == Phase.BID and state.bid == 0:
        move = Bid(1)  # someone buys the stock, or every deal would be bid on by nobody
    if isinstance(move, PlayCard):
        return seat, f"/gleek play {card_text(move.card)}", True
    if isinstance(move, Bid):
        return seat, f"/gleek bid {move.amount}", False
    if isinstance(move, Discard):
        return seat, "/gleek discard " + " ".join(card_text(c) for c in move.cards), False
    names = {GleekPass: "pass", Vie: "vie", See: "see", Raise: "raise"}
    return seat, f"/gleek {names[type(move)]}", False


def ducks_move(state: Any) -> tuple[int, str, bool]:
    """The seat on turn and its move as typed: roll while it may, else promote the first
    promotion it may, else pass, else stop."""
    game = TABLE_GAMES["ducks"].game
    (seat,) = game.to_move(state)
    legal = list(game.legal_moves(state, seat))
    if any(isinstance(m, Roll) for m in legal):
        return seat, "[[ducks]]", True
    promotions = [m for m in legal if isinstance(m, Promote)]
    if promotions:
        return seat, "/ducks promote dice:" + " ".join(map(str, promotions[0].values)), False
    if any(isinstance(m, DuckPass) for m in legal):
        return seat, "/ducks pass", False
    assert any(isinstance(m, Stop) for m in legal), legal
    return seat, "/ducks stop", False


async def measure(name: str, url: str, village_id: int) -> list[str]:
    engine = make_engine(url)
    rows = []
    try:
        await migrate(engine)
        base = await baseline(engine, 300)
        bare = await driver_baseline(engine, 300)
        for offset, (way, discord) in enumerate((("console", False), ("Discord", True))):
            first = village_id + 4 * offset
            greed = ThrowingVillage(engine, first, discord)
            await greed.create()
            gleek, ducks = Measured(), Measured()
            gleek_table = Table(engine, first + 1, "gleek", 3, discord)
            ducks_table = Table(engine, first + 2, "ducks", 2, discord)
            # In rounds, one kind after the other: the machine's speed drifts over a run, and
            # each kind is then measured across the same stretch of it as the others.
            for round_ in range(1, ROUNDS + 1):
                await greed.play(THROWS * round_ // ROUNDS)
                await gleek_table.play(gleek, gleek_move, MOVES * round_ // ROUNDS)
                await ducks_table.play(ducks, ducks_move, MOVES * round_ // ROUNDS)
            rows.append(
                f"| {name}, {way} | a Greed throw | {greed.mean * 1e3:.2f} ms "
                f"| {greed.mean / base:.1f} | {greed.mean / bare:.1f} | 1.0 "
                f"| {greed.per_throw:.1f} | 1.0 | {greed.own_per_throw:.1f} |"
            )
            for move, found in (("a Gleek card play", gleek), ("a Ducks roll", ducks)):
                rows.append(
                    f"| {name}, {way} | {move} | {found.mean * 1e3:.2f} ms "
                    f"(median {found.median * 1e3:.2f}) | {found.mean / base:.1f} "
                    f"| {found.mean / bare:.1f} | {found.mean / greed.mean:.2f} "
                    f"| {found.per_move:.1f} | {found.per_move / greed.per_throw:.1f} "
                    f"| {found.own_per_move:.1f} |"
                )
        rows.append(
            f"| {name} | (baselines) | insert {base * 1e3:.2f} ms, on the driver "
            f"{bare * 1e3:.2f} ms | | | | | | |"
        )
    finally:
        await engine.dispose()
    return rows


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--postgres", metavar="URL", help="also measure on this PostgreSQL")
    args = parser.parse_args()
    collector.settle()  # as the Discord bot does once loaded
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        rows += await measure("SQLite (file, WAL)", f"sqlite:///{folder}/bench.db", 1)
    if args.postgres:
        village_id = int(time.time()) * 10
        rows += await measure("PostgreSQL 15 (localhost)", args.postgres, village_id)
    print(f"## {dt.date.today().isoformat()}: {machine()}\n")
    print(f"{MOVES} Gleek card plays (3 seats) and {MOVES} Ducks rolls (2 seats) on fair")
    print(f"chance, each game's tables played to their end one after another, and {THROWS}")
    print(f"status checks and throws of `village.py`'s village, in {ROUNDS} rounds in turn.\n")
    print(
        "| database, chat | move | time, end to end | ratio to the insert "
        "| ratio to the insert on the driver | ratio to a Greed throw "
        "| statements per move | statements, ratio to a Greed throw "
        "| statements until the answer is ready to post |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    asyncio.run(main())
