"""Chat messages that play Ducks (ducks.md §5), in English and Japanese, half- and full-width."""

from __future__ import annotations

import unicodedata

import pytest

from bot.games.api import Play, Unreadable
from bot.games.ducks.game import GAME
from bot.games.ducks.grammar import (
    TAG_AND_STOP,
    TOO_MANY_TAGS,
    UNREADABLE,
    Malformed,
    Moves,
    NotPlay,
    read,
)
from bot.games.ducks.moves import DuckMove, Pass, Promote, Roll, Stop


def full_width(text: str) -> str:
    """`text` as a Japanese keyboard in full-width mode types it (NFKC undoes it)."""
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)
    return wide.replace(" ", "\u3000")


def moves(text: str) -> tuple[DuckMove, ...]:
    reading = read(text)
    assert isinstance(reading, Moves), (text, reading)
    return reading.moves


def both_widths(cases: list[tuple[str, tuple[DuckMove, ...]]]) -> list[tuple[str, object]]:
    found = []
    for text, expected in cases:
        found.append((text, expected))
        wide = full_width(text)
        assert unicodedata.normalize("NFKC", wide) == text
        found.append((wide, expected))
    return found


ROLL = (Roll(),)
FORMS = both_widths(
    [
        ("[[ducks]]", ROLL),
        ("[[DUCKS]]", ROLL),
        ("[[ ducks ]]", ROLL),
        ("振ります [[ducks]] よろしく", ROLL),
        ("promote 2 3", (Promote((2, 3)),)),
        ("Promote 55", (Promote((5, 5)),)),
        ("promote 2+3", (Promote((2, 3)),)),
        ("promote 1,1,2,2", (Promote((1, 1, 2, 2)),)),
        ("promote 5", (Promote((5,)),)),
        ("昇格 2 3", (Promote((2, 3)),)),
        ("昇格 1、1、3", (Promote((1, 1, 3)),)),
        ("昇格55", (Promote((5, 5)),)),
        ("2+3を昇格", (Promote((2, 3)),)),
        ("2 3 を昇格", (Promote((2, 3)),)),
        ("5 5 昇格", (Promote((5, 5)),)),
        ("12345を昇格", (Promote((1, 2, 3, 4, 5)),)),
        ("pass", (Pass(),)),
        ("PASS", (Pass(),)),
        ("パス", (Pass(),)),
        ("見送り", (Pass(),)),
        ("stop", (Stop(),)),
        ("ストップ", (Stop(),)),
        ("中止", (Stop(),)),
        ("パス!", (Pass(),)),
        ("stop.", (Stop(),)),
        ("中止。", (Stop(),)),
        # combined: a promotion or a pass, then the roll; a promotion, then a stop
        ("昇格 5 5 [[ducks]]", (Promote((5, 5)), Roll())),
        ("[[ducks]] promote 5 5", (Promote((5, 5)), Roll())),
        ("パス [[ducks]]", (Pass(), Roll())),
        ("pass [[ducks]]!", (Pass(), Roll())),
        ("昇格 6 6 ストップ", (Promote((6, 6)), Stop())),
        ("6 6を昇格 中止", (Promote((6, 6)), Stop())),
        ("promote 6 6 stop", (Promote((6, 6)), Stop())),
    ]
)


@pytest.mark.parametrize(("text", "expected"), FORMS)
def test_every_form_of_section_5_reads_as_its_moves(text: str, expected: object) -> None:
    assert moves(text) == expected


def test_half_width_katakana_counts() -> None:
    assert moves("ﾊﾟｽ") == (Pass(),)
    assert moves("ｽﾄｯﾌﾟ") == (Stop(),)


def test_a_tagged_reading_says_it_is_tagged() -> None:
    reading = read("パス [[ducks]]")
    assert isinstance(reading, Moves) and reading.tagged
    reading = read("パス")
    assert isinstance(reading, Moves) and not reading.tagged


@pytest.mark.parametrize(
    ("text", "reason", "tagged"),
    [
        ("[[ducks]] [[ducks]]", TOO_MANY_TAGS, True),
        ("［［ｄｕｃｋｓ］］［［ｄｕｃｋｓ］］", TOO_MANY_TAGS, True),
        ("stop [[ducks]]", TAG_AND_STOP, True),
        ("昇格 5 ストップ [[ducks]]", TAG_AND_STOP, True),
        ("5を昇格して振る [[ducks]]", UNREADABLE, True),
        ("promote 7", UNREADABLE, False),
        ("promote 2 2 please", UNREADABLE, False),
        ("promote 123456", UNREADABLE, False),
        ("ストップ 昇格 5", UNREADABLE, False),
        ("pass stop", UNREADABLE, False),
        ("パス 昇格 5", UNREADABLE, False),
        ("I think I will pass on that", UNREADABLE, False),
        ("パスします", UNREADABLE, False),
    ],
)
def test_a_message_that_tries_to_play_but_fits_no_form_is_malformed(
    text: str, reason: str, tagged: bool
) -> None:
    reading = read(text)
    assert isinstance(reading, Malformed), reading
    assert (reading.reason, reading.tagged) == (reason, tagged)


def test_too_many_tags_counts_them() -> None:
    reading = read("[[ducks]][[ducks]][[ducks]]")
    assert isinstance(reading, Malformed) and reading.tags == 3


@pytest.mark.parametrize(
    "text",
    [
        "おはよう",
        "5 5",
        "パスタ食べたい",
        "コンパスをなくした",
        "bypass",
        "the bus stopped",
        "[[greed]]",
        "/ducks roll",
        "",
    ],
)
def test_chatter_is_not_play(text: str) -> None:
    assert read(text) == NotPlay()


@pytest.mark.parametrize(
    "text",
    [
        "> [[ducks]]",
        "> 昇格 5 5",
        "`[[ducks]]`",
        "``昇格 5``",
        "```\n[[ducks]]\n```",
        "```[[ducks]]",
        "前の投稿:\n>>> [[ducks]]\nパス",
    ],
)
def test_quoted_lines_and_code_are_not_read(text: str) -> None:
    assert read(text) == NotPlay()


def test_play_outside_the_quote_still_counts() -> None:
    assert moves("> 昇格 5\nパス [[ducks]]") == (Pass(), Roll())
    assert moves("`stop` [[ducks]]") == (Roll(),)


def test_an_invisible_character_cannot_hide_a_tag() -> None:
    assert read("[[du\u200bcks]]") == Moves((Roll(),))


def test_the_game_reads_a_message_for_the_village() -> None:
    assert GAME.read("昇格 5 5 [[ducks]]") == Play((Promote((5, 5)), Roll()), tagged=True, tags=1)
    assert GAME.read("パス") == Play((Pass(),), tagged=False)
    assert GAME.read("promote 7") == Unreadable(UNREADABLE, tagged=False, tags=0)
    assert GAME.read("[[ducks]][[ducks]]") == Unreadable(TOO_MANY_TAGS, tagged=True, tags=2)
    assert GAME.read("おはよう") is None
