"""The village's catalogue of texts, in each language, with every game's merged into it, and
every game's reply writers and their params' shapes: made from the registry of games the
chat is handed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.chat import catalog_en, catalog_ja
from bot.games.registry import DEFAULT, ClashError, Registry
from bot.words.shapes import Params, Shapes

CATALOGS: Final[Mapping[str, Mapping[str, str]]] = {
    "ja": catalog_ja.TEXTS,
    "en": catalog_en.TEXTS,
}
LOCALES: Final = tuple(CATALOGS)
DEFAULT_LOCALE: Final = "ja"  # the game's home audience


def catalog(locale: str, games: Registry = DEFAULT) -> Mapping[str, str]:
    """The texts of `locale`, or of the default locale when there are none: the village's
    own and every game's of `games`."""
    return games.derived(_catalogs)[locale if locale in CATALOGS else DEFAULT_LOCALE]


def game_shapes(games: Registry = DEFAULT) -> Shapes:
    """The shapes of the reply params of the games of `games`, by reply key."""
    shapes: dict[str, type[Params]] = {}
    for texts in games.texts:
        shapes.update(texts.shapes)
    return shapes


def _catalogs(games: Registry) -> dict[str, dict[str, str]]:
    merged = {locale: dict(texts) for locale, texts in CATALOGS.items()}
    for texts in games.texts:
        # A game's text never stands in for the village's own (the registry refuses two
        # games holding one already).
        taken = sorted({*texts.ja, *texts.en} & {*CATALOGS["ja"], *CATALOGS["en"]})
        if taken:
            raise ClashError(f"a game's catalogue holds the village's texts {taken}")
        merged["ja"].update(texts.ja)
        merged["en"].update(texts.en)
    return merged
