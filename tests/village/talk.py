"""Talking to a village service in tests as a chat's players do: one message a second,
each answered and posted at once, and a plain throw's faces queued before it."""

from __future__ import annotations

import datetime as dt
import itertools

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.replies import Answer
from bot.village.service import VillageService

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
_messages = itertools.count(1)
_seconds = itertools.count(1)


def message_id() -> int:
    """A message id no other message of these tests has."""
    return next(_messages)


async def say(service: VillageService, village_id: int, author: Author, text: str) -> Answer:
    """A message a second after the last one, its answers posted at once (as a chat's
    players see them before they post again)."""
    at = T0 + dt.timedelta(seconds=next(_seconds))
    assert isinstance(service.core.clock, ManualClock)
    service.core.clock.set(at)
    answer = await service.handle(
        Incoming(village_id, message_id(), author, at, parse_message(text))
    )
    for delivery in answer.deliveries:
        if delivery.outbox_id is not None:
            assert await service.delivered(delivery.outbox_id, message_id(), at)
    return answer


PLAIN = ("D", "R", "Eb", "$", "R", "Eg")
"""Faces of a plain throw of up to six dice: one D to take and nothing else scoring (no
greed out, no sweep), so every such throw answers `throw`."""


def throw_of(service: VillageService, count: int) -> str:
    """The message of a throw of `count` dice, their faces queued first."""
    dice = service.core.dice
    assert isinstance(dice, ScriptedDice)
    dice.queue(" ".join(PLAIN[:count]))
    return "[[greed]]" * count
