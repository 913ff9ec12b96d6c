"""Delivering the outbox: every kept reply posted once, in order, where it belongs.

A reply is kept in the outbox in the transaction of what it answers; the sender posts it and
records where it went. A send that fails is tried again (with the same nonce, so that a retry
Discord already took posts nothing new), and what is still pending after a restart is sent
then. Day announcements go to the day's place: in a forum village that opens the day's post,
and locks the day before's.

A secret reply (one player alone may see it) goes to that player by DM, and a notice that
names them takes its place in the channel. When the player takes no DMs the channel is told
so instead, never the secret, and the reply is failed: it is not tried again.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.chat.attachments import files_of
from bot.chat.render import Surface, cited_messages, render
from bot.discord_adapter.port import ChatPort, DmRefusedError, Outgoing, PortError, Posted
from bot.discord_adapter.split import split_text
from bot.village.ports import StoreError
from bot.village.records import BY_INTERACTION, DROPPED, FAILED, OutboxRecord
from bot.village.replies import Answer
from bot.village.service import VillageService
from bot.words.reply import DM_FAILED, SENT_BY_DM, Reply, ReplyKind, in_place_of, reply_from_data

_logger = logging.getLogger(__name__)

RETRY_DELAYS = (1.0, 3.0, 10.0)
"""Seconds between the tries of one send; after the last, the reply waits for the next sweep."""
SWEEP_AGE = dt.timedelta(seconds=30)
"""A pending reply younger than this may still be on its way (a slash command's answer)."""
_NOTICES = frozenset({ReplyKind.REFUSED, ReplyKind.IGNORED})

SurfaceFor = Callable[[int | None, Mapping[int, int], int], Surface]
"""The chat surface for a village (guild id, where cited messages are, village channel)."""


@dataclass(frozen=True, slots=True)
class Job:
    """One reply to post, with where and how."""

    village_id: int
    reply: Reply
    locale: str
    seq: int
    outbox_id: int | None
    message_id: int | None
    """The message answered (the reply refers to it), if any."""
    place_id: int | None
    """Where the answered message was; None for a day's announcement."""
    guild_id: int | None = None
    delete_after: float | None = None

    @property
    def nonce(self) -> str | None:
        # At most 25 characters: 19 digits of a message id, a colon, the reply's index.
        if self.message_id is not None and self.outbox_id is None:
            # A reply the village could not keep ("try again" while the database is down):
            # a nonce of its own, so that the message's real answer, if it is ever handled,
            # is not taken by Discord for this one posted again.
            return f"{self.message_id}:u{self.seq}"
        if self.message_id is not None:
            return f"{self.message_id}:{self.seq}"
        if self.outbox_id is not None:
            return f"o{self.outbox_id}"
        return None  # nothing to tell two such replies apart by: no deduplication


def jobs_of(
    answer: Answer, village_id: int, message_id: int | None, place_id: int | None
) -> list[Job]:
    """The jobs of an answer given to a message posted at `place_id`."""
    jobs = []
    for delivery in answer.deliveries:
        reply = delivery.reply
        announced = reply.day_post is not None
        notice = reply.kind in _NOTICES and not announced
        jobs.append(
            Job(
                village_id,
                reply,
                answer.locale,
                delivery.seq,
                delivery.outbox_id,
                None if announced else message_id,
                # A table's announcement goes to its own place (a thread), not the day's.
                None if announced else place_id if place_id is not None else delivery.place_id,
                answer.guild_id,
                float(answer.refusal_ttl) if notice and answer.refusal_ttl else None,
            )
        )
    return jobs


def job_of(entry: OutboxRecord, guild_id: int | None) -> Job:
    reply = reply_from_data(entry.reply)
    return Job(
        entry.village_id,
        reply,
        entry.locale,
        entry.seq,
        entry.outbox_id,
        entry.message_id if reply.day_post is None else None,
        entry.place_id,
        guild_id,
    )


class Sender:
    def __init__(
        self,
        service: VillageService,
        port: ChatPort,
        surface: SurfaceFor,
        *,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        retry_delays: Iterable[float] = RETRY_DELAYS,
        now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC),
    ) -> None:
        self.service = service
        self._now = now
        self.port = port
        self.surface = surface
        self._sleep = sleep
        self._delays = tuple(retry_delays)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._lock_warned: set[int] = set()

    async def deliver(self, jobs: list[Job]) -> list[Posted | None]:
        """Post the jobs of one answer in order (one village's posts never overtake each
        other); what each became, None where it could not be posted (it stays pending)."""
        results: list[Posted | None] = []
        for village_id, group in _by_village(jobs):
            async with self._locks[village_id]:
                for job in group:
                    results.append(await self._deliver(job))
        return results

    async def sweep(self, village_ids: Iterable[int] | None = None) -> int:
        """Post what is still pending (a send that failed, a process killed after the commit):
        oldest first, each village in order, stopping at the first that still fails."""
        ids = None if village_ids is None else list(village_ids)
        now = self._now()
        sent = 0
        by_village: defaultdict[int, list[OutboxRecord]] = defaultdict(list)
        for entry in await self.service.pending(ids):
            by_village[entry.village_id].append(entry)
        for village_id in by_village:
            guild_id = await self.service.guild_of(village_id)
            async with self._locks[village_id]:
                # Read again under the lock: a live delivery may have sent some meanwhile.
                for entry in await self.service.pending([village_id]):
                    if now - entry.created_at < SWEEP_AGE:
                        break  # young: its own delivery may still be under way
                    job = job_of(entry, guild_id)
                    if entry.via == BY_INTERACTION:
                        redirected = await self._after_interaction(job)
                        if redirected is None:
                            continue
                        job = redirected
                    posted = await self._deliver(job)
                    if posted is None and entry.outbox_id in await self._pending_ids(village_id):
                        break  # still failing: later replies wait behind it
                    sent += posted is not None
        return sent

    async def _after_interaction(self, job: Job) -> Job | None:
        """A slash command's answer its interaction never delivered: a private one is
        dropped (only its asker could see it, and the command may be sent again); a public
        one is posted in the channel."""
        if job.reply.private:
            if job.outbox_id is not None:
                await self.service.undeliverable(job.outbox_id, DROPPED, 0)
            return None
        return Job(
            job.village_id,
            job.reply,
            job.locale,
            job.seq,
            job.outbox_id,
            None,  # an interaction is not a message to refer to
            job.place_id,
            job.guild_id,
        )

    async def _deliver(self, job: Job) -> Posted | None:
        attempts = 0
        for delay in (*self._delays, None):
            attempts += 1
            try:
                posted, reached = await self._post(job)
            except StoreError as error:
                # The village's own records (a day's post, cited messages) cannot be read or
                # kept now: the reply stays pending for the next sweep.
                _logger.warning("village %s reply %s: %s", job.village_id, job.outbox_id, error)
                return None
            except PortError as error:
                _logger.warning(
                    "village %s reply %s (message %s): %s",
                    job.village_id,
                    job.outbox_id,
                    job.message_id,
                    error,
                )
                if not error.retryable:
                    if job.outbox_id is not None:
                        await self.service.undeliverable(job.outbox_id, FAILED, attempts)
                    return None
                if delay is None:
                    return None
                await self._sleep(delay)
                continue
            if job.outbox_id is not None:
                if reached is None:
                    # Its player takes no DMs: the channel was told, and another try would
                    # only repeat that.
                    await self.service.undeliverable(job.outbox_id, FAILED, attempts)
                else:
                    await self.service.delivered(
                        job.outbox_id, reached.message_id, reached.posted_at
                    )
            _logger.info(
                "village %s channel %s: posted %s (%s) as message %s",
                job.village_id,
                posted.channel_id,
                job.reply.key if reached is posted else f"the notice of secret {job.reply.key}",
                job.message_id or "announcement",
                posted.message_id,
            )
            return posted
        return None

    async def _post(self, job: Job) -> tuple[Posted, Posted | None]:
        """Post one reply: where it went in the village, and where its reader got it (the
        same, but for a secret: the DM, or None when the DM was refused)."""
        if job.reply.secret_for is not None:
            return await self._post_secret(job, job.reply.secret_for)
        posted = await self._post_here(job, await self.pieces(job))
        return posted, posted

    async def _post_here(self, job: Job, pieces: list[Outgoing]) -> Posted:
        if job.reply.day_post is not None:
            return await self._announce(job, pieces)
        assert job.place_id is not None
        return await self._send_all(job.place_id, pieces)

    async def _post_secret(self, job: Job, player_id: int) -> tuple[Posted, Posted | None]:
        """The secret by DM, then its notice where the reply belonged. A retry after the
        notice failed sends the DM again with its own nonce, so it still arrives once."""
        reached: Posted | None = None
        try:
            for piece in await self.pieces(job):
                posted = await self.port.send_dm(player_id, _direct(piece))
                reached = reached or posted
        except DmRefusedError as error:
            _logger.info(
                "village %s reply %s: no DM to player %s: %s",
                job.village_id,
                job.outbox_id,
                player_id,
                error,
            )
            reached = None
        notice = replace(job, reply=in_place_of(job.reply, SENT_BY_DM if reached else DM_FAILED))
        return await self._post_here(notice, await self.pieces(notice)), reached

    async def pieces(self, job: Job) -> list[Outgoing]:
        """The chat messages of one reply: its text cut to size, files with the first."""
        reply = job.reply
        cited = cited_messages(reply)
        places = await self.service.message_places(job.village_id, cited) if cited else {}
        surface = self.surface(job.guild_id, places, job.village_id)
        text = render(reply, job.locale, surface)
        # Drawing a picture takes a while: not on the event loop, where messages wait.
        files = tuple(await asyncio.to_thread(files_of, reply, job.locale)) if surface.files else ()
        outgoing = []
        for index, piece in enumerate(split_text(text)):
            first = index == 0
            outgoing.append(
                Outgoing(
                    piece,
                    files if first else (),
                    job.message_id if first else None,
                    job.nonce if first or job.nonce is None else f"{job.nonce}.{index}",
                    job.delete_after,
                )
            )
        return outgoing

    async def _send_all(self, channel_id: int, pieces: list[Outgoing]) -> Posted:
        first: Posted | None = None
        for piece in pieces:
            posted = await self.port.send(channel_id, piece)
            first = first or posted
        assert first is not None
        return first

    async def _announce(self, job: Job, pieces: list[Outgoing]) -> Posted:
        """A day's announcement in the day's place; the day's opening opens its post."""
        day = job.reply.day_post
        assert day is not None
        place = await self.service.day_place(job.village_id, day)
        if place is None:
            raise PortError(f"village {job.village_id} has no day {day}", retryable=False)
        if not place.in_posts:
            return await self._send_all(job.village_id, pieces)
        if job.reply.key == "day_opened" and place.post_id is None:
            return await self._open_post(job, place.title, place.previous_post_id, pieces)
        if place.post_id is None:
            raise PortError(f"day {day}'s post is not open yet")
        return await self._send_all(place.post_id, pieces)

    async def _open_post(
        self, job: Job, title: str, previous: int | None, pieces: list[Outgoing]
    ) -> Posted:
        day = job.reply.day_post
        assert day is not None
        # Opening a post sends no nonce: after a crash, the post may already be there.
        found = await self.port.find_post(job.village_id, title)
        if found is not None:
            opened = Posted(found, found, self._now())
            rest = pieces[1:]
        else:
            opened = await self.port.create_post(job.village_id, title, pieces[0])
            rest = pieces[1:]
        await self.service.post_opened(job.village_id, day, opened.channel_id)
        for piece in rest:
            await self.port.send(opened.channel_id, piece)
        locked = previous is None or await self.port.lock_post(previous)
        if not locked and job.village_id not in self._lock_warned:
            self._lock_warned.add(job.village_id)
            _logger.warning(
                "village %s: may not lock the finished day's post %s "
                "(the bot needs Manage Threads); old posts stay open, and throws there "
                "are refused with a pointer to today's post",
                job.village_id,
                previous,
            )
        return opened

    async def _pending_ids(self, village_id: int) -> set[int | None]:
        return {e.outbox_id for e in await self.service.pending([village_id])}


def _direct(piece: Outgoing) -> Outgoing:
    """A piece of a secret as a DM: no reference to the channel's message, never deleted,
    and a nonce of its own (the notice in the channel takes the reply's own), as long as
    the reply's: a message id's colon, or an outbox id's `o`, becomes a `d`."""
    nonce = piece.nonce
    if nonce is not None:
        nonce = f"d{nonce[1:]}" if nonce.startswith("o") else nonce.replace(":", "d", 1)
    return Outgoing(piece.text, piece.files, None, nonce, None)


def _by_village(jobs: list[Job]) -> list[tuple[int, list[Job]]]:
    groups: dict[int, list[Job]] = {}
    for job in jobs:
        groups.setdefault(job.village_id, []).append(job)
    return list(groups.items())
