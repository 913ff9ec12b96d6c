"""The guards every table command shares (bot/village/tables/seated.py): a move or a hand is
for a seated player while the game goes on, and "not seated" is said before "not in play";
what the rules refuse is the game's refusal, to its author alone, with nothing changed; a
moderator's command needs a table in play, a look at a game's log or score a game begun.

Each is asked of a real village on a real database, by the commands that share the guard,
so that they are seen to answer alike.
"""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from bot.chat.parse import parse_message
from bot.console.scripted import ScriptedDice
from bot.storage.memory import MemoryStore
from bot.village.clock import ManualClock
from bot.village.core import Author, Call, Incoming, Refusal
from bot.village.ports import Store
from bot.village.records import TABLE_PLAYING, TABLE_SEATING
from bot.village.requests import CommandRequest
from bot.village.service import VillageService
from bot.village.tables.seated import seated_in_play
from bot.words.reply import Reply, ReplyKind

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ANN, BOB, CID = Author(2, "ann"), Author(3, "bob"), Author(4, "cid")
_messages = itertools.count(50_000)


@pytest.fixture
def store() -> Store:
    """The guards are the village's rules: they play on the memory store (every store keeps the
    same contract, tests/storage)."""
    return MemoryStore()


def message(village_id: int, author: Author, text: str) -> Incoming:
    return Incoming(village_id, next(_messages), author, T0, parse_message(text))


async def ask(service: VillageService, village_id: int, author: Author, text: str) -> list[Reply]:
    return [d.reply for d in (await service.handle(message(village_id, author, text))).deliveries]


async def refusal(service: VillageService, village_id: int, author: Author, text: str) -> str:
    """The key of the refusal `text` gets (and that it is one)."""
    replies = await ask(service, village_id, author, text)
    assert [r.kind for r in replies] == [ReplyKind.REFUSED], (text, replies)
    return replies[0].key


async def village(store: Store, village_id: int) -> VillageService:
    service = VillageService(store, ManualClock(T0), ScriptedDice())
    await ask(service, village_id, GM, "/village create")
    return service


async def table(service: VillageService, village_id: int, game: str, *players: Author) -> None:
    """A table of `game` here, opened by the first player, the others seated."""
    first, *rest = players
    await ask(service, village_id, first, f"/{game} new")
    for player in rest:
        await ask(service, village_id, player, f"/{game} join")


# A move typed as a command and a look at one's own hand: the two commands of a seated player
# in play, for each game that has them.
GUARDED = [("ducks", "/ducks roll"), ("regidice", "/regidice hand"), ("gleek", "/gleek hand")]
SEATS = {"ducks": (ANN, BOB), "regidice": (ANN, BOB), "gleek": (ANN, BOB, CID)}


@pytest.mark.parametrize(("game", "command"), GUARDED)
async def test_before_the_start_a_seated_player_is_told_it_is_not_in_play(
    store: Store, village_id: int, game: str, command: str
) -> None:
    service = await village(store, village_id)
    await table(service, village_id, game, *SEATS[game])
    assert await refusal(service, village_id, ANN, command) == "table_not_playing"


@pytest.mark.parametrize(("game", "command"), GUARDED)
async def test_not_seated_is_said_before_not_in_play_and_after_the_start_too(
    store: Store, village_id: int, game: str, command: str
) -> None:
    service = await village(store, village_id)
    await table(service, village_id, game, *SEATS[game])
    outsider = Author(9, "eve")
    # Taking seats: the outsider's trouble is the seat, not the table's state.
    assert await refusal(service, village_id, outsider, command) == "not_seated"
    await ask(service, village_id, ANN, f"/{game} start")
    found = await store.table_at(village_id, village_id)
    assert found is not None and found.status == TABLE_PLAYING
    assert await refusal(service, village_id, outsider, command) == "not_seated"


@pytest.mark.parametrize(("game", "command"), GUARDED)
async def test_where_no_table_of_the_game_stands_there_is_none_to_be_seated_at(
    store: Store, village_id: int, game: str, command: str
) -> None:
    service = await village(store, village_id)
    assert await refusal(service, village_id, ANN, command) == "no_table"


async def test_the_guard_hands_back_the_callers_own_seat(store: Store, village_id: int) -> None:
    service = await village(store, village_id)
    await table(service, village_id, "gleek", ANN, BOB, CID)
    await ask(service, village_id, ANN, "/gleek start")
    here = await store.get_village(village_id)
    for seat, player in enumerate((ANN, BOB, CID)):
        request = CommandRequest("gleek", "hand", {}, "/gleek hand")
        call = Call(message(village_id, player, "/gleek hand"), request, here)
        seated, found = await seated_in_play(service.core, call)
        assert found == seat and seated.names[found] == player.name


async def test_a_table_taking_seats_is_no_table_in_play_to_the_guard(
    store: Store, village_id: int
) -> None:
    service = await village(store, village_id)
    await table(service, village_id, "ducks", ANN, BOB)
    here = await store.get_village(village_id)
    request = CommandRequest("ducks", "roll", {}, "/ducks roll")
    with pytest.raises(Refusal) as caught:
        await seated_in_play(
            service.core, Call(message(village_id, ANN, "/ducks roll"), request, here)
        )
    assert caught.value.key == "table_not_playing"


async def test_a_move_the_rules_refuse_is_the_games_refusal_to_its_author_and_changes_nothing(
    store: Store, village_id: int
) -> None:
    service = await village(store, village_id)
    await table(service, village_id, "ducks", ANN, BOB)
    await ask(service, village_id, ANN, "/ducks start")
    before = await store.table_at(village_id, village_id)
    # The first move of a turn is a roll: stopping now is against the rules.
    replies = await ask(service, village_id, ANN, "/ducks stop")
    assert [(r.kind, r.to, r.private) for r in replies] == [(ReplyKind.REFUSED, "ann", True)]
    assert replies[0].key.startswith("ducks.")
    assert replies[0].state is not None and replies[0].state["seats"] == ["ann", "bob"]
    assert await store.table_at(village_id, village_id) == before


async def test_a_moderator_command_needs_a_table_in_play(store: Store, village_id: int) -> None:
    service = await village(store, village_id)
    await table(service, village_id, "ducks", ANN, BOB)
    assert await refusal(service, village_id, GM, "/ducks skip reason:away") == "table_not_playing"
    rollback = "/ducks rollback player:ann reason:away"
    assert await refusal(service, village_id, GM, rollback) == "table_not_playing"
    found = await store.table_at(village_id, village_id)
    assert found is not None and found.status == TABLE_SEATING


@pytest.mark.parametrize("command", ["/regidice score", "/regidice log round:1"])
async def test_a_game_not_begun_has_no_score_and_no_log(
    store: Store, village_id: int, command: str
) -> None:
    service = await village(store, village_id)
    await table(service, village_id, "regidice", ANN)
    assert await refusal(service, village_id, ANN, command) == "table_not_playing"
