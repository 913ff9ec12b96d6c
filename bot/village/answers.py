"""Whether and when the first answer to each recent throw was posted, as this process posted
it: what the double-post rule asks about a player's previous throw, without a read.

The chat adapter tells the service where each reply went (`VillageService.delivered`); the
book keeps that for the throws this process answered, the most recent first. A throw it
does not know (answered before a restart, or by another process) is asked of the store.
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict

from bot.village.records import PENDING, AnswerPosted

CAPACITY = 8_192
"""Throws remembered at most: the rule only asks about each player's previous throw."""

AnswerKey = tuple[int, int]
"""(village id, message id)."""


class AnswerBook:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._answers: OrderedDict[AnswerKey, tuple[int, AnswerPosted]] = OrderedDict()
        self._by_reply: dict[int, AnswerKey] = {}

    def kept(self, village_id: int, message_id: int, outbox_id: int) -> None:
        """The throw's first answer is in the outbox, not posted yet."""
        key = (village_id, message_id)
        self._forget(key)
        self._answers[key] = (outbox_id, AnswerPosted(PENDING, None))
        self._by_reply[outbox_id] = key
        while len(self._answers) > self._capacity:
            self._forget(next(iter(self._answers)))

    def marked(self, outbox_id: int, status: str, posted_at: dt.datetime | None) -> None:
        """A reply's fate, as the adapter reports it (only a throw's first answer is kept)."""
        key = self._by_reply.get(outbox_id)
        if key is not None:
            self._answers[key] = (outbox_id, AnswerPosted(status, posted_at))

    def get(self, village_id: int, message_id: int) -> AnswerPosted | None:
        """The throw's first answer as this process knows it; None when it does not."""
        found = self._answers.get((village_id, message_id))
        return None if found is None else found[1]

    def _forget(self, key: AnswerKey) -> None:
        found = self._answers.pop(key, None)
        if found is not None:
            self._by_reply.pop(found[0], None)

    def __len__(self) -> int:
        return len(self._answers)
