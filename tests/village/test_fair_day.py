"""A day of fair dice exported and verified, open and closed, with rollbacks and tampering."""

from __future__ import annotations

import copy
import datetime as dt
import itertools
from typing import Any

import pytest

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.games.greed.fair import verify_record
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.service import VillageService
from bot.words.reply import Reply, ReplyKind

pytestmark = pytest.mark.db

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
PLAYERS = [Author(101, "alice"), Author(202, "bob")]
_ids = itertools.count(5000)


class Village:
    def __init__(self, store: SqlStore, village_id: int, dice: Any) -> None:
        self.village_id = village_id
        self.service = VillageService(store, ManualClock(T0), dice)

    async def say(self, author: Author, text: str) -> list[Reply]:
        answer = await self.service.handle(
            Incoming(self.village_id, next(_ids), author, T0, parse_message(text))
        )
        return answer.replies

    async def one(self, author: Author, text: str) -> Reply:
        [reply] = await self.say(author, text)
        return reply

    async def export(self, day: int) -> dict[str, Any]:
        reply = await self.one(GM, f"/village export day:{day}")
        assert reply.key == "greed.export"
        return dict(reply.params["document"])

    async def play_until_done(self, author: Author, moves: int = 40) -> None:
        """Fair play by a simple rule: throw the legal count with the most dice, TE when allowed."""
        for _ in range(moves):
            reply = await self.one(author, "/greed status")
            state = reply.state or {}
            if state.get("finished"):
                return
            if state["can_end"]:
                await self.say(author, "TE")
            else:
                await self.say(author, "[[greed]]" * max(state["legal_counts"]))


async def fair_village(store: SqlStore, village_id: int) -> Village:
    village = Village(store, village_id, FairChance())
    await village.say(GM, "/village create")
    return village


async def test_a_fair_day_exported_after_close_verifies(store: SqlStore, village_id: int) -> None:
    village = await fair_village(store, village_id)
    for player in PLAYERS:
        await village.play_until_done(player, moves=12)
    closing = await village.say(GM, "/village day next")
    assert closing[0].kind is ReplyKind.DAY_CLOSED
    document = await village.export(1)
    assert document["seed"] == closing[0].params["seed"]
    assert document["scripted"] is False
    assert {t["player_id"] for t in document["throws"]} == {101, 202}
    checked, mismatches = verify_record(document)
    assert mismatches == [] and checked == len(document["throws"]) > 0
    assert document["stats"]["day"]["total"] == sum(len(t["faces"]) for t in document["throws"])
    verified = await village.one(PLAYERS[0], "/greed verify day:1")
    assert verified.params["ok"] is True and verified.params["throws"] == checked


async def test_the_same_day_exported_while_open_has_no_seed(
    store: SqlStore, village_id: int
) -> None:
    village = await fair_village(store, village_id)
    await village.say(PLAYERS[0], "[[greed]]" * 6)
    document = await village.export(1)
    assert document["seed"] is None
    assert len(document["commitment"]) == 64
    _, mismatches = verify_record(document)
    assert [m.what for m in mismatches] == ["seed"]
    refusal = await village.one(PLAYERS[0], "/greed verify day:1")
    assert (refusal.kind, refusal.key) == (ReplyKind.REFUSED, "day_not_closed")


@pytest.mark.parametrize(
    ("tamper", "caught"),
    [
        (lambda d: d["throws"][0].update(faces=_other_faces(d["throws"][0]["faces"])), "faces"),
        (lambda d: d.update(seed="00" * 32), "commitment"),
        (lambda d: d.update(commitment="ff" * 32), "commitment"),
        (lambda d: d["throws"].pop(0), "gap"),
        (
            lambda d: d["throws"][1].update(
                throw_seq=d["throws"][0]["throw_seq"], player_id=d["throws"][0]["player_id"]
            ),
            "duplicate",
        ),
    ],
    ids=["face", "seed", "commitment", "hidden throw", "reused number"],
)
async def test_tampering_with_an_export_is_caught(
    store: SqlStore, village_id: int, tamper: Any, caught: str
) -> None:
    village = await fair_village(store, village_id)
    await village.play_until_done(PLAYERS[0], moves=6)
    await village.say(GM, "/village day next")
    document = await village.export(1)
    assert len(document["throws"]) >= 2
    tampered = copy.deepcopy(document)
    tamper(tampered)
    _, mismatches = verify_record(tampered)
    assert caught in {m.what for m in mismatches}


def _other_faces(faces: list[str]) -> list[str]:
    swap = {"$": "G", "G": "R", "R": "Eg", "Eg": "Eb", "Eb": "D", "D": "$"}
    return [swap[faces[0]], *faces[1:]]


async def test_rollback_keeps_voided_throws_in_the_export_with_their_numbers(
    store: SqlStore, village_id: int
) -> None:
    village = await fair_village(store, village_id)
    alice = PLAYERS[0]
    await village.say(alice, "[[greed]]" * 6)
    first = await village.export(1)
    [throw] = first["throws"]
    assert throw["throw_seq"] == 1 and throw["voided"] is False
    rolled = await village.one(GM, "/greed rollback player:alice turn:1 reason:posted early")
    assert rolled.params["throws_voided"] == 1
    await village.say(alice, "[[greed]]" * 6)
    await village.say(GM, "/village day next")
    document = await village.export(1)
    seqs = [(t["throw_seq"], t["voided"]) for t in document["throws"]]
    assert seqs == [(1, True), (2, False)]
    # the re-throw is fresh dice: a new number, a new message, its own derivation
    assert document["throws"][0]["message_id"] != document["throws"][1]["message_id"]
    assert verify_record(document)[1] == []


async def test_a_scripted_day_never_verifies_as_fair(store: SqlStore, village_id: int) -> None:
    dice = ScriptedDice()
    village = Village(store, village_id, dice)
    await village.say(GM, "/village create")
    dice.queue("D G $ R R Eb")
    await village.say(PLAYERS[0], "[[greed]]" * 6)
    await village.say(GM, "/village day next")
    document = await village.export(1)
    assert document["scripted"] is True
    assert "scripted" not in document["throws"][0]
    _, mismatches = verify_record(document)
    assert "scripted" in {m.what for m in mismatches}
    # scripted faces are not counted in the statistics of the dice
    assert document["stats"]["day"]["total"] == 0


async def test_face_statistics_for_the_village_and_each_player(
    store: SqlStore, village_id: int
) -> None:
    village = await fair_village(store, village_id)
    for player in PLAYERS:
        await village.play_until_done(player, moves=8)
    reply = await village.one(PLAYERS[0], "/village stats")
    params = reply.params
    totals = [p["total"] for p in params["players"]]
    assert params["village"]["total"] == sum(totals) > 0
    assert [p["player"] for p in params["players"]] == ["alice", "bob"]
    assert sum(params["village"]["counts"].values()) == params["village"]["total"]
    assert 0.0 <= params["village"]["p_value"] <= 1.0
    day = await village.one(PLAYERS[0], "/village stats day:1")
    assert day.params["village"] == params["village"]
    refused = await village.one(PLAYERS[0], "/village stats day:2")
    assert refused.key == "unknown_day"


async def test_odds_for_the_callers_position(store: SqlStore, village_id: int) -> None:
    dice = ScriptedDice()
    village = Village(store, village_id, dice)
    await village.say(GM, "/village create")
    alice = PLAYERS[0]
    start = await village.one(alice, "/greed odds")
    assert start.params["mode"] == "throw" and start.params["dice"] == 6
    assert start.params["greed_out"] == pytest.approx(1440 / 46656)
    dice.queue("$ Eg Eg D G G")
    await village.say(alice, "[[greed]]" * 6)
    reply = await village.one(alice, "/greed odds")
    params = reply.params
    assert params["mode"] == "choose" and params["opened"] is False
    assert [(o["next"], o["points"]) for o in params["options"]] == [(5, 100), (4, 150), (3, 200)]
    assert params["options"][0]["greed_out"] == pytest.approx(25 / 324)
    assert params["turn_end"] is None and params["advice"] == "roll"
    assert params["best_next"] in (3, 4, 5)
