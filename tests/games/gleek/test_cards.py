"""Cards as typed and as written (gleek.md §1, §6)."""

from __future__ import annotations

import pytest

from bot.games.gleek.cards import (
    DECK,
    Card,
    Suit,
    card_text,
    parse_card,
    parse_cards,
    ruff_value,
    sort_hand,
)


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("QH", Card(12, Suit.HEARTS)),
        ("qh", Card(12, Suit.HEARTS)),
        ("10♠", Card(10, Suit.SPADES)),
        ("TS", Card(10, Suit.SPADES)),
        ("♦a", Card(14, Suit.DIAMONDS)),
        ("ＱＨ", Card(12, Suit.HEARTS)),
        ("♥\ufe0fK", Card(13, Suit.HEARTS)),
        ("4\ufe0e♣", Card(4, Suit.CLUBS)),
        ("s10", Card(10, Suit.SPADES)),
    ],
)
def test_tokens_read_rank_and_suit_in_either_order(token: str, card: Card) -> None:
    assert parse_card(token) == card


@pytest.mark.parametrize("token", ["1S", "2H", "3D", "♡Q", "QX", "Q", "", "11S", "QHH", "AS♠"])
def test_other_ranks_and_signs_are_refused_naming_the_token(token: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(token)


def test_cards_split_on_spaces_commas_and_japanese_marks() -> None:
    assert card_text_list(parse_cards("QH, 10♠、♦a・4C  ks")) == ["Q♥", "10♠", "A♦", "4♣", "K♠"]
    with pytest.raises(ValueError, match="'2H'"):
        parse_cards("QH 2H")


def card_text_list(cards: tuple[Card, ...]) -> list[str]:
    return [card_text(c) for c in cards]


def test_replies_write_q_heart_and_ten_spade() -> None:
    assert card_text(Card(12, Suit.HEARTS)) == "Q♥"
    assert card_text(Card(10, Suit.SPADES)) == "10♠"
    assert str(Card(14, Suit.CLUBS)) == "A♣"


def test_the_deck_is_spades_hearts_diamonds_clubs_each_from_the_ace() -> None:
    assert len(DECK) == len(set(DECK)) == 44
    spades = ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠", "6♠", "5♠", "4♠"]
    assert card_text_list(DECK[:11]) == spades
    assert card_text(DECK[11]) == "A♥" and card_text(DECK[43]) == "4♣"
    assert all(card.index == i for i, card in enumerate(DECK))


def test_a_hand_shows_trumps_first_then_the_suits_in_order() -> None:
    hand = parse_cards("4C AS KD 9H AH 5D QC")
    diamonds_first = ["K♦", "5♦", "A♠", "A♥", "9♥", "Q♣", "4♣"]
    assert card_text_list(sort_hand(hand, Suit.DIAMONDS)) == diamonds_first
    assert card_text_list(sort_hand(hand, None)) == ["A♠", "A♥", "9♥", "K♦", "5♦", "Q♣", "4♣"]


def test_ruff_values_ace_eleven_court_ten() -> None:
    assert [ruff_value(parse_card(t)) for t in ["AS", "KS", "QS", "JS", "TS", "9S", "4S"]] == [
        11,
        10,
        10,
        10,
        10,
        9,
        4,
    ]
