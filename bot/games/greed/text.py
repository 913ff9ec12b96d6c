"""Greed's replies as chat text, in the village's language: the replies to a move (a throw, a
sweep, a greed out, a Turn End, the refused moves), where a player stands, the odds and the
score calculator, in Greed's words (`words`); with the replies about a day (`day_text`),
every writer and the catalogue the chat renders Greed with (`TEXTS`).

Writers read only the reply's data, through the lenient param readers. The texts are
`TEXTS_JA` and `TEXTS_EN`; they join the village's catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from bot.games.greed import catalog_en, catalog_ja
from bot.games.greed.day_text import DAY_WRITERS
from bot.games.greed.words import (
    after_turn,
    combination_label,
    counts_text,
    day_line,
    dice_label,
    faces_text,
    moves_text,
    next_line,
    points_line,
    rules_text,
    standing,
    take_text,
)
from bot.words.reply import Reply
from bot.words.text import GameTexts, Text, Writer, as_float, as_int, as_list, as_map, plain

TEXTS_JA: Final[Mapping[str, str]] = catalog_ja.TEXTS
TEXTS_EN: Final[Mapping[str, str]] = catalog_en.TEXTS


def status(t: Text, reply: Reply) -> list[str]:
    state = reply.state or {}
    player = plain(reply.params.get("player") or reply.to)
    return [t("status.head", player=player, day=as_int(state.get("day"))), *standing(t, state)]


# -- the replies to a move -------------------------------------------------------------------


def head(t: Text, reply: Reply) -> str:
    """The throw's first line: who, where in the turn, and the faces."""
    p = reply.params
    return t(
        "play.head",
        who=t.who(reply.to),
        turn=as_int(p.get("turn")),
        lap=as_int(p.get("lap"), 1),
        throw=as_int(p.get("throw")),
        faces=faces_text(t, as_list(p.get("faces"))),
    )


def _previous_take(t: Text, reply: Reply, key: str = "play.take") -> list[str]:
    take = as_map(reply.params.get("take"))
    return [t(key, take=take_text(t, take))] if take else []


def option(t: Text, take: Mapping[str, Any]) -> str:
    """One take and what it leaves to throw: `DG 150点→4個`."""
    combinations = as_list(take.get("combinations"))
    label = (
        combination_label(t, combinations)
        if combinations
        else dice_label(t, as_list(take.get("dice")))
    )
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
        t("sweep.result", take=take_text(t, take), lap=as_int(p.get("next_lap"), 2)),
    ]
    if state:
        counts = as_list(state.get("legal_counts")) or [6]
        lines += [points_line(t, state), t("sweep.next", counts=counts_text(t, counts))]
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
            t("turn_end.forced", take=take_text(t, swept), variant=variant),
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
        t("legal_moves", moves=moves_text(t, as_list(p.get("legal")), te)),
    ]


def turn_end_refused(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    key = f"turn_end_refused.{p.get('reason')}"
    if key not in t.texts:
        key = "turn_end_refused"
    return [
        t(key, who=t.who(reply.to), held=t.pts(p.get("held")), threshold=t.pts(p.get("threshold"))),
        t("legal_moves", moves=counts_text(t, as_list(p.get("legal")))),
    ]


def no_turns_left(t: Text, reply: Reply) -> list[str]:
    turns = as_int(reply.params.get("turns_per_day"))
    return [t("no_turns_left", who=t.who(reply.to), turns=turns)]


# -- the odds and the score calculator -----------------------------------------------------


def _percent(chance: Any) -> str:
    return f"{as_float(chance) * 100:.1f}%"


def _pts(t: Text, value: Any) -> str:
    return t.pts(round(as_float(value)))


# -- odds --------------------------------------------------------------------------------------


def odds(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [t("odds.head", who=t.who(reply.to), points=t.pts(p.get("points")))]
    if p.get("mode") == "throw":
        lines.append(
            t(
                "odds.throw",
                dice=as_int(p.get("dice"), 6),
                greed_out=_percent(p.get("greed_out")),
                sweep=_percent(p.get("sweep")),
                ev=_pts(t, p.get("ev_roll")),
            )
        )
    else:
        lines += [_odds_option(t, as_map(o)) for o in as_list(p.get("options"))]
        turn_end = p.get("turn_end")
        if turn_end is None:
            lines.append(t("odds.no_te"))
        else:
            lines.append(t("odds.te", points=_pts(t, turn_end)))
        if p.get("advice") == "stop" and turn_end is not None:
            lines.append(t("odds.advice", move=t("te.short")))
        elif p.get("best_next") is not None:
            lines.append(t("odds.advice", move=t("count", n=as_int(p.get("best_next")))))
    variant = p.get("variant", "official")
    if variant != "official":
        lines.append(t("odds.not_official", variant=t.word("variant", variant)))
    return lines


def _odds_option(t: Text, take: Mapping[str, Any]) -> str:
    return t(
        "odds.option",
        option=option(t, take),
        greed_out=_percent(take.get("greed_out")),
        sweep=_percent(take.get("sweep")),
        value=_pts(t, take.get("value")),
    )


def score(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    takes = [as_map(o) for o in as_list(p.get("options"))]
    lines = [t("score.head", faces=faces_text(t, as_list(p.get("faces"))))]
    if p.get("greed_out") or not takes:
        return [*lines, t("score.greed_out")]
    best = max(takes, key=lambda o: as_int(o.get("points")))
    if p.get("sweep"):
        return [*lines, t("score.sweep", take=take_text(t, best))]
    return [
        *lines,
        t("play.options", options=options(t, takes)),
        t("score.te", take=take_text(t, best)),
    ]


WRITERS: Final[Mapping[str, Writer]] = {
    "throw": throw,
    "sweep": sweep,
    "greed_out": greed_out,
    "turn_end": turn_end,
    "double_post": double_post,
    "illegal_count": illegal_count,
    "turn_end_refused": turn_end_refused,
    "no_turns_left": no_turns_left,
    "status": status,
    "odds": odds,
    "score": score,
}

TEXTS: Final = GameTexts({**WRITERS, **DAY_WRITERS}, TEXTS_JA, TEXTS_EN, rules=rules_text)
"""What the chat renders Greed's replies with."""
