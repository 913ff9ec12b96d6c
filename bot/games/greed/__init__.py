"""Greed: its rules (faces, scoring, a player's day as a state machine, rule variants, odds),
its table on the game API (`game.py`) and its reply data (`replies.py`).

The rules are standard library only. They never draw random numbers or read a clock: the
caller passes the faces of every throw in.
"""

from bot.games.greed.day import (
    CloseDay,
    EndTurn,
    Move,
    PlayerDay,
    Throw,
    Turn,
    TurnOutcome,
    TurnRecord,
    check_end,
    check_throw,
    decide,
    decide_count,
    decide_faces,
    evolve,
    new_day,
    play,
    replay,
)
from bot.games.greed.errors import (
    DayClosedError,
    GreedRuleError,
    IllegalDiceCountError,
    NoTurnsLeftError,
    TurnEndRefusedError,
)
from bot.games.greed.events import (
    DayClosed,
    DiceSetAside,
    DiceThrown,
    GreedEvent,
    GreedOut,
    LapStarted,
    TurnEnded,
    TurnUnfinished,
)
from bot.games.greed.faces import FACES, Face, UnknownFaceError, format_faces, parse_faces
from bot.games.greed.rules import Rules, Variant
from bot.games.greed.scoring import Combination, Split, best_split, score
from bot.games.greed.throw import MAX_DICE, Take, ThrowAnalysis, analyse

__all__ = [
    "FACES",
    "MAX_DICE",
    "CloseDay",
    "Combination",
    "DayClosed",
    "DayClosedError",
    "DiceSetAside",
    "DiceThrown",
    "EndTurn",
    "Face",
    "GreedEvent",
    "GreedOut",
    "GreedRuleError",
    "IllegalDiceCountError",
    "LapStarted",
    "Move",
    "NoTurnsLeftError",
    "PlayerDay",
    "Rules",
    "Split",
    "Take",
    "Throw",
    "ThrowAnalysis",
    "Turn",
    "TurnEndRefusedError",
    "TurnEnded",
    "TurnOutcome",
    "TurnRecord",
    "TurnUnfinished",
    "UnknownFaceError",
    "Variant",
    "analyse",
    "best_split",
    "check_end",
    "check_throw",
    "decide",
    "decide_count",
    "decide_faces",
    "evolve",
    "format_faces",
    "new_day",
    "parse_faces",
    "play",
    "replay",
    "score",
]
