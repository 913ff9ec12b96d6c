"""A village's Greed rules: variant, Turn End threshold, turns per day (greed.md §6)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

DEFAULT_THRESHOLD = 500
DEFAULT_TURNS_PER_DAY = 5
MAX_TURNS_PER_DAY = 20


class Variant(enum.StrEnum):
    """The three rule sets GR villages have played."""

    OFFICIAL = "official"
    HOUSE = "house"
    REVISED = "revised"

    @property
    def greed_out_wipes_day(self) -> bool:
        """A greed out loses the day's banked points too, not only the turn's."""
        return self is not Variant.OFFICIAL

    @property
    def laps_only_from_first_throw(self) -> bool:
        """Only the turn's very first throw can start a lap; a later sweep ends the turn."""
        return self is Variant.HOUSE


@dataclass(frozen=True, slots=True)
class Rules:
    variant: Variant = Variant.OFFICIAL
    threshold: int = DEFAULT_THRESHOLD
    turns_per_day: int = DEFAULT_TURNS_PER_DAY

    def __post_init__(self) -> None:
        if self.threshold < 0:
            raise ValueError("the Turn End threshold cannot be negative")
        if not 1 <= self.turns_per_day <= MAX_TURNS_PER_DAY:
            raise ValueError(f"turns per day must be 1 to {MAX_TURNS_PER_DAY}")
