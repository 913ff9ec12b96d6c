"""The day's announcements: a day opening, closing or extended."""

from __future__ import annotations

from bot.chat.render.shapes import DayClosedParams, DayExtendedParams, DayOpenedParams
from bot.games.registry import Registry
from bot.words.reply import Reply, ReplyKind
from bot.words.text import Text, Writer, plain, revealed_lines


def day_opened(games: Registry) -> Writer:
    """A day's opening, its rules worded by the registry's day game they belong to."""

    def write(t: Text, reply: Reply) -> list[str]:
        p = DayOpenedParams.of(reply)
        return [
            t("day_opened.head", day=p.day),
            t("day_opened.closes", closes=t.when(p.closes_at, p.timezone)),
            games.day_rules(t, p.rules, p.game),
            t("day_opened.commitment", commitment=p.commitment),
            t("day_opened.explain"),
        ]

    return write


def day_closed(games: Registry) -> Writer:
    """A day's close, pointing at the day game's own command that checks its throws."""

    def write(t: Text, reply: Reply) -> list[str]:
        return _day_closed(t, reply, games)

    return write


def _verify_command(games: Registry, game: str | None, day: int) -> str:
    """The command that checks a closed day's throws, as players type it (`/<game> verify
    day:3`): the day game's group and its command that does `verify`."""
    key = game or games.default_day_game
    day_game = games.day_games.get(key)
    if day_game is None:
        return ""
    name = next((c.name for c in day_game.commands if c.does == "verify"), "verify")
    return f"`/{key} {name} day:{day}`"


def _day_closed(t: Text, reply: Reply, games: Registry) -> list[str]:
    if reply.kind == ReplyKind.REFUSED:  # the same key refuses a command on a closed day
        return [t("day_closed.refused", who=t.who(reply.to))]
    p = DayClosedParams.of(reply)
    day = p.day or 0  # the shape holds a close to its day: only a refusal has none
    if p.reason == "advanced" and p.by:
        lines = [t("day_closed.head_by", day=day, by=p.by)]
    else:
        lines = [t("day_closed.head", day=day)]
    if p.unfinished:
        lines.append(t("day_closed.unfinished", names=t.names(p.unfinished)))
    lines += revealed_lines(t, reply.params, "day_closed.seed", "day_closed.draws")
    command = _verify_command(games, p.game, day)
    lines.append(t("day_closed.verify", commitment=plain(p.commitment), command=command))
    return lines


def day_extended(t: Text, reply: Reply) -> list[str]:
    p = DayExtendedParams.of(reply)
    return [t("day_extended", day=p.day, closes=t.when(p.closes_at, p.timezone))]
