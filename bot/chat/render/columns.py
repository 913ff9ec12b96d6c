"""The table games' columns of the village standings: the same headers in the text table
and in the picture, so that the two never name a column differently."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.words.text import Text, as_list, as_map, plain


def game_columns(t: Text, params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(game, header) of each table game's column, in the standings' order: the game's
    short name, with the figure it shows when it sums its tables its own way (Regidice:
    wins), marked when it stays out of the total (Gleek's chips)."""
    games = [plain(g) for g in as_list(params.get("games"))]
    apart = {plain(g) for g in as_list(params.get("apart"))}
    headline = {plain(g): plain(f) for g, f in as_map(params.get("headline")).items()}
    return [(game, _header(t, game, game in apart, headline.get(game))) for game in games]


def _header(t: Text, game: str, apart: bool, figure: str | None) -> str:
    name = t.texts.get(f"game_short.{game}", t.word("game", game))
    if figure:
        name = f"{name} {t.texts.get(f'standings.figure.{game}.{figure}', figure)}"
    return t("standings.apart", game=name) if apart else name
