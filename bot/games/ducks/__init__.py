"""Ducks in a Bucket (ducks.md): a table game of 2–6 players on the game API.

The rules side is pure: `scoring` (dice, promotions, hands, points), `moves`, `events` (and
their codec), `settings`, `table` (the state, events applied), `rules` (what each move makes
happen), `game` (the `Game` the village hosts, with the fair dice), `odds`, `grammar` (chat
messages that play) and `script` (replay dice). The reply side: `observe` and `replies`
(plain JSON), `presenter` (the replies with names), `text` with `catalog_ja` / `catalog_en`
(words). Each role has the same module name in every table game.
"""

from bot.games.api import MoveCommand, TableCommands, TableGame
from bot.games.ducks import text
from bot.games.ducks.events import DuckEvent
from bot.games.ducks.game import GAME
from bot.games.ducks.moves import DuckMove
from bot.games.ducks.presenter import DucksPresenter
from bot.games.ducks.table import DuckState

TABLE: TableGame[DuckState, DuckMove, DuckEvent] = TableGame(
    GAME,
    DucksPresenter(),
    moves=(
        MoveCommand("roll"),
        MoveCommand("promote", ("dice",)),
        MoveCommand("pass"),
        MoveCommand("stop"),
    ),
    setting_choices={"rounds": ("N", "2N"), "wild": ("on", "off")},
    texts=text.TEXTS,
    # The moves by their Japanese names, as a chat message says them (`昇格 5 5`). `中止` is a
    # stop here, as in a message: a table is closed with `卓を閉じる` (or `打ち切り`), not with
    # the word that ends a turn.
    commands=TableCommands(
        group_aliases=("ダックス",),
        aliases={
            "振る": "roll",
            "昇格": "promote",
            "パス": "pass",
            "ストップ": "stop",
            "中止": "stop",
            "打ち切り": "abandon",
        },
    ),
    tags=("[[ducks]]",),
)
"""Ducks as the village hosts it."""
