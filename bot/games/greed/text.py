"""Greed's replies as chat text, in the village's language: the replies to a move (a throw, a
sweep, a greed out, a Turn End, the refused moves), where a player stands, the odds and the
score calculator, with the words they are written in (faces, combinations, takes).

Writers read only the reply's data, through the lenient param readers. The texts are
`TEXTS_JA` and `TEXTS_EN`; they join the village's catalogue.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from bot.games.greed import UnknownFaceError, best_split, catalog_en, catalog_ja, parse_faces
from bot.games.greed.faces import counts as face_counts
from bot.words.reply import Reply
from bot.words.text import GameTexts, Text, Writer, as_float, as_int, as_list, as_map, plain

TEXTS_JA: Final[Mapping[str, str]] = catalog_ja.TEXTS
TEXTS_EN: Final[Mapping[str, str]] = catalog_en.TEXTS


# -- Greed's words: faces, combinations, takes, dice counts --------------------------------------

_TOKENS: Final = {"$": "$", "g": "G", "r": "R", "eg": "Eg", "eb": "Eb", "d": "D"}
_SINGLES: Final = ("single_d", "single_g")  # written as letters (DGG), the way the forum does


def faces_text(t: Text, tokens: Iterable[Any]) -> str:
    """The faces of a throw, the two E's told apart by a colour mark and a word."""
    shown = []
    for raw in tokens:
        token = _TOKENS.get(unicodedata.normalize("NFKC", str(raw)).strip().lower())
        face = t.texts[f"face.{token}"] if token else str(raw)
        shown.append(t("die", face=face))
    return t.texts["dice_sep"].join(shown)


def combination_label(t: Text, combinations: Sequence[Any]) -> str:
    """Combinations as players write them: named ones, then single D's and G's (DGG)."""
    named = [t.word("combo", c) for c in combinations if c not in _SINGLES]
    singles = "".join(
        t.word("combo", c) for single in _SINGLES for c in combinations if c == single
    )
    return "+".join([*named, singles] if singles else named)


def dice_label(t: Text, dice: Sequence[Any]) -> str:
    """The combinations a set of taken dice makes (a take always uses every die)."""
    try:
        faces = parse_faces([str(d) for d in dice])
    except UnknownFaceError:
        return faces_text(t, dice)
    split = best_split(face_counts(faces))
    if split is None or not split.combinations:
        return faces_text(t, dice)
    return combination_label(t, [c.key for c in split.combinations])


def take_text(t: Text, take: Mapping[str, Any]) -> str:
    combinations = as_list(take.get("combinations"))
    label = (
        combination_label(t, combinations)
        if combinations
        else dice_label(t, as_list(take.get("dice")))
    )
    return t("take", label=label, points=t.pts(take.get("points")))


def counts_text(t: Text, numbers: Iterable[Any]) -> str:
    """Dice counts as the tags that throw them: `[[greed]]×3 / [[greed]]×6`."""
    shown = [t("count", n=as_int(n)) for n in numbers]
    return t.texts["or_sep"].join(shown) if shown else t("no_moves")


def moves_text(t: Text, numbers: Iterable[Any], turn_end: str | None) -> str:
    parts = [counts_text(t, numbers)]
    if turn_end:
        parts.append(turn_end)
    return t.texts["sep"].join(parts)


def rules_text(t: Text, rules: Mapping[str, Any]) -> str:
    return t(
        "rules_line",
        variant=t.word("variant", rules.get("variant", "official")),
        turns=as_int(rules.get("turns")),
        threshold=t.pts(rules.get("threshold")),
    )


# -- where a player stands ------------------------------------------------------------------


def points_line(t: Text, state: Mapping[str, Any]) -> str:
    return t(
        "play.points",
        turn_points=t.pts(state.get("turn_points")),
        held=t.pts(state.get("held")),
        day=t.pts(state.get("day_points")),
        total=t.pts(state.get("total_points")),
    )


def day_line(t: Text, state: Mapping[str, Any]) -> str:
    return t(
        "play.day_points",
        day=t.pts(state.get("day_points")),
        total=t.pts(state.get("total_points")),
    )


def _turn_end_clause(
    t: Text, state: Mapping[str, Any], best: Mapping[str, Any] | None, threshold: Any
) -> str | None:
    """Whether TE is allowed now and what it would bank; None where TE is not a question."""
    if state.get("can_end"):
        total = t.pts(as_int(state.get("turn_points")) + as_int(state.get("best_take")))
        if best:
            return t("te.allowed", take=take_text(t, best), total=total)
        return t("te.allowed_plain", total=total)
    if as_int(state.get("throw")) == 0:
        # A lap start after a sweep is forced; a turn's start has nothing to end yet.
        return t("te.forced") if as_int(state.get("lap"), 1) > 1 else None
    if threshold is not None:
        return t("te.below", threshold=t.pts(threshold))
    return t("te.below_unknown")


def next_line(
    t: Text,
    state: Mapping[str, Any],
    best: Mapping[str, Any] | None = None,
    threshold: Any = None,
) -> str:
    if state.get("finished"):
        return t("day_done", turns=as_int(state.get("turns_per_day")))
    clause = _turn_end_clause(t, state, best, threshold)
    return t("next", moves=moves_text(t, as_list(state.get("legal_counts")), clause))


def after_turn(t: Text, state: Mapping[str, Any]) -> str:
    """What follows a finished turn: the next turn's first throw, or the day is done."""
    if state.get("finished") or state.get("turn") is None:
        return t("day_done", turns=as_int(state.get("turns_per_day")))
    counts = as_list(state.get("legal_counts")) or [6]
    return t("next_turn", turn=as_int(state.get("turn")), counts=counts_text(t, counts))


def standing(t: Text, state: Mapping[str, Any] | None) -> list[str]:
    """The lines of a player's position: where, points, turns played and what comes next."""
    if not state:
        return []
    if state.get("finished") or state.get("turn") is None:
        return [t("day_done", turns=as_int(state.get("turns_per_day"))), day_line(t, state)]
    turn = as_int(state.get("turn"))
    lap, throw = as_int(state.get("lap"), 1), as_int(state.get("throw"))
    if throw == 0 and lap == 1:
        where = t("standing.start", turn=turn)
    elif throw == 0:
        where = t("standing.lap_start", turn=turn, lap=lap)
    else:
        faces = faces_text(t, as_list(state.get("faces")))
        where = t("standing.pos", turn=turn, lap=lap, throw=throw, faces=faces)
    played = t(
        "standing.turns",
        played=as_int(state.get("turns_played")),
        turns=as_int(state.get("turns_per_day")),
    )
    return [
        where,
        points_line(t, state),
        played,
        next_line(t, state, None, state.get("threshold")),
    ]


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

TEXTS: Final = GameTexts(WRITERS, TEXTS_JA, TEXTS_EN)
"""What the chat renders Greed's replies with."""
