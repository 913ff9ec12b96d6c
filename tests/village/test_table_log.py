"""A table's sealed log says what it was played with (issue: settings only in a projection):
the start records the settled settings, a table is read with them whatever its row says, an
export carries them, and the log alone rebuilds the row. Tables started before the start
recorded its settings are read with their row, as before."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.console.replay import CONSOLE_VILLAGE
from bot.console.scripted import ScriptedDice
from bot.console.session import ConsoleVillage
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.storage.tables import GameTable
from bot.village.clock import ManualClock
from bot.village.records import TableRecord
from bot.village.stream import TABLE_STARTED
from bot.village.table_record import table_document
from bot.village.table_setup import STARTED_WITH_SETTINGS, played_with, rebuilt, setup_of
from tests.console.golden import TRANSCRIPTS_DIR, golden_seeds, replay_lines

TABLE_TRANSCRIPTS = sorted(
    p.stem for p in TRANSCRIPTS_DIR.glob("*.txt") if p.stem.startswith(("ducks", "gleek", "regi"))
)


async def _tables(store: SqlStore, village_id: int) -> list[TableRecord]:
    found, number = [], 1
    while (table := await store.get_table(village_id, number)) is not None:
        found.append(table)
        number += 1
    return found


@pytest.mark.parametrize("name", TABLE_TRANSCRIPTS)
async def test_the_log_alone_rebuilds_every_table_of_a_transcript(
    name: str, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'village.db'}"
    lines = (TRANSCRIPTS_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    await replay_lines(lines, url)
    engine = make_engine(url)
    try:
        store = SqlStore(engine)
        tables = await _tables(store, CONSOLE_VILLAGE)
        assert tables, name
        for table in tables:
            events = await store.load_table(table.village_id, table.table_id)
            row = rebuilt(table, events)
            shown = ("settings", "seats", "status", "commitment", "version")
            assert {k: getattr(row, k) for k in shown} == {k: getattr(table, k) for k in shown}
            if table.started_at is not None:
                [start] = [e for e in events if e.type == TABLE_STARTED]
                assert start.codec == STARTED_WITH_SETTINGS
                assert start.data["settings"] == table.settings  # settled: no default left open
    finally:
        await engine.dispose()


async def _regidice_table(tmp_path: Path) -> tuple[SqlStore, ConsoleVillage, AsyncEngine]:
    engine = make_engine(f"sqlite:///{tmp_path / 'village.db'}")
    await migrate(engine)
    store = SqlStore(engine)
    village = ConsoleVillage(store, ManualClock(), ScriptedDice(), 1, None, golden_seeds())
    await village.start()
    await village.say("Ann", "/regidice new dice:3 rounds:4")
    await village.say("Bob", "/regidice join")
    await village.say("Ann", "/regidice start")
    return store, village, engine


async def test_a_table_is_played_with_its_logs_settings_whatever_its_row_says(
    tmp_path: Path,
) -> None:
    store, village, engine = await _regidice_table(tmp_path)
    try:
        [before] = await village.say("Ann", "/regidice status")
        table = await store.get_table(1, 1)
        assert table is not None
        # The row is a projection: changed behind the log's back, it changes nothing.
        tampered = replace(table, settings={**table.settings, "dice": 1, "rounds": 50})
        await _write_row(store, tampered)
        assert (await store.get_table(1, 1)).settings["dice"] == 1  # type: ignore[union-attr]
        [after] = await village.say("Ann", "/regidice status")
        document = await table_document(store, tampered)
    finally:
        await engine.dispose()
    assert after.reply.state == before.reply.state
    assert document["settings"]["dice"] == 3 and document["settings"]["rounds"] == 4


async def test_a_table_started_before_the_start_kept_its_settings_reads_its_row(
    tmp_path: Path,
) -> None:
    store, _village, engine = await _regidice_table(tmp_path)
    try:
        table = await store.get_table(1, 1)
        assert table is not None
        events = await store.load_table(1, 1)
        old = [
            replace(e, codec=1, data={k: v for k, v in e.data.items() if k != "settings"})
            if e.type == TABLE_STARTED
            else e
            for e in events
        ]
        setup = setup_of(old)
        assert setup.started and not setup.settled
        assert played_with(table, old) == table.settings  # the row, as 0008 settled it
        assert played_with(replace(table, settings={"dice": 2}), events)["dice"] == 3
    finally:
        await engine.dispose()


async def _write_row(store: SqlStore, table: TableRecord) -> None:
    """Change a table's row in place, as a hand-edited database (or an old migration) would."""
    async with store.engine.begin() as connection:
        await connection.execute(
            sa.update(GameTable)
            .where(GameTable.village_id == table.village_id, GameTable.table_id == table.table_id)
            .values(settings=table.settings)
        )


async def test_a_started_tables_row_is_at_the_version_of_its_last_event(tmp_path: Path) -> None:
    store, _village, engine = await _regidice_table(tmp_path)
    try:
        table = await store.get_table(1, 1)
        events = await store.load_table(1, 1)
    finally:
        await engine.dispose()
    assert table is not None and events
    # No version skipped: a kept table (and a move's write) is at the version of its log.
    assert table.version == events[-1].version == len(events)
