"""Reading what was posted while the bot was away, and answering it in order.

Discord does not replay a gateway's missed events to a new process: the bot reads each
village's channel (or today's post), and the thread of each open table (taking seats or in
play) played elsewhere, after the last message it handled there, a little before it to be
safe (whatever was handled already counts once), and handles what it finds oldest first,
every place of a village together, with the double-post rule. Before each message it
applies what fell due in the village by the time it was sent (a table's time limit, the
day's close), in the order it fell due: a close then follows the forfeit that fell due
before it, and a move sent in time is played before its time limit runs out. Without the
Read Message History permission Discord answers with an empty history instead of an error;
that is noticed and said.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Collection
from dataclasses import dataclass, field

from bot.chat.render import catalog
from bot.discord_adapter.jobs import Job, jobs_of
from bot.discord_adapter.port import (
    ChatPort,
    Outgoing,
    PortError,
    Seen,
    snowflake_time,
    time_snowflake,
)
from bot.discord_adapter.relay import Relay
from bot.discord_adapter.surface import linked_messages
from bot.village.service import VillageService, Watch

_logger = logging.getLogger(__name__)

MARGIN = dt.timedelta(minutes=2)
"""How far before the last handled message reading starts: a message being handled when the
process died may be older than one that was handled."""


@dataclass(slots=True)
class CatchUp:
    service: VillageService
    port: ChatPort
    relay: Relay
    _told: set[int] = field(default_factory=set)

    async def run(self, guild_ids: Collection[int] | None = None) -> int:
        """Handle the missed messages of every village (of these servers), in its channel or
        today's post and its open tables' threads; how many got an answer (messages read
        again that were handled already get none)."""
        handled = 0
        await self.relay.refresh()
        villages: dict[int, list[Watch]] = {}
        for watch in await self.service.watch_list(guild_ids):
            villages.setdefault(watch.village_id, []).append(watch)
        for village_id, watches in villages.items():
            handled += await self._village(village_id, watches)
        return handled

    async def _village(self, village_id: int, watches: list[Watch]) -> int:
        """One village's missed messages, every place's together in the order they were
        sent: before each, what fell due in the village by then (a table's time limit, the
        day's close) is applied, in the order it fell due, as if the bot had been up."""
        missed: list[Seen] = []
        answered: set[int] = set()
        for watch in watches:
            found = await self._missed(watch)
            # What the bot answered already is not handled again, even where the village
            # kept no record of it: a "try again" while the database was down told its
            # player that nothing was thrown, and they post again. A post answers the
            # message it replies to, and in a shared post every message it links to.
            for said in (s for s in found if s.author_is_bot):
                answered |= linked_messages(said.content)
                if said.reply_to:
                    answered.add(said.reply_to)
            missed += (s for s in found if not s.author_is_bot)
        handled = 0
        answers: list[Job] = []
        # Snowflakes grow with time in every channel alike: this is the order of sending.
        for seen in sorted(missed, key=lambda s: s.message_id):
            if seen.message_id in answered:
                continue
            due = await self.service.due_by(village_id, seen.created_at)
            answers += jobs_of(due, village_id, None, None)
            jobs = await self.relay.answer(seen, edited=seen.edited_at is not None, gathered=True)
            handled += bool(jobs)
            answers += jobs
        # Posted once every missed message is handled: together in shared posts, at the
        # channel's pace, rather than one post a message. (Every answer comes after every
        # missed message anyway: they were all sent while the bot was away.)
        await self.relay.sender.deliver(answers)
        return handled

    async def _missed(self, watch: Watch) -> list[Seen]:
        """What was posted at the watched place after its last handled message (a little
        before, to be safe); [] when nothing, or the history cannot be read (said so)."""
        if not watch.after_message_id:
            return []  # nothing handled there yet: nothing to start from
        start = time_snowflake(snowflake_time(watch.after_message_id) - MARGIN)
        try:
            missed = await self.port.history(watch.place_id, start)
            if not missed:
                await self._check_readable(
                    watch.village_id, watch.place_id, watch.after_message_id, watch.locale
                )
                return []
        except PortError as error:
            _logger.warning(
                "village %s channel %s: cannot read the history: %s",
                watch.village_id,
                watch.place_id,
                error,
            )
            return []
        _logger.info(
            "village %s channel %s: %d messages to catch up on after %s",
            watch.village_id,
            watch.place_id,
            len(missed),
            watch.after_message_id,
        )
        return [seen for seen in missed if seen.message_id > start]

    async def _check_readable(
        self, village_id: int, place_id: int, after: int, locale: str
    ) -> None:
        # The bot's own answer to the last handled message is newer than it: a history that
        # shows not even that one was not readable.
        latest = await self.port.latest_id(place_id)
        if latest is None or latest <= after:
            return
        _logger.warning(
            "village %s channel %s: the history reads empty although message %s is newer "
            "than %s: the bot lacks Read Message History, so messages sent while it was "
            "away are not answered",
            village_id,
            place_id,
            latest,
            after,
        )
        if place_id in self._told:
            return
        self._told.add(place_id)
        text = catalog(locale)["history_unreadable"]
        try:
            await self.port.send(place_id, Outgoing(text, nonce=f"h{place_id}"[:25]))
        except PortError as error:
            _logger.warning("village %s channel %s: cannot say so: %s", village_id, place_id, error)
