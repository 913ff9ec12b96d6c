"""Every command of the village in one table: the text parser, the argument checks, the
console's help and the Discord slash commands are all made from it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Final, Literal, cast, get_args

from bot.games.registry import DAY_GAMES, GAMES, TABLE_GAMES, AnyDayGame, AnyTableGame
from bot.village import commands, config, days, tables, transparency
from bot.village.core import Call, Core, Refusal
from bot.village.requests import CommandRequest
from bot.words.reply import Reply

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


VILLAGE_GROUP: Final = "village"

# Japanese names of commands and argument keys, typed in place of the English ones in every
# group alike (`/greed 状態`, `/village 順位`, `/ducks 着席`, `/gleek 入札 額:13`). They include
# the names Discord shows for the slash commands in Japanese (the catalogues' `slash.*` and
# `arg.*`), so that what a player sees there also works typed as text. A game adds its own
# (Greed's `状態`, Gleek's `入札`), which win over these.
_NAMES_JA: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    VILLAGE_GROUP: {
        "create": ("作成",),
        "config": ("設定",),
        "day next": ("日 次の日へ", "次の日へ", "翌日"),
        "day extend": ("日 延長", "延長"),
        "standings": ("順位", "順位表"),
        "export": ("書き出し",),
        "stats": ("出目統計", "統計"),
    },
}
GROUP_ALIASES: Final[Mapping[str, str]] = {
    "村": VILLAGE_GROUP,
    **{alias: key for key, day in DAY_GAMES.items() for alias in day.group_aliases},
    **{alias: key for key, t in TABLE_GAMES.items() for alias in t.commands.group_aliases},
}
"""The command groups by their other names (`/村 順位` is `/village standings`, `/グリード`
`/greed`): the village's own, and each game's."""
_TABLE_NAMES_JA: Final[Mapping[str, tuple[str, ...]]] = {
    "new": ("新規", "卓を開く"),
    "config": ("設定", "卓の設定"),
    "join": ("参加", "着席"),
    "leave": ("退出", "離席"),
    "start": ("開始",),
    "hand": ("手札", "手元"),
    "log": ("記録",),
    "status": ("状況", "状態"),
    "score": ("得点表",),
    "export": ("書き出し",),
    "verify": ("検証",),
    "skip": ("スキップ",),
    "rollback": ("ロールバック",),
    "abandon": ("中止", "卓を閉じる"),
}
"""The commands every table game has, in Japanese (a game may name some its own way)."""
_KEYS_JA: Final[Mapping[str, tuple[str, ...]]] = {
    "プレイヤー": ("player",),
    "日": ("day",),
    "理由": ("reason",),
    "ファイル": ("export",),
    "卓": ("table",),
    "ゲーム": ("game",),
    "ラウンド": ("round",),
    "ルール": ("rules",),
    "ターン数": ("turns",),
    "te条件": ("threshold",),
    "言語": ("locale",),
    "タイムゾーン": ("timezone",),
    "更新時刻": ("update",),
    "1日の長さ": ("period",),
    "村の名前": ("name",),
    "進行役ロール": ("modrole",),
    "却下の自動削除": ("refusal_ttl",),
    "連投制限": ("flood",),
    "ラウンド数": ("rounds",),
    "ワイルド": ("wild",),
    "持ち時間": ("deadline",),
    "期限": ("deadline",),
    "組": ("dice",),
}
"""Argument keys in Japanese, for every group (a table game adds its own)."""

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


@dataclass(frozen=True, slots=True)
class _DayDoes:
    """One of the village's day commands: what does it, and how it is answered."""

    handler: Handler | None
    moderator: bool = False
    private: bool = False
    slow: bool = False
    anywhere: bool = False
    answers_only: bool = False


_DAY_DOES: Final[Mapping[str, _DayDoes]] = {
    "status": _DayDoes(commands.status, private=True, answers_only=True),
    "end": _DayDoes(None),
    "log": _DayDoes(commands.log),
    "memo": _DayDoes(commands.memo),
    "odds": _DayDoes(transparency.odds, private=True),
    "calculate": _DayDoes(commands.score, private=True, answers_only=True),
    "rollback": _DayDoes(commands.rollback, moderator=True),
    "restore": _DayDoes(commands.restore, moderator=True),
    "verify": _DayDoes(transparency.verify, slow=True),
    "help": _DayDoes(commands.help_, private=True, anywhere=True, answers_only=True),
}
"""The village's day commands, by what a day game's command `does` (`DayCommand`)."""


def _kind(kind: str) -> ArgumentKind:
    assert kind in get_args(ArgumentKind), kind
    return cast(ArgumentKind, kind)


def _day_commands(day: AnyDayGame) -> tuple[Command, ...]:
    """A day game's group of commands, named by the game (`/greed status`), each done by the
    village's day command it names."""
    found = []
    for typed in day.commands:
        does = _DAY_DOES[typed.does]
        arguments = tuple(
            Argument(a.name, _kind(a.kind), a.required, (), a.low, a.high, a.free_text)
            for a in typed.arguments
        )
        found.append(
            Command(
                day.game.key,
                typed.name,
                does.handler,
                arguments,
                moderator=does.moderator,
                private=does.private,
                slow=does.slow,
                anywhere=does.anywhere,
                answers_only=does.answers_only,
            )
        )
    return tuple(found)


_VILLAGE_COMMANDS: Final[tuple[Command, ...]] = (
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
    *(c for day in DAY_GAMES.values() for c in _day_commands(day)),
    *_VILLAGE_COMMANDS,
    *(c for t in TABLE_GAMES.values() for c in _table_commands(t)),
)

_BY_PATH: Final = {command.path: command for command in COMMANDS}


def _argument_aliases() -> dict[str, tuple[str, ...]]:
    """Every other name of an argument key, with the arguments it may stand for."""
    found = {alias.lower(): names for alias, names in _KEYS_JA.items()}
    games = [
        *(day.argument_aliases for day in DAY_GAMES.values()),
        *(table.commands.argument_aliases for table in TABLE_GAMES.values()),
    ]
    for aliases in games:
        for alias, names in aliases.items():
            found[alias.lower()] = tuple(dict.fromkeys((*names, *found.get(alias.lower(), ()))))
    return found


def _command_aliases() -> dict[str, dict[str, str]]:
    """Each group's other names of its commands (lower case), by the command they name."""
    found: dict[str, dict[str, str]] = {}
    for group, names in _NAMES_JA.items():
        found[group] = {alias.lower(): name for name, aliases in names.items() for alias in aliases}
    for group, day in DAY_GAMES.items():
        found[group] = {alias.lower(): name for alias, name in day.aliases.items()}
    for group, table in TABLE_GAMES.items():
        aliases = {
            alias.lower(): name
            for name, names in _TABLE_NAMES_JA.items()
            if find(group, name) is not None
            for alias in names
        }
        aliases.update({alias.lower(): name for alias, name in table.commands.aliases.items()})
        found[group] = aliases
    return found


_ALIASES: Final = _argument_aliases()
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


COMMAND_ALIASES: Final = _command_aliases()
"""Each group's other names of its commands (`状況` for `status`), lower case."""


def resolve(request: CommandRequest) -> tuple[Command, CommandRequest] | None:
    """The command a request names, and the request with its arguments by their own names:
    other names of commands and keys, the same way in every group (`/greed 状態`,
    `/gleek 入札 額:13`), and a table game's values typed without keys in the order the
    command lists its arguments (`/gleek bid 13`). None for no command; raises Refusal for
    more values than the command takes."""
    command = find(request.group, request.name)
    table = TABLE_GAMES.get(request.group)
    aliases = COMMAND_ALIASES.get(request.group, {})
    words = request.words or tuple(request.name.split())
    values: tuple[str, ...] = ()
    if command is None:
        for cut in range(len(words), 0, -1):
            name = " ".join(words[:cut]).lower()
            command = find(request.group, aliases.get(name, name))
            if command is not None:
                values = words[cut:]
                break
        positional = table is not None and table.commands.positional
        if command is None or (values and not positional):
            return None
    if table is None:
        args = {_own_name(command, key, _ALIASES): v for key, v in request.args.items()}
        return command, replace(request, name=command.name, args=args)
    if values and command.name in table.commands.keyed:
        raise Refusal(
            "values_need_keys",
            command=command.path,
            keys=", ".join(f"{a.name}:" for a in command.arguments),
        )
    args = {_own_name(command, key, _ALIASES): v for key, v in request.args.items()}
    if values:
        args = _by_position(command, values, args)
    return command, replace(request, name=command.name, args=args)


def _own_name(command: Command, key: str, aliases: Mapping[str, tuple[str, ...]]) -> str:
    names = {a.name for a in command.arguments} | set(_setting_keys(command))
    return next((n for n in aliases.get(key.lower(), ()) if n in names), key)


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
