"""Refusals, defaults, the vie's corners and a whole game (gleek.md §2–§5)."""

from __future__ import annotations

import pytest

from bot.games.api import RuleError
from bot.games.gleek.cards import parse_card, parse_cards
from bot.games.gleek.events import (
    BidPassed,
    CardPlayed,
    DealVoided,
    Discarded,
    GameEnded,
    GleekShown,
    NoRuff,
    PotTaken,
    TricksBegun,
    Vied,
)
from bot.games.gleek.game import GAME
from bot.games.gleek.moves import Bid, Discard, GleekMove, Pass, PlayCard, Raise, See, Vie
from bot.games.gleek.rules import REFUSALS, abandon
from bot.games.gleek.table import Phase, completed_chips

from .scripted import WORKED, Table, scripted, seeded

ANN, BOB, CID = 0, 1, 2
USED: set[str] = set()

FOUR_ACES = (
    "dealer:Cid | Ann: AS AH AD AC 4S 4H 4D 4C 5S 5H 5D 5C | "
    "Bob: KS QS JS TS 9S 8S 7S 6S KH QH JH TH | "
    "Cid: 9H 8H 7H 6H KD QD JD TD 9D 8D 7D 6D | stock: KC QC JC TC 9C 8C 7C 6C"
)
EQUAL_RUFFS = (
    "dealer:Ann | Ann: AS KS QS JS 4H 5H 6H 7H 4D 5D 6D 7D | "
    "Bob: TS 9S 8S TH 9H 8H AD KD QD JD AC KC | "
    "Cid: AH KH QH JH 4S 5S 6S 7S 8D 9D TD 4C | stock: QC JC TC 9C 8C 7C 6C 5C"
)


def refused(table: Table, seat: int, move: GleekMove, key: str) -> RuleError:
    """The refusal of `move`, checking that it changed nothing."""
    before = table.state
    asked = GAME.chance(before)
    with pytest.raises(RuleError) as caught:
        GAME.decide(before, seat, move)
    assert table.state is before and GAME.chance(before) == asked
    assert caught.value.key == key
    USED.add(key)
    return caught.value


def worked_to_vie() -> Table:
    table = Table(scripted(WORKED))
    table.move(BOB, Bid(13))
    table.move(CID, Pass())
    table.move(ANN, Pass())
    table.move(BOB, Discard(parse_cards("QH JH QC JC TC 9C 4D")))
    return table


def test_refusals_of_the_auction_and_the_discard() -> None:
    fresh = GAME.new(GAME.settings({}, {}), 3)
    with pytest.raises(RuleError) as caught:
        GAME.decide(fresh, ANN, Pass())
    assert caught.value.key == "gleek.dealing"
    USED.add("gleek.dealing")

    table = Table(scripted(WORKED))
    error = refused(table, 3, Pass(), "gleek.not_seated")
    assert error.params["seat"] == 3
    error = refused(table, ANN, Bid(13), "gleek.not_your_turn")
    assert error.params["to_act"] == BOB and error.params["moves"] == []
    error = refused(table, BOB, PlayCard(parse_card("QS")), "gleek.wrong_phase")
    assert error.params["phase"] == "bid" and error.params["moves"] == ["pass", "bid"]
    error = refused(table, BOB, Bid(12), "gleek.bid_too_low")
    assert (error.params["bid"], error.params["min"]) == (12, 13)
    error = refused(table, BOB, Bid(41), "gleek.bid_too_high")
    assert error.params["max"] == 40
    refused(table, BOB, Vie(), "gleek.wrong_phase")

    table.move(BOB, Bid(13))
    table.move(CID, Pass())
    table.move(ANN, Pass())
    seven = parse_cards("QH JH QC JC TC 9C 4D")
    error = refused(table, ANN, Discard(seven), "gleek.not_buyer")
    assert error.params["buyer"] == BOB
    error = refused(table, BOB, Discard(seven[:6]), "gleek.discard_count")
    assert (error.params["count"], error.params["needed"]) == (6, 7)
    error = refused(table, BOB, Discard((*seven[:6], seven[0])), "gleek.discard_repeated")
    assert error.params["cards"] == ["Q♥"]
    error = refused(table, BOB, Discard((*seven[:6], parse_card("AS"))), "gleek.card_not_held")
    assert error.params["card"] == "A♠"
    refused(table, BOB, Discard((*seven[:6], parse_card("KS"))), "gleek.card_not_held")


def test_refusals_of_the_vie_and_the_tricks() -> None:
    table = worked_to_vie()
    refused(table, ANN, See(), "gleek.no_bet")
    refused(table, ANN, Raise(), "gleek.no_bet")
    refused(table, ANN, Bid(14), "gleek.wrong_phase")
    table.move(ANN, Vie())
    refused(table, BOB, Vie(), "gleek.bet_open")
    table.move(BOB, Raise())
    table.move(CID, Raise())
    table.move(ANN, Raise())
    error = refused(table, BOB, Raise(), "gleek.raise_cap")
    assert error.params["raises"] == 3 and error.params["moves"] == ["see", "pass"]
    table.move(BOB, See())
    events = table.move(CID, See())
    # Each bet brought up to 8: Ann 2+6, Bob 4+4, Cid 6+2; back to Ann, the last raiser.
    assert events[0] == Vied(CID, "see", 2)
    pot = events[1]
    assert isinstance(pot, PotTaken) and pot.pot == 24 and pot.seat == BOB
    assert len(pot.shown) == 3

    error = refused(table, BOB, PlayCard(parse_card("QS")), "gleek.not_your_turn")
    table.move(ANN, PlayCard(parse_card("AS")))
    error = refused(table, BOB, PlayCard(parse_card("9H")), "gleek.must_follow")
    assert error.params["suit"] == "♠"
    assert error.params["legal"] == ["K♠", "Q♠", "10♠", "8♠", "7♠", "6♠"]
    error = refused(table, BOB, PlayCard(parse_card("AS")), "gleek.card_not_held")
    assert error.params["card"] == "A♠"


def test_a_finished_game_refuses_every_move_and_every_key_is_listed() -> None:
    # The refusals the tests above raise, run here again: the suite runs in several
    # processes, and this test may not follow them in its own.
    test_refusals_of_the_auction_and_the_discard()
    test_refusals_of_the_vie_and_the_tricks()
    table = Table(seeded(bytes(32)))
    while not table.state.finished:
        table.expire()
    refused(table, ANN, Pass(), "gleek.game_over")
    assert GAME.expire(table.state) == () and GAME.mark(table.state) is None
    assert {key for key, _ in REFUSALS} <= USED | {"gleek.game_over"}


def test_defaults_at_the_deadline_in_each_phase() -> None:
    table = Table(scripted(WORKED))
    assert table.expire() == (BidPassed(BOB, timed_out=True),)
    assert GAME.outcome(table.state, table.last, table.state)[0] == "gleek.timeout"
    table.move(CID, Bid(13))
    table.expire()  # Ann passes, Cid buys at 13
    assert table.state.buyer == CID
    events = table.expire()
    # Cid's 7 lowest, trumps ♠ last: 4♥ 5♣ 5♦ 6♣ 6♥ 7♥ 8♦.
    assert events[0] == Discarded(CID, parse_cards("4H 5C 5D 6C 6H 7H 8D"), timed_out=True)
    assert table.expire() == (Vied(ANN, "pass", 0, timed_out=True),)
    table.expire()
    events = table.expire()
    assert events[:2] == (Vied(CID, "pass", 0, timed_out=True), NoRuff())
    assert events[-1] == TricksBegun(ANN)
    # Ann leads her lowest card; Bob must follow clubs with his lowest club.
    assert table.expire() == (CardPlayed(ANN, parse_card("4C"), timed_out=True),)
    assert table.expire() == (CardPlayed(BOB, parse_card("9C"), timed_out=True),)


def test_the_lowest_legal_card_prefers_a_non_trump_on_equal_rank() -> None:
    table = worked_to_vie()
    for _ in range(3):
        table.expire()
    table.move(ANN, PlayCard(parse_card("KH")))
    # Bob holds 9♥ 5♥ and must follow: the lowest is 5♥.
    assert table.expire()[0] == CardPlayed(BOB, parse_card("5H"), timed_out=True)


def test_mark_changes_with_every_move_and_default() -> None:
    table = Table(scripted(WORKED))
    marks = [GAME.mark(table.state)]
    table.move(BOB, Bid(13))
    marks.append(GAME.mark(table.state))
    table.expire()
    marks.append(GAME.mark(table.state))
    assert marks == [(1, 0), (1, 1), (1, 2)]


def test_four_aces_beat_a_higher_ruff() -> None:
    table = Table(scripted(FOUR_ACES))
    table.move(BOB, Pass())
    table.move(CID, Pass())
    table.move(ANN, Discard(parse_cards("4S 4H 4D 4C 5S 5H 5D")))
    table.move(ANN, Vie())
    table.move(BOB, See())
    events = table.move(CID, Pass())
    pot = events[1]
    assert isinstance(pot, PotTaken) and pot.seat == ANN and pot.pot == 4
    ann, bob = pot.shown
    assert ann.four_aces and [str(c) for c in ann.cards] == ["A♠", "A♥", "A♦", "A♣"]
    assert bob.value == 70 > ann.value
    assert GleekShown(ANN, 14, parse_cards("AS AH AD AC"), 8) in events


def test_equal_ruffs_go_to_the_first_in_turn_order() -> None:
    table = Table(scripted(EQUAL_RUFFS))
    assert (table.state.dealer, table.state.eldest) == (ANN, BOB)
    table.move(CID, Pass())
    table.move(ANN, Pass())
    table.expire()  # Bob, the buyer, lays away his 7 lowest
    table.move(BOB, Pass())
    table.move(CID, Vie())
    events = table.move(ANN, See())
    pot = events[1]
    assert isinstance(pot, PotTaken)
    assert [(r.seat, r.value) for r in pot.shown] == [(CID, 41), (ANN, 41)]
    assert pot.seat == CID  # the middle hand speaks before the dealer


def test_the_last_one_in_takes_the_pot_unseen() -> None:
    table = worked_to_vie()
    table.move(ANN, Pass())
    table.move(BOB, Vie())
    events = table.move(CID, Pass())
    assert events[1] == PotTaken(BOB, 2)
    assert table.state.vied and table.state.chips[BOB] == -4 - 13 - 2 + 2 - 3


def test_the_ruff_stake_doubles_after_deals_without_a_vie_up_to_16() -> None:
    table = Table(seeded(bytes(32)), deals=12)
    stakes = []
    while table.state.deal < 6:
        stakes.append(table.state.ruff_stake)
        deal = table.state.deal
        while table.state.deal == deal:
            table.expire()
    assert stakes == [2, 4, 8, 16, 16]
    # A vie, even one nobody answers, brings it back to 2.
    while table.state.phase is not Phase.VIE:
        table.expire()
    assert table.state.ruff_stake == 16
    table.move(table.to_act, Vie())
    assert table.state.pot == 16
    while table.state.deal == 6:
        table.expire()
    assert table.state.ruff_stake == 2


def test_a_three_deal_game_passes_the_deal_left_and_ends() -> None:
    table = Table(seeded(bytes(32)))
    dealers = []
    while not table.state.finished:
        if table.state.phase is Phase.BID and table.state.moves == 0:
            dealers.append(table.state.dealer)
        table.expire()
    assert dealers == [0, 1, 2]
    assert table.state.phase is Phase.OVER and GAME.to_move(table.state) == frozenset()
    history = table.state.history
    assert [r.deal for r in history] == [1, 2, 3]
    totals = tuple(sum(r.chips[s] for r in history) for s in range(3))
    assert table.state.chips == totals and dict(GAME.scores(table.state)) == dict(enumerate(totals))
    assert isinstance(table.events[-1], GameEnded)
    summary = GAME.summary(table.state)
    assert summary["chips"] == list(totals)
    assert isinstance(summary["deals"], list) and len(summary["deals"]) == 3


def test_abandon_voids_the_deal_in_progress_and_keeps_completed_ones() -> None:
    table = Table(scripted(WORKED))
    while table.state.deal == 1:
        table.expire()
    after_one = table.state.history[0].chips
    table.expire()
    table.expire()
    assert table.state.chips != after_one  # the stock of deal 2 was bought
    assert completed_chips(table.state) == after_one
    events = abandon(table.state)
    assert isinstance(events[0], DealVoided) and events[-1] == GameEnded(after_one, True)
    for event in events:
        table.state = GAME.evolve(table.state, event)
    assert table.state.finished and table.state.chips == after_one
    assert abandon(table.state) == ()


def test_legal_moves_list_what_decide_accepts() -> None:
    table = Table(scripted(WORKED))
    moves = GAME.legal_moves(table.state, BOB)
    assert tuple(moves) == (Pass(), *(Bid(b) for b in range(13, 41)))
    assert GAME.legal_moves(table.state, ANN) == ()
    table.move(BOB, Bid(13))
    table.move(CID, Pass())
    table.move(ANN, Pass())
    discards = GAME.legal_moves(table.state, BOB)
    assert len(discards) == 6 and discards[0] == Discard(parse_cards("4D 9C TC JC JH QC QH"))
    for move in discards:
        GAME.decide(table.state, BOB, move)
