"""The replies to a move: throws, sweeps, greed outs, turn ends and the refused moves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.chat.render.standing import after_turn, day_line, next_line, points_line
from bot.chat.render.text import Text, as_int, as_list, as_map
from bot.village.replies import Reply


def head(t: Text, reply: Reply) -> str:
    """The throw's first line: who, where in the turn, and the faces."""
    p = reply.params
    return t(
        "play.head",
        who=t.who(reply.to),
        turn=as_int(p.get("turn")),
        lap=as_int(p.get("lap"), 1),
        throw=as_int(p.get("throw")),
        faces=t.faces(as_list(p.get("faces"))),
    )


def _previous_take(t: Text, reply: Reply, key: str = "play.take") -> list[str]:
    take = as_map(reply.params.get("take"))
    return [t(key, take=t.take(take))] if take else []


def option(t: Text, take: Mapping[str, Any]) -> str:
    """One take and what it leaves to throw: `DG 150点→4個`."""
    combinations = as_list(take.get("combinations"))
    label = t.label(combinations) if combinations else t.dice_label(as_list(take.get("dice")))
    return t(
        "play.option",
        label=label,
        points=t.pts(take.get("points")),
        next=as_int(take.get("next")),
    )


def options(t: Text, takes: Iterable[Any]) -> str:
    """The takes of a throw on one line: `D 100点→5個 / DG 150点→4個`."""
    return t.texts["or_sep"].join(option(t, as_map(o)) for o in takes)


def _threshold(reply: Reply) -> Any:
    # Not in today's params; used as soon as the village adds it to the reply or its state.
    return reply.params.get("threshold", (reply.state or {}).get("threshold"))


def throw(t: Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    lines = [head(t, reply), *_previous_take(t, reply)]
    takes = as_list(p.get("options"))
    if takes:
        lines.append(t("play.options", options=options(t, takes)))
    if state:
        best = as_map(p.get("best_take")) or None
        lines += [points_line(t, state), next_line(t, state, best, _threshold(reply))]
    return lines


def sweep(t: Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    take = {"dice": as_list(p.get("faces")), "points": p.get("sweep_points")}
    lines = [
        head(t, reply),
        *_previous_take(t, reply),
        t("sweep.result", take=t.take(take), lap=as_int(p.get("next_lap"), 2)),
    ]
    if state:
        counts = as_list(state.get("legal_counts")) or [6]
        lines += [points_line(t, state), t("sweep.next", counts=t.counts(counts))]
    return lines


def greed_out(t: Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    turn, lost, day_lost = as_int(p.get("turn")), as_int(p.get("lost")), as_int(p.get("day_lost"))
    lines = [head(t, reply), *_previous_take(t, reply)]
    if lost:
        lines.append(t("greed_out.result_lost", turn=turn, lost=t.pts(lost)))
    else:
        lines.append(t("greed_out.result", turn=turn))
    if day_lost:
        variant = t.word("variant", p.get("variant", "house"))
        lines.append(t("greed_out.day_lost", variant=variant, day_lost=t.pts(day_lost)))
    if state:
        lines += [day_line(t, state), after_turn(t, state)]
    return lines


def turn_end(t: Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    turn, score, lost = as_int(p.get("turn")), as_int(p.get("score")), as_int(p.get("lost"))
    if p.get("forced") and p.get("faces"):
        # House rules: a sweep after the turn's first throw ends the turn instead of a lap.
        swept = {"dice": as_list(p.get("faces")), "points": p.get("sweep_points")}
        variant = t.word("variant", p.get("variant", "house"))
        lines = [
            head(t, reply),
            *_previous_take(t, reply),
            t("turn_end.forced", take=t.take(swept), variant=variant),
        ]
        if score == 0 and lost > 0:
            lines.append(t("turn_end.forced_short", turn=turn, lost=t.pts(lost)))
        else:
            lines.append(t("turn_end.score", turn=turn, score=t.pts(score)))
    else:
        lines = [
            t("turn_end.head", who=t.who(reply.to), turn=turn),
            *_previous_take(t, reply, "turn_end.take"),
            t("turn_end.score", turn=turn, score=t.pts(score)),
        ]
    if state:
        lines += [day_line(t, state), after_turn(t, state)]
    return lines


def double_post(t: Text, reply: Reply) -> list[str]:
    dice = t("count", n=as_int(reply.params.get("dice")))
    return [t("double_post", who=t.who(reply.to), counts=dice)]


# -- refused moves ------------------------------------------------------------------------------


def illegal_count(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    te = t("te.short") if p.get("can_end") else None
    return [
        t("illegal_count", who=t.who(reply.to), asked=as_int(p.get("asked"))),
        t("legal_moves", moves=t.moves(as_list(p.get("legal")), te)),
    ]


def turn_end_refused(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    key = f"turn_end_refused.{p.get('reason')}"
    if key not in t.texts:
        key = "turn_end_refused"
    return [
        t(key, who=t.who(reply.to), held=t.pts(p.get("held")), threshold=t.pts(p.get("threshold"))),
        t("legal_moves", moves=t.counts(as_list(p.get("legal")))),
    ]


def no_turns_left(t: Text, reply: Reply) -> list[str]:
    turns = as_int(reply.params.get("turns_per_day"))
    return [t("no_turns_left", who=t.who(reply.to), turns=turns)]
