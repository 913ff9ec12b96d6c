"""Replies only one player may see: kept as data with their player, and a check, for any
game, that no other reply of a village run carries what they hide."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage.memory import MemoryStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.ports import Store
from bot.village.replies import Answer, Delivery
from bot.village.service import VillageService
from bot.words.reply import SECRET_PARAMS, Reply, ReplyKind, reply_data, reply_from_data
from tests.village.secrets import (
    Dealer,
    Shown,
    assert_no_secret_leaks,
    leaks,
    secret_strings,
)

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
BOB = Author(3, "bob")
SIX = "[[greed]]" * 6
_messages = itertools.count(5000)


@pytest.fixture
def store() -> Store:
    """What a reply may show is the village's and the games' concern: played on the memory store
    (every store keeps the same contract, tests/storage)."""
    return MemoryStore()


def hand(cards: str, player_id: int = 2) -> Reply:
    return Reply(
        "hand",
        "test.hand",
        {"cards": cards, SECRET_PARAMS: ["cards"]},
        to="alice",
        secret_for=player_id,
    )


def answer(*replies: Reply) -> Answer:
    return Answer(tuple(Delivery(reply, None, seq) for seq, reply in enumerate(replies)))


def test_a_secret_reply_keeps_its_player_as_data_and_is_always_private() -> None:
    secret = hand("♠A♥K")
    assert secret.private and secret.secret_for == 2
    data = reply_data(secret)
    assert data["secret_for"] == 2 and data["private"] is True
    assert reply_from_data(data) == secret
    public = Reply(ReplyKind.INFO, "greed.status", {"day": 1})
    assert reply_data(public)["secret_for"] is None
    assert reply_from_data(reply_data(public)).secret_for is None


def test_outbox_rows_kept_before_secrets_existed_read_back_as_for_everyone() -> None:
    data = reply_data(Reply(ReplyKind.REFUSED, "edited", {}, to="alice", private=True))
    del data["secret_for"]
    reply = reply_from_data(data)
    assert reply.secret_for is None and reply.private


def test_the_check_finds_a_secret_in_another_replys_text_or_data() -> None:
    secret = hand("秘札♠Q♥7")
    echoed_text = Reply(ReplyKind.REFUSED, "unknown_player", {"player": "秘札♠Q♥7"}, to="bob")
    echoed_data = Reply(ReplyKind.INFO, "edited", {"extra": ["x", {"hand": "秘札♠Q♥7"}]})
    for leak in (echoed_text, echoed_data):
        with pytest.raises(AssertionError, match="for player 2, shown to everyone"):
            assert_no_secret_leaks([answer(secret, leak)])
    # The same secret dealt to its own player twice is no leak.
    assert assert_no_secret_leaks([answer(secret), answer(secret)]) == {"秘札♠Q♥7": 2}


def test_a_secret_for_one_player_shown_to_another_is_a_leak() -> None:
    secrets = secret_strings([hand("♦J♣3")])
    assert leaks(secrets, [Shown("your hand: ♦J♣3", reader=2)]) == []
    [problem] = leaks(secrets, [Shown("bob sees ♦J♣3", reader=3)])
    assert "shown to player 3" in problem


def test_a_secret_reply_must_say_which_params_are_the_secret() -> None:
    unmarked = Reply("hand", "test.hand", {"cards": "♠2"}, secret_for=2)
    with pytest.raises(AssertionError, match="marks none of its params"):
        secret_strings([unmarked])
    wrong = Reply("hand", "test.hand", {"cards": "♠2", SECRET_PARAMS: ["hand"]}, secret_for=2)
    with pytest.raises(AssertionError, match="does not have"):
        secret_strings([wrong])


async def test_a_village_run_that_deals_secrets_leaks_none_and_keeps_them_in_the_outbox(
    store: Store, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealer = Dealer(frozenset({"greed.throw", "greed.status"})).install(monkeypatch)
    dice = ScriptedDice()
    service = VillageService(store, ManualClock(T0), dice, outbox=True)

    async def say(author: Author, text: str) -> Answer:
        incoming = Incoming(village_id, next(_messages), author, T0, parse_message(text))
        return await service.handle(incoming)

    answers = [await say(GM, "/village create")]
    for author, faces in ((ALICE, "D G $ R R Eb"), (BOB, "D D D G $ R")):
        dice.queue(faces)
        answers.append(await say(author, SIX))
    answers.append(await say(ALICE, "/greed status"))
    secrets = assert_no_secret_leaks(answers)
    assert sorted(secrets.values()) == [2, 2, 3]
    assert len(dealer.dealt) == 3
    kept = [reply_from_data(entry.reply) for entry in await service.pending([village_id])]
    assert [r.secret_for for r in kept if r.key == "test.hand"] == [2, 3, 2]
