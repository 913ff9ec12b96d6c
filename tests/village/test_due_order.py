"""After downtime, everything that fell due in a village (its days' closes, its tables' time
limits) is applied in the order it fell due, each at its own due time: a clock that jumps
over several closes and time limits at once posts what a clock stepping through each due
time posts, the same standings at every close and the same tables after."""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.ports import Store, StoreError
from bot.village.records import TABLE_PLAYING
from bot.village.service import VillageService
from bot.words.reply import Reply
from tests.village.talk import PLAIN

pytestmark = pytest.mark.db

JST = dt.timezone(dt.timedelta(hours=9))
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
BOB = Author(3, "bob")
CAROL = Author(4, "carol")
DUCKS, REGIDICE = 1, 2
"""The tables' places, after the village's id."""


def jst(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime(2026, 12, day, hour, minute, tzinfo=JST)


def seeds() -> Callable[[], bytes]:
    """Seeds every run of the village gets in the same order: the same days and tables."""
    count = itertools.count()
    return lambda: hashlib.sha256(b"due order %d" % next(count)).digest()


@dataclass
class Village:
    """One village on the store, its own clock, and everything it posted, in order."""

    service: VillageService
    village_id: int
    posted: list[tuple[Reply, int | None]] = field(default_factory=list)
    messages: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def clock(self) -> ManualClock:
        clock = self.service.core.clock
        assert isinstance(clock, ManualClock)
        return clock

    async def say(self, at: dt.datetime, author: Author, text: str, place: int = 0) -> None:
        """A message at `at`, in the village's channel or at a table's place."""
        self.clock.set(at)
        answer = await self.service.handle(
            Incoming(
                self.village_id,
                next(self.messages),
                author,
                at,
                parse_message(text),
                place_id=self.village_id + place if place else None,
            )
        )
        self.posted += [(d.reply, None) for d in answer.deliveries]

    async def tick(self, at: dt.datetime) -> None:
        """The bot's clock at `at`: what it posts, with the table place each post goes to."""
        self.clock.set(at)
        posts = await self.service.tick(lambda village: village.village_id == self.village_id)
        for delivery in posts[self.village_id].deliveries if self.village_id in posts else ():
            place = delivery.place_id
            self.posted.append((delivery.reply, None if place is None else place - self.village_id))

    async def next_due(self) -> dt.datetime:
        """When the next thing falls due: the open day's close or a table's time limit."""
        store = self.service.core.store
        village = await store.get_village(self.village_id)
        assert village is not None
        day = await store.get_day(self.village_id, village.day)
        assert day is not None and day.is_open
        due = [day.closes_at]
        for table_id in (1, 2):
            table = await store.get_table(self.village_id, table_id)
            if table is not None and table.status == TABLE_PLAYING and table.deadline_at:
                due.append(table.deadline_at)
        return min(due)

    async def standings(self) -> list[Reply]:
        """Every standing the village shows now: all games, and each game's own."""
        before = len(self.posted)
        at = self.clock.now()
        for game in ("", " game:greed", " game:ducks", " game:regidice"):
            await self.say(at, BOB, f"/village standings{game}")
        return [reply for reply, _ in self.posted[before:]]


ALICE_STOPS = jst(1, 20, 49)
"""When alice ends her Ducks turn: bob's time runs out at 23:49."""


async def village_of(
    store: Store, village_id: int, ducks_stop: dt.datetime = ALICE_STOPS
) -> Village:
    """A village whose day 1 (closing at midnight, Tokyo time) has a Greed throw each by
    alice and bob, a Regidice table of carol's, five hours a step (due at 23:30, 04:30, …),
    and a Ducks table of three hours a turn whose round 1 waits only for bob once alice
    stops at `ducks_stop` (by default he has until 23:49: nothing falls due at the very
    time of another)."""
    dice = ScriptedDice()
    service = VillageService(store, ManualClock(jst(1, 12)), dice, seeds=seeds())
    village = Village(service, village_id)
    await village.say(jst(1, 12), GM, "/village create")
    for minute, player in ((1, ALICE), (2, BOB)):
        dice.queue(" ".join(PLAIN))
        await village.say(jst(1, 12, minute), player, "[[greed]]" * 6)
    await village.say(jst(1, 18, 29), CAROL, "/regidice new deadline:5", REGIDICE)
    await village.say(jst(1, 18, 30), CAROL, "/regidice start", REGIDICE)
    minute = dt.timedelta(minutes=1)
    await village.say(ducks_stop - 4 * minute, ALICE, "/ducks new deadline:3", DUCKS)
    await village.say(ducks_stop - 3 * minute, BOB, "/ducks join", DUCKS)
    await village.say(ducks_stop - 2 * minute, ALICE, "/ducks start", DUCKS)
    dice.queue("6 | 6 6 6 1 2")
    await village.say(ducks_stop - minute, ALICE, "[[ducks]]", DUCKS)
    await village.say(ducks_stop, ALICE, "昇格 6 6 6 ストップ", DUCKS)
    assert dice.queued == 0
    assert [reply.key for reply, _ in village.posted[-1:]] == ["ducks.stop"]
    return village


UNTIL = jst(3, 12)
"""Two closes (12/2 and 12/3 at 00:00), three Ducks time limits (the game's end among them)
and eight Regidice steps after the last message."""


async def stepped(store: Store, village_id: int) -> Village:
    """The bot up all along: its clock at each due time in turn, one thing at a time."""
    village = await village_of(store, village_id)
    while (due := await village.next_due()) <= UNTIL:
        await village.tick(due)
    await village.tick(UNTIL)
    return village


def first_close_ducks(posted: list[tuple[Reply, int | None]]) -> dict[str, int]:
    """Each player's Ducks points in the standings posted when day 1 closed."""
    standings = next(reply for reply, _ in posted if reply.key == "standings")
    assert standings.params["days"] == 1
    return {row["player"]: row["games"]["ducks"] for row in standings.params["rows"]}


async def test_a_clock_jumping_over_closes_and_time_limits_posts_what_each_due_time_would(
    any_store: Store, village_id: int, other_village_id: int
) -> None:
    up = await stepped(any_store, other_village_id)
    away = await village_of(any_store, village_id)
    start = len(away.posted)
    await away.tick(UNTIL)  # back after two days and a half
    caught_up, expected = away.posted[start:], up.posted[start:]
    keys = [key for key, _ in _where(expected)]
    # The case of the report: bob's forfeit at 23:49 ends Ducks' round 1 before day 1
    # closes, so the close's standings count alice's 2 points.
    assert keys.index("ducks.round_end") < keys.index("day_closed")
    assert first_close_ducks(expected) == {"alice": 2, "bob": 0, "carol": 0}
    assert keys.count("day_closed") == 2 and "ducks.game_end" in keys
    assert keys.count("regidice.timeout") > 2
    # Every post, in the same order, to the same place: the closes' memos and standings,
    # every table's time limit, each as it was at its own due time.
    assert _where(caught_up) == _where(expected)
    assert caught_up == expected
    assert await away.standings() == await up.standings()


async def test_a_time_limit_due_at_the_very_close_counts_in_the_closing_day(
    any_store: Store, village_id: int
) -> None:
    """bob's time runs out at midnight, when day 1 closes: his turn was due within the day,
    so the round it ends is scored in the day's close."""
    village = await village_of(any_store, village_id, ducks_stop=jst(1, 21))
    start = len(village.posted)
    await village.tick(jst(2, 1))
    keys = [key for key, _ in _where(village.posted[start:])]
    assert keys.index("ducks.forfeit") < keys.index("ducks.round_end") < keys.index("day_closed")
    assert first_close_ducks(village.posted[start:]) == {"alice": 2, "bob": 0, "carol": 0}


class StopsAfter:
    """A store that goes away (as a killed process does) once `units` more units of work
    have been made: what they wrote stays, nothing after them is written."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.units: int | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def unit(self) -> Any:
        if self.units is not None:
            if self.units == 0:
                raise StoreError("the process was stopped")
            self.units -= 1
        return self.inner.unit()


async def test_a_catch_up_stopped_between_two_steps_applies_the_rest_once(
    any_store: Store, village_id: int, other_village_id: int
) -> None:
    up = await stepped(any_store, other_village_id)
    stopping = StopsAfter(any_store)
    away = await village_of(stopping, village_id)  # type: ignore[arg-type]
    start = len(away.posted)
    stopping.units = 4  # two time limits, the close of day 1, one more time limit
    await away.tick(UNTIL)
    assert len(away.posted) == start  # stopped: nothing posted (the console keeps no outbox)
    # Back up: a new process (nothing in memory) applies what is left, and nothing twice.
    # (Its seeds go on where the first process's stopped, as the same run's would.)
    restarted = VillageService(
        any_store, ManualClock(UNTIL), ScriptedDice(), seeds=away.service.core.seeds
    )
    again = Village(restarted, village_id)
    again.messages = away.messages
    await again.tick(UNTIL)
    expected = up.posted[start:]
    assert 0 < len(again.posted) < len(expected)
    assert again.posted == expected[-len(again.posted) :]
    assert await again.standings() == await up.standings()


def _where(posted: list[tuple[Reply, int | None]]) -> list[tuple[str, int | None]]:
    """What was posted where, in order (the first difference, readable when they differ)."""
    return [(reply.key, place) for reply, place in posted]
