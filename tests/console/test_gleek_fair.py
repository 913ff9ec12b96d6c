"""A whole Gleek game with fair deals (gleek.md §7): committed at the start, every deal hidden
from the export while the table is in play, the seed revealed at the end, and every deal
checking out against it, in the village and with `greedbot verify` on the exported file.

Nobody moves: the clock jumps past every deadline at once, and each default is played at its
own deadline (§2), so the whole game is played by the time limit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.console.replay import replay
from bot.console.session import Output
from tests.console.golden import golden_seeds

OPEN = [
    "@clock 2026-12-01T12:00:00+09:00",
    "Ann: /gleek new deals:3 deadline:1",
    "Bob: /gleek join",
    "Cid: /gleek join",
    "Ann: /gleek start",
    "Ann: /gleek export",
]
PLAYED = ["@clock 2026-12-20T12:00:00+09:00", "Bob: /gleek verify", "Bob: /gleek export"]


async def run(lines: list[str]) -> list[tuple[str, list[Output]]]:
    said: list[tuple[str, list[Output]]] = []
    await replay(lines, lambda _, line, outputs: said.append((line, outputs)), seeds=golden_seeds())
    return said


def replies(said: list[tuple[str, list[Output]]], line: str) -> list[dict[str, Any]]:
    return [o.as_json() for text, outputs in said if text == line for o in outputs]


async def test_a_fair_game_played_by_the_time_limit_verifies_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = await run([*OPEN, *PLAYED])
    [started, *_] = replies(said, "Ann: /gleek start")
    commitment = started["params"]["commitment"]

    # In play, the export lists the draws but not the shuffled decks (everyone's hand).
    [early] = replies(said, "Ann: /gleek export")
    document = early["params"]["document"]
    assert document["seed"] is None
    shuffles = [d for d in document["draws"] if "shuffle" in d["draw"]]
    assert len(shuffles) == 1 and shuffles[0]["outcome"] is None

    # The jump plays every move of three deals by default, each at its own deadline.
    played = replies(said, "@clock 2026-12-20T12:00:00+09:00")
    keys = [r["key"] for r in played]
    assert keys.count("gleek.deal_scored") == 3 and keys.count("gleek.game_over") == 1
    [over] = [r for r in played if r["key"] == "gleek.game_over"]
    assert over["params"]["seed"] and over["params"]["commitment"] == commitment
    timeouts = [r for r in played if r["key"] == "gleek.timeout"]
    # Each deal: a pass from two bidders, a discard, three passes in the vie, 36 cards.
    assert len(timeouts) == 3 * (2 + 1 + 3 + 36)
    scored = [r["params"]["deal_chips"] for r in played if r["key"] == "gleek.deal_scored"]
    assert over["params"]["chips"] == [sum(chips) for chips in zip(*scored, strict=True)]

    [verified] = replies(said, "Bob: /gleek verify")
    params = verified["params"]
    assert params["ok"] is True and params["mismatches"] == [] and not params["scripted"]
    assert params["draws"] == 4  # the first dealer and three shuffles

    # The export after the end has every deck, and the command line checks it too.
    [late] = replies(said, "Bob: /gleek export")
    document = late["params"]["document"]
    decks = [d["outcome"] for d in document["draws"] if "shuffle" in d["draw"]]
    assert len(decks) == 3 and all(sorted(deck) == list(range(44)) for deck in decks)
    path = tmp_path / "gleek.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    capsys.readouterr()

    # One changed card in one deal, and the record no longer checks out.
    decks[1][0], decks[1][1] = decks[1][1], decks[1][0]
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["verify", str(path)]) == 1
    seq = [d["seq"] for d in document["draws"] if "shuffle" in d["draw"]][1]
    out = capsys.readouterr().out
    assert f"MISMATCH faces: draw {seq}:" in out, out  # the second deal's shuffle is named
