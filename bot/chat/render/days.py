"""The day's announcements: a day opening, closing or extended, and the score memo."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.greed.text import rules_text
from bot.words.reply import Reply, ReplyKind
from bot.words.text import Text, as_int, as_list, as_map, plain


def _memo_term(t: Text, turn: Mapping[str, Any]) -> str:
    score, day_lost = as_int(turn.get("score")), as_int(turn.get("day_lost"))
    # A house-rule greed out wipes the day's bank: showing it keeps the sum adding up.
    return t("memo.wiped", score=score, lost=day_lost) if day_lost > 0 else str(score)


def memo(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    points, total = as_int(p.get("points")), as_int(p.get("total"))
    turns = [as_map(turn) for turn in as_list(p.get("turns"))]
    days = [as_map(d) for d in as_list(p.get("days"))]
    final = bool(p.get("final", True))
    if turns:
        today = "+".join(_memo_term(t, turn) for turn in turns) + f"={points}"
    else:
        # Mid-day a first turn may be in play: that is not "no turns played".
        today = t("memo.no_turns" if final else "memo.no_turn_finished")
    overall = "+".join(str(as_int(d.get("points"))) for d in days) + f"={total}"
    lines = [
        t("memo.head", player=plain(p.get("player") or reply.to), day=as_int(p.get("day"))),
        # Mid-day the memo shows the points so far; 最終得点 only once the day's play ended.
        t.linked(
            t("memo.final" if final else "memo.so_far", points=t.pts(points)),
            p.get("message_id"),
        ),
        today,
        t("memo.overall", points=t.pts(total)),
        overall,
        "--",
    ]
    for d in days:
        line = t("memo.day", day=as_int(d.get("day")), points=t.pts(d.get("points")))
        lines.append(t.linked(line, d.get("message_id")))
    return lines


def day_opened(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    return [
        t("day_opened.head", day=as_int(p.get("day"))),
        t("day_opened.closes", closes=t.when(p.get("closes_at"), p.get("timezone"))),
        rules_text(t, as_map(p.get("rules"))),
        t("day_opened.commitment", commitment=plain(p.get("commitment"))),
        t("day_opened.explain"),
    ]


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
    lines += [
        t("day_closed.seed", seed=plain(p.get("seed"))),
        t("day_closed.verify", commitment=plain(p.get("commitment")), day=day),
    ]
    return lines


def day_extended(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    closes = t.when(p.get("closes_at"), p.get("timezone"))
    return [t("day_extended", day=as_int(p.get("day")), closes=closes)]
