"""The games a village can host, by key: adding a game is one line here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.games.api import Game, TableGame
from bot.games.day import DayGame
from bot.games.ducks import TABLE as DUCKS
from bot.games.gleek import TABLE as GLEEK
from bot.games.greed.day_game import DAY as GREED
from bot.games.regidice import TABLE as REGIDICE

AnyGame = Game[Any, Any, Any]
"""A game as the village holds it: games of different state, move and event types side by
side. Each game is checked against the API with its own types, in its own package."""

AnyTableGame = TableGame[Any, Any, Any]
AnyDayGame = DayGame[Any, Any, Any]

DAY_GAMES: Mapping[str, AnyDayGame] = {day.game.key: day for day in (GREED,)}
"""The games each player plays alone in the village's channel, one table per player and
day; a village has one (`VillageRecord.game`)."""

DEFAULT_DAY_GAME: Final = next(iter(DAY_GAMES))
"""The day game a new village plays."""

TABLE_GAMES: Mapping[str, AnyTableGame] = {
    table.game.key: table for table in (DUCKS, GLEEK, REGIDICE)
}
"""The games played at tables of several seats, with their commands and replies."""

GAMES: Mapping[str, AnyGame] = {
    **{day.game.key: day.game for day in DAY_GAMES.values()},
    **{table.game.key: table.game for table in TABLE_GAMES.values()},
}
"""Every game, day games first: a message is offered to each game's grammar in this order."""
