"""The day's announcements: a day opening, closing or extended."""

from __future__ import annotations

from bot.games.registry import Registry
from bot.words.reply import Reply, ReplyKind
from bot.words.text import Text, Writer, as_int, as_list, as_map, plain, revealed_lines


def day_opened(games: Registry) -> Writer:
    """A day's opening, its rules worded by the registry's day game they belong to."""

    def write(t: Text, reply: Reply) -> list[str]:
        p = reply.params
        return [
            t("day_opened.head", day=as_int(p.get("day"))),
            t("day_opened.closes", closes=t.when(p.get("closes_at"), p.get("timezone"))),
            games.day_rules(t, as_map(p.get("rules"))),
            t("day_opened.commitment", commitment=plain(p.get("commitment"))),
            t("day_opened.explain"),
        ]

    return write


def day_closed(t: Text, reply: Reply) -> list[str]:
    if reply.kind == ReplyKind.REFUSED:  # the same key refuses a move on a closed day
        return [t("day_closed.refused", who=t.who(reply.to))]
    p = reply.params
    day = as_int(p.get("day"))
    by = plain(p.get("by"))
    if p.get("reason") == "advanced" and by:
        lines = [t("day_closed.head_by", day=day, by=by)]
    else:
        lines = [t("day_closed.head", day=day)]
    unfinished = as_list(p.get("unfinished"))
    if unfinished:
        lines.append(t("day_closed.unfinished", names=t.names(unfinished)))
    lines += revealed_lines(t, p, "day_closed.seed", "day_closed.draws")
    lines.append(t("day_closed.verify", commitment=plain(p.get("commitment")), day=day))
    return lines


def day_extended(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    closes = t.when(p.get("closes_at"), p.get("timezone"))
    return [t("day_extended", day=as_int(p.get("day")), closes=closes)]
