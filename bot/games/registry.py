"""The games a village can host, by key: adding a game is one line here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.api import Game
from bot.games.greed.game import GAME as GREED

AnyGame = Game[Any, Any, Any]
"""A game as the village holds it: games of different state, move and event types side by
side. Each game is checked against the API with its own types, in its own package."""

GAMES: Mapping[str, AnyGame] = {game.key: game for game in (GREED,)}
