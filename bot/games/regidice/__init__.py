"""Regidice (regidice.md): the cooperative dice game for 1 to 4 players, on the game API.

The rules side is pure: `dice` (colours, ids, tokens), `scoring` (each action's best
result), `moves`, `commands` (the commands' words read into moves), `events` (and their codec),
`settings`, `table` (the state, events applied), `rules` (what each submission, roll, default
and abandon makes happen; the refusals), `observe` (what each viewer may see; the record),
`roll` (the fair derivation of §8), `script` (a replay's `@dice NAME: …` line) and `game`
(the `Game` the village hosts). The reply side: `replies` (plain JSON with names, each
player's own dice apart), `presenter`, and `text` with `catalog_ja` / `catalog_en`.
"""

from collections.abc import Sequence

from bot.games.api import (
    COMMANDS_ANSWERED_AS_INFO,
    ChanceRequest,
    MoveCommand,
    Outcome,
    TableCommands,
    TableGame,
)
from bot.games.regidice import rules, script, settings, text
from bot.games.regidice.dice import Colour, Parity, Token
from bot.games.regidice.events import RegidiceEvent
from bot.games.regidice.game import GAME, RegidiceGame
from bot.games.regidice.moves import Act, Action, Boost, Declare, Prepare, RegidiceMove
from bot.games.regidice.presenter import RegidicePresenter
from bot.games.regidice.table import RegidiceState, Step

MAX_SEATED = 12
"""More than 4 may take seats before the start (§2), the opener then starts with 1 to 4: a
bound, so that a table's seat list stays readable."""


class _Rolls:
    """A replay's `@dice Ann: 3r 1r … | Bob: …` lines: a round's roll, named by players."""

    def check(self, text: str) -> None:
        script.check_roll_script(text)

    def outcome(
        self, text: str, request: ChanceRequest, names: Sequence[str]
    ) -> tuple[Outcome, bool]:
        return script.roll_script(text, request, names), True


def tally(progress: Sequence[int]) -> dict[str, int | float]:
    """§5: a player's tables, wins, best and mean progress (a won table's progress is 60)."""
    played = len(progress)
    return {
        "wins": sum(1 for p in progress if p >= 60),
        "best": max(progress, default=0),
        "mean": round(sum(progress) / played, 1) if played else 0,
    }


TABLE: TableGame[RegidiceState, RegidiceMove, RegidiceEvent] = TableGame(
    GAME,
    RegidicePresenter(),
    moves=(
        MoveCommand("declare", ("action", "value"), optional=("value",)),
        MoveCommand("act", ("colour", "take", "boost"), optional=("colour", "take", "boost")),
        MoveCommand("prepare", ("lose", "pass"), optional=("lose", "pass")),
    ),
    setting_choices={"declare": ("open", "sealed")},
    texts=text.TEXTS,
    commands=TableCommands(
        group_aliases=("レジダイス",),
        # Its moves' and its score table's Japanese names: the commands every table game
        # has are named by the village (`新規`, `参加`, `状況`, …), as are the common keys.
        aliases={
            "宣言": "declare",
            "実行": "act",
            "準備": "prepare",
            "記録表": "score",
        },
        argument_aliases={
            "行動": ("action",),
            "値": ("value",),
            "色": ("colour",),
            "回収": ("take",),
            "強化": ("boost",),
            "失う": ("lose",),
            "渡す": ("pass",),
            "宣言方式": ("declare",),
            "ダイス": ("dice",),
        },
        positional=True,
        hands=True,
        rollback=False,
        skip_reason=False,
        keyed=("act", "prepare"),
        log_argument="round",
        leave_in_play=False,
        seated_beyond=MAX_SEATED,
        # regidice.md §7: a command gets one reply to its sender, `table_opened`, `joined`,
        # or else `info` (the start too), before the announcements it causes.
        replies={
            **COMMANDS_ANSWERED_AS_INFO,
            "started": "info",
            "skipped": "info",
            "ended": "info",
        },
    ),
    scripts={"@dice": _Rolls()},
    tally=tally,
    kept_apart=True,
    settle=settings.settle,
    abandon=rules.abandon,
)
"""Regidice as the village hosts it."""

__all__ = [
    "GAME",
    "TABLE",
    "Act",
    "Action",
    "Boost",
    "Colour",
    "Declare",
    "Parity",
    "Prepare",
    "RegidiceEvent",
    "RegidiceGame",
    "RegidiceMove",
    "RegidiceState",
    "Step",
    "Token",
]
