"""Greed's replies as chat text, in the village's language: the replies to a move (a throw, a
sweep, a greed out, a Turn End, the refused moves), where a player stands, the odds and the
score calculator, in Greed's words (`words`); with the replies about a day (`day_text`),
every writer and the catalogue the chat renders Greed with (`TEXTS`).

Writers read the reply's params through their checked shapes (`shapes`), and its state
through the lenient readers. The texts are
`TEXTS_JA` and `TEXTS_EN`; they join the village's catalogue.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from bot.games.day import day_key
from bot.games.greed import catalog_en, catalog_ja
from bot.games.greed.day_text import DAY_WRITERS
from bot.games.greed.game import KEY
from bot.games.greed.shapes import (
    SHAPES,
    DayClosedParams,
    DoublePostParams,
    GreedOutParams,
    IllegalCountParams,
    Move,
    NoTurnsLeftParams,
    OddsOption,
    OddsParams,
    Option,
    ScoreDiceParams,
    ScoreParams,
    StatusParams,
    SweepParams,
    TagsParams,
    Take,
    ThrowParams,
    TurnEndParams,
    TurnEndRefusedParams,
    UnknownFaceParams,
)
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
    rule_value,
    rules_text,
    standing,
    take_words,
)
from bot.words.reply import Reply
from bot.words.text import GameTexts, Text, Writer, as_int, as_list, plain

TEXTS_JA: Final[Mapping[str, str]] = catalog_ja.TEXTS
TEXTS_EN: Final[Mapping[str, str]] = catalog_en.TEXTS


def status(t: Text, reply: Reply) -> list[str]:
    state = reply.state or {}
    player = StatusParams.of(reply).player or plain(reply.to)
    return [t("status.head", player=player, day=as_int(state.get("day"))), *standing(t, state)]


# -- the replies to a move -------------------------------------------------------------------


def head(t: Text, reply: Reply, p: Move | TurnEndParams) -> str:
    """The throw's first line: who, where in the turn, and the faces."""
    return t(
        "play.head",
        who=t.who(reply.to),
        turn=p.turn,
        lap=p.lap,
        throw=p.throw or 0,
        faces=faces_text(t, p.faces or ()),
    )


def written(t: Text, take: Take) -> str:
    """A take in the village's words: `DG 150点`."""
    return take_words(t, take.dice, take.points, take.combinations)


def _previous_take(t: Text, take: Take | None, key: str = "play.take") -> list[str]:
    return [t(key, take=written(t, take))] if take else []


def option(t: Text, take: Option) -> str:
    """One take and what it leaves to throw: `DG 150点→4個`."""
    label = (
        combination_label(t, take.combinations) if take.combinations else dice_label(t, take.dice)
    )
    return t("play.option", label=label, points=t.pts(take.points), next=take.next)


def options(t: Text, takes: Iterable[Option]) -> str:
    """The takes of a throw on one line: `D 100点→5個 / DG 150点→4個`."""
    return t.texts["or_sep"].join(option(t, o) for o in takes)


def _threshold(reply: Reply, p: ThrowParams) -> Any:
    # Not in today's params; used as soon as the village adds it to the reply or its state.
    return p.threshold if p.threshold is not None else (reply.state or {}).get("threshold")


def throw(t: Text, reply: Reply) -> list[str]:
    p, state = ThrowParams.of(reply), reply.state
    lines = [head(t, reply, p), *_previous_take(t, p.take)]
    if p.options:
        lines.append(t("play.options", options=options(t, p.options)))
    if state:
        best = written(t, p.best_take) if p.best_take else None
        lines += [points_line(t, state), next_line(t, state, best, _threshold(reply, p))]
    return lines


def sweep(t: Text, reply: Reply) -> list[str]:
    p, state = SweepParams.of(reply), reply.state
    lines = [
        head(t, reply, p),
        *_previous_take(t, p.take),
        t("sweep.result", take=take_words(t, p.faces, p.sweep_points), lap=p.next_lap),
    ]
    if state:
        counts = as_list(state.get("legal_counts")) or [6]
        lines += [points_line(t, state), t("sweep.next", counts=counts_text(t, counts))]
    return lines


def greed_out(t: Text, reply: Reply) -> list[str]:
    p, state = GreedOutParams.of(reply), reply.state
    lines = [head(t, reply, p), *_previous_take(t, p.take)]
    if p.lost:
        lines.append(t("greed_out.result_lost", turn=p.turn, lost=t.pts(p.lost)))
    else:
        lines.append(t("greed_out.result", turn=p.turn))
    if p.day_lost:
        variant = t.word("variant", p.variant)
        lines.append(t("greed_out.day_lost", variant=variant, day_lost=t.pts(p.day_lost)))
    if state:
        lines += [day_line(t, state), after_turn(t, state)]
    return lines


def turn_end(t: Text, reply: Reply) -> list[str]:
    p, state = TurnEndParams.of(reply), reply.state
    if p.forced and p.faces:
        # House rules: a sweep after the turn's first throw ends the turn instead of a lap.
        swept = take_words(t, p.faces, p.sweep_points)
        variant = t.word("variant", p.variant)
        lines = [
            head(t, reply, p),
            *_previous_take(t, p.take),
            t("turn_end.forced", take=swept, variant=variant),
        ]
        if p.score == 0 and p.lost > 0:
            lines.append(t("turn_end.forced_short", turn=p.turn, lost=t.pts(p.lost)))
        else:
            lines.append(t("turn_end.score", turn=p.turn, score=t.pts(p.score)))
    else:
        lines = [
            t("turn_end.head", who=t.who(reply.to), turn=p.turn),
            *_previous_take(t, p.take, "turn_end.take"),
            t("turn_end.score", turn=p.turn, score=t.pts(p.score)),
        ]
    if state:
        lines += [day_line(t, state), after_turn(t, state)]
    return lines


def double_post(t: Text, reply: Reply) -> list[str]:
    dice = t("count", n=DoublePostParams.of(reply).dice)
    return [t("double_post", who=t.who(reply.to), counts=dice)]


# -- refused moves ------------------------------------------------------------------------------


def illegal_count(t: Text, reply: Reply) -> list[str]:
    p = IllegalCountParams.of(reply)
    te = t("te.short") if p.can_end else None
    return [
        t("illegal_count", who=t.who(reply.to), asked=p.asked),
        t("legal_moves", moves=moves_text(t, p.legal, te)),
    ]


def turn_end_refused(t: Text, reply: Reply) -> list[str]:
    p = TurnEndRefusedParams.of(reply)
    key = f"turn_end_refused.{p.reason}"
    if key not in t.texts:
        key = "turn_end_refused"
    return [
        t(key, who=t.who(reply.to), held=t.pts(p.held), threshold=t.pts(p.threshold)),
        t("legal_moves", moves=counts_text(t, p.legal)),
    ]


def no_turns_left(t: Text, reply: Reply) -> list[str]:
    turns = NoTurnsLeftParams.of(reply).turns_per_day
    return [t("no_turns_left", who=t.who(reply.to), turns=turns)]


# -- the odds and the score calculator -----------------------------------------------------


def _percent(chance: float | None) -> str:
    return f"{(chance or 0.0) * 100:.1f}%"


def _pts(t: Text, value: float | None) -> str:
    return t.pts(round(value or 0.0))


# -- odds --------------------------------------------------------------------------------------


def odds(t: Text, reply: Reply) -> list[str]:
    p = OddsParams.of(reply)
    lines = [t("odds.head", who=t.who(reply.to), points=t.pts(p.points))]
    if p.mode == "throw":
        lines.append(
            t(
                "odds.throw",
                dice=p.dice,
                greed_out=_percent(p.greed_out),
                sweep=_percent(p.sweep),
                ev=_pts(t, p.ev_roll),
            )
        )
    else:
        lines += [_odds_option(t, o) for o in p.options]
        if p.turn_end is None:
            lines.append(t("odds.no_te"))
        else:
            lines.append(t("odds.te", points=_pts(t, p.turn_end)))
        if p.advice == "stop" and p.turn_end is not None:
            lines.append(t("odds.advice", move=t("te.short")))
        elif p.best_next is not None:
            lines.append(t("odds.advice", move=t("count", n=p.best_next)))
    if p.variant != "official":
        lines.append(t("odds.not_official", variant=t.word("variant", p.variant)))
    return lines


def _odds_option(t: Text, take: OddsOption) -> str:
    return t(
        "odds.option",
        option=option(t, take),
        greed_out=_percent(take.greed_out),
        sweep=_percent(take.sweep),
        value=_pts(t, take.value),
    )


def score(t: Text, reply: Reply) -> list[str]:
    p = ScoreParams.of(reply)
    lines = [t("score.head", faces=faces_text(t, p.faces))]
    if p.greed_out or not p.options:
        return [*lines, t("score.greed_out")]
    best = written(t, max(p.options, key=lambda o: o.points))
    if p.sweep:
        return [*lines, t("score.sweep", take=best)]
    return [
        *lines,
        t("play.options", options=options(t, p.options)),
        t("score.te", take=best),
    ]


# -- refusals of a message or a command ------------------------------------------------------


def unknown_face(t: Text, reply: Reply) -> list[str]:
    face = UnknownFaceParams.of(reply).face
    return [t("greed.unknown_face", who=t.who(reply.to), face=face)]


def score_dice(t: Text, reply: Reply) -> list[str]:
    dice = ScoreDiceParams.of(reply).dice
    return [t("greed.score_dice", who=t.who(reply.to), dice=dice)]


def unreadable(key: str) -> Writer:
    """A message that tries to throw but cannot: too many tags, or tags with a Turn End."""

    def write(t: Text, reply: Reply) -> list[str]:
        return [t(key, who=t.who(reply.to), tags=TagsParams.of(reply).tags)]

    return write


def day_closed(t: Text, reply: Reply) -> list[str]:
    DayClosedParams.of(reply)
    return [t("greed.day_closed", who=t.who(reply.to))]


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
    "unknown_face": unknown_face,
    "score_dice": score_dice,
    "too_many_tags": unreadable("greed.too_many_tags"),
    "tags_and_turn_end": unreadable("greed.tags_and_turn_end"),
    "day_closed": day_closed,
}

TEXTS: Final = GameTexts(
    {day_key(KEY, name): writer for name, writer in {**WRITERS, **DAY_WRITERS}.items()},
    TEXTS_JA,
    TEXTS_EN,
    rules=rules_text,
    setting=rule_value,
    shapes={day_key(KEY, name): shape for name, shape in SHAPES.items()},
    # Greed's replies had no prefix before (and two refusals other names): one kept in an
    # outbox when the bot was upgraded is still written.
    former={
        **{name: day_key(KEY, name) for name in {**WRITERS, **DAY_WRITERS}},
        "message_too_many_tags": day_key(KEY, "too_many_tags"),
        "message_tags_and_turn_end": day_key(KEY, "tags_and_turn_end"),
    },
)
"""What the chat renders Greed's replies with."""
