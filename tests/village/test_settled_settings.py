"""A table's settings are fixed at its start: a default that depends on the players (Regidice's
dice and round limit) is written into the table, so that a later release's other defaults
never change a table already begun (it would replay with other dice, or not at all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.scripted import ScriptedDice
from bot.console.session import ConsoleVillage
from bot.games.regidice import settings as regidice_settings
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from tests.console.golden import golden_seeds


async def test_a_started_table_keeps_the_defaults_it_started_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'village.db'}")
    try:
        await migrate(engine)
        store = SqlStore(engine)
        village = ConsoleVillage(store, ManualClock(), ScriptedDice(), 1, None, golden_seeds())
        await village.start()
        await village.say("Ann", "/regidice new")
        await village.say("Bob", "/regidice join")
        [opened] = await village.say("Ann", "/regidice status")
        assert opened.reply.params["settings"]["dice"] is None  # by players, until the start
        await village.say("Ann", "/regidice start")
        # A seated player's status is private, with their own dice: read as Ann.
        await village.line("/as Ann")
        table = await store.get_table(1, 1)
        assert table is not None
        expected = regidice_settings.BY_PLAYERS["open"][2]
        assert (table.settings["dice"], table.settings["rounds"]) == expected
        [before] = await village.say("Ann", "/regidice status")
        # A later release plays other defaults: this table goes on as it began.
        changed = {
            k: {n: regidice_settings.Default(2, 5) for n in v}
            for k, v in regidice_settings.BY_PLAYERS.items()
        }
        monkeypatch.setattr(regidice_settings, "BY_PLAYERS", changed)
        [after] = await village.say("Ann", "/regidice status")
    finally:
        await engine.dispose()
    assert after.reply.key == "regidice.status" and after.reply.state == before.reply.state
    dice = [p["dice"] for p in after.reply.state["players"]]  # type: ignore[index]
    assert all(sum(counts.values()) == 3 * expected.dice for counts in dice)
