"""The settings every table game reads alike (bot/games/table_settings.py): keys and values
compared as typed in any width and case, each key read by the game's own reader, the time
limit the same at every game, and a key the game does not take refused with the keys it
does, in order."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.api import SettingError
from bot.games.ducks.game import GAME as DUCKS
from bot.games.gleek.game import GAME as GLEEK
from bot.games.regidice.game import GAME as REGIDICE
from bot.games.table_rules import TableRules

TABLE_GAMES: list[TableRules[Any, Any, Any]] = [DUCKS, GLEEK, REGIDICE]
IDS = [game.key for game in TABLE_GAMES]


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
@pytest.mark.parametrize(
    ("typed", "kept"),
    [("48", 48), ("１２時間", 12), ("12 hours", 12), ("3h", 3), ("OFF", None), ("オフ", None)],
)
def test_every_game_reads_the_time_limit_alike(
    game: TableRules[Any, Any, Any], typed: str, kept: int | None
) -> None:
    assert game.settings({"ＤｅａｄＬｉｎｅ": typed}, {})["deadline"] == kept


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
@pytest.mark.parametrize("typed", ["0", "169", "soon", "-3", "1.5"])
def test_a_time_limit_out_of_range_is_refused_at_every_game(
    game: TableRules[Any, Any, Any], typed: str
) -> None:
    with pytest.raises(SettingError) as caught:
        game.settings({"deadline": typed}, {})
    assert (caught.value.key, caught.value.value) == ("deadline", typed)
    assert caught.value.allowed == "1-168 (hours), off"


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
def test_a_key_the_game_does_not_take_names_those_it_does_in_order(
    game: TableRules[Any, Any, Any],
) -> None:
    with pytest.raises(SettingError) as caught:
        game.settings({"Colour": "blue"}, {})
    assert (caught.value.key, caught.value.value) == ("Colour", "blue")
    assert caught.value.allowed == ", ".join(game.setting_keys)


@pytest.mark.parametrize("game", TABLE_GAMES, ids=IDS)
def test_changes_apply_over_the_base_and_the_defaults_fill_the_rest(
    game: TableRules[Any, Any, Any],
) -> None:
    defaults = game.settings({}, {})
    assert tuple(defaults) == game.setting_keys
    changed = game.settings({"deadline": "off"}, {**defaults, "deadline": 6})
    assert changed == {**defaults, "deadline": None}
    assert game.settings({}, {"deadline": 6}) == {**defaults, "deadline": 6}


def test_regidice_reads_its_own_keys_as_typed() -> None:
    """Regidice's readers, now joined to the shared ones: the words of each key in either
    language, `auto` dice, rounds up to the cap."""
    read = REGIDICE.settings(
        {"DECLARE": "非公開", "dice": "自動", "rounds": "０"}, {"dice": 4, "declare": "open"}
    )
    assert (read["declare"], read["dice"], read["rounds"]) == ("sealed", None, 0)
    for key, value in (("declare", "hidden"), ("dice", "10"), ("rounds", "1000")):
        with pytest.raises(SettingError):
            REGIDICE.settings({key: value}, {})
