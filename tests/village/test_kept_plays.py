"""A player's next move starts from what their last move left, without a read: kept once,
given up when stale, and never written on without the move's own guards."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.core import Incoming
from bot.village.kept_plays import KeptPlays
from bot.village.records import (
    TABLE_PLAYING,
    PlayContext,
    TableContext,
    TableRecord,
    VillageRecord,
)
from bot.village.replies import Answer
from bot.village.service import VillageService
from bot.village.settings import VillageSettings
from tests.village.talk import ALICE, GM, PLAIN, T0, message_id, say, throw_of


def context(village_id: int, version: int = 1) -> PlayContext:
    village = VillageRecord(village_id, "greed", VillageSettings(), 1, T0)
    return PlayContext(village, None, False, None, 0, (5, version))


def test_a_kept_context_is_taken_once() -> None:
    plays = KeptPlays()
    plays.keep(2, context(7))
    assert plays.take(7, 2) == context(7)
    assert plays.take(7, 2) is None
    assert plays.take(7, 3) is None and plays.take(8, 2) is None


def test_a_village_let_go_keeps_nothing_from_before() -> None:
    plays = KeptPlays()
    plays.keep(2, context(7))
    plays.keep(2, context(8))
    plays.forget(7)
    assert plays.take(7, 2) is None
    assert plays.take(8, 2) == context(8)
    plays.keep(2, context(7, version=2))  # kept after: good again
    assert plays.take(7, 2) == context(7, version=2)


def table_context(village_id: int, version: int = 1) -> TableContext:
    village = VillageRecord(village_id, "greed", VillageSettings(), 1, T0)
    table = TableRecord(village_id, 3, "ducks", 1, 5, 40, {}, (5, 6), TABLE_PLAYING, T0, version)
    return TableContext(village, None, False, table)


def test_a_table_is_kept_by_its_place_and_let_go_with_its_village() -> None:
    plays = KeptPlays()
    plays.keep_table(40, table_context(7))
    plays.keep(40, context(7))  # a player of the same id: kept apart from the place
    assert plays.take_table(7, 40) == table_context(7)
    assert plays.take_table(7, 40) is None  # taken once
    plays.keep_table(40, table_context(7))
    plays.forget(7)
    assert plays.take_table(7, 40) is None
    assert plays.take(7, 40) is None
    plays.keep_table(40, table_context(7, version=2))  # kept after: good again
    assert plays.take_table(7, 40) == table_context(7, version=2)


def test_the_oldest_players_are_let_go_first() -> None:
    plays = KeptPlays(capacity=2)
    for player in (1, 2, 3):
        plays.keep(player, context(7))
    assert len(plays) == 2
    assert plays.take(7, 1) is None
    assert plays.take(7, 3) is not None


async def throw(service: VillageService, village_id: int, dice: int) -> Answer:
    return await say(service, village_id, ALICE, throw_of(service, dice))


@pytest.mark.db
async def test_a_context_another_process_made_stale_is_read_again(
    engine: AsyncEngine, store: SqlStore, village_id: int
) -> None:
    """Alice's throw in another process moves her table on: this process's kept context
    fails its write, and the throw is read and decided again on top of the other one."""
    dice = ScriptedDice()
    here = VillageService(store, ManualClock(T0), dice)
    await say(here, village_id, GM, "/village create")
    await throw(here, village_id, 6)
    other_store = SqlStore(make_engine(engine.url.render_as_string(hide_password=False)))
    try:
        there = VillageService(other_store, ManualClock(T0), dice)
        [elsewhere] = (await throw(there, village_id, 5)).replies
        assert elsewhere.key == "greed.throw"
        # Faces for the throw decided on the stale context, should it draw (here it is
        # refused: four dice are not a legal count there), and for the one decided again.
        dice.queue(" ".join(PLAIN[:4]))
        [again] = (await throw(here, village_id, 4)).replies
    finally:
        await other_store.engine.dispose()
    assert again.key == "greed.throw" and again.state is not None
    # Decided from the table as the other process left it: the third throw of the lap.
    assert (again.state["turn"], again.state["lap"], again.state["throw"]) == (1, 1, 3)
    stream = await store.load_stream(village_id, 1, ALICE.player_id)
    assert [e.version for e in stream] == list(range(1, len(stream) + 1))
    assert [e.data["throw_seq"] for e in stream if e.type == "DiceThrown"] == [1, 2, 3]


@pytest.mark.db
async def test_a_settings_change_here_is_read_by_the_next_move(
    store: SqlStore, village_id: int
) -> None:
    """The language a throw's reply is kept in is the village's as changed just before."""
    dice = ScriptedDice()
    service = VillageService(store, ManualClock(T0), dice, outbox=True)
    await say(service, village_id, GM, "/village create")
    await throw(service, village_id, 6)
    await say(service, village_id, GM, "/village config locale:en")
    dice.queue(" ".join(PLAIN[:5]))
    at = T0 + dt.timedelta(minutes=5)
    incoming = Incoming(village_id, message_id(), ALICE, at, parse_message("[[greed]]" * 5))
    answer = await service.handle(incoming)  # not posted yet: still in the outbox
    [kept] = [
        e for e in await store.pending_outbox([village_id]) if e.message_id == incoming.message_id
    ]
    assert [r.key for r in answer.replies] == ["greed.throw"]
    assert kept.locale == "en"


@pytest.mark.db
async def test_a_message_delivered_again_is_played_once(store: SqlStore, village_id: int) -> None:
    """The same message delivered again to the process that played it (the gateway, then
    the history): the context its first delivery left says nothing of it, the write's key
    refuses it, and it is read as handled."""
    dice = ScriptedDice()
    service = VillageService(store, ManualClock(T0), dice)
    await say(service, village_id, GM, "/village create")
    await throw(service, village_id, 6)
    at = T0 + dt.timedelta(minutes=5)
    incoming = Incoming(village_id, message_id(), ALICE, at, parse_message("[[greed]]" * 5))
    dice.queue(" ".join(PLAIN[:5]))
    first = await service.handle(incoming)
    assert len(service.core.plays) == 1  # what the next move would read, kept
    second = await service.handle(incoming)
    assert [r.key for r in first.replies] == ["greed.throw"] and not second.replies
    stream = await store.load_stream(village_id, 1, ALICE.player_id)
    assert [e.data["throw_seq"] for e in stream if e.type == "DiceThrown"] == [1, 2]
