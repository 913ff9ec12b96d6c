"""Clocks: the system clock for the bot, a settable one for the console and replays, and the
clock of a due time that a catch-up applies what fell due with."""

from __future__ import annotations

import datetime as dt

from bot.village.ports import Clock


class SystemClock:
    def now(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC)


class ManualClock:
    """A clock that shows what it was last set to (or the real time until it is set), plus
    an optional lead: the console answers a message `lead` after it was sent."""

    def __init__(self, at: dt.datetime | None = None) -> None:
        self._at = at
        self.lead = dt.timedelta(0)

    def now(self) -> dt.datetime:
        base = self._at if self._at is not None else dt.datetime.now(dt.UTC)
        return base + self.lead

    def set(self, at: dt.datetime) -> None:
        if at.tzinfo is None:
            raise ValueError("the clock needs a time zone (e.g. 2026-12-01T21:00+09:00)")
        self._at = at.astimezone(dt.UTC)


class DueClock:
    """The clock a catch-up applies one thing that fell due with (a day's close, a table's
    time limit): it shows the instant that thing fell due, so that what it writes is dated
    as if the bot had been up then. `real` is the clock of the process, for what is made
    now (the replies kept for the chat)."""

    def __init__(self, at: dt.datetime, real: Clock) -> None:
        self.at = at
        self.real: Clock = real.real if isinstance(real, DueClock) else real

    def now(self) -> dt.datetime:
        return self.at


def real_now(clock: Clock) -> dt.datetime:
    """The time now, even under a catch-up's clock of a due time."""
    return clock.real.now() if isinstance(clock, DueClock) else clock.now()


def due_at(clock: Clock, at: dt.datetime) -> DueClock:
    """`clock` showing `at`, the time something fell due."""
    return DueClock(at, clock)
