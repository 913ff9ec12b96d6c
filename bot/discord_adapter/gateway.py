"""The chat port on discord.py: a thin layer that turns Discord's objects and errors into the
port's plain data."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import aiohttp
import discord

from bot.discord_adapter.limits import AnnouncedLimits
from bot.discord_adapter.port import Bucket, DmRefusedError, Outgoing, PortError, Posted, Seen

_logger = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
"""Nothing a player types (a name, a reason) can make the bot ping anyone."""
POST_ARCHIVE_MINUTES: Literal[10080] = 10080
"""A day's post stays active a week without messages: a quiet day must not archive itself."""
MAX_TITLE = 100


def seen_of(message: discord.Message) -> Seen:
    """A message as the port describes it."""
    channel = message.channel
    parent = getattr(channel, "parent", None)
    forum = isinstance(parent if parent is not None else channel, discord.ForumChannel)
    author = message.author
    permissions = getattr(author, "guild_permissions", None)
    roles = getattr(author, "roles", [])
    return Seen(
        message_id=message.id,
        channel_id=channel.id,
        guild_id=message.guild.id if message.guild is not None else None,
        author_id=author.id,
        author_name=getattr(author, "display_name", author.name),
        content=message.content,
        created_at=message.created_at,
        parent_id=parent.id if parent is not None else getattr(channel, "parent_id", None),
        in_forum=forum,
        author_is_bot=author.bot,
        manages_server=bool(permissions and permissions.manage_guild),
        role_ids=frozenset(role.id for role in roles),
        edited_at=message.edited_at,
        reply_to=message.reference.message_id if message.reference is not None else None,
    )


def _port_error(error: Exception) -> PortError:
    if isinstance(error, discord.Forbidden | discord.NotFound):
        return PortError(f"{type(error).__name__}: {error}", False, error.status)
    if isinstance(error, discord.HTTPException):
        # 5xx and rate limits pass; a 400 is a request Discord will never take.
        retryable = error.status >= 500 or error.status == 429
        return PortError(f"HTTP {error.status}: {error}", retryable, error.status)
    return PortError(f"{type(error).__name__}: {error}", True)


_TRANSIENT = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError, asyncio.TimeoutError)


class DiscordPort:
    """The port on a logged-in discord.py client."""

    def __init__(
        self,
        client: discord.Client,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        limits: AnnouncedLimits | None = None,
    ) -> None:
        """`limits`: what Discord announces of each channel's limit on posting, heard by
        the client's HTTP trace (None: nothing is known, every place posts at once)."""
        self.client = client
        self._sleep = sleep
        self.limits = limits

    async def _channel(self, channel_id: int) -> Any:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except _TRANSIENT as error:
                raise _port_error(error) from error
        return channel

    async def send(self, channel_id: int, message: Outgoing) -> Posted:
        channel = await self._channel(channel_id)
        reference = None
        if message.reply_to is not None:
            # A reply even when the message was deleted meanwhile: then a plain post.
            reference = discord.MessageReference(
                message_id=message.reply_to, channel_id=channel_id, fail_if_not_exists=False
            )
        try:
            sent = await channel.send(
                message.text,
                files=[discord.File(io.BytesIO(data), name) for name, data in message.files],
                reference=reference,
                mention_author=False,
                allowed_mentions=NO_PINGS,
                nonce=message.nonce,
            )
        except _TRANSIENT as error:
            raise _port_error(error) from error
        if message.delete_after:
            asyncio.get_running_loop().create_task(self._delete_later(sent, message.delete_after))
        return Posted(sent.id, channel_id, sent.created_at)

    async def send_dm(self, user_id: int, message: Outgoing) -> Posted:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            channel = user.dm_channel or await user.create_dm()
            files = [discord.File(io.BytesIO(data), name) for name, data in message.files]
            if message.nonce is None:
                sent = await channel.send(message.text, files=files, allowed_mentions=NO_PINGS)
            else:
                sent = await channel.send(
                    message.text, files=files, allowed_mentions=NO_PINGS, nonce=message.nonce
                )
        except (discord.Forbidden, discord.NotFound) as error:
            # DMs closed to server members, the bot blocked, the account gone: no retry helps.
            raise DmRefusedError(
                f"DM to {user_id}: {type(error).__name__}: {error}", error.status
            ) from error
        except _TRANSIENT as error:
            raise _port_error(error) from error
        return Posted(sent.id, channel.id, sent.created_at)

    async def _delete_later(self, message: discord.Message, seconds: float) -> None:
        await self._sleep(seconds)
        try:
            await message.delete()
        except _TRANSIENT as error:
            _logger.info("could not delete refusal %s: %s", message.id, error)

    async def create_post(self, forum_id: int, title: str, message: Outgoing) -> Posted:
        forum = await self._channel(forum_id)
        if not isinstance(forum, discord.ForumChannel):
            raise PortError(f"channel {forum_id} is not a forum", retryable=False)
        try:
            thread, starter = await forum.create_thread(
                name=title[:MAX_TITLE],
                content=message.text,
                files=[discord.File(io.BytesIO(data), name) for name, data in message.files],
                allowed_mentions=NO_PINGS,
                auto_archive_duration=POST_ARCHIVE_MINUTES,
            )
        except _TRANSIENT as error:
            raise _port_error(error) from error
        return Posted(starter.id, thread.id, starter.created_at)

    async def find_post(self, forum_id: int, title: str) -> int | None:
        forum = await self._channel(forum_id)
        if not isinstance(forum, discord.ForumChannel):
            return None
        wanted = title[:MAX_TITLE]
        for thread in forum.threads:
            if thread.name == wanted:
                return thread.id
        try:
            async for thread in forum.archived_threads(limit=50):
                if thread.name == wanted:
                    return thread.id
        except _TRANSIENT as error:
            raise _port_error(error) from error
        return None

    async def lock_post(self, post_id: int) -> bool:
        thread = await self._channel(post_id)
        if not isinstance(thread, discord.Thread):
            return False
        try:
            await thread.edit(locked=True, archived=True)
        except discord.Forbidden:
            return False
        except _TRANSIENT as error:
            raise _port_error(error) from error
        return True

    async def history(self, channel_id: int, after_id: int) -> list[Seen]:
        channel = await self._channel(channel_id)
        try:
            return [
                seen_of(message)
                async for message in channel.history(
                    limit=None, after=discord.Object(after_id), oldest_first=True
                )
            ]
        except _TRANSIENT as error:
            raise _port_error(error) from error

    def bucket(self, channel_id: int) -> Bucket | None:
        return None if self.limits is None else self.limits.get(channel_id)

    async def latest_id(self, channel_id: int) -> int | None:
        channel = await self._channel(channel_id)
        latest = getattr(channel, "last_message_id", None)
        return latest if isinstance(latest, int) else None
