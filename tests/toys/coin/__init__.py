"""A coin toss at a table: a toy table game, in this one folder plus its registration.

Two to four players call heads or tails in turn (`[[coin]] heads`, or `/coin call
side:tails`); the table tosses a fair coin from its seed, as every table game draws its
chance, and a right call wins a point. The first to `target` points (3 by default) wins.
"""

from bot.games.api import MoveCommand, TableCommands, TableGame
from tests.toys.coin.game import GAME, CoinState, Tossed
from tests.toys.coin.presenter import CoinPresenter
from tests.toys.coin.text import TEXTS

TABLE: TableGame[CoinState, object, object] = TableGame(
    GAME,
    CoinPresenter(),
    moves=(MoveCommand("call", ("side",)),),
    texts=TEXTS,
    commands=TableCommands(
        group_aliases=("コイン",),
        aliases={"コール": "call"},
        argument_aliases={"面": ("side",)},
    ),
    tags=("[[coin]]",),
)

__all__ = ["GAME", "TABLE", "CoinState", "Tossed"]
