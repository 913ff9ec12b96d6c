"""Gleek (gleek.md): the old English card game for three, on the game API.

The rules side is pure: `cards` (the 44 cards, tokens, values), `deal` (the fair shuffle of
§7 and dealing it), `scoring` (ruffs, gleeks, tricks, settlement on cards alone), `moves`,
`events` (and their codec), `settings`, `table` (the state, events applied), `rules` (what
each move, chance, default and abandon makes happen; the refusals), `observe` (what each
viewer may see; the score table), `script` (a replay's `@deal` line) and `game` (the `Game`
the village hosts). The reply side: `replies` (plain JSON with names, each player's own hand
apart), `presenter`, and `text` with `catalog_ja` / `catalog_en` (words).
"""

from collections.abc import Sequence

from bot.games.api import (
    COMMANDS_ANSWERED_AS_INFO,
    ChanceRequest,
    MoveCommand,
    Outcome,
    Shuffle,
    TableCommands,
    TableGame,
)
from bot.games.gleek import rules, script, text
from bot.games.gleek.cards import Card, Suit
from bot.games.gleek.events import GleekEvent
from bot.games.gleek.game import GAME, GleekGame
from bot.games.gleek.moves import GleekMove
from bot.games.gleek.presenter import GleekPresenter
from bot.games.gleek.table import GleekState, Phase


class _Deals:
    """A replay's `@deal` lines."""

    def check(self, text: str) -> None:
        script.parse_deal(text)

    def outcome(
        self, text: str, request: ChanceRequest, names: Sequence[str]
    ) -> tuple[Outcome, bool]:
        # The line also names the first dealer, drawn just before the first shuffle: it is
        # used up by the shuffle it deals.
        used_up = isinstance(request.draw, Shuffle)
        return script.deal_script(text, request, names), used_up


TABLE: TableGame[GleekState, GleekMove, GleekEvent] = TableGame(
    GAME,
    GleekPresenter(),
    moves=(
        MoveCommand("bid", ("amount",)),
        MoveCommand("pass"),
        MoveCommand("discard", ("cards",)),
        MoveCommand("vie"),
        MoveCommand("see"),
        MoveCommand("raise"),
        MoveCommand("play", ("card",)),
    ),
    setting_choices={"deals": ("3", "6", "9", "12")},
    texts=text.TEXTS,
    commands=TableCommands(
        group_aliases=("グリーク",),
        # Its moves' and its score table's Japanese names: the commands every table game
        # has are named by the village (`新規`, `参加`, `状況`, …), as are the common keys.
        aliases={
            "入札": "bid",
            "パス": "pass",
            "捨てる": "discard",
            "ベット": "vie",
            "コール": "see",
            "レイズ": "raise",
            "出す": "play",
            "チップ表": "score",
        },
        argument_aliases={
            "額": ("amount",),
            "札": ("card", "cards"),
            "回数": ("deals",),
            "回": ("deal",),
        },
        positional=True,
        hands=True,
        rollback=False,
        skip_reason=False,
        leave_in_play=False,
        # gleek.md §6: `table_opened`, `joined` and `info` to the caller; the start, a skip
        # and an abandon in play are answered by the game's own `dealt`, `timeout` and
        # `game_over`, and every public reply goes to whoever caused it.
        replies={
            **COMMANDS_ANSWERED_AS_INFO,
            "started": None,
            "skipped": None,
            "ended": None,
        },
        announce_to_mover=True,
    ),
    scripts={"@deal": _Deals()},
    kept_apart=True,
    abandon=rules.abandon,
)
"""Gleek as the village hosts it."""

__all__ = [
    "GAME",
    "TABLE",
    "Card",
    "GleekEvent",
    "GleekGame",
    "GleekMove",
    "GleekState",
    "Phase",
    "Suit",
]
