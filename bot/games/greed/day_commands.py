"""Greed's group of commands, `/greed …`, as players type them: what each is called and
takes (the village does them), with their Japanese names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.games.day import DayArgument, DayCommand
from bot.games.greed.rules import MAX_TURNS_PER_DAY

_PLAYER: Final = DayArgument("player", "player")
_DAY: Final = DayArgument("day", "day", low=1)
_REASON: Final = DayArgument("reason", required=True, free_text=True)

COMMANDS: Final = (
    DayCommand("status", "status", (_PLAYER,)),
    DayCommand("end", "end"),
    DayCommand("log", "log", (_PLAYER, _DAY)),
    DayCommand("memo", "memo", (_PLAYER,)),
    DayCommand("odds", "odds"),
    DayCommand(
        "score", "calculate", (DayArgument("faces", "faces", required=True, free_text=True),)
    ),
    DayCommand(
        "rollback",
        "rollback",
        (
            DayArgument("player", "player", required=True),
            DayArgument("turn", "number", required=True, low=1, high=20),
            DayArgument("lap", "number", low=1),
            DayArgument("throw", "number", low=1),
            _REASON,
        ),
    ),
    DayCommand("restore", "restore", (DayArgument("player", "player", required=True), _REASON)),
    DayCommand("verify", "verify", (_DAY, DayArgument("export", "file"))),
    DayCommand("help", "help"),
)
"""`/greed status`, `/greed end`, … in the order help lists them."""

SETTINGS: Final = (
    DayArgument("rules", "choice", choices=("official", "house", "revised")),
    DayArgument("turns", "number", low=1, high=MAX_TURNS_PER_DAY),
    DayArgument("threshold", "number", low=0, high=100_000),
)
"""Greed's rules as a village sets them: `/village config rules:house turns:5`."""

POSITION: Final = ("turn", "lap", "throw")
"""Where a throw was made: its turn, the lap of the turn and the throw of the lap."""

ALIASES: Final[Mapping[str, str]] = {
    "状況": "status",
    "状態": "status",
    "ターンエンド": "end",
    "記録": "log",
    "ログ": "log",
    "得点メモ": "memo",
    "メモ": "memo",
    "確率": "odds",
    "得点計算": "score",
    "得点": "score",
    "ロールバック": "rollback",
    "巻き戻し": "rollback",
    "ロールバック取消": "restore",
    "復元": "restore",
    "検証": "verify",
    "ヘルプ": "help",
}
"""The commands' Japanese names: those Discord shows for the slash commands, and a few more."""

ARGUMENT_ALIASES: Final[Mapping[str, tuple[str, ...]]] = {
    "出目": ("faces",),
    "ターン": ("turn",),
    "周": ("lap",),
    "投": ("throw",),
    "ルール": ("rules",),
    "ターン数": ("turns",),
    "te条件": ("threshold",),
}
