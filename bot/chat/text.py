"""The village's catalogue of texts, in each language, with every game's merged into it, and
every game's reply writers and their params' shapes: found through the registry of games."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

from bot.chat import catalog_en, catalog_ja
from bot.games.registry import DAY_GAMES, TABLE_GAMES
from bot.words.shapes import Params, Shapes
from bot.words.text import GameTexts, Text, Writer

CATALOGS: Final[Mapping[str, Mapping[str, str]]] = {
    "ja": catalog_ja.TEXTS,
    "en": catalog_en.TEXTS,
}
LOCALES: Final = tuple(CATALOGS)
DEFAULT_LOCALE: Final = "ja"  # the game's home audience


def catalog(locale: str) -> Mapping[str, str]:
    """The texts of `locale`, or of the default locale when there are none: the village's
    own and every game's."""
    return _catalogs()[locale if locale in CATALOGS else DEFAULT_LOCALE]


def game_writers() -> Mapping[str, Writer]:
    """The reply writers of the games, by reply key."""
    writers: dict[str, Writer] = {}
    for texts in _game_texts():
        writers.update(texts.writers)
    return writers


def game_shapes() -> Shapes:
    """The shapes of the games' reply params, by reply key."""
    shapes: dict[str, type[Params]] = {}
    for texts in _game_texts():
        shapes.update(texts.shapes)
    return shapes


@functools.cache
def _catalogs() -> dict[str, dict[str, str]]:
    merged = {locale: dict(texts) for locale, texts in CATALOGS.items()}
    for texts in _game_texts():
        merged["ja"].update(texts.ja)
        merged["en"].update(texts.en)
    return merged


def _game_texts() -> list[GameTexts]:
    """Every game's texts, day games first, as the registry lists them."""
    found = [day.texts for day in DAY_GAMES.values()]
    found += [table.texts for table in TABLE_GAMES.values()]
    return [texts for texts in found if texts is not None]


def day_rules(t: Text, rules: Mapping[str, Any]) -> str:
    """A day's rules in a line, as the village's day game words them (the village's own
    replies show them: a day's opening, the settings). Each village plays the one day game
    the registry has; its words are found there, not named."""
    for day in DAY_GAMES.values():
        if day.texts is not None and day.texts.rules is not None:
            return day.texts.rules(t, rules)
    return ""
