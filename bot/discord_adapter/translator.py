"""Japanese and English names and descriptions of the slash commands, from the catalogues.

Every name and description is made with a catalogue key in its `locale_str` extras; Discord
shows the English text by default and the Japanese one to Japanese clients.
"""

from __future__ import annotations

from discord import Locale, app_commands

from bot.chat.render import catalog
from bot.games.registry import DEFAULT, Registry

_LANGUAGES = {Locale.japanese: "ja"}
"""Clients in other languages see the default (English) texts."""

KEY = "key"


def text(key: str, games: Registry = DEFAULT) -> app_commands.locale_str:
    """A string Discord shows in the client's language: English by default, from the
    catalogues of the games the village service hosts."""
    return app_commands.locale_str(catalog("en", games)[key], **{KEY: key})


def name(key: str, default: str) -> app_commands.locale_str:
    """A command, group, option or choice name; its default is the English one."""
    return app_commands.locale_str(default, **{KEY: key})


class CatalogueTranslator(app_commands.Translator):
    def __init__(self, games: Registry = DEFAULT) -> None:
        """`games`: the games whose commands' names and texts it translates."""
        self.games = games

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = _LANGUAGES.get(locale)
        key = string.extras.get(KEY)
        if language is None or not isinstance(key, str):
            return None
        return catalog(language, self.games).get(key)
