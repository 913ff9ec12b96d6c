"""How long a place's next post waits, from what the chat last announced of its limit.

Discord takes a few posts per window in one channel (five in five seconds today) and refills
the window all at once when it ends. A sender that spends the window in a burst then waits
until its end, and every answer that gathers meanwhile waits with it. So a busy place keeps
its posts on an even schedule instead: the window's posts spread over its length, the k-th
no sooner than k spacings after the window began (about one a second at five in five
seconds). A post behind that schedule (the place was quieter) goes at once, and so does the
first of a window, or any post while the limit is not known: a quiet place posts at once.
"""

from __future__ import annotations

import datetime as dt

from bot.discord_adapter.port import Bucket


def wait_before_post(bucket: Bucket | None, now: dt.datetime) -> float:
    """Seconds the place's next post should wait (0: post now)."""
    if bucket is None or bucket.resets_at <= now:
        return 0.0  # nothing said, or a new window: the place is quiet
    if bucket.remaining <= 0:
        return (bucket.resets_at - now).total_seconds()
    spacing = max(bucket.window, bucket.resets_at - bucket.seen_at) / bucket.limit
    # The posts left keep the rest of the window, one spacing each, up to its end.
    allowed = bucket.resets_at - bucket.remaining * spacing
    return max(0.0, (allowed - now).total_seconds())
