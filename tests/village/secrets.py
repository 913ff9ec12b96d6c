"""That a secret reaches nobody but its player, for any game's village run.

A secret reply (`Reply.secret_for`) lists in `params[SECRET_PARAMS]` the params that hold the
secret itself; every string in them, at any depth, is a secret string. A check collects them
from a run's secret replies and looks for each in everything else the run showed: the other
replies' data and their texts in every language (`assert_no_secret_leaks`), or what a chat
put in front of whom (`leaks` with `Shown` items: the console's outputs, the fake chat's
channel messages and DMs, a slash command's answers). Numbers are not searched for (a 5 is
in every text): a game's secret is marked as strings, distinctive ones in its tests.

`Dealer` stands in for a game with hidden cards: it adds a secret hand to the village's
answers after chosen replies, through the village's own outbox, so that the chats' handling
of secrets is tested apart from any game's rules (Gleek's and Regidice's have their own).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.chat import render as render_module
from bot.chat.render import LOCALES, render
from bot.console.session import Output
from bot.village.core import Core, Incoming
from bot.village.records import VillageRecord
from bot.village.replies import Answer, Delivery
from bot.words.reply import SECRET_PARAMS, Reply
from bot.words.text import Text

HAND = "test.hand"


@dataclass(frozen=True, slots=True)
class Shown:
    """Something a chat showed: its text, its data, and who could read it."""

    text: str
    reader: int | None = None
    """The one player who could read it; None: everyone."""
    data: Any = None


def strings_in(value: Any) -> Iterator[str]:
    """Every string in plain data, keys of mappings included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from strings_in(item)


def secret_strings(replies: Iterable[Reply]) -> dict[str, int]:
    """Each secret string of the secret replies, and the player who alone may see it."""
    found: dict[str, int] = {}
    for reply in replies:
        if reply.secret_for is None:
            continue
        marked = reply.params.get(SECRET_PARAMS)
        assert marked, f"the secret reply {reply.key} marks none of its params as the secret"
        for name in marked:
            assert name in reply.params, f"{reply.key} marks {name!r}, which it does not have"
            for text in strings_in(reply.params[name]):
                found[text] = reply.secret_for
    return found


def leaks(secrets: Mapping[str, int], shown: Iterable[Shown]) -> list[str]:
    """Every place a secret string was shown to someone it is not for."""
    problems = []
    for item in shown:
        data = list(strings_in(item.data))
        for secret, player in secrets.items():
            if item.reader == player:
                continue
            if secret in item.text or any(secret in text for text in data):
                reader = "everyone" if item.reader is None else f"player {item.reader}"
                problems.append(
                    f"{secret!r}, for player {player}, shown to {reader}: {item.text!r}"
                )
    return problems


def shown_in_replies(replies: Iterable[Reply]) -> list[Shown]:
    """Replies as the village means them: a secret for its player, every other one for
    everyone, with its data and its text in every language."""
    return [
        Shown(
            "\n".join(render(reply, locale) for locale in LOCALES),
            reply.secret_for,
            {"params": reply.params, "state": reply.state, "to": reply.to, "key": reply.key},
        )
        for reply in replies
    ]


def assert_no_secret_leaks(answers: Iterable[Answer]) -> dict[str, int]:
    """No reply of the run that is not for a secret's player carries a secret string; the
    secrets found, so that a test can also check there were some."""
    replies = [reply for answer in answers for reply in answer.replies]
    secrets = secret_strings(replies)
    problems = leaks(secrets, shown_in_replies(replies))
    assert not problems, "\n".join(problems)
    return secrets


def shown_in_console(outputs: Iterable[Output], viewer: int | None) -> list[Shown]:
    """What the console printed while `viewer` was the player set with `/as` (None: nobody):
    a secret it printed was read by them, everything else by whoever reads the terminal."""
    return [
        Shown(o.text, viewer if o.reply.secret_for is not None else None, o.as_json())
        for o in outputs
    ]


# -- a stand-in game with hidden cards ----------------------------------------------------------


def hand_text(t: Text, reply: Reply) -> list[str]:
    return [f"{t.who(reply.to)}手札 / hand: {reply.params['cards']}"]


@dataclass
class Dealer:
    """After each reply whose key is in `after`, the village also answers with a secret
    hand for the message's author (or for `to`, for announcements), kept and delivered like
    any reply. Each hand is a string no other text holds."""

    after: frozenset[str]
    to: tuple[int, str] | None = None
    """The player dealt to (id, name); None: the author of the message answered."""
    before: bool = False
    """The hand comes before the reply that deals it rather than after."""
    dealt: list[Reply] = field(default_factory=list)
    _numbers: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def hand(self, player_id: int, name: str, day_post: int | None = None) -> Reply:
        cards = f"秘札{next(self._numbers):03d}♠Q♥7"
        return Reply(
            "hand",
            HAND,
            {"cards": cards, SECRET_PARAMS: ["cards"]},
            to=name,
            day_post=day_post,
            secret_for=player_id,
        )

    def install(self, monkeypatch: pytest.MonkeyPatch) -> Dealer:
        monkeypatch.setitem(render_module._WRITERS, HAND, hand_text)
        settle = Core.settle
        dealer = self

        async def settle_and_deal(
            core: Core,
            village: VillageRecord,
            replies: list[Reply],
            incoming: Incoming | None,
            **options: Any,
        ) -> list[Delivery]:
            dealt = []
            for reply in replies:
                if reply.key not in dealer.after:
                    continue
                if dealer.to is not None:
                    player_id, name = dealer.to
                else:
                    assert incoming is not None, "an announcement deals to a chosen player"
                    player_id, name = incoming.author.player_id, incoming.author.name
                dealt.append(dealer.hand(player_id, name, reply.day_post))
            dealer.dealt += dealt
            ordered = [*dealt, *replies] if dealer.before else [*replies, *dealt]
            return await settle(core, village, ordered, incoming, **options)

        monkeypatch.setattr(Core, "settle", settle_and_deal)
        return self
