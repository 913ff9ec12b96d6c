"""Every command of the village in one table, made from a registry of games: the text
parser, the argument checks, the console's help and the Discord slash commands are all made
from it (`commands_of`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Final, Literal, cast, get_args

from bot.games.day import DayArgument
from bot.games.registry import DEFAULT, AnyDayGame, AnyTableGame, Claims, Registry
from bot.village import config, days, tables
from bot.village.core import Call, Core, Refusal
from bot.village.day import commands, transparency
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
    """None for a play move sent as a command (a turn's end): it is played like a message."""
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
# group alike (`/village 順位`, `/ducks 着席`, `/gleek 入札 額:13`). They include
# the names Discord shows for the slash commands in Japanese (the catalogues' `slash.*` and
# `arg.*`), so that what a player sees there also works typed as text. A game adds its own
# (a day game's `状態`, Gleek's `入札`), which win over these.
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
_VILLAGE_ALIASES: Final = ("村",)
"""The other names of the village's own group (`/村 順位` is `/village standings`)."""
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
    Argument("locale", "choice", choices=("ja", "en")),
    Argument("timezone"),
    Argument("update"),
    Argument("period", "choice", choices=("24", "48", "72")),
    Argument("name"),
    Argument("modrole", "role"),
    Argument("refusal_ttl"),
    Argument("flood"),
)
"""The village's own settings, which `/village create` and `/village config` take after
its day game's rules (`DayGame.settings`)."""


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


def _arguments(typed: Iterable[DayArgument]) -> tuple[Argument, ...]:
    return tuple(
        Argument(a.name, _kind(a.kind), a.required, a.choices, a.low, a.high, a.free_text)
        for a in typed
    )


def _settings(games: Registry) -> tuple[Argument, ...]:
    """What `/village create` and `/village config` take: every day game's rules (a village
    plays one; the game checks its own), then the village's own settings."""
    rules = {a.name: a for day in games.day_games.values() for a in _arguments(day.settings)}
    return (*rules.values(), *SETTINGS)


def _day_commands(day: AnyDayGame) -> tuple[Command, ...]:
    """A day game's group of commands, named by the game (`/<game> status`), each done by the
    village's day command it names."""
    found = []
    for typed in day.commands:
        does = _DAY_DOES[typed.does]
        arguments = _arguments(typed.arguments)
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


def _village_commands(games: Registry) -> tuple[Command, ...]:
    """The village's own group (`/village …`); its standings name the registry's games."""
    return (
        Command(
            VILLAGE_GROUP,
            "create",
            days.create_village,
            _settings(games),
            moderator=True,
            settings=True,
            anywhere=True,
        ),
        Command(VILLAGE_GROUP, "config", config.configure, _settings(games), settings=True),
        Command(VILLAGE_GROUP, "day next", days.advance, moderator=True, slow=True),
        Command(VILLAGE_GROUP, "day extend", days.extend, moderator=True),
        Command(
            VILLAGE_GROUP,
            "standings",
            commands.standings,
            (Argument("game", "choice", choices=tuple(games.games)),),
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


class CommandTable:
    """The commands of a village hosting `games`: the day games' groups, the village's own,
    and each table game's. Made once per registry (`commands_of`); raises ClashError
    when a game's group or its other name is the village's own."""

    def __init__(self, games: Registry) -> None:
        self.games = games
        groups = Claims("command group")
        # Owned by "the village", which no game's key is: a game called `village` clashes.
        groups.claim([VILLAGE_GROUP, *_VILLAGE_ALIASES], "the village")
        for key, day in games.day_games.items():
            groups.claim([key, *day.group_aliases], key)
        for key, table in games.table_games.items():
            groups.claim([key, *table.commands.group_aliases], key)
        self.commands: tuple[Command, ...] = (
            *(c for day in games.day_games.values() for c in _day_commands(day)),
            *_village_commands(games),
            *(c for t in games.table_games.values() for c in _table_commands(t)),
        )
        self._by_path = {command.path: command for command in self.commands}
        self.group_aliases: Mapping[str, str] = {
            **dict.fromkeys(_VILLAGE_ALIASES, VILLAGE_GROUP),
            **{alias: key for key, day in games.day_games.items() for alias in day.group_aliases},
            **{
                alias: key
                for key, t in games.table_games.items()
                for alias in t.commands.group_aliases
            },
        }
        """The command groups by their other names (`/村 順位` is `/village standings`,
        `/ダックス` `/ducks`): the village's own, and each game's."""
        self._aliases = self._argument_aliases()
        self.key_aliases = frozenset(self._aliases)
        """The other names of arguments the games take (`額` for `amount`)."""
        arguments = [a for c in self.commands for a in c.arguments]
        self.argument_names = frozenset(a.name for a in arguments) | self.key_aliases
        """Every argument name: inside a free-text value only these start a new key."""
        free = frozenset(a.name for a in arguments if a.free_text)
        self.free_text_arguments = free | frozenset(
            alias for alias, names in self._aliases.items() if free.intersection(names)
        )
        self.groups = tuple(dict.fromkeys(c.group for c in self.commands))
        self.command_aliases = self._command_aliases()
        """Each group's other names of its commands (`状況` for `status`), lower case."""

    def _argument_aliases(self) -> dict[str, tuple[str, ...]]:
        """Every other name of an argument key, with the arguments it may stand for."""
        found = {alias.lower(): names for alias, names in _KEYS_JA.items()}
        games = [
            *(day.argument_aliases for day in self.games.day_games.values()),
            *(table.commands.argument_aliases for table in self.games.table_games.values()),
        ]
        for aliases in games:
            for alias, names in aliases.items():
                known = found.get(alias.lower(), ())
                found[alias.lower()] = tuple(dict.fromkeys((*names, *known)))
        return found

    def _command_aliases(self) -> dict[str, dict[str, str]]:
        """Each group's other names of its commands (lower case), by the command they name."""
        found: dict[str, dict[str, str]] = {}
        for group, names in _NAMES_JA.items():
            found[group] = {
                alias.lower(): name for name, aliases in names.items() for alias in aliases
            }
        for group, day in self.games.day_games.items():
            found[group] = {alias.lower(): name for alias, name in day.aliases.items()}
        for group, table in self.games.table_games.items():
            aliases = {
                alias.lower(): name
                for name, names in _TABLE_NAMES_JA.items()
                if self.find(group, name) is not None
                for alias in names
            }
            aliases.update({alias.lower(): name for alias, name in table.commands.aliases.items()})
            found[group] = aliases
        return found

    def find(self, group: str, name: str) -> Command | None:
        return self._by_path.get(f"{group} {name}")

    def resolve(self, request: CommandRequest) -> tuple[Command, CommandRequest] | None:
        """The command a request names, and the request with its arguments by their own
        names: other names of commands and keys, the same way in every group (`/村 順位`,
        `/gleek 入札 額:13`), and a table game's values typed without keys in the order the
        command lists its arguments (`/gleek bid 13`). None for no command; raises Refusal
        for more values than the command takes."""
        command = self.find(request.group, request.name)
        table = self.games.table_games.get(request.group)
        aliases = self.command_aliases.get(request.group, {})
        words = request.words or tuple(request.name.split())
        values: tuple[str, ...] = ()
        if command is None:
            for cut in range(len(words), 0, -1):
                name = " ".join(words[:cut]).lower()
                command = self.find(request.group, aliases.get(name, name))
                if command is not None:
                    values = words[cut:]
                    break
            positional = table is not None and table.commands.positional
            if command is None or (values and not positional):
                return None
        if table is None:
            args = {self._own_name(command, key): v for key, v in request.args.items()}
            return command, replace(request, name=command.name, args=args)
        if values and command.name in table.commands.keyed:
            raise Refusal(
                "values_need_keys",
                command=command.path,
                keys=", ".join(f"{a.name}:" for a in command.arguments),
            )
        args = {self._own_name(command, key): v for key, v in request.args.items()}
        if values:
            args = _by_position(command, values, args)
        return command, replace(request, name=command.name, args=args)

    def _own_name(self, command: Command, key: str) -> str:
        names = {a.name for a in command.arguments} | set(self._setting_keys(command))
        return next((n for n in self._aliases.get(key.lower(), ()) if n in names), key)

    def _setting_keys(self, command: Command) -> tuple[str, ...]:
        table = self.games.table_games.get(command.group)
        return table.game.setting_keys if command.settings and table is not None else ()

    def in_group(self, group: str) -> Iterator[Command]:
        return (c for c in self.commands if c.group == group)

    def known(self, group: str) -> str:
        """The group's commands, for a refusal that names them."""
        return ", ".join(c.name for c in self.in_group(group))


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


def commands_of(games: Registry = DEFAULT) -> CommandTable:
    """The command table of a village hosting `games`, made once per registry."""
    return games.derived(CommandTable)


# The default registry's table, for code handed no registry (tests, tools): the village, the
# chat and the adapters use the table of the registry they are given.
_DEFAULT: Final = commands_of()
COMMANDS: Final = _DEFAULT.commands
GROUPS: Final = _DEFAULT.groups
GROUP_ALIASES: Final = _DEFAULT.group_aliases
KEY_ALIASES: Final = _DEFAULT.key_aliases
ARGUMENT_NAMES: Final = _DEFAULT.argument_names
FREE_TEXT_ARGUMENTS: Final = _DEFAULT.free_text_arguments
COMMAND_ALIASES: Final = _DEFAULT.command_aliases
find: Final = _DEFAULT.find
resolve: Final = _DEFAULT.resolve
in_group: Final = _DEFAULT.in_group
known: Final = _DEFAULT.known
