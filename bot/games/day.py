"""What a day game brings to the village besides its rules.

A day game is played by each player alone in the village's channel, on a one-seat table per
player and day (Greed). The village's day commands are written around it and ask it for the
game's own knowledge: the odds of a position, what a set of outcomes scores, how a day's
exported record is checked, and how recorded outcomes are counted for the fairness test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.fairness.seed import Mismatch
from bot.games.api import Game, Json, Params
from bot.words.text import GameTexts

S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class DayGame(Generic[S, M, E]):
    game: Game[S, M, E]
    odds: Callable[[S], Params]
    """`/greed odds`: the chances of the player's position; raises RuleError when there is
    nothing to play."""
    calculate: Callable[[str], Params]
    """`/greed score faces:…`: what outcomes written as players write them score; raises
    RuleError for what cannot be read."""
    verify: Callable[[Mapping[str, Any]], tuple[int, list[Mismatch]]]
    """A day's exported record checked against its seed: the draws checked and what does not
    hold (an export is anyone's JSON, hence `Any`)."""
    tally: Callable[[Sequence[Sequence[Json]]], dict[str, Json]]
    """Recorded outcomes (each as the record writes it) counted and tested for fairness."""
    texts: GameTexts | None = None
    """Its reply writers and catalogue, as `TableGame.texts`."""
