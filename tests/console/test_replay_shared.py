"""A replay against a database other villages live in moves only its own village's clock."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from bot.chat.parse import parse_message
from bot.console.replay import replay
from bot.console.scripted import ScriptedDice
from bot.console.session import Output
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.service import VillageService

LONG_AGO = dt.datetime(2020, 1, 1, 3, tzinfo=dt.UTC)
OTHER = 777


async def test_a_replay_never_closes_another_villages_day(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    engine = make_engine(url)
    await migrate(engine)
    store = SqlStore(engine)
    # A village whose day has long been due: only its own bot may close it.
    other = VillageService(store, ManualClock(LONG_AGO), ScriptedDice())
    gm = Author(1, "gm", is_moderator=True)
    await other.handle(Incoming(OTHER, 1, gm, LONG_AGO, parse_message("/village create")))
    outputs: list[Output] = []

    def collect(_number: int, _line: str, said: list[Output]) -> None:
        outputs.extend(said)

    lines = ["@clock 2026-12-01T12:00:00+09:00", "alice: /greed status"]
    await replay([*lines, "@clock 2026-12-05T12:00:00+09:00"], collect, url)
    village = await store.get_village(OTHER)
    assert village is not None and village.day == 1
    assert any(o.reply.key == "day_closed" for o in outputs)  # the replay's own days closed
    await engine.dispose()
