"""Greed's replies about a player's day and the day's dice: the score memo, a player's log of
throws, a moderator's rollback and restore, and the day's record checked, exported and
counted. The village sends them; this is how Greed words them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.games.greed.words import faces_text, standing, take_text
from bot.words.checking import (
    MAX_MISMATCHES,
    attached_source,
    inline_document,
    mismatch_detail,
    verify_page,
)
from bot.words.reply import Reply
from bot.words.text import (
    Text,
    Writer,
    as_float,
    as_int,
    as_list,
    as_map,
    cell_name,
    plain,
    table_lines,
)

# -- the memo ---------------------------------------------------------------------------------


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


# -- a player's log, and a moderator's rollback ------------------------------------------------


def _log_event(t: Text, event: Mapping[str, Any]) -> str:
    kind = event.get("type")
    if kind == "DiceSetAside":
        return take_text(t, event)
    if kind == "LapStarted":
        return t("log.lap", lap=as_int(event.get("lap")))
    if kind == "GreedOut":
        day_lost = as_int(event.get("day_points_lost"))
        if day_lost:
            return t("log.greed_out_day", day_lost=t.pts(day_lost))
        return t("log.greed_out")
    if kind == "TurnEnded":
        score, lost = as_int(event.get("score")), as_int(event.get("lost"))
        if not event.get("forced"):
            return t("log.turn_end", score=t.pts(score))
        if score == 0 and lost > 0:
            return t("log.turn_end_forced_zero", lost=t.pts(lost))
        return t("log.turn_end_forced", score=t.pts(score))
    if kind == "TurnUnfinished":
        return t("log.unfinished", lost=t.pts(event.get("turn_points_lost")))
    if kind == "DayClosed":
        return t("log.day_closed")
    return plain(kind)


def _log_line(t: Text, step: Mapping[str, Any], zone: Any) -> str:
    line = t(
        "log.line",
        turn=plain(step.get("turn")) or "-",
        lap=plain(step.get("lap")) or "-",
        throw=plain(step.get("throw")) or "-",
        faces=faces_text(t, as_list(step.get("faces"))),
    )
    events = [_log_event(t, as_map(e)) for e in as_list(step.get("then"))]
    arrow = t.texts["log.then"]
    if events:
        line += arrow + arrow.join(events)
    line = t.linked(line, step.get("message_id"))
    voided = as_map(step.get("voided"))
    if voided:
        line = t(
            "log.voided",
            line=line,
            by=plain(voided.get("by_name") or voided.get("by")),
            at=t.when(voided.get("at"), zone),
            reason=plain(voided.get("reason")),
        )
    return line


def log(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    steps = as_list(p.get("steps"))
    head = t("log.head", player=plain(p.get("player") or reply.to), day=as_int(p.get("day")))
    if not steps:
        return [head, t("log.empty")]
    # No time zone in the log's params yet: times then show in UTC, labelled as such.
    zone = p.get("timezone")
    return [head, *(_log_line(t, as_map(step), zone) for step in steps)]


def _who_acted(params: Mapping[str, Any]) -> str:
    # `by` is the moderator's id in the stored event; `by_name` is what people read.
    return plain(params.get("by_name") or params.get("by"))


def rolled_back(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    target = as_map(p.get("target"))
    where = t(
        "rollback.pos",
        turn=as_int(target.get("turn")),
        lap=as_int(target.get("lap"), 1),
        throw=as_int(target.get("throw"), 1),
    )
    line = t(
        "rolled_back",
        by=_who_acted(p),
        player=plain(p.get("player") or reply.to),
        pos=where,
        count=as_int(p.get("throws_voided")),
        reason=plain(p.get("reason")),
    )
    return [line, *standing(t, reply.state)]


def restored(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    line = t(
        "restored",
        by=_who_acted(p),
        player=plain(p.get("player") or reply.to),
        count=as_int(p.get("throws_restored")),
        reason=plain(p.get("reason")),
    )
    return [line, *standing(t, reply.state)]


# -- the day's dice: checked, exported, counted ---------------------------------------------------


_FACE_ORDER: Final = ("$", "G", "R", "Eg", "Eb", "D")


def verify(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    day, throws = as_int(p.get("day")), as_int(p.get("throws"))
    mismatches = [as_map(m) for m in as_list(p.get("mismatches"))]
    # An attached file is checked as it is; whether it is this village's day is a second
    # question, answered by the commitment the village posted.
    source = [attached_source(t, p)] if p.get("attached") else []
    if p.get("ok") and not mismatches and not p.get("scripted"):
        return [*source, t("verify.ok", day=day, throws=throws), *verify_page(t)]
    lines = [*source, t("verify.failed", day=day, throws=throws, count=len(mismatches))]
    if p.get("scripted"):
        lines.append(t("verify.scripted"))
    for mismatch in mismatches[:MAX_MISMATCHES]:
        what = t.word("verify.what", mismatch.get("what"))
        detail = mismatch_detail(t, mismatch, faces_text)
        lines.append(t("verify.mismatch", what=what, detail=detail))
    if len(mismatches) > MAX_MISMATCHES:
        lines.append(t("verify.more", count=len(mismatches) - MAX_MISMATCHES))
    return [*lines, *verify_page(t)]


def export(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    day, filename = as_int(p.get("day")), plain(p.get("filename"))
    key = "export.closed" if p.get("closed") else "export.open"
    summary = t(key, day=day, throws=as_int(p.get("throws")), filename=filename)
    return [summary, *verify_page(t), *inline_document(t, reply)]


def stats(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    village = as_map(p.get("village"))
    total = as_int(village.get("total"))
    day = p.get("day")
    if day is None:
        head = t("stats.head_all", total=total)
    else:
        head = t("stats.head_day", day=as_int(day), total=total)
    if total == 0:
        return [head, t("stats.empty")]
    rows = [t.texts["stats.columns"].split()]
    rows.append(_stats_row(t("stats.village"), village))
    for player in (as_map(row) for row in as_list(p.get("players"))):
        rows.append(_stats_row(cell_name(player.get("player")), player))
    return [head, *t.code(table_lines(rows, left=[0])), t("stats.p"), t("stats.caution")]


def _stats_row(name: str, result: Mapping[str, Any]) -> list[str]:
    counts = as_map(result.get("counts"))
    total = as_int(result.get("total"))
    # No dice, no test: a chi-square of 0 and a p of 1 would look like a verdict.
    chi_square = f"{as_float(result.get('chi_square')):.2f}" if total else "-"
    p_value = f"{as_float(result.get('p_value')):.3f}" if total else "-"
    return [
        name,
        *(str(as_int(counts.get(face))) for face in _FACE_ORDER),
        str(total),
        chi_square,
        p_value,
    ]


DAY_WRITERS: Final[Mapping[str, Writer]] = {
    "memo": memo,
    "log": log,
    "rolled_back": rolled_back,
    "restored": restored,
    "verify": verify,
    "export": export,
    "stats": stats,
}
"""The replies of a Greed day that the village's commands and the day's close send."""
