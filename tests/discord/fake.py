"""An in-memory chat for the adapter's tests: channels, forum posts, DMs, history, failures."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
from collections import defaultdict
from dataclasses import dataclass, field

from bot.discord_adapter.port import (
    Bucket,
    DmRefusedError,
    Outgoing,
    PortError,
    Posted,
    Seen,
    snowflake_time,
    time_snowflake,
)

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)


@dataclass
class FakeChat:
    """What Discord would hold: every channel's messages in order, with real snowflakes."""

    now: dt.datetime = T0
    guild_id: int = 1
    messages: defaultdict[int, list[Seen]] = field(default_factory=lambda: defaultdict(list))
    sent: list[tuple[int, Outgoing]] = field(default_factory=list)
    """Every message the bot posted, where."""
    nonces: dict[str, Posted] = field(default_factory=dict)
    nonce_window: dt.timedelta | None = None
    """How long a nonce is known ("the past few minutes" on Discord); None: for ever."""
    forums: set[int] = field(default_factory=set)
    posts: dict[int, tuple[int, str]] = field(default_factory=dict)
    """post id → (forum id, title)."""
    threads: dict[int, int] = field(default_factory=dict)
    """thread id → the text channel it was opened in (a table's thread)."""
    locked: set[int] = field(default_factory=set)
    may_lock: bool = True
    can_read_history: bool = True
    failures: list[PortError] = field(default_factory=list)
    """Errors the next sends raise, one each, before sends work again."""
    dms: list[tuple[int, Outgoing]] = field(default_factory=list)
    """Every direct message the bot sent, to whom."""
    closed_dms: set[int] = field(default_factory=set)
    """Users who take no DMs from the bot."""
    dm_failures: list[PortError] = field(default_factory=list)
    """Errors the next DMs raise, one each (`failures` are the channels')."""
    limit: tuple[int, float] | None = None
    """Posts per window in one channel and the window's seconds, as Discord's bucket: full
    again all at once when the window ends; None: no limit."""
    windows: dict[int, tuple[dt.datetime, int]] = field(default_factory=dict)
    """channel → (when its window ends, posts left in it)."""
    held_by_limit: int = 0
    """Posts that found their window empty and waited for it (discord.py's own wait)."""
    gate: asyncio.Event | None = None
    """While set to an unset event, every post waits for it: a post in flight."""
    _ticks: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def snowflake(self) -> int:
        # Each new id a millisecond later: ids stay in time order, as Discord's do.
        self.now += dt.timedelta(milliseconds=next(self._ticks) % 7 + 1)
        return time_snowflake(self.now) + next(self._ticks) % 1000

    def post(
        self, channel_id: int, author_id: int, name: str, content: str, **extra: object
    ) -> Seen:
        """A player's message, as Discord would deliver it."""
        message_id = self.snowflake()
        parent = next(
            (forum for post, (forum, _) in self.posts.items() if post == channel_id), None
        )
        in_forum = parent is not None or channel_id in self.forums
        if parent is None:
            parent = self.threads.get(channel_id)
        seen = Seen(
            message_id=message_id,
            channel_id=channel_id,
            guild_id=self.guild_id,
            author_id=author_id,
            author_name=name,
            content=content,
            created_at=snowflake_time(message_id),
            parent_id=parent,
            in_forum=in_forum,
            **extra,  # type: ignore[arg-type]
        )
        self.messages[channel_id].append(seen)
        return seen

    def thread(self, channel_id: int) -> int:
        """A public thread opened in a text channel: its id."""
        thread_id = self.snowflake()
        self.threads[thread_id] = channel_id
        return thread_id

    def texts(self, channel_id: int | None = None) -> list[str]:
        return [m.text for where, m in self.sent if channel_id is None or where == channel_id]

    def dm_texts(self, user_id: int) -> list[str]:
        return [m.text for to, m in self.dms if to == user_id]

    @staticmethod
    def dm_channel(user_id: int) -> int:
        """The DM channel with a user: one each, told apart from the server's channels."""
        return 10**18 + user_id

    # -- the port ----------------------------------------------------------------------

    def later(self, seconds: float) -> None:
        """Time passes in the chat."""
        self.now += dt.timedelta(seconds=seconds)

    def bucket(self, channel_id: int) -> Bucket | None:
        if self.limit is None or channel_id not in self.windows:
            return None
        ends, left = self.windows[channel_id]
        return Bucket(self.limit[0], left, self.now, ends, dt.timedelta(seconds=self.limit[1]))

    def _spend(self, channel_id: int) -> None:
        """One post of the channel's window, waiting for the next window when it is spent."""
        if self.limit is None:
            return
        posts, seconds = self.limit
        ends, left = self.windows.get(channel_id, (self.now, 0))
        if ends <= self.now:
            ends, left = self.now + dt.timedelta(seconds=seconds), posts
        elif left == 0:
            self.held_by_limit += 1
            self.now = ends
            ends, left = self.now + dt.timedelta(seconds=seconds), posts
        self.windows[channel_id] = (ends, left - 1)

    def _known(self, nonce: str | None) -> bool:
        if nonce is None or nonce not in self.nonces:
            return False
        window = self.nonce_window
        return window is None or self.now - self.nonces[nonce].posted_at < window

    async def send(self, channel_id: int, message: Outgoing) -> Posted:
        if self.gate is not None:
            await self.gate.wait()
        if self.failures:
            raise self.failures.pop(0)
        if self._known(message.nonce):
            return self.nonces[str(message.nonce)]  # Discord's dedup: the same message again
        self._spend(channel_id)
        message_id = self.snowflake()
        posted = Posted(message_id, channel_id, snowflake_time(message_id))
        self.sent.append((channel_id, message))
        self.messages[channel_id].append(
            Seen(
                message_id,
                channel_id,
                1,
                999,
                "greedbot",
                message.text,
                posted.posted_at,
                author_is_bot=True,
                reply_to=message.reply_to,
            )
        )
        if message.nonce is not None:
            self.nonces[message.nonce] = posted
        return posted

    async def send_dm(self, user_id: int, message: Outgoing) -> Posted:
        if self.dm_failures:
            raise self.dm_failures.pop(0)
        if user_id in self.closed_dms:
            raise DmRefusedError(f"Forbidden: cannot send messages to user {user_id}", 403)
        if message.nonce is not None and message.nonce in self.nonces:
            return self.nonces[message.nonce]
        message_id = self.snowflake()
        posted = Posted(message_id, self.dm_channel(user_id), snowflake_time(message_id))
        self.dms.append((user_id, message))
        if message.nonce is not None:
            self.nonces[message.nonce] = posted
        return posted

    async def create_post(self, forum_id: int, title: str, message: Outgoing) -> Posted:
        if self.failures:
            raise self.failures.pop(0)
        post_id = self.snowflake()
        self.posts[post_id] = (forum_id, title)
        self.sent.append((post_id, message))
        return Posted(post_id, post_id, snowflake_time(post_id))

    async def find_post(self, forum_id: int, title: str) -> int | None:
        return next((p for p, (f, t) in self.posts.items() if (f, t) == (forum_id, title)), None)

    async def lock_post(self, post_id: int) -> bool:
        if not self.may_lock:
            return False
        self.locked.add(post_id)
        return True

    async def history(self, channel_id: int, after_id: int) -> list[Seen]:
        if not self.can_read_history:
            return []
        return [m for m in self.messages[channel_id] if m.message_id > after_id]

    async def latest_id(self, channel_id: int) -> int | None:
        found = self.messages[channel_id]
        return found[-1].message_id if found else None
