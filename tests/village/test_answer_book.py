"""The double-post rule's memory of when each throw's answer was posted: the same verdicts
as the store gives, in the process that posted the answers and in one that did not."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage.store import SqlStore
from bot.village.answers import AnswerBook
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.records import FAILED, PENDING, SENT, AnswerPosted
from bot.village.replies import Answer
from bot.village.service import VillageService

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
_messages = itertools.count(1)


def test_a_kept_answer_is_pending_until_it_is_marked() -> None:
    book = AnswerBook()
    book.kept(7, 100, outbox_id=55)
    assert book.get(7, 100) == AnswerPosted(PENDING, None)
    book.marked(55, SENT, T0)
    assert book.get(7, 100) == AnswerPosted(SENT, T0)
    assert book.get(7, 101) is None and book.get(8, 100) is None


def test_only_a_throws_first_answer_is_remembered() -> None:
    book = AnswerBook()
    book.kept(7, 100, outbox_id=55)
    book.marked(56, SENT, T0)  # another reply (a memo, an announcement): not a throw's
    assert book.get(7, 100) == AnswerPosted(PENDING, None)
    book.marked(55, FAILED, None)
    assert book.get(7, 100) == AnswerPosted(FAILED, None)


def test_the_book_forgets_the_oldest_throws_first() -> None:
    book = AnswerBook(capacity=2)
    for message, outbox in ((1, 11), (2, 12), (3, 13)):
        book.kept(7, message, outbox)
    assert len(book) == 2
    assert book.get(7, 1) is None
    book.marked(11, SENT, T0)  # the forgotten throw's reply: nothing to remember it by
    assert book.get(7, 1) is None
    assert book.get(7, 3) == AnswerPosted(PENDING, None)


def test_an_answer_kept_again_takes_its_new_reply() -> None:
    book = AnswerBook()
    book.kept(7, 100, outbox_id=55)
    book.kept(7, 100, outbox_id=56)
    book.marked(55, SENT, T0)
    assert book.get(7, 100) == AnswerPosted(PENDING, None)
    book.marked(56, SENT, T0)
    assert book.get(7, 100) == AnswerPosted(SENT, T0)


async def say(
    service: VillageService, village_id: int, author: Author, text: str, sent: dt.datetime
) -> Answer:
    return await service.handle(
        Incoming(village_id, next(_messages), author, sent, parse_message(text))
    )


@pytest.mark.db
@pytest.mark.parametrize("asked", ["the process that posted it", "a process started since"])
async def test_a_throw_sent_before_the_last_answer_was_posted_is_a_double_post(
    store: SqlStore, village_id: int, asked: str
) -> None:
    """On Discord the chat's clock decides: a throw sent before the answer to the player's
    previous throw was posted could not have been made from it."""
    dice = ScriptedDice()
    service = VillageService(store, ManualClock(T0), dice, outbox=True)
    await say(service, village_id, GM, "/village create", T0)
    dice.queue("D G $ R R Eb")
    thrown = await say(service, village_id, ALICE, "[[greed]]" * 6, T0)
    [delivery, *_] = thrown.deliveries
    assert delivery.reply.key == "greed.throw" and delivery.outbox_id is not None
    posted_at = T0 + dt.timedelta(seconds=3)
    assert await service.delivered(delivery.outbox_id, 9_999, posted_at)
    if asked != "the process that posted it":
        service = VillageService(store, ManualClock(T0), dice, outbox=True)
    early = await say(service, village_id, ALICE, "[[greed]]" * 4, T0 + dt.timedelta(seconds=2))
    assert [r.key for r in early.replies] == ["greed.double_post"]
    dice.queue("G R R Eg")
    late = await say(service, village_id, ALICE, "[[greed]]" * 4, T0 + dt.timedelta(seconds=4))
    assert [r.key for r in late.replies] == ["greed.throw"]
