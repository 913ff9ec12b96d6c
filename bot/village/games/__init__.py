"""The games a village can host, by key."""

from bot.village.game import Game
from bot.village.games.greed import GreedGame

GAMES: dict[str, Game] = {GreedGame.key: GreedGame()}
