"""Village settings and the day schedule."""

import datetime as dt

import pytest
from pydantic import ValidationError

from bot.village.settings import VillageSettings, extended, next_close

JST = dt.timezone(dt.timedelta(hours=9))


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


@pytest.mark.parametrize(
    ("opened", "update", "period", "closes"),
    [
        # day 1 opens between update times and closes at the next one
        ("2026-12-01T12:00+09:00", "00:00", 24, "2026-12-02T00:00+09:00"),
        ("2026-12-01T23:59+09:00", "00:00", 24, "2026-12-02T00:00+09:00"),
        ("2026-12-01T12:00+09:00", "21:30", 24, "2026-12-01T21:30+09:00"),
        # a day opened at the update time lasts exactly one period
        ("2026-12-02T00:00+09:00", "00:00", 24, "2026-12-03T00:00+09:00"),
        ("2026-12-02T21:30+09:00", "21:30", 48, "2026-12-04T21:30+09:00"),
        ("2026-12-02T21:30+09:00", "21:30", 72, "2026-12-05T21:30+09:00"),
    ],
)
def test_a_day_closes_at_the_update_time(
    opened: str, update: str, period: int, closes: str
) -> None:
    settings = VillageSettings(update_time=dt.time.fromisoformat(update), period_hours=period)
    assert next_close(at(opened), settings) == at(closes)


def test_the_update_time_keeps_its_wall_clock_across_daylight_saving() -> None:
    # London moves its clocks back on 2026-10-25: the village still updates at 00:00 local.
    settings = VillageSettings(timezone="Europe/London")
    closes = next_close(at("2026-10-24T00:00+01:00"), settings)
    assert closes == at("2026-10-25T00:00+01:00")
    assert next_close(closes, settings) == at("2026-10-26T00:00+00:00")


def test_extending_adds_a_day_on_the_village_clock() -> None:
    settings = VillageSettings()
    assert extended(at("2026-12-02T00:00+09:00"), settings) == at("2026-12-03T00:00+09:00")


@pytest.mark.parametrize(
    "fields",
    [
        {"update_time": "12:15"},
        {"timezone": "Mars/Olympus"},
        {"period_hours": 36},
        {"locale": "fr"},
    ],
)
def test_impossible_settings_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        VillageSettings.model_validate(fields)


def test_the_period_may_be_typed_as_text() -> None:
    assert VillageSettings.model_validate({"period_hours": "48"}).period_hours == 48
