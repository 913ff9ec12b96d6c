"""Bad input at the village's door: a clear refusal in the player's language, nothing changed.

The cases are what reached `internal_error` before (a day number beyond a 32-bit column on
PostgreSQL, a mention id beyond 64 bits, NUL and broken characters in an argument or a
name), on both databases; then the message and command parsers and the service are fuzzed
together, bounded, on both databases.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.chat.parse import parse_message
from bot.chat.render import catalog, render
from bot.games.api import ChanceContext, ChanceRequest, Outcome, Play
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village import registry
from bot.village.chance import FairChance
from bot.village.clock import ManualClock
from bot.village.core import Author, Incoming
from bot.village.inputs import MAX_NAME, clean_name
from bot.village.requests import CommandRequest, GamePlay
from bot.village.service import VillageService
from bot.words.reply import Reply
from tests.conftest import POSTGRES_URL

pytestmark = pytest.mark.db

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
ALICE = Author(2, "alice")
SIX = "[[greed]]" * 6
_messages = itertools.count(10_000)


class CountedDice(FairChance):
    """The bot's fair dice, counting what they draw: a refused message must draw nothing."""

    def __init__(self) -> None:
        self.draws = 0

    def draw(
        self,
        game: str,
        request: ChanceRequest,
        context: ChanceContext,
        fair: Callable[[], Outcome],
    ) -> tuple[Outcome, bool]:
        self.draws += 1
        return super().draw(game, request, context, fair)


def message(village_id: int, author: Author, text: str) -> Incoming:
    return Incoming(village_id, next(_messages), author, T0, parse_message(text))


async def replies(service: VillageService, incoming: Incoming) -> list[Reply]:
    return [d.reply for d in (await service.handle(incoming)).deliveries]


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("/greed log day:2147483648", "bad_number"),
        ("/greed log day:99999999999999999999999", "bad_number"),
        ("/greed status player:<@99999999999999999999999>", "unknown_player"),
        ("/greed status player:99999999999999999999", "unknown_player"),
        ("/greed status player:a\x00b", "bad_text"),
        ("/greed status player:a\ud800b", "bad_text"),
        ("/greed rollback player:alice turn:1 reason:x\x00", "bad_text"),
        ("/village config name:a\x00b", "bad_text"),
        ("/village config name:a\ud800b", "bad_text"),
        ("/village standings game:\x07", "bad_text"),
        ("/ducks export table:99999999999999", "bad_number"),
    ],
)
async def test_a_value_no_column_can_hold_is_refused_and_changes_nothing(
    store: SqlStore, village_id: int, text: str, refusal: str
) -> None:
    dice = CountedDice()
    service = VillageService(store, ManualClock(T0), dice)
    await replies(service, message(village_id, GM, "/village create"))
    await replies(service, message(village_id, ALICE, SIX))
    before = (await store.get_village(village_id), len(await store.day_events(village_id, 1)))
    author = GM if "rollback" in text or "config" in text else ALICE
    [reply] = await replies(service, message(village_id, author, text))
    assert (reply.key, reply.kind) == (refusal, "refused")
    for locale in ("ja", "en"):
        assert render(reply, locale) != catalog(locale)["unknown"].format(key=reply.key)
    after = (await store.get_village(village_id), len(await store.day_events(village_id, 1)))
    assert after == before and dice.draws == 1


@pytest.mark.parametrize(
    "name", ["bo\x00b", "bo\ud800b", "x" * 150, "  spaced\tout\n name  ", "\x00"]
)
async def test_a_chat_name_no_column_can_hold_is_kept_cleaned(
    store: SqlStore, village_id: int, name: str
) -> None:
    service = VillageService(store, ManualClock(T0), CountedDice())
    await replies(service, message(village_id, GM, "/village create"))
    [reply] = await replies(service, message(village_id, Author(3, name), SIX))
    assert reply.key in ("greed.throw", "greed.sweep", "greed.greed_out")
    kept = await store.get_player(village_id, 3)
    assert kept is not None and kept.name == reply.to == clean_name(name)
    assert len(kept.name) <= MAX_NAME and "\x00" not in kept.name


def test_a_cleaned_name_keeps_what_people_read() -> None:
    assert clean_name("  アリス\u3000 ") == "アリス"
    assert clean_name("bo\x00b") == "bob"
    assert clean_name("x" * 150) == "x" * 99 + "…"
    assert clean_name("\x00\x01") == "?"


# -- fuzzing the parsers and the service together ---------------------------------------------

_WORDS = ["[[greed]]", "[[ducks]]", "te", "TE", "パス", "昇格 5", "stop", ">", "`", "\n"]
_ARG_VALUES = st.one_of(
    st.text(st.characters(blacklist_categories=()), max_size=12),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["<@2>", "alice", "gm", "1", "0", "-1", "off", "N", "2N", "5 5", "inf"]),
)


@st.composite
def messages(draw: st.DrawFn) -> str:
    """A command of the registry with any arguments, or text around the game words."""
    if draw(st.booleans()):
        command = draw(st.sampled_from(registry.COMMANDS))
        names = [a.name for a in command.arguments] + ["day", "player", "x"]
        keys = draw(st.lists(st.sampled_from(names), max_size=3))
        args = " ".join(f"{key}:{draw(_ARG_VALUES)}" for key in keys)
        return f"/{command.path} {args}"
    parts = draw(st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=8)), max_size=8))
    return " ".join(parts)


@pytest.fixture
def fuzzed(backend: str, tmp_path: Path) -> Iterator[tuple[asyncio.Runner, VillageService, int]]:
    """A village on its own event loop, so that hypothesis can drive it from a plain test."""
    with asyncio.Runner() as runner:
        if backend == "sqlite":
            engine = make_engine(f"sqlite:///{tmp_path / 'fuzz.db'}")
            runner.run(migrate(engine))
        else:
            engine = make_engine(POSTGRES_URL)
        service = VillageService(SqlStore(engine), ManualClock(T0), CountedDice())
        village_id = next(_messages) * 1000
        runner.run(replies(service, message(village_id, GM, "/village create")))
        yield runner, service, village_id
        runner.run(engine.dispose())


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=messages(), moderator=st.booleans())
def test_no_message_or_command_breaks_the_village(
    fuzzed: tuple[asyncio.Runner, VillageService, int], text: str, moderator: bool
) -> None:
    runner, service, village_id = fuzzed
    dice = service.core.dice
    assert isinstance(dice, CountedDice)
    drawn = dice.draws
    author = GM if moderator else ALICE
    got = runner.run(replies(service, message(village_id, author, text)))
    assert all(reply.key != "internal_error" for reply in got), (text, got)
    for reply in got:
        for locale in ("ja", "en"):
            assert render(reply, locale) != catalog(locale)["unknown"].format(key=reply.key)
    parsed = parse_message(text)
    plays = isinstance(parsed, GamePlay) and isinstance(parsed.reading, Play)
    if dice.draws > drawn:
        # Dice are drawn only for a message that plays (a throw, a roll), a moderator's
        # command that applies the time limit's default, or a table's start (by its
        # opener, whoever that is: Regidice rolls its first round, Gleek deals).
        starts = isinstance(parsed, CommandRequest) and parsed.name == "start"
        assert plays or starts or (moderator and text.startswith("/")), text
