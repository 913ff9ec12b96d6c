"""Greed as the village's day game: its rules with what the day commands ask of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.api import Json, Params, RuleError
from bot.games.day import DayGame
from bot.games.greed import (
    GreedRuleError,
    PlayerDay,
    UnknownFaceError,
    analyse,
    day_commands,
    parse_faces,
    text,
)
from bot.games.greed.answers import GreedAnswers
from bot.games.greed.events import GreedEvent
from bot.games.greed.fair import record_digest, uniformity_json, verify_record
from bot.games.greed.game import GAME, rule_error
from bot.games.greed.moves import GreedMove
from bot.games.greed.replies import odds, summary, take_options
from bot.games.greed.throw import MAX_DICE


def position_odds(day: PlayerDay) -> Params:
    try:
        return odds(day)
    except GreedRuleError as error:
        raise rule_error(error) from None


def calculate(text: str) -> Params:
    """What a throw of these faces scores and offers, as `/greed score` shows it."""
    try:
        faces = parse_faces(text)
    except UnknownFaceError as error:
        raise RuleError("unknown_face", {"face": error.token}) from None
    if not 1 <= len(faces) <= MAX_DICE:
        raise RuleError("score_dice", {"dice": len(faces)})
    throw = analyse(faces)
    best = throw.best_take
    return {
        "faces": [f.token for f in faces],
        "points": 0 if best is None else best.points,
        "sweep": throw.sweep,
        "greed_out": throw.greed_out,
        "options": take_options(throw),
        "legal_counts": list(throw.legal_next_counts),
    }


def tally(throws: Sequence[Sequence[Json]]) -> dict[str, Json]:
    """Face counts and the chi-square test of recorded throws (face tokens)."""
    return uniformity_json(
        face for faces in throws for face in parse_faces([str(f) for f in faces])
    )


def drawn(data: Mapping[str, Json]) -> list[Json]:
    """The faces of a throw (`DiceThrown`), as a day's record lists them."""
    faces = data.get("faces")
    return list(faces) if isinstance(faces, list) else []


def turns(day: PlayerDay) -> tuple[dict[str, Json], ...]:
    """The day's finished turns, as the score row keeps them and the memo lists them."""
    played = summary(day)["turns"]
    return tuple(t for t in played if isinstance(t, dict)) if isinstance(played, list) else ()


DAY: DayGame[PlayerDay, GreedMove, GreedEvent] = DayGame(
    GAME,
    position_odds,
    calculate,
    verify_record,
    tally,
    record_digest,
    drawn=drawn,
    turns=turns,
    answers=GreedAnswers(),
    texts=text.TEXTS,
    commands=day_commands.COMMANDS,
    settings=day_commands.SETTINGS,
    position=day_commands.POSITION,
    aliases=day_commands.ALIASES,
    argument_aliases=day_commands.ARGUMENT_ALIASES,
    group_aliases=("グリード",),
    tags=("[[greed]]",),
)
