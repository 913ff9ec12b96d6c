"""The games a village can host, by key: adding a game is one line here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.api import Game, TableGame
from bot.games.ducks import TABLE as DUCKS
from bot.games.greed.game import GAME as GREED

AnyGame = Game[Any, Any, Any]
"""A game as the village holds it: games of different state, move and event types side by
side. Each game is checked against the API with its own types, in its own package."""

AnyTableGame = TableGame[Any, Any, Any]

TABLE_GAMES: Mapping[str, AnyTableGame] = {table.game.key: table for table in (DUCKS,)}
"""The games played at tables of several seats, with their commands and replies."""

GAMES: Mapping[str, AnyGame] = {
    game.key: game for game in (GREED, *(table.game for table in TABLE_GAMES.values()))
}
