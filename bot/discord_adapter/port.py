"""What the bot needs of a chat platform, as a small port: post, send a player a direct
message, open and lock a day's post, read a channel's history. The sender and the catch-up
work against it; discord.py is one implementation (`gateway.py`), an in-memory fake is
another (the tests)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Protocol

DISCORD_EPOCH_MS = 1_420_070_400_000
"""Snowflakes count milliseconds from the start of 2015 in their upper bits."""


def snowflake_time(snowflake: int) -> dt.datetime:
    """When a Discord id was made (every message id carries its own creation time)."""
    return dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, dt.UTC)


def time_snowflake(moment: dt.datetime) -> int:
    """The smallest id made at `moment`: `history(after=…)` from a point in time."""
    return max(0, int(moment.timestamp() * 1000) - DISCORD_EPOCH_MS) << 22


@dataclass(frozen=True, slots=True)
class Seen:
    """A chat message as the bot sees it, whichever way it arrived (live or from history)."""

    message_id: int
    channel_id: int
    """Where it was posted: a channel, or a thread (a forum's post)."""
    guild_id: int | None
    author_id: int
    author_name: str
    content: str
    created_at: dt.datetime
    parent_id: int | None = None
    """The channel a thread belongs to."""
    in_forum: bool = False
    """The channel (or the thread's parent) is a forum."""
    author_is_bot: bool = False
    manages_server: bool = False
    role_ids: frozenset[int] = frozenset()
    edited_at: dt.datetime | None = None
    reply_to: int | None = None
    """The message this one answers (a reply's reference): the bot's answers say what they
    answered, so that reading the history back, nothing it answered is handled again."""


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One chat message to post."""

    text: str
    files: tuple[tuple[str, bytes], ...] = ()
    reply_to: int | None = None
    """Posted as a reply to this message (a reference, never a ping)."""
    nonce: str | None = None
    """The same nonce twice within minutes posts once: a retried send cannot double."""
    delete_after: float | None = None


@dataclass(frozen=True, slots=True)
class Posted:
    message_id: int
    channel_id: int
    posted_at: dt.datetime


@dataclass(frozen=True, slots=True)
class Bucket:
    """How many posts a place takes, as the chat last announced it (Discord does with every
    answer to a post: `X-RateLimit-Limit`, `-Remaining`, `-Reset-After`). The numbers are the
    chat's to change; the bot follows what it is told."""

    limit: int
    """Posts a window takes."""
    remaining: int
    """Posts the window still takes."""
    seen_at: dt.datetime
    """When the chat said so."""
    resets_at: dt.datetime
    """When the window ends and takes `limit` posts again (all at once)."""
    window: dt.timedelta
    """How long a window lasts, as far as the chat has shown it (the longest wait until a
    reset it has announced for the place: the first post of a window waits a whole one)."""


@dataclass(slots=True)
class PortError(Exception):
    """The chat refused or failed a request. `retryable`: it may work later (an outage, a
    rate limit); otherwise it never will (no permission, the channel is gone)."""

    reason: str
    retryable: bool = True
    status: int | None = field(default=None)

    def __str__(self) -> str:
        return self.reason


class DmRefusedError(PortError):
    """A direct message the user will never get: they take no DMs from the bot (closed to
    server members, the bot blocked) or are gone. Never worth another try."""

    def __init__(self, reason: str, status: int | None = None) -> None:
        super().__init__(reason, False, status)


class ChatPort(Protocol):
    async def send(self, channel_id: int, message: Outgoing) -> Posted: ...

    async def send_dm(self, user_id: int, message: Outgoing) -> Posted:
        """A direct message to one user (`reply_to` and `delete_after` do not apply there);
        `Posted.channel_id` is the DM channel. Raises DmRefusedError when the user cannot get it."""

    async def create_post(self, forum_id: int, title: str, message: Outgoing) -> Posted:
        """Open a post (thread) in a forum with `message` as its first message;
        `Posted.channel_id` is the new post."""

    async def find_post(self, forum_id: int, title: str) -> int | None:
        """A post of the forum with this title (opening a post is not idempotent: after a
        crash, look before opening another)."""

    async def lock_post(self, post_id: int) -> bool:
        """Lock and archive a post; False when the bot may not."""

    async def history(self, channel_id: int, after_id: int) -> list[Seen]:
        """The channel's messages after `after_id`, oldest first."""

    async def latest_id(self, channel_id: int) -> int | None:
        """The id of the channel's newest message, as the chat last said."""

    def bucket(self, channel_id: int) -> Bucket | None:
        """How many posts the place takes, as the chat announced with its last answer to a
        post there; None when it has said nothing (yet)."""
