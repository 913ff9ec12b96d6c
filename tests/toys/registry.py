"""The one registration of the toy games: the bot's four games and the two toys."""

from __future__ import annotations

from typing import Final

from bot.games.ducks import TABLE as DUCKS
from bot.games.gleek import TABLE as GLEEK
from bot.games.greed.day_game import DAY as GREED
from bot.games.regidice import TABLE as REGIDICE
from bot.games.registry import Registry
from tests.toys.coin import TABLE as COIN
from tests.toys.pips import DAY as PIPS

TOYS: Final = Registry((GREED, PIPS), (DUCKS, GLEEK, REGIDICE, COIN))
