"""Answers to questions and commands: status, log, score, rollbacks, settings and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from bot.chat.render.columns import game_columns
from bot.chat.render.shapes import (
    SHAPES,
    AmbiguousPlayerParams,
    BadSettingParams,
    DayParams,
    FileUnreadableParams,
    PlayElsewhereParams,
    SettingsParams,
    StandingsParams,
    VillageCreatedParams,
)
from bot.games.registry import Registry
from bot.village.registry import Command, commands_of
from bot.words.reply import Reply
from bot.words.text import Text, Writer, as_int, cell_name, plain, table_lines

_SCHEDULE: Final = ("timezone", "update", "period")
_VILLAGE_OWN: Final = frozenset({*_SCHEDULE, "locale", "name", "modrole", "refusal_ttl", "flood"})
"""What of a village's settings is the village's own; the rest are its day game's rules."""
# The village's own settings change at once; the game and the schedule wait for the next day.
_APPLIES_NOW: Final = ("locale", "name", "modrole", "refusal_ttl", "flood")


# -- refusals ----------------------------------------------------------------------------------


def simple(key: str, *names: str) -> Writer:
    """A one-line reply filled from the named params of its shape, as plain text."""

    def write(t: Text, reply: Reply) -> list[str]:
        p = SHAPES[key].of(reply)
        values = {name: plain(getattr(p, name)) for name in names}
        return [t(key, who=t.who(reply.to), **values)]

    return write


def file_unreadable(t: Text, reply: Reply) -> list[str]:
    """A file named in the console that cannot be read: why, in the village's words."""
    p = FileUnreadableParams.of(reply)
    key = f"file_unreadable.{p.why}"
    if key not in t.texts:
        key = "file_unreadable.unreadable"
    return [t(key, who=t.who(reply.to), path=p.path)]


def bad_setting(t: Text, reply: Reply) -> list[str]:
    p = BadSettingParams.of(reply)
    key = "bad_setting" if p.value else "bad_setting.no_value"
    values = {"setting": p.setting, "value": plain(p.value), "allowed": p.allowed}
    # What a setting takes, in the village's words where the catalogue has them: the entry
    # `allowed` names, when a game names its own (Ducks' and Regidice's `rounds:` take
    # different values), else the setting's.
    raw = values["allowed"]
    values["allowed"] = t.texts.get(f"allowed.{raw}") or t.texts.get(
        f"allowed.{values['setting']}", raw
    )
    # The setting by the name players type it by in the village's language (`回数`, not
    # `deals`), the game's own where it names it so.
    setting, game = values["setting"], plain(p.game)
    values["setting"] = (
        t.texts.get(f"arg.{game}.{setting}") or t.texts.get(f"arg.{setting}") or setting
    )
    return [t(key, who=t.who(reply.to), **values)]


# -- information -------------------------------------------------------------------------------


def village_created(games: Registry) -> Writer:
    def write(t: Text, reply: Reply) -> list[str]:
        p = VillageCreatedParams.of(reply)
        game = p.game or games.default_day_game
        posts = p.layout == "posts"
        key = "village_created.posts" if posts else "village_created"
        # How a player joins is the day game's to say (its tags, how many, where).
        join = t.texts.get(f"{game}.join.posts" if posts else f"{game}.join", "")
        return [t(key, game=t.word("game", game), join=join).rstrip()]

    return write


def play_elsewhere(t: Text, reply: Reply) -> list[str]:
    p = PlayElsewhereParams.of(reply)
    return [t("play_elsewhere", who=t.who(reply.to), day=p.day, post=t.place(p.post))]


def ambiguous_player(t: Text, reply: Reply) -> list[str]:
    p = AmbiguousPlayerParams.of(reply)
    ids = t.names(t.surface.user(as_int(i)) for i in p.ids)
    return [t("ambiguous_player", who=t.who(reply.to), player=p.player, ids=ids)]


def help_lines(games: Registry) -> Writer:
    """Every command, from the one command table the parser and the slash commands use
    too."""

    def write(t: Text, reply: Reply) -> list[str]:
        lines = [t("help.head")]
        moderator_lines: list[str] = []
        # A village plays one day game: another day game's commands would do nothing there.
        here = reply.params.get("game")
        elsewhere = {g for g in games.day_games if here is not None and g != here}
        for command in commands_of(games).commands:
            if command.group in elsewhere:
                continue
            text = t(f"cmd.{command.group}.{command.name}")
            line = t("help.line", usage=usage(command), text=text)
            (moderator_lines if command.moderator else lines).append(line)
        return [*lines, t("help.moderators"), *moderator_lines]

    return write


def usage(command: Command) -> str:
    """How a command is typed: `/village export [day:]`, `/ducks join`, its required
    arguments bare and the others in brackets."""
    parts = [f"/{command.path}"]
    for argument in command.arguments:
        if command.settings:
            parts.append("[settings]")
            break
        parts.append(f"{argument.name}:" if argument.required else f"[{argument.name}:]")
    return "`" + " ".join(parts) + "`"


# -- moderation --------------------------------------------------------------------------------


def _setting_name(t: Text, field: str) -> str:
    return t.word("setting", field)


def _rule_value(games: Registry, game: str | None) -> Callable[[Text, str, Any], str]:
    """How a setting's value is shown: a rule of the day game as the game shows it, else
    the village's way."""

    def shown(t: Text, field: str, value: Any) -> str:
        worded = games.rule_value(t, game, field, value)
        return worded if worded is not None else _setting_value(t, field, value)

    return shown


def _setting_value(t: Text, field: str, value: Any) -> str:
    if field == "period":
        return t("value.period", n=as_int(value))
    if field == "locale":
        return t.word("locale", value)
    if field == "modrole":
        return t.surface.role(value) if isinstance(value, int) else t("value.none")
    if field == "refusal_ttl":
        return t("value.seconds", n=as_int(value)) if value is not None else t("value.keep")
    if field == "flood":
        if not value:
            return t("value.no_limit")
        messages, _, seconds = plain(value).partition("/")
        return t("value.flood", messages=messages, seconds=seconds)
    if field == "name":
        return plain(value) or t("value.none")
    return plain(value)


def settings(games: Registry) -> Writer:
    """The village's settings, its day rules worded by the day game they belong to."""
    return lambda t, reply: _settings(games, t, reply)


def _settings(games: Registry, t: Text, reply: Reply) -> list[str]:
    p = SettingsParams.of(reply)
    day, current, following, changed = p.day, p.current, p.next, p.changed
    lines = [
        t("settings.head", day=day),
        games.day_rules(t, current, p.game),
        t(
            "settings.schedule",
            # The language changes at once, so the one in force is the new one.
            locale=_setting_value(t, "locale", following.get("locale", current.get("locale"))),
            timezone=plain(current.get("timezone")),
            update=plain(current.get("update")),
            period=_setting_value(t, "period", current.get("period")),
        ),
        # The values in force now: these change at once.
        t(
            "settings.village",
            name=_setting_value(t, "name", following.get("name")),
            modrole=_setting_value(t, "modrole", following.get("modrole")),
            refusal_ttl=_setting_value(t, "refusal_ttl", following.get("refusal_ttl")),
            flood=_setting_value(t, "flood", following.get("flood")),
        ),
    ]
    if changed:
        lines.append(t("settings.changed", names=t.names(_setting_name(t, c) for c in changed)))
        later = [c for c in changed if c not in _APPLIES_NOW]
        now = [c for c in changed if c in _APPLIES_NOW]
        if later:
            names = t.names(_setting_name(t, c) for c in later)
            lines.append(t("settings.from_next", names=names, next_day=day + 1))
        if now:
            lines.append(t("settings.now", names=t.names(_setting_name(t, c) for c in now)))
    value = _rule_value(games, p.game)
    # The day game's rules first, as they are kept, then the schedule.
    fields = [*(f for f in {**current, **following} if f not in _VILLAGE_OWN), *_SCHEDULE]
    diffs = [
        t(
            "settings.diff",
            name=_setting_name(t, field),
            old=value(t, field, current.get(field)),
            new=value(t, field, following.get(field)),
        )
        for field in fields
        if following and current.get(field) != following.get(field)
    ]
    if diffs:
        lines += [t("settings.diff_head", next_day=day + 1), *diffs]
    return lines


def _figures(t: Text, p: StandingsParams) -> list[str]:
    """One game that sums its tables up its own way (Regidice: wins, best and mean progress):
    the tables played and its figures."""
    game = plain(p.game)
    names = list(p.figures) or list(p.rows[0].figures or {})
    head = [t("standings.rank"), t("standings.player"), t("standings.tables")]
    head += [t.texts.get(f"standings.figure.{game}.{n}", n) for n in names]
    table = [head]
    for row in p.rows:
        figures = row.figures or {}
        table.append(
            [
                str(row.rank),
                cell_name(row.player),
                str(row.tables.get(game, 0)),
                *(plain(figures.get(n)) for n in names),
            ]
        )
    title = t("standings.head_game", game=t.word("game", game), days=p.days)
    return [title, *t.code(table_lines(table, left=[1]))]


def standings(t: Text, reply: Reply) -> list[str]:
    p = StandingsParams.of(reply)
    rows = p.rows
    days = max([p.days, *(len(r.days) for r in rows)])
    head = t("standings.head", days=p.days)
    if not rows:
        return [head, t("standings.empty")]
    if rows[0].figures is not None:
        return _figures(t, p)
    # The picture heads its columns the same way, from the same params (checked above).
    columns = game_columns(t, reply.params)
    games = [game for game, _ in columns]
    # A table game asked for alone shows the tables each player played at.
    counts = [g for g in games if g == p.game]
    table = [
        [
            t("standings.rank"),
            t("standings.player"),
            *(t("standings.day", day=n) for n in range(1, days + 1)),
            *(t("standings.tables") for _ in counts),
            *(header for _, header in columns),
            t("standings.total"),
        ]
    ]
    for row in rows:
        points = [*row.days, *[0] * (days - len(row.days))]
        table.append(
            [
                str(row.rank),
                cell_name(row.player),
                *(str(n) for n in points),
                *(str(row.tables.get(g, 0)) for g in counts),
                *(str(row.games.get(g, 0)) for g in games),
                str(row.total),
            ]
        )
    if p.game:
        head = t("standings.head_game", game=t.word("game", p.game), days=p.days)
    return [head, *t.code(table_lines(table, left=[1])), *_day_posts(t, p)]


_LINKED_DAYS: Final = 10  # the latest days: a line of links stays short


def _day_posts(t: Text, p: StandingsParams) -> list[str]:
    """Where each day was played, in a forum village: a link to every recent day's post."""
    links = [
        t("standings.post", day=post.day, post=t.place(post.post_id))
        for post in p.posts[-_LINKED_DAYS:]
        if post.post_id is not None
    ]
    return [t("standings.posts", posts=t.texts["sep"].join(links))] if links else []


def day_not_closed(t: Text, reply: Reply) -> list[str]:
    return [t("day_not_closed", who=t.who(reply.to), day=DayParams.of(reply).day)]
