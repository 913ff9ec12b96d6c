"""The files a reply comes with, in the console: the interactive console writes them in its
folder and says where (as Discord attaches them); a replay, which writes nothing, prints an
exported record inside the reply with the name to save it as."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.console.replay import CONSOLE_VILLAGE
from bot.console.scripted import ScriptedDice
from bot.console.session import ConsoleVillage
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from tests.console.golden import golden_seeds, replay_lines


async def test_the_console_writes_an_exported_record_where_it_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'village.db'}")
    try:
        await migrate(engine)
        folder = tmp_path / "data"
        village = ConsoleVillage(
            SqlStore(engine), ManualClock(), ScriptedDice(), CONSOLE_VILLAGE, folder, golden_seeds()
        )
        await village.start()
        [throw] = await village.say("alice", "[[greed]]" * 6)
        [export] = await village.say("alice", "/village export day:1")
    finally:
        await engine.dispose()
    document = export.reply.params["document"]
    # Written under the name the reply gives it.
    path = folder / "exports" / export.reply.params["filename"]
    assert json.loads(path.read_text(encoding="utf-8")) == document
    assert document["throws"][0]["faces"] == throw.reply.state["faces"]  # type: ignore[index]
    # The reply names the file it wrote, with the command that checks it, and shows no JSON.
    assert export.text.splitlines()[-1] == f"📄 {path}  (greedbot verify {path})"
    assert '"throws"' not in export.text
    assert main(["verify", str(path)]) == 1  # read and checked: its day is still open
    assert "seed not revealed" in capsys.readouterr().out


async def test_a_replay_prints_the_record_with_the_name_to_save_it_as() -> None:
    blocks = await replay_lines(
        [
            "@clock 2026-12-01T12:00:00+09:00",
            "alice: [[greed]][[greed]]",
            "alice: /village export day:1",
        ]
    )
    [export] = blocks[-1].replies
    filename = export["params"]["filename"]
    assert f"下のJSONを {filename} という名前で保存すれば" in export["text"]
    printed = export["text"].split("\n", 2)[2]  # the summary, the line to save it, the JSON
    assert json.loads(printed) == export["params"]["document"]


async def test_a_picture_goes_with_the_days_standings_only() -> None:
    """The standings picture draws the days' points: a table game's standings, which have no
    days, go without one (it would show an empty chart beside scores)."""
    from bot.console.replay import replay
    from bot.console.session import Output
    from bot.words.reply import Attachment
    from tests.games.contract import transcript

    said: dict[str, Output] = {}

    def keep(number: int, line: str, outputs: list[Output]) -> None:
        if "/village standings" in line:
            [said[line.split(": ", 1)[1]]] = outputs

    await replay(transcript("ducks_a_whole_game"), keep, seeds=golden_seeds())
    everyone, ducks = said["/village standings"], said["/village standings game:ducks"]
    assert everyone.reply.attachments == (Attachment.STANDINGS_PICTURE,)
    assert ducks.reply.attachments == () and ducks.reply.params["rows"]
