"""Every command of the village in one table: the text parser, the argument checks, the
console's help and the Discord slash commands are all made from it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Final, Literal

from bot.games.registry import GAMES, TABLE_GAMES, AnyTableGame
from bot.village import commands, config, days, tables, transparency
from bot.village.core import Call, Core, Refusal
from bot.village.replies import Reply
from bot.village.requests import CommandRequest

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
    answers_only: bool = False
    """Changes nothing: only its message and its answer are recorded, together, without
    a unit of work around the handler (the most asked commands)."""

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
    Command(GAME_GROUP, "status", commands.status, (_PLAYER,), private=True, answers_only=True),
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
        answers_only=True,
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
    Command(GAME_GROUP, "help", commands.help_, private=True, anywhere=True, answers_only=True),
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
            tuple(
                Argument(name, required=name not in move.optional, free_text=True)
                for name in move.arguments
            ),
        )
        for move in table.moves
    )
    typed = table.commands
    skip = _REASON if typed.skip_reason else Argument("reason", free_text=True)
    return (
        Command(game, "new", tables.open_table, settings, settings=True),
        Command(game, "config", tables.configure, settings, settings=True),
        Command(game, "join", tables.join),
        Command(game, "leave", tables.leave),
        Command(game, "start", tables.start),
        *moves,
        *(
            (
                Command(game, "hand", tables.hand, private=True),
                Command(
                    game,
                    "log",
                    tables.deal_log,
                    (Argument(typed.log_argument, "number", low=1),),
                ),
            )
            if typed.hands
            else ()
        ),
        Command(game, "status", tables.status, private=True),
        Command(game, "score", tables.score, (_TABLE,)),
        Command(game, "export", tables.export, (_TABLE,), slow=True),
        Command(game, "verify", tables.verify, (_TABLE, Argument("export", "file")), slow=True),
        Command(game, "skip", tables.skip, (skip,), moderator=True),
        *(
            (
                Command(
                    game,
                    "rollback",
                    tables.rollback,
                    (_PLAYER, Argument("round", "number", low=1), _REASON),
                    moderator=True,
                ),
            )
            if typed.rollback
            else ()
        ),
        Command(game, "abandon", tables.abandon, (_REASON,)),
    )


COMMANDS: Final[tuple[Command, ...]] = (
    *_VILLAGE_COMMANDS,
    *(c for t in TABLE_GAMES.values() for c in _table_commands(t)),
)

_BY_PATH: Final = {command.path: command for command in COMMANDS}

_ALIASES: Final = {
    alias: names
    for t in TABLE_GAMES.values()
    for alias, names in t.commands.argument_aliases.items()
}
KEY_ALIASES: Final = frozenset(_ALIASES)
"""The other names of arguments the table games take (`額` for `amount`)."""
ARGUMENT_NAMES: Final = frozenset(a.name for c in COMMANDS for a in c.arguments) | KEY_ALIASES
"""Every argument name: inside a free-text value only these start a new key."""
FREE_TEXT_ARGUMENTS: Final = frozenset(
    a.name for c in COMMANDS for a in c.arguments if a.free_text
) | frozenset(
    alias
    for alias, names in _ALIASES.items()
    if any(a.free_text for c in COMMANDS for a in c.arguments if a.name in names)
)
GROUPS: Final = tuple(dict.fromkeys(c.group for c in COMMANDS))


def find(group: str, name: str) -> Command | None:
    return _BY_PATH.get(f"{group} {name}")


def resolve(request: CommandRequest) -> tuple[Command, CommandRequest] | None:
    """The command a request names, and the request with its arguments by their own names:
    a table game's other names of commands and keys (`/gleek 入札 額:13`), and values typed
    without keys in the order the command lists its arguments (`/gleek bid 13`). None for
    no command; raises Refusal for more values than the command takes."""
    command = find(request.group, request.name)
    table = TABLE_GAMES.get(request.group)
    if table is None:
        return None if command is None else (command, request)
    typed = table.commands
    words = request.words or tuple(request.name.split())
    values: tuple[str, ...] = ()
    if command is None:
        for cut in range(len(words), 0, -1):
            name = " ".join(words[:cut]).lower()
            command = find(request.group, typed.aliases.get(name, name))
            if command is not None:
                values = words[cut:]
                break
        if command is None or (values and not typed.positional):
            return None
        if values and command.name in typed.keyed:
            raise Refusal(
                "values_need_keys",
                command=command.path,
                keys=", ".join(f"{a.name}:" for a in command.arguments),
            )
    args = {_own_name(command, key, typed.argument_aliases): v for key, v in request.args.items()}
    if values:
        args = _by_position(command, values, args)
    return command, replace(request, name=command.name, args=args)


def _own_name(command: Command, key: str, aliases: Mapping[str, tuple[str, ...]]) -> str:
    names = {a.name for a in command.arguments} | set(_setting_keys(command))
    return next((n for n in aliases.get(key, ()) if n in names), key)


def _setting_keys(command: Command) -> tuple[str, ...]:
    table = TABLE_GAMES.get(command.group)
    return table.game.setting_keys if command.settings and table is not None else ()


def _by_position(
    command: Command, values: tuple[str, ...], given: dict[str, str]
) -> dict[str, str]:
    """Keyless values fill the arguments not given by key, in order; the last one, if it
    takes free text (a discard's seven cards, a reason), takes every value left."""
    open_ = [a for a in command.arguments if a.name not in given]
    args = dict(given)
    rest = list(values)
    for index, argument in enumerate(open_):
        if not rest:
            break
        if argument.free_text and index == len(open_) - 1:
            args[argument.name] = " ".join(rest)
            rest = []
        else:
            args[argument.name] = rest.pop(0)
    if rest:
        raise Refusal(
            "too_many_values",
            command=command.path,
            values=" ".join(rest),
            takes=len(open_),
        )
    return args


def in_group(group: str) -> Iterator[Command]:
    return (c for c in COMMANDS if c.group == group)


def known(group: str) -> str:
    """The group's commands, for a refusal that names them."""
    return ", ".join(c.name for c in in_group(group))
