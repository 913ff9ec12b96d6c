"""No public reply shows a pip before its reveal (regidice.md §6.1, §7): random games played
through the presenter, in open and sealed tables, every public reply checked in its data and
in its text in both languages; each private reply holds its own player's dice only; and in a
sealed table no public reply shows a declaration before the reveal."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.chat.render import LOCALES, render
from bot.games.api import MOVER_ONLY, TO_SEAT
from bot.games.regidice.events import Paid, Passed
from bot.games.regidice.game import GAME
from bot.games.regidice.presenter import RegidicePresenter
from bot.games.regidice.rules import tokens
from bot.games.regidice.table import Place, RegidiceState
from bot.words.reply import SECRET_PARAMS, Reply
from tests.village.secrets import strings_in

from .scripted import NAMES, Table

PRESENTER = RegidicePresenter()
_DATA_TOKEN = re.compile(r"(?<![0-9A-Za-z])([1-6])([rbyk])\*?(?![A-Za-z])")
_TEXT_TOKEN = re.compile(r"([1-6])(赤|青|黄|黒)")
_LETTER = {"赤": "r", "青": "b", "黄": "y", "黒": "k"}


def tokens_shown(reply: Reply) -> set[str]:
    data = "\n".join(strings_in([reply.params, reply.state]))
    found = {a + b for a, b in _DATA_TOKEN.findall(data)}
    for locale in LOCALES:
        text = render(reply, locale)
        found |= {a + _LETTER[b] for a, b in _TEXT_TOKEN.findall(text)}
        found |= {a + b for a, b in _DATA_TOKEN.findall(text)}
    return found


def secret_tokens(state: RegidiceState, shown: Iterable[str] = ()) -> set[str]:
    """Pips nobody may see before the reveal: the dice rolled into hands, as tokens, less
    those that a public die shows too (the injured pool; a die passed or lost in public,
    `shown`, which the roll leaves as it was)."""
    if state.revealed or state.finished:
        return set()
    passed = {d.id for d in state.dice if d.locked} | set(shown)
    hidden = [d for d in state.dice if d.place is Place.HAND and d.id not in passed]
    public = [d for d in state.dice if d.place is Place.POOL or d.id in passed]
    return {str(t).rstrip("*") for t in tokens(hidden)} - {
        str(t).rstrip("*") for t in tokens(public)
    }


def public_replies(
    before: RegidiceState, events: tuple[Any, ...], after: RegidiceState
) -> list[Reply]:
    key, params, state = PRESENTER.outcome(before, events, after, NAMES)
    params = {k: v for k, v in params.items() if k != TO_SEAT}
    found = []
    if MOVER_ONLY not in params:  # a sealed declaration goes to its player alone
        found.append(Reply(key.rpartition(".")[2], key, params, state=state))
    for told in PRESENTER.announcements(before, events, after, NAMES):
        found.append(Reply(told.key.rpartition(".")[2], told.key, told.params, state=told.state))
    return found


def play_and_check(table: Table, rnd: random.Random) -> int:
    checked = 0
    for _ in range(3000):
        before = table.state
        if before.finished:
            break
        movers = sorted(GAME.to_move(before))
        if rnd.random() < 0.1:
            events = table.expire()
        else:
            seat = rnd.choice(movers)
            moves = list(GAME.legal_moves(before, seat))
            events = table.move(seat, rnd.choice(moves)) if moves else table.expire()
        after = table.state
        moved = [d for e in events if isinstance(e, Passed | Paid) for d in e.dice]
        secret = secret_tokens(after, moved)
        for reply in public_replies(before, events, after):
            leaked = tokens_shown(reply) & secret
            assert not leaked, (reply.key, leaked)
            if after.setup.sealed and not after.revealed:
                for player in (reply.state or {}).get("players", []):
                    assert player.get("declaration") is None, reply.key
            checked += 1
        for news in PRESENTER.private(before, events, after, NAMES):
            own = {str(t) for t in tokens(after.hand(news.seat))}
            assert set(map(str, news.params["hand"])) == own
            assert set(news.secret) <= set(news.params)
            reply = Reply("hand", news.key, {**news.params, SECRET_PARAMS: list(news.secret)})
            assert reply.params["player"] == NAMES[news.seat]
    assert table.state.finished
    return checked


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.binary(min_size=32, max_size=32),
    sealed=st.booleans(),
    rnd=st.randoms(use_true_random=False),
)
def test_no_public_reply_shows_a_pip_before_the_reveal(
    seed: bytes, sealed: bool, rnd: random.Random
) -> None:
    table = Table(
        seed=seed,
        settings={"declare": "sealed" if sealed else "open", "rounds": "6"},
        table_id=rnd.randrange(1, 1000),
    )
    assert play_and_check(table, rnd) > 10


def test_the_check_finds_a_pip_put_in_a_public_reply() -> None:
    # The check itself must be able to fail: a reply that names a die of a hand is caught.
    table = Table()
    state = table.state
    die = next(d for d in state.dice if d.place is Place.HAND)
    token = f"{die.pips}{die.colour.value}"
    reply = Reply("declared", "regidice.declared", {"player": "Ann", "note": token})
    assert token in tokens_shown(reply) & (secret_tokens(state) | {token})
    assert secret_tokens(state)
