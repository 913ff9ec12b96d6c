"""What a Greed move did, as reply data: the kind of reply and its params, the takes a throw
offers, the day's summary for the score rows, and the odds of a position."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from bot.games.api import Json
from bot.games.greed import (
    DiceSetAside,
    DiceThrown,
    GreedEvent,
    GreedOut,
    LapStarted,
    PlayerDay,
    TurnEnded,
)
from bot.games.greed.errors import NoTurnsLeftError
from bot.games.greed.odds import chances, table_for
from bot.games.greed.throw import MAX_DICE, Take, ThrowAnalysis


def take_data(take: Take | None) -> dict[str, Json] | None:
    if take is None:
        return None
    return {
        "count": take.count,
        "dice": [f.token for f in take.dice],
        "points": take.points,
        "combinations": [c.key for c in take.combinations],
    }


def take_options(throw: ThrowAnalysis) -> list[Json]:
    """Every legal take of a throw with the dice it leaves to throw next."""
    options: list[Json] = []
    for take in throw.legal_takes:
        option = take_data(take)
        assert option is not None
        option["next"] = 6 if throw.sweep else throw.dice - take.count
        options.append(option)
    return options


def summary(day: PlayerDay) -> dict[str, Json]:
    """The day's finished turns, oldest first, as the score rows keep them."""
    turns: list[Json] = [
        {
            "number": t.number,
            "outcome": t.outcome.value,
            "score": t.score,
            "lost": t.lost,
            "day_lost": t.day_lost,
            "laps": t.laps,
            "throws": t.throws,
        }
        for t in day.turns
    ]
    return {"turns": turns}


def outcome(
    before: PlayerDay, events: Sequence[GreedEvent], after: PlayerDay
) -> tuple[str, dict[str, Json]]:
    """The reply kind and params of a throw or a Turn End: `events` are the engine's, in
    the order they happened."""
    turn = before.turn
    assert turn is not None  # a move was just made in it
    thrown = next((e for e in events if isinstance(e, DiceThrown)), None)
    taken = [e for e in events if isinstance(e, DiceSetAside)]
    params: dict[str, Json] = {
        "turn": turn.number,
        "lap": turn.lap,
        "throw": turn.throw + 1,
        "variant": before.rules.variant.value,
    }
    if thrown is not None:
        params["faces"] = [f.token for f in thrown.faces]
        params["dice"] = len(thrown.faces)
    # The dice set aside from the previous throw, implied by this throw's count (or by TE).
    before_take = taken[0] if taken and (thrown is None or events[0] is taken[0]) else None
    if before_take is not None:
        params["take"] = {
            "dice": [f.token for f in before_take.dice],
            "points": before_take.points,
        }
    last = events[-1]
    if isinstance(last, GreedOut):
        params.update(lost=last.turn_points_lost, day_lost=last.day_points_lost)
        return "greed_out", params
    if isinstance(last, LapStarted):
        params.update(sweep_points=taken[-1].points, next_lap=last.lap)
        return "sweep", params
    if isinstance(last, TurnEnded):
        params.update(score=last.score, lost=last.lost, forced=last.forced)
        if last.forced:
            params["sweep_points"] = taken[-1].points
        if thrown is None:
            params.pop("throw")
        return "turn_end", params
    throw = after.turn.last if after.turn is not None else None
    assert throw is not None
    params["options"] = take_options(throw)
    params["best_take"] = cast(Json, take_data(throw.best_take))
    return "throw", params


def odds(day: PlayerDay) -> dict[str, Json]:
    """Chances and expected turn scores for the player's position (official-rule odds);
    raises NoTurnsLeftError when no turn is left today."""
    turn = day.turn
    if day.finished or turn is None:
        raise NoTurnsLeftError(day.rules.turns_per_day)
    table = table_for(day.rules.threshold)
    # Nothing banked today means stopping needs the threshold; the table knows both cases.
    opened = day.banked >= day.rules.threshold
    common: dict[str, Json] = {
        "variant": day.rules.variant.value,
        "points": turn.points,
        "opened": opened,
    }
    pending = turn.pending
    if pending is None:
        six = chances(MAX_DICE)
        return {
            **common,
            "mode": "throw",
            "dice": MAX_DICE,
            "greed_out": float(six.greed_out),
            "sweep": float(six.sweep),
            "ev_roll": round(table.ev_roll(MAX_DICE, turn.points, opened), 1),
            "advice": "roll",
        }
    advice = table.after_throw(pending, turn.points, opened)
    best = advice.best
    options: list[Json] = [
        {
            "count": value.take.count,
            "dice": [f.token for f in value.take.dice],
            "points": value.take.points,
            "next": value.dice_next,
            "greed_out": float(chances(value.dice_next).greed_out),
            "sweep": float(chances(value.dice_next).sweep),
            "value": round(value.value, 1),
        }
        for value in advice.takes
    ]
    return {
        **common,
        "mode": "choose",
        "options": options,
        "turn_end": advice.turn_end,
        "advice": advice.advice,
        "best_next": None if best is None else best.dice_next,
    }
