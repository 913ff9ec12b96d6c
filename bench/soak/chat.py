"""The soak's fake Discord: it lives in the harness, so it outlives every bot it serves.

It keeps every channel's history (the bot's catch-up reads what it missed while dead),
hands each new player message to the bot connected at that moment, as the gateway's
`on_message` does (nobody connected: only the history has it), and posts the bot's replies
once per nonce within a window, as Discord's `enforce_nonce` does. It limits posting in a
channel as Discord does (5 posts per 5 seconds, refilled all at once), announcing the bucket
with every answer and refusing a post beyond it with the time to wait, so that the bot gathers
a busy channel's answers into shared posts as it does on Discord. Every post and every send it
was asked for is kept for the audit.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from bench.soak.wire import line, posted_data, seen_data
from bot.discord_adapter.port import Posted, Seen, snowflake_time, time_snowflake
from bot.discord_adapter.together import SEPARATOR

BOT_ID = 999
NONCE_WINDOW = dt.timedelta(minutes=5)
"""Discord checks a nonce "in the past few minutes"; longer than any outage the soak makes."""
_NAMED = re.compile(r"【(.+?)】")
# The link a shared post puts after an answer's first line: to the message it answers.
_LINK = re.compile(r" \[↗\]\(<https://discord\.com/channels/\d+/\d+/(\d+)>\)")
POSTS_PER_WINDOW = 5
WINDOW = dt.timedelta(seconds=5)
"""A channel takes 5 posts per 5 seconds, as Discord's bucket for posting does today."""


@dataclass(slots=True)
class BotPost:
    """A message the bot posted."""

    message_id: int
    channel_id: int
    reply_to: int | None
    nonce: str | None
    text: str
    at: dt.datetime

    def answers(self) -> list[tuple[int | None, str]]:
        """Each answer the post carries, with the message it answers: one, or the parts of
        a shared post. The first answers the message the post replies to; each later one the
        message its link names, else the same message as the part before it."""
        found: list[tuple[int | None, str]] = []
        message = self.reply_to
        for part in self.text.split(SEPARATOR):
            first, newline, rest = part.partition("\n")
            if link := _LINK.search(first):
                message = int(link[1])
                first = first[: link.start()] + first[link.end() :]
            found.append((message, first + newline + rest))
        return found

    def told(self, texts: frozenset[str]) -> list[int | None] | None:
        """The messages answered by one of `texts` alone (notices such as "try again"), when
        the post carries nothing else; None when it carries anything else."""
        if self.text in texts:
            return [self.reply_to]
        answers = self.answers()
        if all(text in texts for _, text in answers):
            return [message for message, _ in answers]
        return None


@dataclass(slots=True)
class Swallowed:
    """A send Discord answered with an earlier message of the same nonce but another text:
    what the bot meant to say never reached the chat."""

    nonce: str
    shown: str
    meant: str


@dataclass
class Chat:
    guild_id: int
    duplicate_share: float = 0.0
    """The share of live messages handed to the bot twice at once (a gateway and a catch-up
    both delivering it)."""
    rng: random.Random = field(default_factory=random.Random)
    history: defaultdict[int, list[Seen]] = field(default_factory=lambda: defaultdict(list))
    posts: list[BotPost] = field(default_factory=list)
    by_nonce: dict[str, BotPost] = field(default_factory=dict)
    nonce_hits: int = 0
    """Sends that posted nothing new: a retry of a send Discord had already taken."""
    swallowed: list[Swallowed] = field(default_factory=list)
    twice: list[int] = field(default_factory=list)
    """Player messages handed to the bot twice at once."""
    paired: list[tuple[int, int]] = field(default_factory=list)
    """Two messages of one player posted in the same instant."""
    live: int = 0
    missed: int = 0
    """Player messages posted while no bot was connected: only the catch-up can see them."""
    _last_id: int = 0
    _bot: asyncio.StreamWriter | None = None
    reply_texts: dict[int, str] = field(default_factory=dict)
    """The text of the bot's latest reply to each player message (what the player reads)."""
    _answered: defaultdict[int, asyncio.Event] = field(
        default_factory=lambda: defaultdict(asyncio.Event)
    )
    windows: dict[int, tuple[dt.datetime, int]] = field(default_factory=dict)
    """channel → (when its window ends, posts left in it)."""
    refused: int = 0
    """Posts refused for the limit (a 429): the bot waits and sends again."""
    _latest: dict[str, int] = field(default_factory=dict)
    """Each player's latest message, by name."""

    def snowflake(self) -> int:
        # Ids in time order, as Discord's: the wall clock's millisecond in the upper bits.
        now = time_snowflake(dt.datetime.now(dt.UTC))
        self._last_id = max(self._last_id + 1, now)
        return self._last_id

    @property
    def connected(self) -> bool:
        return self._bot is not None

    # -- the players' side ---------------------------------------------------------------

    def post(self, channel_id: int, author_id: int, name: str, content: str) -> Seen:
        message_id = self.snowflake()
        seen = Seen(
            message_id=message_id,
            channel_id=channel_id,
            guild_id=self.guild_id,
            author_id=author_id,
            author_name=name,
            content=content,
            created_at=snowflake_time(message_id),
        )
        self.history[channel_id].append(seen)
        self._latest[name] = message_id
        if self._bot is None:
            self.missed += 1
            return seen
        self.live += 1
        event = line({"event": "message", "seen": seen_data(seen)})
        self._bot.write(event)
        if self.rng.random() < self.duplicate_share:
            self.twice.append(message_id)
            self._bot.write(event)
        return seen

    async def answer_to(self, message_id: int, patience: float) -> bool:
        """Wait until the bot replied to this message (or give up after `patience` s)."""
        event = self._answered[message_id]
        try:
            await asyncio.wait_for(event.wait(), patience)
        except TimeoutError:
            return False
        finally:
            self._answered.pop(message_id, None)
        return True

    def post_pair(self, channel_id: int, author_id: int, name: str, texts: tuple[str, str]) -> None:
        """Two messages of one player in the same millisecond (a double tap, two devices)."""
        first, second = (self.post(channel_id, author_id, name, content) for content in texts)
        self.paired.append((first.message_id, second.message_id))

    def player_messages(self) -> list[Seen]:
        return [m for found in self.history.values() for m in found if not m.author_is_bot]

    # -- the bot's side ------------------------------------------------------------------

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One bot process's connection, until it dies."""
        try:
            while raw := await reader.readline():
                request = json.loads(raw)
                writer.write(line({"id": request["id"], "result": self._request(request, writer)}))
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            if self._bot is writer:
                self._bot = None
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()

    def _request(self, request: dict[str, Any], writer: asyncio.StreamWriter) -> Any:
        op = request["op"]
        if op == "subscribe":
            self._bot = writer  # the gateway session: live messages from now on
            return None
        if op == "send":
            return self._limited_send(request["channel_id"], request["message"])
        if op == "history":
            after = request["after_id"]
            return [
                seen_data(m) for m in self.history[request["channel_id"]] if m.message_id > after
            ]
        if op == "latest_id":
            found = self.history[request["channel_id"]]
            return found[-1].message_id if found else None
        if op == "snowflake":
            return self.snowflake()
        raise ValueError(f"the soak's chat has no {op!r}: the village is a plain channel")

    def _limited_send(self, channel_id: int, message: dict[str, Any]) -> dict[str, Any]:
        """A post as Discord answers it: the message and the channel's bucket, or the time
        to wait when the window is spent."""
        now = dt.datetime.now(dt.UTC)
        nonce = message["nonce"]
        earlier = self.by_nonce.get(nonce) if nonce is not None else None
        if earlier is not None and now - earlier.at < NONCE_WINDOW:
            self.nonce_hits += 1
            if earlier.text != message["text"]:
                self.swallowed.append(Swallowed(nonce, earlier.text, message["text"]))
            posted = Posted(earlier.message_id, earlier.channel_id, earlier.at)
            return {"posted": posted_data(posted), "bucket": self._bucket(channel_id, now)}
        ends, left = self.windows.get(channel_id, (now, 0))
        if ends <= now:
            ends, left = now + WINDOW, POSTS_PER_WINDOW
        if left <= 0:
            self.refused += 1
            return {"retry_after": (ends - now).total_seconds()}
        self.windows[channel_id] = (ends, left - 1)
        posted = self._send(channel_id, message)
        return {"posted": posted_data(posted), "bucket": self._bucket(channel_id, now)}

    def _bucket(self, channel_id: int, now: dt.datetime) -> dict[str, Any]:
        ends, left = self.windows.get(channel_id, (now, POSTS_PER_WINDOW))
        if ends <= now:
            ends, left = now + WINDOW, POSTS_PER_WINDOW
        return {
            "limit": POSTS_PER_WINDOW,
            "remaining": left,
            "reset_after": (ends - now).total_seconds(),
        }

    def _send(self, channel_id: int, message: dict[str, Any]) -> Posted:
        nonce = message["nonce"]
        message_id = self.snowflake()
        at = snowflake_time(message_id)
        post = BotPost(message_id, channel_id, message["reply_to"], nonce, message["text"], at)
        self.posts.append(post)
        if nonce is not None:
            self.by_nonce[nonce] = post
        self.history[channel_id].append(
            Seen(
                message_id,
                channel_id,
                self.guild_id,
                BOT_ID,
                "greedbot",
                post.text,
                at,
                author_is_bot=True,
                reply_to=post.reply_to,
            )
        )
        if post.reply_to is not None:
            self._read(post.reply_to, post.text)
        # A shared post answers several players: each finds the part that begins with their
        # name, as a player scanning the channel does.
        for part in post.text.split(SEPARATOR):
            named = _NAMED.match(part)
            latest = self._latest.get(named[1]) if named else None
            if latest is not None and latest != post.reply_to:
                self._read(latest, part)
        return Posted(message_id, channel_id, at)

    def answered(self) -> set[int]:
        """Every player message some post answers: the one it replies to, and in a shared
        post each one its parts link to (several players' "try again" gathered while the
        channel was busy)."""
        return {m for post in self.posts for m, _ in post.answers() if m is not None}

    def _read(self, message_id: int, text: str) -> None:
        self.reply_texts[message_id] = text
        if message_id in self._answered:
            self._answered[message_id].set()
