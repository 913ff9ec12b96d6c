"""What a Japanese village is told in Japanese: a file the console cannot read, a table number
no table has, a setting by the name players type it by."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.console.golden import replay_lines

CLOCK = "@clock 2026-12-01T12:00:00+09:00"


async def said(*lines: str) -> list[dict[str, object]]:
    blocks = await replay_lines([CLOCK, *lines])
    return blocks[-1].replies


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("missing.json", "が見つかりません"),
        ("", "はフォルダです"),
    ],
)
async def test_a_file_the_console_cannot_read_is_told_in_the_villages_language(
    tmp_path: Path, name: str, words: str
) -> None:
    path = tmp_path / name
    [reply] = await said(f"alice: /greed verify export:{path}")
    assert (reply["kind"], reply["key"]) == ("refused", "file_unreadable")
    assert words in str(reply["text"]) and "Errno" not in str(reply["text"])


async def test_a_table_number_no_table_has_is_said_so() -> None:
    [reply] = await said("ann: /ducks verify table:99")
    assert reply["key"] == "no_table_number"
    assert "この村にダックス・イン・ア・バケツの99番卓はありません" in str(reply["text"])


async def test_a_setting_is_named_as_players_type_it() -> None:
    [reply] = await said("Ann: /gleek new 配数:3")
    assert reply["key"] == "bad_setting"
    assert str(reply["text"]).startswith("【Ann】設定 回数 に「配数:3」は使えません")


async def test_one_games_standings_list_only_those_who_sat_at_its_tables() -> None:
    blocks = await replay_lines(
        [
            CLOCK,
            "carl: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]",
            "ann: /ducks new",
            "bob: /ducks join",
            "ann: /ducks start",
            "@clock 2026-12-05T12:00:00+09:00",
            "ann: /village standings game:ducks",
            "ann: /village standings",
        ]
    )
    ducks, everyone = (block.replies[-1]["params"] for block in blocks[-2:])
    assert [line["player"] for line in ducks["rows"]] == ["ann", "bob"]  # type: ignore[index]
    assert {line["player"] for line in everyone["rows"]} == {"ann", "bob", "carl"}  # type: ignore[index]
