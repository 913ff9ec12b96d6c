"""SQLite locked by another program: a move is refused after a short wait, not retried for
minutes, and nothing is lost; a stale snapshot is still a conflict that is retried."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage import engine as engines
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.ports import StoreError, VersionConflict
from bot.village.records import MessageRecord
from bot.village.service import VillageService

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
VILLAGE = 4242


@pytest.fixture
def locked_later(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    # A wait of one second keeps the test short; the bot's is LOCK_WAIT.
    monkeypatch.setattr(engines, "LOCK_WAIT", 1)
    yield tmp_path / "village.db"


def hold_lock(path: Path) -> sqlite3.Connection:
    """Another program writing to the file and not letting go."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    return other


async def test_a_move_while_another_program_holds_the_lock_is_refused_and_lost_nowhere(
    locked_later: Path,
) -> None:
    engine = engines.make_engine(f"sqlite:///{locked_later}")
    await migrate(engine)
    dice = ScriptedDice()
    service = VillageService(SqlStore(engine), ManualClock(T0), dice)
    await service.handle(Incoming(VILLAGE, 1, GM, T0, parse_message("/village create")))
    other = hold_lock(locked_later)
    dice.queue("D G $ R R Eb")
    throw = await service.handle(Incoming(VILLAGE, 2, ALICE, T0, parse_message("[[greed]]" * 6)))
    status = await service.handle(Incoming(VILLAGE, 3, ALICE, T0, parse_message("/greed status")))
    assert [d.reply.key for d in throw.deliveries] == ["store_unavailable"]
    assert [d.reply.key for d in status.deliveries] == ["store_unavailable"]
    other.execute("ROLLBACK")
    other.close()
    # Nothing was drawn or written: the same message, posted again, throws those faces.
    again = await service.handle(Incoming(VILLAGE, 2, ALICE, T0, parse_message("[[greed]]" * 6)))
    [reply] = [d.reply for d in again.deliveries]
    assert reply.key == "greed.throw" and reply.params["faces"] == ["D", "G", "$", "R", "R", "Eb"]
    await engine.dispose()


async def test_the_store_says_a_held_lock_is_unavailable_not_a_conflict(
    locked_later: Path,
) -> None:
    # A conflict is retried from the start (MAX_ATTEMPTS times); a held lock must not be,
    # or a throw would wait for every attempt's whole wait.
    engine = engines.make_engine(f"sqlite:///{locked_later}")
    await migrate(engine)
    store = SqlStore(engine)
    service = VillageService(store, ManualClock(T0), ScriptedDice())
    await service.handle(Incoming(VILLAGE, 1, GM, T0, parse_message("/village create")))
    other = hold_lock(locked_later)
    assert await store.get_village(VILLAGE) is not None  # reading waits for nobody (WAL)
    with pytest.raises(StoreError) as raised:
        await store.record_message(MessageRecord(VILLAGE, 9, 2, T0, T0, "ignored"))
    assert not isinstance(raised.value, VersionConflict)
    other.execute("ROLLBACK")
    other.close()
    await store.record_message(MessageRecord(VILLAGE, 9, 2, T0, T0, "ignored"))
    assert await store.get_message(VILLAGE, 9) is not None
    await engine.dispose()
