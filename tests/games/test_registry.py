"""A registry of games refuses, when it is made, two games claiming one name: a game key,
a group of commands (or its other name), a reply key or a tag; and what is made from a
registry (its command table, its grammar) knows its games and no others."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.chat.parse import parse_message
from bot.chat.render import render
from bot.chat.text import catalog
from bot.games.api import TableCommands
from bot.games.ducks import TABLE as DUCKS
from bot.games.greed.day_game import DAY as GREED
from bot.games.registry import DEFAULT, ClashError, Registry
from bot.village.registry import commands_of
from bot.village.requests import Chatter, CommandRequest, GamePlay
from bot.words.reply import Reply, ReplyKind
from bot.words.text import GameTexts
from tests.toys.coin import TABLE as COIN
from tests.toys.coin.game import CoinGame
from tests.toys.pips import DAY as PIPS
from tests.toys.pips.game import PipsGame
from tests.toys.registry import TOYS


class _CoinCalled(CoinGame):
    def __init__(self, key: str) -> None:
        self.key = key  # type: ignore[misc]


def test_two_games_of_one_key_are_refused() -> None:
    with pytest.raises(ClashError, match="game key 'ducks'"):
        Registry((GREED,), (DUCKS, replace(COIN, game=_CoinCalled("ducks"))))


def test_a_game_named_as_another_games_group_is_refused() -> None:
    # `/ダックス` is Ducks' group already.
    coin = replace(COIN, commands=TableCommands(group_aliases=("ダックス",)))
    with pytest.raises(ClashError, match="coin and ducks both claim the command group 'ダックス'"):
        Registry((GREED,), (DUCKS, coin))


def test_a_game_named_as_the_villages_own_group_is_refused() -> None:
    coin = replace(COIN, commands=TableCommands(group_aliases=("村",)))
    games = Registry((GREED,), (coin,))  # the games alone do not know the village's group
    with pytest.raises(ClashError, match="command group '村'"):
        commands_of(games)
    with pytest.raises(ClashError, match="command group 'village'"):
        commands_of(Registry((GREED,), (replace(COIN, game=_CoinCalled("village")),)))


def test_two_games_writing_one_reply_key_are_refused() -> None:
    assert COIN.texts is not None
    writers = {**COIN.texts.writers, "ducks.roll": COIN.texts.writers["coin.toss"]}
    coin = replace(COIN, texts=GameTexts(writers, COIN.texts.ja, COIN.texts.en))
    with pytest.raises(ClashError, match=r"coin and ducks both claim the reply key 'ducks\.roll'"):
        Registry((GREED,), (DUCKS, coin))


def test_two_games_reading_one_tag_are_refused() -> None:
    coin = replace(COIN, tags=("[[DUCKS]]",))
    with pytest.raises(ClashError, match="coin and ducks both claim the tag"):
        Registry((GREED,), (DUCKS, coin))


def test_a_registrys_grammar_and_commands_are_its_own() -> None:
    played = parse_message("[[coin]] heads", TOYS)
    assert isinstance(played, GamePlay) and played.game == "coin"
    assert isinstance(parse_message("[[coin]] heads"), Chatter)  # the bot's own games
    typed = parse_message("/コイン コール 面:heads", TOYS)
    assert isinstance(typed, CommandRequest)
    found = commands_of(TOYS).resolve(typed)
    assert found is not None and found[1].path == "coin call" and found[1].args == {"side": "heads"}
    assert commands_of(DEFAULT).resolve(typed) is None
    assert "coin" in commands_of(TOYS).groups and "coin" not in commands_of(DEFAULT).groups


class _PipsCalled(PipsGame):
    def __init__(self, key: str) -> None:
        self.key = key  # type: ignore[misc]


def test_a_days_rules_are_worded_by_the_villages_day_game_not_the_first_that_fits() -> None:
    # Two day games of the same settings: only the game a reply names tells them apart.
    other = replace(
        PIPS,
        game=_PipsCalled("dots"),
        texts=GameTexts({}, {}, {}, rules=lambda t, rules: "dots' own rules"),
        group_aliases=(),
        tags=("[[dots]]",),
    )
    games = Registry((PIPS, other), ())
    opened = Reply(
        ReplyKind.DAY_OPENED,
        "day_opened",
        {
            "day": 1,
            "closes_at": "2026-12-02T00:00:00+09:00",
            "commitment": "ab" * 32,
            "rules": {"sides": 6},
            "game": "dots",
        },
    )
    assert "dots' own rules" in render(opened, "en", games=games).splitlines()
    pips = replace(opened, params={**opened.params, "game": "pips"})
    assert "Rules: one 6-sided die a day, its pips the points." in render(pips, "en", games=games)


def test_two_games_holding_one_text_are_refused() -> None:
    # Greed's catalogue words a die (`die`): a table game's `die` would be read in its replies.
    assert GREED.texts is not None and "die" in GREED.texts.en
    own = COIN.texts
    assert own is not None
    coin = replace(COIN, texts=replace(own, en={**own.en, "die": "a coin"}))
    with pytest.raises(ClashError, match="coin and greed both claim the text 'die'"):
        Registry((GREED,), (DUCKS, coin))


def test_a_game_holding_one_of_the_villages_texts_is_refused() -> None:
    own = COIN.texts
    assert own is not None
    coin = replace(COIN, texts=replace(own, ja={**own.ja, "no_village": "村ではありません"}))
    with pytest.raises(ClashError, match="no_village"):
        catalog("ja", Registry((GREED,), (coin,)))
