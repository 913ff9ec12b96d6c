"""Delivering the outbox: every kept reply posted once, in order, where it belongs.

A reply is kept in the outbox in the transaction of what it answers; the sender posts it and
records where it went. A send that fails is tried again (with the same nonce, so that a retry
Discord already took posts nothing new), and what is still pending after a restart is sent
then. Day announcements go to the day's place: in a forum village that opens the day's post,
and locks the day before's.

Each place (channel, thread, forum post) has one post in flight at a time (`places.py`), and
a busy place spreads its posts over the limit Discord announces (`pace.py`): the answers that
gather meanwhile go out together in its next post (`together.py`). Which replies a shared post
carries, and its nonce, are recorded before it is sent, so that a restart sends the same post
again under the same nonce and Discord keeps it one message.

A secret reply (one player alone may see it) goes to that player by DM, and a notice that
names them takes its place in the channel. When the player takes no DMs the channel is told
so instead, never the secret, and the reply is failed: it is not tried again.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from bot.chat.attachments import files_of
from bot.chat.render import Surface, cited_messages, render
from bot.discord_adapter import together
from bot.discord_adapter.jobs import Job, job_of
from bot.discord_adapter.pace import wait_before_post
from bot.discord_adapter.places import Places, Waiting
from bot.discord_adapter.port import ChatPort, DmRefusedError, Outgoing, PortError, Posted
from bot.discord_adapter.split import split_text
from bot.village.ports import StoreError
from bot.village.records import BY_INTERACTION, DROPPED, FAILED, OutboxRecord
from bot.village.replies import new_nonce
from bot.village.service import VillageService
from bot.words.reply import DM_FAILED, SENT_BY_DM, in_place_of

_logger = logging.getLogger(__name__)

RETRY_DELAYS = (1.0, 3.0, 10.0)
"""Seconds between the tries of one send; after the last, the reply waits for the next sweep."""
SWEEP_AGE = dt.timedelta(seconds=30)
"""A pending reply younger than this may still be on its way (a slash command's answer)."""

SurfaceFor = Callable[[int | None, Mapping[int, int], int], Surface]
"""The chat surface for a village (guild id, where cited messages are, village channel)."""

R = TypeVar("R")


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
        gather: bool = True,
    ) -> None:
        """`gather`: a busy place's answers go out together, its posts spread over the
        chat's window; otherwise every reply is a post of its own, sent as soon as the
        place's post before it is done (as the chat's own limit then allows)."""
        self.service = service
        self._now = now
        self.port = port
        self.surface = surface
        self._sleep = sleep
        self._delays = tuple(retry_delays)
        self._gather = gather
        self.places = Places(
            self._choose, self._post_chosen, port.bucket, paced=gather, now=now, sleep=sleep
        )
        self._in_hand: set[int] = set()
        """The kept replies queued or being posted by this process: not the sweep's."""
        self._unrecorded: dict[int, Posted] = {}
        """Kept replies this process posted whose record the database could not take: the
        sweep records them, and never posts them again (Discord knows a nonce for a few
        minutes only; an outage may last longer)."""
        self._lock_warned: set[int] = set()

    async def deliver(self, jobs: list[Job]) -> list[Posted | None]:
        """Post the jobs of one answer in order (a place's posts never overtake each other);
        what each became, None where it could not be posted (it stays pending)."""
        results: list[Posted | None] = []
        for place_id, run in await self._runs(jobs):
            results += await self._post_run(place_id, run)
        return results

    async def _post_run(self, place_id: int, run: list[Job]) -> list[Posted | None]:
        """Jobs posted in their place, held as this process's own until they are done."""
        kept = {job.outbox_id for job in run if job.outbox_id is not None}
        self._in_hand |= kept
        try:
            return await self.places.post(place_id, run)
        finally:
            self._in_hand -= kept

    async def _runs(self, jobs: list[Job]) -> list[tuple[int, list[Job]]]:
        """The jobs in runs by the place they go to, in order."""
        runs: list[tuple[int, list[Job]]] = []
        for job in jobs:
            place_id = await self._place_of(job)
            if runs and runs[-1][0] == place_id:
                runs[-1][1].append(job)
            else:
                runs.append((place_id, [job]))
        return runs

    async def _place_of(self, job: Job) -> int:
        """Where a job is posted: under its message, or a day's announcement in the day's
        place (a forum's post when it is open; the channel or the forum otherwise)."""
        day = job.reply.day_post
        if day is None:
            return job.place_id if job.place_id is not None else job.village_id
        try:
            place = await self.service.day_place(job.village_id, day)
        except StoreError:
            return job.village_id  # posting reads it again, and keeps it pending if it must
        if place is None or not place.in_posts or place.post_id is None:
            return job.village_id
        return place.post_id

    async def sweep(self, village_ids: Iterable[int] | None = None) -> int:
        """Post what is still pending (a send that failed, a process killed after the commit):
        oldest first, each village in order, stopping at the first that still fails."""
        ids = None if village_ids is None else list(village_ids)
        now = self._now()
        sent = 0
        by_village: defaultdict[int, list[OutboxRecord]] = defaultdict(list)
        for entry in await self.service.pending(ids):
            if entry.outbox_id in self._unrecorded:
                await self._record(entry.outbox_id, self._unrecorded[entry.outbox_id])
            elif entry.outbox_id not in self._in_hand:
                by_village[entry.village_id].append(entry)
        for village_id, entries in by_village.items():
            guild_id = await self.service.guild_of(village_id)
            jobs: list[Job] = []
            for entry in _due(entries, now):
                job = job_of(entry, guild_id)
                if entry.via == BY_INTERACTION:
                    redirected = await self._after_interaction(job)
                    if redirected is None:
                        continue
                    job = redirected
                jobs.append(job)
            for place_id, run in await self._runs(jobs):
                posted = await self._post_run(place_id, run)
                sent += sum(p is not None for p in posted)
                tried = {job.outbox_id for job in run}
                if None in posted and tried & await self._pending_ids(village_id):
                    break  # still failing: later replies wait behind it
        return sent

    async def _after_interaction(self, job: Job) -> Job | None:
        """A slash command's answer its interaction never delivered: a private one is
        dropped (only its asker could see it, and the command may be sent again); a public
        one is posted in the channel."""
        if job.reply.private:
            if job.outbox_id is not None:
                await self.service.undeliverable(job.outbox_id, DROPPED, 0)
            return None
        return replace(job, message_id=None)  # an interaction is not a message to refer to

    # -- what a place's next post carries ----------------------------------------------------

    async def _choose(self, waiting: Sequence[Waiting[Job]]) -> list[Waiting[Job]]:
        if not self._gather and waiting[0].item.group_nonce is None:
            return [waiting[0]]
        return await together.choose(waiting, self._written)

    async def _written(self, entry: Waiting[Job]) -> str:
        if entry.text is None:
            entry.text = await self._text(entry.item)
        return entry.text

    def _link(self, job: Job) -> str:
        """The link to the message a reply answers, where it was posted."""
        if job.message_id is None or job.place_id is None:
            return ""
        surface = self.surface(job.guild_id, {job.message_id: job.place_id}, job.village_id)
        return surface.link(job.message_id)

    def quiet(self, place_id: int) -> bool:
        """Whether a reply handed to the place now would be posted at once, on its own: its
        entry can then be kept planned for a post of its own. Otherwise it is kept free to
        go out with others."""
        if not self._gather:
            return True
        busy = self.places.busy(place_id)
        return not busy and wait_before_post(self.port.bucket(place_id), self._now()) == 0

    async def _post_chosen(self, place_id: int, chosen: list[Waiting[Job]]) -> list[Posted | None]:
        if len(chosen) > 1:
            return await self._deliver_together(place_id, chosen)
        job = chosen[0].item
        if not job.alone and job.group_nonce is None:
            # Never sent: that it goes on its own is recorded first, so that after a kill it
            # is not sent again with others (under another nonce) once it is out.
            nonce = job.nonce
            assert job.outbox_id is not None and nonce is not None
            if not await self._planned(job.village_id, [job.outbox_id], nonce):
                return [None]
            job = replace(job, group_nonce=nonce)
        if job.alone:
            return [await self._deliver(job)]
        return await self._deliver_together(place_id, [replace(chosen[0], item=job)])

    async def _planned(self, village_id: int, outbox_ids: list[int], nonce: str) -> bool:
        """Record which post carries these replies, before it is sent. False when the
        database cannot take it now: the replies are not sent (never sent, they could
        otherwise go out twice after a kill) and stay pending for the sweep."""
        try:
            await self.service.grouped(outbox_ids, nonce)
        except StoreError as error:
            _logger.warning(
                "village %s: cannot record a post before it is sent: %s", village_id, error
            )
            return False
        return True

    # -- posting ----------------------------------------------------------------------------

    async def _deliver_together(
        self, place_id: int, chosen: list[Waiting[Job]]
    ) -> list[Posted | None]:
        """Answers in one post, recorded first: after a kill at any moment the same answers
        are posted again together, under the same nonce, which Discord takes once."""
        jobs = [entry.item for entry in chosen]
        kept = [job.outbox_id for job in jobs if job.outbox_id is not None]
        nonce = jobs[0].group_nonce
        if nonce is None:
            nonce = new_nonce("g")
            # Replies never kept ("try again" while the database is down) have nothing to
            # record: they are not sent again after a restart.
            if kept and not await self._planned(jobs[0].village_id, kept, nonce):
                return [None] * len(jobs)
        what = f"village {jobs[0].village_id} post {nonce} ({len(jobs)} replies)"
        try:
            text = await together.text_of(chosen, self._written, self._link)
            pieces = [
                Outgoing(
                    piece,
                    reply_to=jobs[0].message_id if index == 0 else None,
                    nonce=nonce if index == 0 else f"{nonce}.{index}",
                    delete_after=jobs[0].delete_after,
                )
                for index, piece in enumerate(split_text(text))
            ]
            posted, attempts, refused = await self._tries(
                lambda: self._send_all(place_id, pieces), what
            )
        except StoreError as error:
            _logger.warning("%s: %s", what, error)
            return [None] * len(jobs)
        if posted is None:
            if refused:
                for outbox_id in kept:
                    await self.service.undeliverable(outbox_id, FAILED, attempts)
            return [None] * len(jobs)
        # Asked for at once, so that the store writes them together (one statement on
        # PostgreSQL), not one after another for every answer the post carries.
        await asyncio.gather(*(self._record(outbox_id, posted) for outbox_id in kept))
        _logger.info(
            "village %s channel %s: posted %s together as message %s",
            jobs[0].village_id,
            posted.channel_id,
            ", ".join(f"{job.reply.key} ({job.message_id})" for job in jobs),
            posted.message_id,
        )
        return [posted] * len(jobs)

    async def _record(self, outbox_id: int, posted: Posted) -> None:
        """Record where a kept reply went; while the database cannot take it, remember it
        here, so that this process records it later rather than posting it again."""
        if await self.service.delivered(outbox_id, posted.message_id, posted.posted_at):
            self._unrecorded.pop(outbox_id, None)
        else:
            self._unrecorded[outbox_id] = posted

    async def _tries(
        self, post: Callable[[], Awaitable[R]], what: str
    ) -> tuple[R | None, int, bool]:
        """Post, trying again after each delay while the chat fails in a way that may pass:
        what it became (None: not posted), the attempts made, and whether the chat refused
        it for good."""
        attempts = 0
        for delay in (*self._delays, None):
            attempts += 1
            try:
                return await post(), attempts, False
            except PortError as error:
                _logger.warning("%s: %s", what, error)
                if not error.retryable:
                    return None, attempts, True
                if delay is None:
                    break
                await self._sleep(delay)
        return None, attempts, False

    async def _deliver(self, job: Job) -> Posted | None:
        """One reply, a post of its own (cut into pieces when it is long)."""
        what = f"village {job.village_id} reply {job.outbox_id} (message {job.message_id})"
        try:
            outcome, attempts, refused = await self._tries(lambda: self._post(job), what)
        except StoreError as error:
            # The village's own records (a day's post, cited messages) cannot be read or
            # kept now: the reply stays pending for the next sweep.
            _logger.warning("%s: %s", what, error)
            return None
        if outcome is None:
            if refused and job.outbox_id is not None:
                await self.service.undeliverable(job.outbox_id, FAILED, attempts)
            return None
        posted, reached = outcome
        if job.outbox_id is not None:
            if reached is None:
                # Its player takes no DMs: the channel was told, and another try would
                # only repeat that.
                await self.service.undeliverable(job.outbox_id, FAILED, attempts)
            else:
                await self._record(job.outbox_id, reached)
        _logger.info(
            "village %s channel %s: posted %s (%s) as message %s",
            job.village_id,
            posted.channel_id,
            job.reply.key if reached is posted else f"the notice of secret {job.reply.key}",
            job.message_id or "announcement",
            posted.message_id,
        )
        return posted

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

    async def _text(self, job: Job) -> str:
        """A reply's text as the chat shows it, its links to the messages it cites."""
        reply = job.reply
        cited = cited_messages(reply)
        places = await self.service.message_places(job.village_id, cited) if cited else {}
        surface = self.surface(job.guild_id, places, job.village_id)
        return render(reply, job.locale, surface, self.service.games)

    async def pieces(self, job: Job) -> list[Outgoing]:
        """The chat messages of one reply: its text cut to size, files with the first."""
        reply = job.reply
        text = await self._text(job)
        surface = self.surface(job.guild_id, {}, job.village_id)
        # Drawing a picture takes a while: not on the event loop, where messages wait.
        files = (
            tuple(await asyncio.to_thread(files_of, reply, job.locale, games=self.service.games))
            if surface.files
            else ()
        )
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
    the reply's: a message id's colon, or the kind letter a kept nonce begins with, becomes
    a `d`."""
    nonce = piece.nonce
    if nonce is not None:
        nonce = nonce.replace(":", "d", 1) if ":" in nonce else f"d{nonce[1:]}"
    return Outgoing(piece.text, piece.files, None, nonce, None)


def _due(entries: list[OutboxRecord], now: dt.datetime) -> list[OutboxRecord]:
    """The pending replies a sweep posts, oldest first: up to the first that is young (its
    own delivery may be under way), with every reply recorded to share a post with one of
    them, all at the place of the first (a shared post goes out whole: posted in parts, the
    parts after the first would be taken by Discord for the first, under the same nonce).
    Replies never sent (no post recorded) may go out together again."""
    cut = len(entries)
    for index, entry in enumerate(entries):
        if entry.group_nonce is None and now - entry.created_at < SWEEP_AGE:
            cut = index
            break
    groups = {entry.group_nonce for entry in entries[:cut] if entry.group_nonce is not None}
    ordered: list[OutboxRecord] = []
    placed: set[str] = set()
    for index, entry in enumerate(entries):
        nonce = entry.group_nonce
        if nonce is None:
            if index < cut:
                ordered.append(entry)
        elif nonce in groups and nonce not in placed:
            placed.add(nonce)
            ordered += [e for e in entries if e.group_nonce == nonce]
    return ordered
