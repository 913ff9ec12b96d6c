"""A village's settings: its game's rules, language, time zone and day schedule."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PlainSerializer, field_validator

from bot.village.frozen import FrozenMapping, frozen, thawed

Locale = Literal["ja", "en"]
LOCALES: tuple[Locale, ...] = ("ja", "en")
PERIODS = (24, 48, 72)
MAX_NAME = 80
DEFAULT_REFUSAL_TTL = 120
DEFAULT_FLOOD = (6, 10)
"""Six play messages in ten seconds is already faster than anyone reads the answers."""

Rules = Annotated[
    Mapping[str, Any],
    AfterValidator(frozen),
    PlainSerializer(thawed, return_type=dict[str, Any]),
]
"""A game's rules as settings keep them: read-only all the way down (objects as
`FrozenMapping`, arrays as tuples), written out as plain JSON. The settings are frozen, and one
instance is shared by every reader of the same stored text: a mutable dict in it would let
one reader change every other's rules."""


def _no_rules() -> Mapping[str, Any]:
    return FrozenMapping()


class VillageSettings(BaseModel):
    """Settings as stored with the village and snapshotted into each day when it opens."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rules: Rules = Field(default_factory=_no_rules)
    """The game's own rules (its variant, turns per day and the like), validated by the game."""
    locale: Locale = "ja"
    timezone: str = "Asia/Tokyo"
    update_time: dt.time = dt.time(0, 0)
    period_hours: Literal[24, 48, 72] = 24
    name: str = Field(default="", max_length=MAX_NAME)
    """The village's name: forum villages title each day's post with it (`〈name〉 3d`)."""
    moderator_role_id: int | None = None
    """Members with this chat role are moderators too (besides the chat's own admins)."""
    refusal_ttl: int | None = Field(default=DEFAULT_REFUSAL_TTL, ge=5, le=3600)
    """Seconds after which a refusal of a play message deletes itself; None keeps it."""
    flood_messages: int = Field(default=DEFAULT_FLOOD[0], ge=0, le=60)
    """More play messages than this within `flood_seconds` are a flood; 0: no limit."""
    flood_seconds: int = Field(default=DEFAULT_FLOOD[1], ge=1, le=600)

    @field_validator("period_hours", mode="before")
    @classmethod
    def _period_number(cls, value: object) -> object:
        # Typed settings arrive as text ("48"); the period is one of three numbers.
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        return value

    @field_validator("name")
    @classmethod
    def _one_line(cls, value: str) -> str:
        return " ".join(value.split())

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ValueError(f"unknown time zone {value!r}") from error
        return value

    @field_validator("update_time")
    @classmethod
    def _half_hours(cls, value: dt.time) -> dt.time:
        # Villages update on the hour or the half hour, as forum villages do.
        if value.minute not in (0, 30) or value.second or value.microsecond:
            raise ValueError("the update time comes in 30-minute steps (HH:00 or HH:30)")
        return value

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


def next_close(opened_at: dt.datetime, settings: VillageSettings) -> dt.datetime:
    """When a day opened at `opened_at` closes: one period after the last update time at or
    before the opening. Day 1, opened between update times, is therefore shorter, as on the
    forum; every later day opens at an update time and lasts exactly one period."""
    zone = settings.zone
    local = opened_at.astimezone(zone)
    last_update = dt.datetime.combine(local.date(), settings.update_time, tzinfo=zone)
    if last_update > local:
        last_update -= dt.timedelta(days=1)
    # Same-zone arithmetic keeps the wall clock, so a village updating at 00:00 keeps doing
    # so across a daylight-saving change.
    close = last_update + dt.timedelta(days=settings.period_hours // 24)
    return close.astimezone(dt.UTC)


def extended(closes_at: dt.datetime, settings: VillageSettings) -> dt.datetime:
    """The close moved 24 hours later, on the village's wall clock."""
    local = closes_at.astimezone(settings.zone)
    return (local + dt.timedelta(days=1)).astimezone(dt.UTC)
