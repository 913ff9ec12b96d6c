"""What happened in a player's day: immutable facts, replayed to rebuild the day exactly."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.greed.faces import Face


@dataclass(frozen=True, slots=True)
class DiceSetAside:
    """Dice taken from the last throw; their points join the turn."""

    count: int
    dice: tuple[Face, ...]
    points: int


@dataclass(frozen=True, slots=True)
class DiceThrown:
    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class LapStarted:
    """Every die of a throw scored: the turn goes on with six dice in a new lap."""

    lap: int


@dataclass(frozen=True, slots=True)
class GreedOut:
    """A throw with no scoring die ended the turn; these points were lost."""

    turn_points_lost: int
    day_points_lost: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """The turn ended and `score` joined the day.

    `forced` marks the house rule's end by a sweep after the first throw; such a turn
    scores 0 (and `lost` holds its points) when the player's held points are below the
    threshold.
    """

    score: int
    lost: int = 0
    forced: bool = False


@dataclass(frozen=True, slots=True)
class TurnUnfinished:
    """The day closed in the middle of this turn: it scores 0."""

    turn_points_lost: int


@dataclass(frozen=True, slots=True)
class DayClosed:
    pass


GreedEvent = (
    DiceSetAside | DiceThrown | LapStarted | GreedOut | TurnEnded | TurnUnfinished | DayClosed
)
