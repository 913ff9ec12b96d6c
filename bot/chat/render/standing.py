"""Where a player stands, written from a reply's `state`: points, position and next moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.chat.render.text import Text, as_int, as_list


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
            return t("te.allowed", take=t.take(best), total=total)
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
    return t("next", moves=t.moves(as_list(state.get("legal_counts")), clause))


def after_turn(t: Text, state: Mapping[str, Any]) -> str:
    """What follows a finished turn: the next turn's first throw, or the day is done."""
    if state.get("finished") or state.get("turn") is None:
        return t("day_done", turns=as_int(state.get("turns_per_day")))
    counts = as_list(state.get("legal_counts")) or [6]
    return t("next_turn", turn=as_int(state.get("turn")), counts=t.counts(counts))


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
        faces = t.faces(as_list(state.get("faces")))
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
