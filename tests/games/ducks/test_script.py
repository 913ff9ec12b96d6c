"""The replay line `@dice B | W W …` (ducks.md §6)."""

from __future__ import annotations

import pytest

from bot.games.api import ChanceRequest, Dice
from bot.games.ducks.game import GAME
from bot.games.ducks.script import line, parse

FIVE = ChanceRequest(Dice(6, 6), seat=0)
THREE = ChanceRequest(Dice(6, 4), seat=0)


def test_the_boss_comes_first_and_faces_become_values_0_to_5() -> None:
    assert parse("5 | 4 5 4 5 2", FIVE) == (4, 3, 4, 3, 4, 1)
    assert parse("@dice 1|6 6 6", THREE) == (0, 5, 5, 5)
    assert parse("６ ｜ １ ２ ３", THREE) == (5, 0, 1, 2)


def test_the_game_reads_the_same_line_without_knowing_the_roll() -> None:
    assert GAME.script("5 | 4 5 4 5 2") == (4, 3, 4, 3, 4, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5 | 4 5 4", "3 white dice scripted, but this roll throws 5"),
        ("5 4 5 4 5 2", "bar"),
        ("5 6 | 4 5 4 5 2", "one Boss"),
        ("| 4 5 4 5 2", "one Boss"),
        ("5 | 4 5 7 5 2", "'7' is not a face"),
        ("0 | 4 5 4 5 2", "'0' is not a face"),
        ("5 | 45 4 5 2", "'45' is not a face"),
        ("5 |", "1 to 5 white dice"),
        ("D G $ R R Eb", "bar"),
    ],
)
def test_a_line_that_does_not_fit_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("$", r"\$")):
        parse(text, FIVE)


def test_a_line_is_written_back_the_way_it_is_read() -> None:
    assert line((4, 3, 4, 3, 4, 1)) == "@dice 5 | 4 5 4 5 2"
    assert parse(line((0, 5, 5)), ChanceRequest(Dice(6, 3))) == (0, 5, 5)
