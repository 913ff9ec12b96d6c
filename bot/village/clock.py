"""Clocks: the system clock for the bot, a settable one for the console and replays."""

from __future__ import annotations

import datetime as dt


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
