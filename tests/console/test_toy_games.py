"""The seam of the registry: two toy games, each one folder under `tests/toys/` plus one
registration (`tests/toys/registry.py`), play through the console and the replay with no
other file touched: a coin toss at a table, and Pips by day."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.console.replay import replay
from bot.console.scripted import ScriptedDice
from bot.console.session import ConsoleVillage, Output, read_clock
from bot.storage.opening import MEMORY
from bot.village.clock import ManualClock
from bot.village.ports import Store
from tests.console.golden import golden_seeds
from tests.toys.registry import TOYS

COIN_TABLE = [
    "@clock 2026-12-01T12:00:00+09:00",
    "ann: /coin new target:2",
    "bob: /コイン join",
    "ann: /coin start",
    "@dice heads",
    "ann: [[coin]] heads",
    "@dice heads",
    "bob: [[coin]] tails",
    "bob: [[coin]] heads",  # not bob's call
    "@dice tails",
    "ann: /coin call side:tails",  # ann's second point: the table is over
    "ann: /coin status",
    "ann: /village standings game:coin",
    "ann: /coin verify",
]

PIPS_DAY = [
    "@clock 2026-12-01T12:00:00+09:00",
    "@mods ann",
    "ann: /village config 面数:8",  # Pips' own rule, checked by Pips
    "ann: /village config ターン数:3",  # Greed's rule: not one of this village's
    "ann: /village config 面数:6",
    "@dice 4",
    "ann: [[pips]]",
    "@dice 6",
    "bob: [[pips]]",
    "ann: [[pips]]",  # once a day
    "bob: /ピップス 状況",
    "bob: /pips help",
    "bob: [[pips]][[pips]]",  # unreadable, as Pips says
    "ann: [[greed]]",  # another day game's words: chatter in a village of Pips
    "@clock 2026-12-02T00:00:01+09:00",  # day 1 closes
    "ann: /village standings",
    "ann: /pips verify day:1",
    "ann: /village export day:1",
]


async def _replayed(lines: list[str], database_url: str | None, **options: Any) -> list[Output]:
    said: list[Output] = []
    await replay(
        lines,
        lambda _n, _line, outputs: said.extend(outputs),
        database_url,
        seeds=golden_seeds(),
        games=TOYS,
        **options,
    )
    return said


async def _in_console(store: Store, lines: list[str], **options: Any) -> list[Output]:
    # The village opens at the lines' first time, as a replay opens it.
    clock = ManualClock(read_clock(lines[0].removeprefix("@clock ")))
    village_id = 1
    while await store.get_village(village_id) is not None:
        village_id += 1  # a fresh village, in a database other tests wrote to
    village = ConsoleVillage(
        store, clock, ScriptedDice(TOYS), village_id, None, golden_seeds(), games=TOYS, **options
    )
    said = await village.start()
    for line in lines:
        said += await village.line(line)
    return said


def _keyed(said: list[Output], key: str) -> list[Output]:
    return [output for output in said if output.reply.key == key]


def _check_coin_table(said: list[Output]) -> None:
    tosses = _keyed(said, "coin.toss")
    assert [(o.reply.params["called"], o.reply.params["side"]) for o in tosses] == [
        ("heads", "heads"),
        ("tails", "heads"),
        ("tails", "tails"),
    ]
    assert tosses[0].text == "【ann】表とコール：コインは表。annは1点。"
    assert tosses[2].text == "【ann】裏とコール：コインは裏。annは2点。"
    [refused] = _keyed(said, "coin.not_your_turn")
    assert refused.text == "【bob】いまはannのコールです。"
    [end] = _keyed(said, "coin.game_end")
    assert end.reply.params["winner"] == "ann"
    assert end.reply.params["draw_count"] == 3  # the seed is public once the table is over
    assert end.text.startswith("annがコイン投げに勝ちました（2, 0）。\nシード: ")
    [status] = _keyed(said, "coin.status")
    assert status.text == "コイン投げ：ann 2、bob 0。ゲームは終わりました。"
    [standings] = _keyed(said, "standings")
    rows = standings.reply.params["rows"]
    assert [(row["player"], row["total"]) for row in rows] == [("ann", 2), ("bob", 0)]
    assert "コイン投げ" in standings.text
    [verify] = _keyed(said, "table.verify")
    # Re-derived through the coin's own fair derivation: the scripted tosses are named.
    assert "手入力" in verify.text


def _check_pips_day(said: list[Output]) -> None:
    created = _keyed(said, "village_created")[0]
    assert created.reply.params["game"] == "pips"
    # How to join is Pips' to say, and a day's close points at Pips' own command.
    assert (
        created.text
        == "このチャンネルをピップスの村にしました。`[[pips]]` と書くとその日のダイスを振ります。"
    )
    assert "greed" not in created.text
    opened = _keyed(said, "day_opened")[0]
    assert "ルール: 1日にダイス1個（6面）、出た目が得点。" in opened.text  # its own rules
    rolled = _keyed(said, "pips.rolled")
    assert [o.text for o in rolled] == ["【ann】4の目：今日は4点。", "【bob】6の目：今日は6点。"]
    [again] = _keyed(said, "pips.done")
    assert again.text == "【ann】今日はもう4を振りました。また明日。"
    assert not _keyed(said, "greed.throw")  # `[[greed]]` played nothing here
    # The village's rules are Pips' own: named and checked by Pips, Greed's unknown here.
    [bad] = _keyed(said, "bad_setting")
    assert bad.text == "【ann】設定 面数 に「8」は使えません。指定できる値: 6"
    [unknown] = _keyed(said, "unknown_setting")
    assert unknown.reply.params["setting"] == "turns"
    assert str(unknown.reply.params["allowed"]).startswith("sides, locale")
    [changed] = _keyed(said, "settings")
    assert "ルール: 1日にダイス1個（6面）、出た目が得点。" in changed.text
    assert changed.text.splitlines()[-2:] == ["変更しました: 面数", "面数は2dから適用されます。"]
    # Every reply of Pips' day is written by Pips: its status, the memo, its help.
    [status] = _keyed(said, "pips.status")
    assert status.text == "【bob】1日目：6を振りました。全日の合計6点。"
    memos = [o.text for o in _keyed(said, "pips.memo")]
    assert memos[:2] == [
        "annのメモ（1日目）：今日4点、1日の合計4点。",
        "bobのメモ（1日目）：今日6点、1日の合計6点。",
    ]
    [helped] = _keyed(said, "help")
    assert "`/pips status`" in helped.text and "/greed" not in helped.text
    [unreadable] = _keyed(said, "pips.unreadable")
    assert unreadable.text == "【bob】振るときは `[[pips]]` だけを書いてください。"
    [closed] = _keyed(said, "day_closed")
    assert closed.reply.params["day"] == 1 and closed.reply.params["draw_count"] == 2
    assert "`/pips verify day:1`" in closed.text and "greed" not in closed.text
    standings = _keyed(said, "standings")
    final = standings[-1].reply.params["rows"]
    assert [(row["player"], row["days"][0], row["total"]) for row in final] == [
        ("bob", 6, 6),
        ("ann", 4, 4),
    ]
    [verify] = _keyed(said, "pips.verify")
    assert verify.text.startswith("1日目：2回の出目をシードで検証")
    # Checked by Pips' own reading of its record (Greed's would not read `4` as a face):
    # scripted dice differ from the seed's only as faces, unless one happens to agree.
    assert verify.reply.params["throws"] == 2 and verify.reply.params["scripted"]
    assert {m["what"] for m in verify.reply.params["mismatches"]} <= {"faces"}
    # The record lists each roll's outcome as Pips reads it from its own event (`pips`).
    [export] = _keyed(said, "pips.export")
    # (a fresh village in a database other tests wrote to has another number)
    assert re.match(r"1日目の記録：2回、pips-village\d+-day1\.json。", export.text)
    document = export.reply.params["document"]
    assert [row["faces"] for row in document["throws"]] == [[4], [6]]


@pytest.mark.parametrize("database_url", [MEMORY, None], ids=["memory", "sqlite"])
async def test_the_coin_toss_plays_a_table_to_its_end_in_a_replay(
    database_url: str | None,
) -> None:
    _check_coin_table(await _replayed(COIN_TABLE, database_url))


async def test_the_coin_toss_plays_a_table_to_its_end_in_the_console(any_store: Store) -> None:
    _check_coin_table(await _in_console(any_store, COIN_TABLE))


@pytest.mark.parametrize("database_url", [MEMORY, None], ids=["memory", "sqlite"])
async def test_a_village_of_pips_plays_and_closes_a_day_in_a_replay(
    database_url: str | None,
) -> None:
    _check_pips_day(await _replayed(PIPS_DAY, database_url, day_game="pips"))


async def test_a_village_of_pips_plays_and_closes_a_day_in_the_console(any_store: Store) -> None:
    _check_pips_day(await _in_console(any_store, PIPS_DAY, day_game="pips"))


async def test_the_default_registry_knows_no_toy() -> None:
    """Registered in one registry only: a village of the bot's own games reads `[[coin]]`
    as chatter and knows no `/coin`."""
    said = await _replayed_default(["ann: [[coin]] heads", "ann: /coin new"])
    assert [o.reply.key for o in said] == ["village_created", "day_opened", "unknown_command"]


async def _replayed_default(lines: list[str]) -> list[Output]:
    said: list[Output] = []
    await replay(lines, lambda _n, _l, outputs: said.extend(outputs), MEMORY, golden_seeds())
    return said
