"""gleek.md §8's worked example, move by move, every number checked."""

from __future__ import annotations

from bot.games.gleek.cards import Suit, card_text, parse_card, parse_cards
from bot.games.gleek.events import (
    BidMade,
    BidPassed,
    CardPlayed,
    DealScored,
    Discarded,
    GleekShown,
    PotTaken,
    StockBought,
    StockTaken,
    TricksBegun,
    TrickWon,
    TurnUpPaid,
    Vied,
)
from bot.games.gleek.moves import Bid, Discard, Pass, PlayCard, Raise, See, Vie
from bot.games.gleek.scoring import ruff
from bot.games.gleek.table import Phase

from .scripted import WORKED, Table, scripted

ANN, BOB, CID = 0, 1, 2
TRICKS = (
    ("A♠ 6♠ 4♥", ANN),
    ("J♠ Q♠ 5♣", BOB),
    ("K♠ 5♦ 5♠", BOB),
    ("10♠ 6♣ 9♠", BOB),
    ("8♠ 6♥ 4♣", BOB),
    ("7♠ 7♥ 7♣", BOB),
    ("A♦ 8♦ Q♦", BOB),
    ("9♥ 8♥ 10♥", ANN),
    ("A♥ 5♥ 9♦", ANN),
    ("K♥ 6♦ 10♦", ANN),
    ("K♦ 7♦ J♦", ANN),
    ("K♣ 8♣ A♣", CID),
)


def texts(cards: tuple[object, ...]) -> list[str]:
    return [str(c) for c in cards]


def test_the_worked_example() -> None:
    table = Table(scripted(WORKED))
    state = table.state
    # 1. Cid deals, Ann is eldest; the 4♠ turned up: Tiddy pays Cid 4 from each.
    assert (state.deal, state.dealer, state.eldest, state.phase) == (1, CID, ANN, Phase.BID)
    assert state.trump is Suit.SPADES and state.turn_up == parse_card("4S")
    assert TurnUpPaid(CID, parse_card("4S"), 4) in table.events
    assert state.chips == (-4, -4, 8) and state.ruff_stake == 2
    # 2. Ann's 12 is made for her; Bob 13, Cid and Ann pass: Bob pays Ann 7 and Cid 6.
    assert BidMade(ANN, 12, forced=True) in table.events
    assert (state.bid, state.to_act) == (12, BOB)
    assert table.move(BOB, Bid(13)) == (BidMade(BOB, 13),)
    assert table.move(CID, Pass()) == (BidPassed(CID),)
    assert table.move(ANN, Pass()) == (BidPassed(ANN), StockBought(BOB, 13, (7, -13, 6)))
    assert table.state.phase is Phase.DISCARD and table.state.to_act == BOB
    # 3. Bob discards and takes the stock but the turn-up.
    discard = parse_cards("QH JH QC JC TC 9C 4D")
    taken = parse_cards("KS TS 9H 5H 7D 6D 8C")
    assert table.move(BOB, Discard(discard)) == (Discarded(BOB, discard), StockTaken(BOB, taken))
    assert texts(taken) == ["K♠", "10♠", "9♥", "5♥", "7♦", "6♦", "8♣"]
    hands = table.state.hands
    assert [len(h) for h in hands] == [12, 12, 12]
    # 4. The ruffs, and the vie: Bob's 51 beats Ann's 35 for the pot of 8.
    assert [(r.suit, r.value) for r in (ruff(s, hands[s]) for s in (ANN, BOB, CID))] == [
        (Suit.SPADES, 35),
        (Suit.SPADES, 51),
        (Suit.DIAMONDS, 42),
    ]
    assert table.move(ANN, Vie()) == (Vied(ANN, "vie", 2),)
    assert table.move(BOB, Raise()) == (Vied(BOB, "raise", 4),)
    assert table.move(CID, Pass()) == (Vied(CID, "pass", 0),)
    assert table.state.pot == 8 - 2
    events = table.move(ANN, See())
    assert events[0] == Vied(ANN, "see", 2)
    pot = events[1]
    assert isinstance(pot, PotTaken) and (pot.seat, pot.pot) == (BOB, 8)
    assert [(r.seat, r.value) for r in pot.shown] == [(ANN, 35), (BOB, 51)]
    assert texts(pot.shown[1].cards) == ["K♠", "Q♠", "10♠", "8♠", "7♠", "6♠"]
    # 5. Ann's gleek of kings: 3 from Bob and 3 from Cid; then Ann leads.
    assert events[2:] == (
        GleekShown(ANN, 13, parse_cards("KH KD KC"), 3),
        TricksBegun(ANN),
    )
    assert table.state.chips == (-4 + 7 - 4 + 6, -4 - 13 + 4 - 3, 8 + 6 - 3)
    # 6. The tricks, the low trumps and the honours.
    for number, (cards, winner) in enumerate(TRICKS, start=1):
        assert table.state.leader == table.to_act
        for card in parse_cards(cards):
            events = table.move(table.to_act, PlayCard(card))
        assert TrickWon(winner, number) in events
    played = {card_text(e.card): e for e in table.events if isinstance(e, CardPlayed)}
    assert (played["6♠"].seat, played["6♠"].low_trump) == (BOB, 6)
    assert (played["5♠"].seat, played["5♠"].low_trump) == (ANN, 5)
    honours = {t: e.honour for t, e in played.items() if e.honour}
    assert honours == {"A♠": 15, "J♠": 9, "K♠": 3, "Q♠": 3}
    assert {played[t].seat for t in ("A♠", "J♠")} == {ANN}
    assert {played[t].seat for t in ("K♠", "Q♠")} == {BOB}
    # 7 and 8. Points, settlement, the deal's chips.
    (scored,) = (e for e in table.events if isinstance(e, DealScored))
    assert scored == DealScored(1, (39, 24, 3), (17, 2, -19), (26, -7, -19))
    record = table.state.history[0]
    assert (record.deal, record.dealer, record.buyer, record.price) == (1, CID, BOB, 13)
    assert record.chips == (26, -7, -19) and sum(record.chips) == 0
    assert table.state.tricks_won == (0, 0, 0)  # the next deal began
    assert table.state.chips == (26, -7, -19)
    assert (table.state.deal, table.state.dealer) == (2, ANN)
