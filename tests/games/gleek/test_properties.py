"""Random games through the API (gleek.md §3, §5.1): no hidden card in the public view, the
deal's payments zero-sum but the bank's settlement, every game ending."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.api import Json
from bot.games.gleek.cards import HONOURS, Card, card_text
from bot.games.gleek.game import GAME
from bot.games.gleek.table import GleekState

from .scripted import Table, seeded


def strings(value: Json) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    if isinstance(value, dict):
        return strings(list(value.values()))
    return set()


def hidden(state: GleekState) -> set[Card]:
    """Cards nobody may see yet: in a hand and not shown, laid away, or still in the stock."""
    shown = {c for r in state.shown for c in r.cards} | {c for g in state.gleeks for c in g.cards}
    held = {c for h in state.hands for c in h} - shown
    stock = set(state.stock[1:]) if not state.taken else set()
    return held | set(state.discards) | stock


def check(state: GleekState) -> None:
    public = GAME.observe(state, None)
    json.dumps(public)
    assert not strings(dict(public)) & {card_text(c) for c in hidden(state)}
    assert "hand" not in public
    for seat in range(3):
        hand = GAME.observe(state, seat)["hand"]
        assert isinstance(hand, list)
        assert sorted(map(str, hand)) == sorted(card_text(c) for c in state.hands[seat])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=32, max_size=32), rnd=st.randoms(use_true_random=False))
def test_random_games(seed: bytes, rnd: random.Random) -> None:
    table = Table(seeded(seed, table_id=rnd.randrange(1, 1000)))
    for _ in range(1000):
        state = table.state
        check(state)
        if state.finished:
            break
        (seat,) = GAME.to_move(state)
        moves = GAME.legal_moves(state, seat)
        if rnd.random() < 0.2:
            table.expire()
        else:
            table.move(seat, rnd.choice(list(moves)))
    assert table.state.finished
    for record in table.state.history:
        # Every payment is between players; only the settlement goes to or from the bank,
        # which keeps what the honours laid away would have scored.
        assert sum(record.points) <= 36 + sum(HONOURS.values())
        assert sum(record.chips) == sum(record.points) - 66
    assert sum(table.state.chips) == sum(sum(r.chips) for r in table.state.history)
