"""A replay's `@deal` line (gleek.md §7) and the table's settings (§2)."""

from __future__ import annotations

import pytest

from bot.games.api import ChanceRequest, Dice, SettingError, Shuffle
from bot.games.gleek.cards import DECK, card_text
from bot.games.gleek.deal import deal_cards
from bot.games.gleek.game import GAME
from bot.games.gleek.script import deal_script, parse_deal

from .scripted import NAMES, WORKED

FIRST = ChanceRequest(Dice(3, 1), label=("first-dealer",))
DEAL_1 = ChanceRequest(Shuffle(44), seen_by=frozenset(), label=(1, 2))


def test_the_line_names_the_first_dealer_and_deals_its_hands() -> None:
    assert deal_script(WORKED, FIRST, NAMES) == (2,)
    order = deal_script("@deal " + WORKED, DEAL_1, NAMES)
    cards = deal_cards(2, order)
    assert [card_text(c) for c in cards.hands[0]][:4] == ["A♠", "J♠", "9♠", "5♠"]
    assert [card_text(c) for c in cards.stock] == ["4♠", "K♠", "10♠", "9♥", "5♥", "7♦", "6♦", "8♣"]
    # Written in another order, with other separators and case: the same deal.
    ann, bob, cid = WORKED.split(" | ")[1:4]
    reordered = " | ".join(["DEALER: cid", cid, ann.replace(" ", ","), bob, WORKED.split(" | ")[4]])
    assert deal_script(reordered, DEAL_1, NAMES) == order


def _swap(old: str, new: str) -> str:
    return WORKED.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        (_swap("AS", "AH"), "dealt twice: A♥"),
        (_swap("AS ", ""), "dealt 11 cards"),
        (_swap(" | stock: 4S KS TS 9H 5H 7D 6D 8C", ""), "not 4 parts"),
        (_swap("stock: 4S", "stock: 4S 4S"), "stock has 9"),
        (_swap("Bob:", "Ann:"), "Ann is dealt twice"),
        (_swap("dealer:Cid", "boss:Cid"), "begins with dealer"),
        (_swap("AS", "2S"), "'2S' is not a card"),
        (_swap("stock:", "pile:"), "ends with stock"),
    ],
)
def test_a_malformed_line_is_refused_without_the_table(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parse_deal(text)


def test_a_line_that_does_not_fit_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="Dan is not at this table"):
        deal_script(_swap("Bob:", "Dan:"), DEAL_1, NAMES)
    with pytest.raises(ValueError, match="the dealer of deal 2 is Ann, not Cid"):
        deal_script(WORKED, ChanceRequest(Shuffle(44), label=(2, 0)), NAMES)
    assert parse_deal(WORKED).dealer == "Cid"


def test_settings_deals_and_deadline() -> None:
    assert GAME.settings({}, {}) == {"deals": 3, "deadline": 12}
    assert GAME.settings({"deals": "6", "deadline": "off"}, {}) == {"deals": 6, "deadline": None}
    assert GAME.settings({"deadline": "24時間"}, {"deals": 9}) == {"deals": 9, "deadline": 24}
    for key, value in [("deals", "4"), ("deadline", "169"), ("deadline", "0"), ("rounds", "3")]:
        with pytest.raises(SettingError):
            GAME.settings({key: value}, {})
    assert GAME.new(GAME.settings({"deals": "12"}, {}), 3).setup.deals == 12
    with pytest.raises(ValueError, match="exactly 3"):
        GAME.new({}, 4)
    assert GAME.read("bid 13") is None and len(DECK) == 44
