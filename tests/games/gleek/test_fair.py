"""The chance anyone can check (gleek.md §7)."""

from __future__ import annotations

import pytest

from bot.fairness.derive import label
from bot.games.api import ChanceContext, ChanceRequest, Dice, Shuffle
from bot.games.gleek.cards import DECK, card_text
from bot.games.gleek.deal import deal_cards, deal_label, first_dealer_label
from bot.games.gleek.events import Dealt, FirstDealerDrawn, HonourTurnedUp
from bot.games.gleek.game import GAME

ZERO = bytes(32)
CONTEXT = ChanceContext(village_id=7, day=3, table_id=1, player_id=0, message_id=9, chance_seq=5)


def test_labels_are_the_spec_bytes() -> None:
    assert first_dealer_label(1) == b"gleek/v1|1|first-dealer"
    assert deal_label(1, 3) == b"gleek/v1|1|3" == label("gleek", 1, 3)


def test_the_test_vector() -> None:
    state = GAME.new(GAME.settings({}, {}), 3)
    request = GAME.chance(state)
    assert request == ChanceRequest(Dice(3, 1), seat=None, seen_by=None, label=("first-dealer",))
    first = GAME.fair(ZERO, CONTEXT, request)
    assert first == (0,)  # seat 1 in the spec's count from 1
    (drawn,) = GAME.resolve(state, first)
    assert drawn == FirstDealerDrawn(0)
    state = GAME.evolve(state, drawn)

    request = GAME.chance(state)
    assert request == ChanceRequest(Shuffle(44), seat=None, seen_by=frozenset(), label=(1, 0))
    order = GAME.fair(ZERO, CONTEXT, request)
    shuffled = [card_text(DECK[i]) for i in order]
    assert shuffled[:8] == ["Q♠", "K♥", "5♦", "5♥", "9♠", "Q♥", "A♥", "5♠"]
    assert shuffled[36] == "J♣"

    events = GAME.resolve(state, order)
    dealt = events[0]
    assert isinstance(dealt, Dealt) and dealt.dealer == 0
    # Seat 2 (index 1) is eldest: its first packet is the first four cards.
    assert [card_text(c) for c in dealt.hands[1][:4]] == ["Q♠", "K♥", "5♦", "5♥"]
    assert [card_text(c) for c in dealt.hands[2][:4]] == ["9♠", "Q♥", "A♥", "5♠"]
    assert HonourTurnedUp(0, DECK[order[36]], 9) in events  # Tom turned up: 9 to seat 1


def test_the_context_ids_other_than_the_table_do_not_change_the_deal() -> None:
    request = ChanceRequest(Shuffle(44), seen_by=frozenset(), label=(2, 1))
    other = ChanceContext(1, 1, 1, 0, 1, 1)
    assert GAME.fair(ZERO, CONTEXT, request) == GAME.fair(ZERO, other, request)
    elsewhere = ChanceContext(1, 1, 2, 0, 1, 1)
    assert GAME.fair(ZERO, elsewhere, request) != GAME.fair(ZERO, CONTEXT, request)
    assert GAME.fair(ZERO, CONTEXT, ChanceRequest(Shuffle(44), label=(3, 1))) != GAME.fair(
        ZERO, CONTEXT, request
    )


def test_packets_of_four_go_eldest_middle_dealer() -> None:
    cards = deal_cards(2, range(44))
    assert [c.index for c in cards.hands[0]] == [0, 1, 2, 3, 12, 13, 14, 15, 24, 25, 26, 27]
    assert [c.index for c in cards.hands[1]] == [4, 5, 6, 7, 16, 17, 18, 19, 28, 29, 30, 31]
    assert [c.index for c in cards.hands[2]][:4] == [8, 9, 10, 11]
    assert [c.index for c in cards.stock] == list(range(36, 44))


def test_other_draws_are_not_gleek_draws() -> None:
    with pytest.raises(ValueError, match="draws no"):
        GAME.fair(ZERO, CONTEXT, ChanceRequest(Dice(6, 1)))
    with pytest.raises(ValueError, match="@deal"):
        GAME.script("5 | 4 5")
