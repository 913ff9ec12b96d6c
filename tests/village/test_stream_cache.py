"""The day streams a process keeps in memory: used only while the database says they are
current, so what another process (or a moderator's rollback) wrote is always seen."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.console.replay import replay
from bot.games.registry import GAMES
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.day.stream_cache import KeptStream, StreamCache
from bot.village.records import StoredEvent
from bot.village.service import VillageService
from bot.village.stream import extend_stream, read_stream
from tests.console.golden import TRANSCRIPTS_DIR as TRANSCRIPTS
from tests.console.golden import golden_seeds
from tests.village.test_service import ALICE, SIX, T0, GreedOutsOnly, ask, make_village, message

pytestmark = pytest.mark.db


def kept(version: int) -> KeptStream:
    events = tuple(
        StoredEvent(1, 1, 2, v, "greed", "X", {}, None, T0, table_id=7)
        for v in range(1, version + 1)
    )
    view = read_stream(_NoGame(), {}, [])
    return KeptStream(7, version, events, view)


class _NoGame:
    """Just enough of a game for an empty stream's view."""

    def new(self, _rules: object, _seats: int) -> dict[str, int]:
        return {}


def test_a_kept_stream_is_used_only_at_the_version_it_was_kept_at() -> None:
    cache = StreamCache()
    cache.keep((1, 1, 2), kept(3))
    assert cache.get((1, 1, 2), (7, 3)) is not None
    assert cache.get((1, 1, 2), (7, 4)) is None  # moved on since: read it again
    assert cache.get((1, 1, 2), (7, 3)) is None  # and it was let go
    cache.keep((1, 1, 2), kept(3))
    assert cache.get((1, 1, 2), (8, 3)) is None  # another table of the same number


def test_the_kept_streams_are_bounded_least_recently_used_first() -> None:
    cache = StreamCache(capacity=6)  # events, over every stream
    cache.keep((1, 1, 1), kept(2))
    cache.keep((1, 1, 2), kept(2))
    assert cache.get((1, 1, 1), (7, 2)) is not None  # used: now the most recent
    cache.keep((1, 1, 3), kept(3))
    assert (len(cache), cache.events) == (2, 5)
    assert cache.get((1, 1, 2), (7, 2)) is None
    assert cache.get((1, 1, 1), (7, 2)) is not None
    cache.keep((1, 1, 1), kept(3))  # kept again, longer: counted once
    assert (len(cache), cache.events) == (2, 6)


def test_short_streams_are_bounded_by_their_number_too() -> None:
    cache = StreamCache(capacity=100, streams=2)
    for player in (1, 2, 3):
        cache.keep((1, 1, player), kept(1))
    assert (len(cache), cache.events) == (2, 2)
    assert cache.get((1, 1, 1), (7, 1)) is None


async def test_a_stream_another_process_wrote_is_read_again(
    store: SqlStore, engine: AsyncEngine, village_id: int
) -> None:
    """Two processes play one player's day in turn: each sees the other's throws, in its
    status and in the throw it makes next."""
    await make_village(store, village_id)
    url = engine.url.render_as_string(hide_password=False)
    other = SqlStore(make_engine(url))
    first = VillageService(store, ManualClock(T0), GreedOutsOnly())  # type: ignore[arg-type]
    second = VillageService(other, ManualClock(T0), GreedOutsOnly())  # type: ignore[arg-type]
    try:
        later = T0 + dt.timedelta(seconds=30)  # every throw after the last answer
        [one] = await ask(first, message(village_id, ALICE, SIX, later))
        [two] = await ask(second, message(village_id, ALICE, SIX, later))
        [status] = await ask(first, message(village_id, ALICE, "/greed status", later))
        [three] = await ask(first, message(village_id, ALICE, SIX, later))
    finally:
        await other.engine.dispose()
    assert [r.key for r in (one, two, three)] == ["greed.greed_out"] * 3
    assert one.state is not None and status.state is not None and three.state is not None
    assert (one.state["turn"], status.state["turn"], three.state["turn"]) == (2, 3, 4)
    stream = await store.load_stream(village_id, 1, ALICE.player_id)
    throws = [e.data["throw_seq"] for e in stream if e.type == "DiceThrown"]
    assert throws == [1, 2, 3]
    assert [e.version for e in stream] == list(range(1, len(stream) + 1))


@pytest.mark.parametrize(
    "transcript", ["rollback", "example_c_three_laps", "day_close", "variants"]
)
async def test_a_stream_folded_on_reads_as_the_whole_stream_read_again(
    transcript: str, tmp_path: Path
) -> None:
    """What a move appends, folded into the view kept of what came before, gives the view
    that reading the whole stream gives: at every point of every stream of a transcript's
    days (throws, takes, turn ends, greed outs, rollbacks and their undoing, day closes)."""
    url = f"sqlite:///{tmp_path / 'village.db'}"
    lines = (TRANSCRIPTS / f"{transcript}.txt").read_text(encoding="utf-8").splitlines()
    await replay(lines, lambda *_: None, url, seeds=golden_seeds())
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            streams = (
                await connection.execute(
                    text(
                        "SELECT DISTINCT village_id, day, player_id FROM event"
                        " WHERE table_id IS NOT NULL"
                    )
                )
            ).all()
        store = SqlStore(engine)
        checked = 0
        for village_id, day, player_id in streams:
            village = await store.get_village(village_id)
            record = await store.get_day(village_id, day)
            assert village is not None and record is not None
            game, rules = GAMES[village.game], record.settings.rules
            events = tuple(await store.load_stream(village_id, day, player_id))
            whole = read_stream(game, rules, list(events))
            for cut in range(len(events) + 1):
                before, new = events[:cut], events[cut:]
                folded = extend_stream(
                    game, rules, read_stream(game, rules, list(before)), before, new
                )
                assert folded == whole, (transcript, player_id, cut)
                checked += 1
    finally:
        await engine.dispose()
    assert checked > len(streams)  # every stream had events to fold
