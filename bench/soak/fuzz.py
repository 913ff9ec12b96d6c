"""The long fuzz: the message parser, the command parser and the service, on SQLite and
PostgreSQL, for as long as the soak gives them (the suite's is bounded to 120 examples).

For every input: nothing escapes (`handle` never raises, no `internal_error`), every reply
renders in both languages (no reply falls back to the catalogue's `unknown`), and dice are
drawn only for a message that plays (a throw or a roll) or a moderator's command (the time
limit's default); a refusal draws nothing. Failures are collected, not shrunk: the soak
reports them and goes on.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, given, settings
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
from bot.village.requests import Chatter, CommandRequest, GamePlay, Unplayable
from bot.village.service import VillageService
from bot.words.reply import Reply, ReplyKind

T0 = dt.datetime(2026, 12, 1, 3, 0, tzinfo=dt.UTC)
GM = Author(1, "gm", is_moderator=True)
PLAYERS = (Author(2, "alice"), Author(3, "bob"), Author(4, "アリス"))

_WORDS = [
    "[[greed]]",
    "[[GREED]]",
    "［［greed］］",
    "[[greed]]" * 6,
    "[[greed]]" * 7,
    "[[ducks]]",
    "te",
    "TE",
    "ＴＥ",
    "パス",
    "昇格 5",
    "stop",
    "/greed",
    "/village",
    "/ducks",
    "status",
    "end",
    "x:",
    ":",
    ">",
    "`",
    "```",
    "\n",
    "×",
    "[[",
    "]]",
    "<@2>",
    "\x00",
    "\ud800",
    "@everyone",
]
_VALUES = st.one_of(
    st.text(st.characters(blacklist_categories=()), max_size=16),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(
        [
            "<@2>",
            "<@!3>",
            "alice",
            "gm",
            "1",
            "0",
            "-1",
            "off",
            "on",
            "N",
            "2N",
            "5 5",
            "inf",
            "nan",
            "1e9",
            "00:30",
            "23:59",
            "Asia/Tokyo",
            "ja",
            "en",
            "10/600",
            "greed",
            "ducks",
        ]
    ),
)


@st.composite
def messages(draw: st.DrawFn) -> str:
    """A registry command with any arguments, game words in any order with any text, or any
    text at all."""
    kind = draw(st.integers(0, 2))
    if kind == 0:
        command = draw(st.sampled_from(registry.COMMANDS))
        names = [a.name for a in command.arguments] + ["day", "player", "x", "reason"]
        keys = draw(st.lists(st.sampled_from(names), max_size=4))
        args = " ".join(f"{key}:{draw(_VALUES)}" for key in keys)
        return f"/{command.path} {args}"
    if kind == 1:
        parts = draw(st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=8)), max_size=10))
        return draw(st.sampled_from([" ", "", "\n"])).join(parts)
    return draw(st.text(st.characters(blacklist_categories=()), max_size=60))


class CountedDice(FairChance):
    """The bot's fair dice, counting what they draw."""

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


@dataclass(slots=True)
class Fuzzed:
    where: str
    inputs: int = 0
    failures: list[str] = field(default_factory=list)


def _batch(examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Generate only (no shrinking: a failure is collected, not raised), without a database
    of examples; the fuzz runs batch after batch until its time is up."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


def _until(deadline: float, batch: Callable[[], None]) -> None:
    while time.monotonic() < deadline:
        batch()


def _renders(reply: Reply) -> bool:
    return all(
        render(reply, locale) != catalog(locale)["unknown"].format(key=reply.key)
        for locale in ("ja", "en")
    )


def random_text(rng: random.Random) -> str:
    """A message for the parser alone, made quickly (hypothesis's generation costs more than
    parsing): game words, command words and random characters, from every plane."""
    parts: list[str] = []
    for _ in range(rng.randint(0, 10)):
        roll = rng.random()
        if roll < 0.5:
            parts.append(rng.choice(_WORDS))
        elif roll < 0.7:
            command = rng.choice(registry.COMMANDS)
            parts.append(f"/{command.path}")
            for argument in command.arguments[: rng.randint(0, 3)]:
                parts.append(f"{argument.name}:{rng.choice(_CHOICES)}")
        else:
            parts.append("".join(chr(rng.choice(_CODES)) for _ in range(rng.randint(1, 8))))
    return rng.choice([" ", "", "\n"]).join(parts)


_CHOICES = ["", "1", "-1", "2147483648", "99999999999999999999", "<@2>", "off", "a\x00b"]
_CODES = [*range(0x20, 0x7F), 0x00, 0x0A, 0x3000, 0xFF3B, 0xFF3D, 0xD800, 0x1F7E9, 0x30C6]


def fuzz_parser(seconds: float, seed: int) -> Fuzzed:
    """The message and command parsers alone: whatever the text, one classification."""
    found = Fuzzed("parser")
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for _ in range(500):
            text = random_text(rng)
            found.inputs += 1
            try:
                parsed = parse_message(text)
            except Exception as error:
                found.failures.append(f"parse_message({text!r}) raised {error!r}")
                continue
            if not isinstance(parsed, Chatter | CommandRequest | GamePlay | Unplayable):
                found.failures.append(f"parse_message({text!r}) gave {parsed!r}")
    return found


def fuzz_service(name: str, url: str, seconds: float) -> Fuzzed:
    """Each input a message (or a typed command) to the service with its outbox, as the bot
    runs it, by a moderator or a player."""
    found = Fuzzed(name)
    ids = itertools.count(10_000)
    with asyncio.Runner() as runner:
        engine = make_engine(url)
        runner.run(migrate(engine))
        dice = CountedDice()
        service = VillageService(SqlStore(engine), ManualClock(T0), dice, outbox=True)
        village_id = 7_000 + int(time.time()) % 1000
        runner.run(service.handle(_incoming(village_id, next(ids), GM, "/village create")))
        deadline = time.monotonic() + seconds

        @_batch(100)
        @given(text=messages(), who=st.integers(0, len(PLAYERS)))
        def one(text: str, who: int) -> None:
            if time.monotonic() > deadline:
                return
            found.inputs += 1
            author = GM if who == len(PLAYERS) else PLAYERS[who]
            drawn = dice.draws
            incoming = _incoming(village_id, next(ids), author, text)
            try:
                answer = runner.run(service.handle(incoming))
            except Exception as error:
                found.failures.append(f"{text!r}: handle raised {error!r}")
                return
            replies = [d.reply for d in answer.deliveries]
            for reply in replies:
                if reply.key == "internal_error":
                    found.failures.append(f"{text!r}: internal_error")
                elif not _renders(reply):
                    found.failures.append(f"{text!r}: {reply.key} does not render")
            if dice.draws == drawn:
                return
            parsed = incoming.request
            plays = isinstance(parsed, GamePlay) and isinstance(parsed.reading, Play)
            refused = any(r.kind is ReplyKind.REFUSED for r in replies)
            # A command may play too (`/ducks roll`, `/greed end`, a moderator's time limit).
            if not (plays or isinstance(parsed, CommandRequest)) or refused:
                found.failures.append(f"{text!r}: dice drawn for {[r.key for r in replies]}")

        try:
            _until(deadline, one)
        finally:
            runner.run(engine.dispose())
    return found


def _incoming(village_id: int, message_id: int, author: Author, text: str) -> Incoming:
    return Incoming(village_id, message_id, author, T0, parse_message(text))
