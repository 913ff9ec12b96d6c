"""Every command of the village in one table: the text parser, the argument checks, the
console's help and the Discord slash commands are all made from it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Final, Literal

from bot.games.registry import GAMES, TABLE_GAMES, AnyTableGame
from bot.village import commands, config, days, tables, transparency
from bot.village.core import Call, Core
from bot.village.replies import Reply

Handler = Callable[[Core, Call], Awaitable[list[Reply]]]

ArgumentKind = Literal["text", "number", "player", "day", "faces", "choice", "role", "file"]
"""How an argument is asked for: `player` and `day` offer the village's players and days,
`choice` a closed set, `role` a server role, `file` an attached file (its text)."""


@dataclass(frozen=True, slots=True)
class Argument:
    name: str
    kind: ArgumentKind = "text"
    required: bool = False
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    """Bounds a chat may show and enforce; the village checks every value again itself."""
    free_text: bool = False
    """Takes the rest of the line: inside it only argument names start a new key."""


@dataclass(frozen=True, slots=True)
class Command:
    group: str
    name: str
    """One word, or a subgroup and a word (`day next`)."""
    handler: Handler | None
    """None for a play move sent as a command (`/greed end`): it is played like a message."""
    arguments: tuple[Argument, ...] = ()
    moderator: bool = False
    """Only moderators may use it; others are refused and nothing changes."""
    private: bool = False
    """The answer concerns only the caller (an ephemeral reply on Discord)."""
    slow: bool = False
    """May take longer than a chat waits for a first answer (Discord: defer first)."""
    settings: bool = False
    """Takes the village settings as its arguments (and checks them itself)."""
    anywhere: bool = False
    """Works in a channel that is no village (yet)."""

    @property
    def path(self) -> str:
        return f"{self.group} {self.name}"


GAME_GROUP: Final = "greed"
VILLAGE_GROUP: Final = "village"

_PLAYER = Argument("player", "player")
_DAY = Argument("day", "day", low=1)
_REASON = Argument("reason", required=True, free_text=True)
_TABLE = Argument("table", "number", low=1)

SETTINGS: Final = (
    Argument("rules", "choice", choices=("official", "house", "revised")),
    Argument("turns", "number", low=1, high=20),
    Argument("threshold", "number", low=0, high=100_000),
    Argument("locale", "choice", choices=("ja", "en")),
    Argument("timezone"),
    Argument("update"),
    Argument("period", "choice", choices=("24", "48", "72")),
    Argument("name"),
    Argument("modrole", "role"),
    Argument("refusal_ttl"),
    Argument("flood"),
)
"""The settings `/village create` and `/village config` take."""


_VILLAGE_COMMANDS: Final[tuple[Command, ...]] = (
    Command(GAME_GROUP, "status", commands.status, (_PLAYER,), private=True),
    Command(GAME_GROUP, "end", None),
    Command(GAME_GROUP, "log", commands.log, (_PLAYER, _DAY)),
    Command(GAME_GROUP, "memo", commands.memo, (_PLAYER,)),
    Command(GAME_GROUP, "odds", transparency.odds, private=True),
    Command(
        GAME_GROUP,
        "score",
        commands.score,
        (Argument("faces", "faces", required=True, free_text=True),),
        private=True,
    ),
    Command(
        GAME_GROUP,
        "rollback",
        commands.rollback,
        (
            Argument("player", "player", required=True),
            Argument("turn", "number", required=True, low=1, high=20),
            Argument("lap", "number", low=1),
            Argument("throw", "number", low=1),
            _REASON,
        ),
        moderator=True,
    ),
    Command(
        GAME_GROUP,
        "restore",
        commands.restore,
        (Argument("player", "player", required=True), _REASON),
        moderator=True,
    ),
    Command(
        GAME_GROUP,
        "verify",
        transparency.verify,
        (_DAY, Argument("export", "file")),
        slow=True,
    ),
    Command(GAME_GROUP, "help", commands.help_, private=True, anywhere=True),
    Command(
        VILLAGE_GROUP,
        "create",
        days.create_village,
        SETTINGS,
        moderator=True,
        settings=True,
        anywhere=True,
    ),
    Command(VILLAGE_GROUP, "config", config.configure, SETTINGS, settings=True),
    Command(VILLAGE_GROUP, "day next", days.advance, moderator=True, slow=True),
    Command(VILLAGE_GROUP, "day extend", days.extend, moderator=True),
    Command(
        VILLAGE_GROUP,
        "standings",
        commands.standings,
        (Argument("game", "choice", choices=tuple(GAMES)),),
        slow=True,
    ),
    Command(VILLAGE_GROUP, "export", transparency.export, (_DAY,), slow=True),
    Command(VILLAGE_GROUP, "stats", transparency.stats, (_DAY,), slow=True),
)


def _table_commands(table: AnyTableGame) -> tuple[Command, ...]:
    """The commands of a game played at tables: the same for every such game (`/ducks new`,
    `join`, `start` …), plus its moves typed as commands."""
    game = table.game.key
    settings = tuple(
        Argument(key, "choice", choices=table.setting_choices[key])
        if key in table.setting_choices
        else Argument(key)
        for key in table.game.setting_keys
    )
    moves = tuple(
        Command(
            game,
            move.name,
            tables.move_command,
            tuple(Argument(name, required=True, free_text=True) for name in move.arguments),
        )
        for move in table.moves
    )
    return (
        Command(game, "new", tables.open_table, settings, settings=True),
        Command(game, "config", tables.configure, settings, settings=True),
        Command(game, "join", tables.join),
        Command(game, "leave", tables.leave),
        Command(game, "start", tables.start),
        *moves,
        Command(game, "status", tables.status, private=True),
        Command(game, "score", tables.score, (_TABLE,)),
        Command(game, "export", tables.export, (_TABLE,), slow=True),
        Command(game, "verify", tables.verify, (_TABLE, Argument("export", "file")), slow=True),
        Command(game, "skip", tables.skip, (_REASON,), moderator=True),
        Command(
            game,
            "rollback",
            tables.rollback,
            (_PLAYER, Argument("round", "number", low=1), _REASON),
            moderator=True,
        ),
        Command(game, "abandon", tables.abandon, (_REASON,)),
    )


COMMANDS: Final[tuple[Command, ...]] = (
    *_VILLAGE_COMMANDS,
    *(c for t in TABLE_GAMES.values() for c in _table_commands(t)),
)

_BY_PATH: Final = {command.path: command for command in COMMANDS}

ARGUMENT_NAMES: Final = frozenset(a.name for c in COMMANDS for a in c.arguments)
"""Every argument name: inside a free-text value only these start a new key."""
FREE_TEXT_ARGUMENTS: Final = frozenset(a.name for c in COMMANDS for a in c.arguments if a.free_text)
GROUPS: Final = tuple(dict.fromkeys(c.group for c in COMMANDS))


def find(group: str, name: str) -> Command | None:
    return _BY_PATH.get(f"{group} {name}")


def in_group(group: str) -> Iterator[Command]:
    return (c for c in COMMANDS if c.group == group)


def known(group: str) -> str:
    """The group's commands, for a refusal that names them."""
    return ", ".join(c.name for c in in_group(group))
