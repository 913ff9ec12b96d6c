"""Messages handled and the replies kept for delivery (the outbox), in memory."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from dataclasses import replace

from bot.storage.memory.base import MemoryBase
from bot.storage.memory.copies import copied
from bot.village.records import PENDING, AnswerPosted, MessageRecord, OutboxRecord


class MemoryLedger(MemoryBase):
    async def record_message(self, message: MessageRecord) -> None:
        async with self._writing() as state:
            state.add_message(message)

    async def get_message(self, village_id: int, message_id: int) -> MessageRecord | None:
        found = self._read().messages.get((village_id, message_id))
        return None if found is None else copied(found)

    async def last_message_id(self, village_id: int) -> int:
        """The highest message id the village has handled, or that one of its events
        names (the console numbers on from it)."""
        state = self._read()
        messages = (m for v, m in state.messages if v == village_id)
        events = (
            event.message_id
            for event in state.events.values()
            if event.village_id == village_id and event.message_id is not None
        )
        return max(max(messages, default=0), max(events, default=0))

    async def message_places(self, village_id: int, message_ids: Collection[int]) -> dict[int, int]:
        messages = self._read().messages
        places = {}
        for message_id in message_ids:
            found = messages.get((village_id, message_id))
            if found is not None and found.place_id is not None:
                places[message_id] = found.place_id
        return places

    async def answer(self, message: MessageRecord, entries: Sequence[OutboxRecord]) -> list[int]:
        async with self._writing() as state:
            state.add_message(message)
            return state.keep_replies(entries)

    async def add_outbox(self, entries: Sequence[OutboxRecord]) -> list[int]:
        async with self._writing() as state:
            return state.keep_replies(entries)

    async def pending_outbox(
        self, village_ids: Collection[int] | None = None
    ) -> list[OutboxRecord]:
        return [
            copied(entry)
            for entry in self._read().outbox.values()
            if entry.status == PENDING and (village_ids is None or entry.village_id in village_ids)
        ]

    async def mark_outbox(
        self,
        outbox_id: int,
        status: str,
        posted_id: int | None = None,
        posted_at: dt.datetime | None = None,
        attempts: int | None = None,
    ) -> None:
        async with self._writing() as state:
            found = state.outbox.get(outbox_id)
            if found is None:
                return
            marked = replace(
                found,
                status=status,
                posted_id=posted_id,
                posted_at=posted_at,
                attempts=found.attempts if attempts is None else attempts,
            )
            state.outbox[outbox_id] = copied(marked)

    async def group_outbox(self, outbox_ids: Sequence[int], nonce: str) -> None:
        async with self._writing() as state:
            for outbox_id in outbox_ids:
                found = state.outbox.get(outbox_id)
                if found is not None:
                    state.outbox[outbox_id] = replace(found, group_nonce=nonce)

    async def first_answer(self, village_id: int, message_id: int) -> AnswerPosted | None:
        answers = [
            entry
            for entry in self._read().outbox.values()
            if (entry.village_id, entry.message_id) == (village_id, message_id)
        ]
        if not answers:
            return None
        first = min(answers, key=lambda entry: entry.seq)
        return AnswerPosted(first.status, first.posted_at)

    async def table_places(
        self, village_ids: Collection[int] | None = None
    ) -> list[tuple[int, int, int]]:
        state = self._read()
        # The last message handled in each place: a message in the village channel itself
        # is kept without a place, and the channel is the village's id.
        last: dict[tuple[int, int], int] = {}
        for (village_id, message_id), message in state.messages.items():
            place = (village_id, village_id if message.place_id is None else message.place_id)
            last[place] = max(last.get(place, message_id), message_id)
        places = {
            (table.village_id, table.place_id)
            for table in state.tables.values()
            if table.is_open
            and table.place_id is not None
            and (village_ids is None or table.village_id in village_ids)
        }
        return [(v, p, last[(v, p)]) for v, p in sorted(places) if (v, p) in last]
