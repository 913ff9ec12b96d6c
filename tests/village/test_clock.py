"""The console's clock: set by transcripts, or following real time with a lead."""

import datetime as dt

import pytest

from bot.village.clock import ManualClock


def test_an_unset_clock_follows_real_time_even_with_a_lead() -> None:
    clock = ManualClock()
    clock.lead = dt.timedelta(seconds=2)
    # Real time read just before and just after: however slow the machine, the clock's
    # time lies between the two, two seconds on.
    before = dt.datetime.now(dt.UTC)
    now = clock.now()
    after = dt.datetime.now(dt.UTC)
    assert before + dt.timedelta(seconds=2) <= now <= after + dt.timedelta(seconds=2)
    clock.lead = dt.timedelta(0)
    before = dt.datetime.now(dt.UTC)
    now = clock.now()
    after = dt.datetime.now(dt.UTC)
    assert before <= now <= after  # the lead never froze the clock


def test_a_set_clock_stands_still_in_utc() -> None:
    clock = ManualClock()
    clock.set(dt.datetime.fromisoformat("2026-12-01T12:00:00+09:00"))
    assert clock.now() == dt.datetime(2026, 12, 1, 3, tzinfo=dt.UTC)
    assert clock.now() == clock.now()


def test_a_clock_needs_a_time_zone() -> None:
    with pytest.raises(ValueError, match="time zone"):
        ManualClock().set(dt.datetime(2026, 12, 1, 12))
