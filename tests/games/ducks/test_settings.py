"""A Ducks table's settings as typed in chat: rounds, wild ducks, the time limit."""

from __future__ import annotations

import pytest

from bot.games.api import SettingError
from bot.games.ducks.game import GAME
from bot.games.ducks.settings import deadline_hours, setup


def test_the_defaults_are_one_round_per_seat_wild_ducks_and_a_day_per_turn() -> None:
    assert GAME.settings({}, {}) == {"rounds": "N", "wild": True, "deadline": 24}
    assert GAME.setting_keys == ("rounds", "wild", "deadline")


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"rounds": "2N"}, {"rounds": "2N"}),
        ({"rounds": "2n"}, {"rounds": "2N"}),
        ({"rounds": "２Ｎ"}, {"rounds": "2N"}),
        ({"rounds": "ｎ"}, {"rounds": "N"}),
        ({"wild": "off"}, {"wild": False}),
        ({"wild": "オフ"}, {"wild": False}),
        ({"wild": "ｵﾝ"}, {"wild": True}),
        ({"wild": "ON"}, {"wild": True}),
        ({"deadline": "48"}, {"deadline": 48}),
        ({"deadline": "１６８"}, {"deadline": 168}),
        ({"deadline": "1"}, {"deadline": 1}),
        ({"deadline": "12h"}, {"deadline": 12}),
        ({"deadline": "12時間"}, {"deadline": 12}),
        ({"deadline": "off"}, {"deadline": None}),
        ({"deadline": "オフ"}, {"deadline": None}),
    ],
)
def test_a_setting_is_read_as_players_type_it(
    changes: dict[str, str], expected: dict[str, object]
) -> None:
    assert GAME.settings(changes, {}) == {**GAME.settings({}, {}), **expected}


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("rounds", "3N", "N, 2N"),
        ("rounds", "5", "N, 2N"),
        ("wild", "maybe", "on, off"),
        ("deadline", "0", "1-168 (hours), off"),
        ("deadline", "169", "1-168 (hours), off"),
        ("deadline", "soon", "1-168 (hours), off"),
        ("deadline", "-3", "1-168 (hours), off"),
        ("colour", "blue", "rounds, wild, deadline"),
    ],
)
def test_a_setting_the_game_does_not_take_says_what_it_does(
    key: str, value: str, allowed: str
) -> None:
    with pytest.raises(SettingError) as caught:
        GAME.settings({key: value}, {})
    assert (caught.value.key, caught.value.value, caught.value.allowed) == (key, value, allowed)


def test_changes_apply_on_top_of_the_base() -> None:
    base = GAME.settings({"rounds": "2N", "wild": "off"}, {})
    assert GAME.settings({"deadline": "off"}, base) == {
        "rounds": "2N",
        "wild": False,
        "deadline": None,
    }


def test_the_settings_make_the_rules_of_a_table() -> None:
    assert setup(GAME.settings({"rounds": "2N", "wild": "off"}, {}), 3).rounds == 6
    assert not setup(GAME.settings({"wild": "off"}, {}), 3).wild
    assert setup(GAME.settings({}, {}), 4).rounds == 4
    assert deadline_hours(GAME.settings({}, {})) == 24
    assert deadline_hours(GAME.settings({"deadline": "off"}, {})) is None


def test_wild_off_plays_every_two_plain() -> None:
    wild = GAME.new(GAME.settings({}, {}), 2)
    plain = GAME.new(GAME.settings({"wild": "off"}, {}), 2)
    assert wild.setup.wild and not plain.setup.wild
