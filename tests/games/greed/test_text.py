"""Greed's catalogue: both languages complete, and joined to the village's without a clash."""

import string

from bot.chat import catalog_en, catalog_ja
from bot.chat.text import catalog
from bot.games.ducks.text import TEXTS_JA as DUCKS_JA
from bot.games.greed import catalog_en as greed_en
from bot.games.greed import catalog_ja as greed_ja


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_greeds_texts_exist_in_both_languages_with_the_same_fields() -> None:
    assert set(greed_ja.TEXTS) == set(greed_en.TEXTS)
    for key, template in greed_ja.TEXTS.items():
        assert _fields(template) == _fields(greed_en.TEXTS[key]), key


def test_no_game_redefines_a_village_text_or_another_games() -> None:
    village = set(catalog_ja.TEXTS) | set(catalog_en.TEXTS)
    assert not village & set(greed_ja.TEXTS)
    assert not village & set(DUCKS_JA)
    assert not set(greed_ja.TEXTS) & set(DUCKS_JA)


def test_the_village_catalogue_holds_greeds_texts() -> None:
    for locale, texts in (("ja", greed_ja.TEXTS), ("en", greed_en.TEXTS)):
        merged = catalog(locale)
        assert all(merged[key] == text for key, text in texts.items())
