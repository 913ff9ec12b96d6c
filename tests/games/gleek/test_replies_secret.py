"""No public reply shows a card that is still hidden (gleek.md §5.1, §6): random games played
through the presenter, every public reply of every message checked, in its data and in its
text in both languages, against the cards hidden at the moment its event happened; and each
private reply shows its player nothing of anyone else's hand."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.chat.render import LOCALES, render
from bot.games.api import Private
from bot.games.gleek import TABLE
from bot.games.gleek.cards import Card, card_text
from bot.games.gleek.events import Dealt, GleekEvent
from bot.games.gleek.game import GAME
from bot.games.gleek.presenter import GleekPresenter
from bot.games.gleek.table import GleekState, evolve
from bot.words.reply import SECRET_PARAMS, Reply
from tests.village.secrets import strings_in

from .scripted import NAMES, Table, seeded
from .test_properties import hidden

PRESENTER = GleekPresenter()


def shown(reply: Reply) -> str:
    data = "\n".join(strings_in([reply.params, reply.state]))
    return data + "\n" + "\n".join(render(reply, locale) for locale in LOCALES)


def leaked(text: str, cards: set[Card]) -> list[str]:
    # "10♠" holds no other card's text, and no card's text holds another's: a plain
    # substring test is exact.
    return [card_text(c) for c in cards if card_text(c) in text]


def public_replies(
    before: GleekState, events: Sequence[GleekEvent], after: GleekState
) -> list[Reply]:
    key, params, about = PRESENTER.outcome(before, events, after, NAMES)
    replies = [Reply(key.rpartition(".")[2], key, params, to=NAMES[0], state=about)]
    for told in PRESENTER.announcements(before, events, after, NAMES):
        replies.append(Reply(told.key.rpartition(".")[2], told.key, told.params, state=told.state))
    return replies


def hidden_at_each_reply(
    before: GleekState, events: Sequence[GleekEvent], replies: list[Reply]
) -> list[set[Card]]:
    """The cards hidden when each reply's event happened: up to a new deal, those hidden
    just before it (cards of the deal that ended are public in its last trick); from the
    deal's own reply on, those of the new deal."""
    state = before
    ending = None
    for event in events:
        if isinstance(event, Dealt):
            ending = state
        state = evolve(state, event)
    if ending is None:
        # Hidden before and still hidden after: a card played or shown by this message is
        # public in its replies, and nothing else is.
        return [hidden(before) & hidden(state)] * len(replies)
    old, new = hidden(before) & hidden(ending), hidden(state)
    found = []
    in_new = False
    for reply in replies:
        in_new = in_new or reply.key == "gleek.dealt"
        found.append(new if in_new else old)
    return found


def check_private(news: Private, state: GleekState) -> None:
    others = {c for seat, hand in enumerate(state.hands) if seat != news.seat for c in hand}
    mine = set(state.hands[news.seat])
    reply = Reply("hand", news.key, {**news.params, SECRET_PARAMS: list(news.secret)})
    assert not leaked(shown(reply), (hidden(state) - mine) & others)
    assert set(news.secret) <= set(news.params)
    assert sorted(news.params["hand"]) == sorted(card_text(c) for c in mine)


def play_and_check(table: Table, rnd: random.Random) -> int:
    checked = 0
    for _ in range(1000):
        before = table.state
        if before.finished:
            break
        (seat,) = GAME.to_move(before)
        if rnd.random() < 0.15:
            events = table.expire()
        else:
            events = table.move(seat, rnd.choice(list(GAME.legal_moves(before, seat))))
        after = table.state
        replies = public_replies(before, events, after)
        for reply, cards in zip(
            replies, hidden_at_each_reply(before, events, replies), strict=True
        ):
            assert not leaked(shown(reply), cards), (reply.key, leaked(shown(reply), cards))
            checked += 1
        for news in PRESENTER.private(before, events, after, NAMES):
            check_private(news, after)
        # What anyone may ask for at any time shows nothing hidden either.
        for params in (
            PRESENTER.status(after, NAMES),
            PRESENTER.score(after, NAMES),
            PRESENTER.position(after, NAMES),
        ):
            assert not leaked("\n".join(strings_in(params)), hidden(after))
        if after.deal and not after.finished:
            log = PRESENTER.log(after, None, NAMES)
            assert not leaked("\n".join(strings_in(log)), hidden(after))
    assert table.state.finished
    return checked


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=32, max_size=32), rnd=st.randoms(use_true_random=False))
def test_no_public_reply_shows_a_hidden_card(seed: bytes, rnd: random.Random) -> None:
    table = Table(seeded(seed, table_id=rnd.randrange(1, 1000)))
    assert play_and_check(table, rnd) > 100


def test_the_check_finds_a_hidden_card_put_in_a_reply() -> None:
    # The check itself must be able to fail: a reply that names a card of a hand is caught.
    table = Table(seeded(bytes(32)))
    state = table.state
    card = state.hands[0][0]
    reply = Reply("bid", "gleek.bid", {"player": "Ann", "note": card_text(card)})
    assert leaked(shown(reply), hidden(state)) == [card_text(card)]
    assert TABLE.commands.hands
