"""The local console (`greedbot run` with no Discord token) lives through a database that
cannot be used for a while.

An operator's console must not end, or print a traceback, because its database went away:
each line typed meanwhile gets the village's "try again" in the village's language, and once
the database is back the same console plays on, with nothing lost or thrown twice.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.chat.render import render
from bot.console.replay import CONSOLE_VILLAGE
from bot.console.session import CONSOLE
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.words.reply import refused
from tests.faults.cluster import Cluster
from tests.faults.console import SPEAKER, Console
from tests.faults.village import FOUR, SIX, assert_log_agrees, thrown_by

pytestmark = pytest.mark.db


# How the console shows the player's n-th throw of the turn.
THROW = {"ja": "1周{n}投目", "en": "lap 1, throw {n}"}


def unavailable(locale: str) -> str:
    """The refusal as the console prints it."""
    return "  " + render(refused("store_unavailable", to=SPEAKER), locale, CONSOLE)


def play_first_throw(console: Console, locale: str) -> None:
    assert "Traceback" not in console.opening
    if locale == "en":
        assert "Language: English" in console.send("/village config locale:en")
    assert console.send("@dice D G $ R R Eb") == ""
    assert THROW[locale].format(n=1) in console.send(SIX)
    assert console.send("@dice G G G R") == ""


def assert_refused_meanwhile(console: Console, locale: str) -> None:
    for line in (FOUR, "/greed status"):
        assert console.send(line).strip() == unavailable(locale).strip()
    # `@clock` runs the day loop's tick: nothing is due, and nothing can be read either.
    assert console.send(f"@clock {dt.datetime.now(dt.UTC).isoformat()}") == ""
    assert console.process.poll() is None
    assert "Traceback" not in console.said()


def assert_plays_on(console: Console, locale: str) -> None:
    thrown = console.send(FOUR)
    assert THROW[locale].format(n=2) in thrown and "G" in thrown
    assert "650" in console.send("TE")
    assert console.quit() == 0
    assert console.said() == ""


async def assert_played_once(url: str) -> None:
    engine = make_engine(url)
    try:
        store = SqlStore(engine)
        [player] = await store.players(CONSOLE_VILLAGE)
        stream = await assert_log_agrees(store, CONSOLE_VILLAGE, player.player_id)
        assert len(thrown_by(stream)) == 2
    finally:
        await engine.dispose()


@pytest.mark.parametrize("locale", ["ja", "en"])
async def test_the_console_plays_on_through_a_postgresql_restart(
    cluster: Cluster, private_url: str, tmp_path: Path, locale: str
) -> None:
    with Console(private_url, tmp_path) as console:
        play_first_throw(console, locale)
        cluster.stop("fast")
        assert_refused_meanwhile(console, locale)
        cluster.start()
        assert_plays_on(console, locale)
    await assert_played_once(private_url)


@contextmanager
def held_by_another_program(path: Path) -> Iterator[None]:
    """What an operator's database browser with unsaved changes (or a `sqlite3` shell in a
    transaction) does: hold the file's write lock, for longer than the village waits."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield
        other.execute("ROLLBACK")
    finally:
        other.close()


async def test_the_console_plays_on_while_another_program_locks_its_sqlite_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "village.db"
    url = f"sqlite:///{path}"
    with Console(url, tmp_path) as console:
        play_first_throw(console, "ja")
        with held_by_another_program(path):
            await asyncio.to_thread(assert_refused_meanwhile, console, "ja")
        assert_plays_on(console, "ja")
    await assert_played_once(url)
