"""Greed's replies about a player's day and the day's dice: the score memo, a player's log of
throws, a moderator's rollback and restore, and the day's record checked, exported and
counted. The village sends them; this is how Greed words them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.games.greed.shapes import (
    ExportParams,
    LogParams,
    LogStep,
    MemoParams,
    MemoTurn,
    RestoredParams,
    RollbackTargetParams,
    RolledBackParams,
    StatsParams,
    Uniformity,
    VerifyParams,
)
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
    as_int,
    as_map,
    cell_name,
    plain,
    table_lines,
)

# -- the memo ---------------------------------------------------------------------------------


def _memo_term(t: Text, turn: MemoTurn) -> str:
    # A house-rule greed out wipes the day's bank: showing it keeps the sum adding up.
    if turn.day_lost > 0:
        return t("memo.wiped", score=turn.score, lost=turn.day_lost)
    return str(turn.score)


def memo(t: Text, reply: Reply) -> list[str]:
    p = MemoParams.of(reply)
    if p.turns:
        today = "+".join(_memo_term(t, turn) for turn in p.turns) + f"={p.points}"
    else:
        # Mid-day a first turn may be in play: that is not "no turns played".
        today = t("memo.no_turns" if p.final else "memo.no_turn_finished")
    overall = "+".join(str(d.points) for d in p.days) + f"={p.total}"
    lines = [
        t("memo.head", player=p.player or plain(reply.to), day=p.day),
        # Mid-day the memo shows the points so far; 最終得点 only once the day's play ended.
        t.linked(
            t("memo.final" if p.final else "memo.so_far", points=t.pts(p.points)),
            p.message_id,
        ),
        today,
        t("memo.overall", points=t.pts(p.total)),
        overall,
        "--",
    ]
    for d in p.days:
        line = t("memo.day", day=d.day, points=t.pts(d.points))
        lines.append(t.linked(line, d.message_id))
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


def _log_line(t: Text, step: LogStep, zone: Any) -> str:
    line = t(
        "log.line",
        turn=plain(step.turn) or "-",
        lap=plain(step.lap) or "-",
        throw=plain(step.throw) or "-",
        faces=faces_text(t, step.faces),
    )
    events = [_log_event(t, e) for e in step.then]
    arrow = t.texts["log.then"]
    if events:
        line += arrow + arrow.join(events)
    line = t.linked(line, step.message_id)
    voided = as_map(step.voided)
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
    p = LogParams.of(reply)
    head = t("log.head", player=p.player or plain(reply.to), day=p.day)
    if not p.steps:
        return [head, t("log.empty")]
    # No time zone in the log's params yet: times then show in UTC, labelled as such.
    return [head, *(_log_line(t, step, p.timezone) for step in p.steps)]


def _who_acted(p: RolledBackParams | RestoredParams) -> str:
    # `by` is the moderator's id in the stored event; `by_name` is what people read.
    return plain(p.by_name or p.by)


def rollback_target(t: Text, reply: Reply) -> list[str]:
    p = RollbackTargetParams.of(reply)
    at = {"turn": p.turn, "lap": plain(p.lap), "throw": plain(p.throw)}
    return [t("greed.rollback_target", who=t.who(reply.to), player=p.player, **at)]


def rolled_back(t: Text, reply: Reply) -> list[str]:
    p = RolledBackParams.of(reply)
    where = t("rollback.pos", turn=p.target.turn, lap=p.target.lap, throw=p.target.throw)
    line = t(
        "rolled_back",
        by=_who_acted(p),
        player=p.player or plain(reply.to),
        pos=where,
        count=p.throws_voided,
        reason=plain(p.reason),
    )
    return [line, *standing(t, reply.state)]


def restored(t: Text, reply: Reply) -> list[str]:
    p = RestoredParams.of(reply)
    line = t(
        "restored",
        by=_who_acted(p),
        player=p.player or plain(reply.to),
        count=p.throws_restored,
        reason=plain(p.reason),
    )
    return [line, *standing(t, reply.state)]


# -- the day's dice: checked, exported, counted ---------------------------------------------------


_FACE_ORDER: Final = ("$", "G", "R", "Eg", "Eb", "D")


def verify(t: Text, reply: Reply) -> list[str]:
    p = VerifyParams.of(reply)
    # An attached file that names no day is checked all the same: its day is unknown.
    day = "?" if p.day is None else p.day
    throws, mismatches = p.throws, p.mismatches
    # An attached file is checked as it is; whether it is this village's day is a second
    # question, answered by the commitment the village posted.
    source = [attached_source(t, reply.params)] if p.attached else []
    if p.ok and not mismatches and not p.scripted:
        return [*source, t("verify.ok", day=day, throws=throws), *verify_page(t)]
    lines = [*source, t("verify.failed", day=day, throws=throws, count=len(mismatches))]
    if p.scripted:
        lines.append(t("verify.scripted"))
    for mismatch in mismatches[:MAX_MISMATCHES]:
        what = t.word("verify.what", mismatch.what)
        detail = mismatch_detail(t, mismatch.facts(), faces_text, game="greed")
        lines.append(t("verify.mismatch", what=what, detail=detail))
    if len(mismatches) > MAX_MISMATCHES:
        lines.append(t("verify.more", count=len(mismatches) - MAX_MISMATCHES))
    return [*lines, *verify_page(t)]


def export(t: Text, reply: Reply) -> list[str]:
    p = ExportParams.of(reply)
    key = "export.closed" if p.closed else "export.open"
    summary = t(key, day=p.day, throws=p.throws, filename=p.filename)
    return [summary, *verify_page(t), *inline_document(t, reply)]


def stats(t: Text, reply: Reply) -> list[str]:
    p = StatsParams.of(reply)
    total = p.village.total
    if p.day is None:
        head = t("stats.head_all", total=total)
    else:
        head = t("stats.head_day", day=p.day, total=total)
    if total == 0:
        return [head, t("stats.empty")]
    rows = [t.texts["stats.columns"].split()]
    rows.append(_stats_row(t("stats.village"), p.village))
    for player in p.players:
        rows.append(_stats_row(cell_name(player.player), player))
    return [head, *t.code(table_lines(rows, left=[0])), t("stats.p"), t("stats.caution")]


def _stats_row(name: str, result: Uniformity) -> list[str]:
    # No dice, no test: a chi-square of 0 and a p of 1 would look like a verdict.
    chi_square = f"{result.chi_square:.2f}" if result.total else "-"
    p_value = f"{result.p_value:.3f}" if result.total else "-"
    return [
        name,
        *(str(result.counts.get(face, 0)) for face in _FACE_ORDER),
        str(result.total),
        chi_square,
        p_value,
    ]


DAY_WRITERS: Final[Mapping[str, Writer]] = {
    "memo": memo,
    "log": log,
    "rolled_back": rolled_back,
    "rollback_target": rollback_target,
    "restored": restored,
    "verify": verify,
    "export": export,
    "stats": stats,
}
"""The replies of a Greed day that the village's commands and the day's close send."""
