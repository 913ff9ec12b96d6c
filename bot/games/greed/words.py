"""Greed's words, which its replies are written with: faces (the two E's told apart), the
combinations a take makes, dice counts as the tags that throw them, the day's rules, and
where a player stands."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from bot.games.greed import UnknownFaceError, best_split, parse_faces
from bot.games.greed.faces import counts as face_counts
from bot.words.text import Text, as_int, as_list

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


def take_words(t: Text, dice: Sequence[Any], points: Any, combinations: Sequence[Any] = ()) -> str:
    """A take: its combinations where they are named, else those its dice make; its points."""
    label = combination_label(t, combinations) if combinations else dice_label(t, dice)
    return t("take", label=label, points=t.pts(points))


def take_text(t: Text, take: Mapping[str, Any]) -> str:
    """A take as a log's event keeps it (plain data)."""
    dice, combinations = as_list(take.get("dice")), as_list(take.get("combinations"))
    return take_words(t, dice, take.get("points"), combinations)


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


def rule_value(t: Text, field: str, value: Any) -> str | None:
    """A rule's value as a village's settings list it: the variant's name, a threshold in
    points, a number of turns."""
    if field == "variant":
        return t.word("variant", value)
    if field == "threshold":
        return t.pts(value)
    if field == "turns":
        return t("value.turns", n=as_int(value))
    return None


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
    t: Text, state: Mapping[str, Any], best: str | None, threshold: Any
) -> str | None:
    """Whether TE is allowed now and what it would bank; None where TE is not a question.
    `best`: the throw's best take, written."""
    if state.get("can_end"):
        total = t.pts(as_int(state.get("turn_points")) + as_int(state.get("best_take")))
        if best:
            return t("te.allowed", take=best, total=total)
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
    best: str | None = None,
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
