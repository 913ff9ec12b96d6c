"""The seam between the village and a game: what the village service asks of any dice game.

The village keeps days, players, streams, messages, rollback and scores the same way for
every game; a game brings its rules engine and says what a move means. The seam is still
shaped by Greed, the only game so far (one player's day, its throws and faces): the games
with tables of several players and hidden information need a wider one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.engine.greed.faces import Face
from bot.village.records import PlayerDayRecord


class GameRuleError(Exception):
    """A move the game's rules refuse. `key` and `params` say why, in any language."""

    def __init__(self, key: str, message: str, params: Mapping[str, Any]) -> None:
        super().__init__(message)
        self.key = key
        self.params = dict(params)


class ConfigError(ValueError):
    """A setting value the game does not accept."""

    def __init__(self, key: str, value: str, allowed: str) -> None:
        super().__init__(f"{key}: {value!r} is not allowed ({allowed})")
        self.key = key
        self.value = value
        self.allowed = allowed


@dataclass(frozen=True, slots=True)
class GameEvent:
    """An engine event in storable form: its type name and plain data."""

    type: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class DaySummary:
    """What the village's score rows keep of a player's day."""

    points: int
    turns: tuple[dict[str, Any], ...]
    finished: bool

    def row(
        self,
        village_id: int,
        day: int,
        player_id: int,
        version: int,
        ended_message_id: int | None,
        *,
        finished: bool | None = None,
    ) -> PlayerDayRecord:
        """The score row at stream `version`; `finished` overrides (a closed day is over)."""
        return PlayerDayRecord(
            village_id=village_id,
            day=day,
            player_id=player_id,
            version=version,
            points=self.points,
            turns=self.turns,
            finished=self.finished if finished is None else finished,
            ended_message_id=ended_message_id,
        )


class Game(Protocol):
    """A dice game the village can host. `State` is the game's own immutable day state."""

    key: str
    throw_event: str
    """The type of the event that records a throw (the log and the fair-dice export read it)."""

    def default_rules(self) -> dict[str, Any]: ...

    def configure(self, rules: Mapping[str, Any], key: str, value: str) -> dict[str, Any]:
        """Rules with one setting changed; raises ConfigError."""

    @property
    def config_keys(self) -> tuple[str, ...]: ...

    def new_day(self, rules: Mapping[str, Any]) -> Any: ...

    def evolve(self, state: Any, event: GameEvent) -> Any: ...

    def dice_to_throw(self, state: Any, dice: int) -> int:
        """Check a throw of `dice` dice before any die is drawn; raises GameRuleError."""

    def throw(self, state: Any, faces: Sequence[Face]) -> list[GameEvent]: ...

    def end_turn(self, state: Any) -> list[GameEvent]:
        """Raises GameRuleError when the turn may not end now."""

    def close(self, state: Any) -> list[GameEvent]: ...

    def summary(self, state: Any) -> DaySummary: ...

    def position(self, state: Any) -> dict[str, Any]:
        """The `state` object of a reply (without the village's day and total)."""

    def odds(self, state: Any) -> dict[str, Any]:
        """Chances and expected scores for the position; raises GameRuleError with no move."""

    def outcome(
        self, before: Any, events: Sequence[GameEvent], after: Any
    ) -> tuple[str, dict[str, Any]]:
        """The reply kind and its parameters for what a move did."""
