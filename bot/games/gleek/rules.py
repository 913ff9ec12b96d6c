"""What each move at a Gleek table makes happen (gleek.md §3, §5), checked before anything
changes: the events of a move, of a deal's chance, of the time limit and of an abandon.

A move brings everything the rules then do by themselves: the stock bought after the second
pass, the exchange after the discard, the pot, the gleeks and the first lead when the vie
ends, the trick won on its third card, the deal scored after trick 12, and the game's end.

Every refusal is a `RuleError` with one of the keys of `REFUSALS`, whose params are the ones
listed there plus, always, `phase` (the phase's name), `to_act` (seat or None), `moves` (the
names of the moves the refused seat may make now, §5) and `legal` (the cards it may play now,
as text; [] unless it is its turn in the tricks).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

from bot.games.api import ChanceRequest, Decided, Dice, Json, RuleError, Seat, Shuffle
from bot.games.gleek.cards import (
    DECK,
    Card,
    card_text,
    discard_order,
    honour,
    low_trump,
    sort_hand,
)
from bot.games.gleek.deal import HAND_SIZE, deal_cards
from bot.games.gleek.events import (
    BidMade,
    BidPassed,
    CardPlayed,
    DealScored,
    Dealt,
    DealVoided,
    Discarded,
    FirstDealerDrawn,
    GameEnded,
    GleekEvent,
    HonourTurnedUp,
    NoRuff,
    PotTaken,
    StockBought,
    StockTaken,
    TricksBegun,
    TrickWon,
    TurnUpPaid,
    VieAction,
    Vied,
    json_cards,
)
from bot.games.gleek.moves import (
    MOVE_NAMES,
    Bid,
    Discard,
    GleekMove,
    Pass,
    PlayCard,
    Raise,
    See,
    Vie,
)
from bot.games.gleek.scoring import (
    DISCARDS,
    FIRST_STAKE,
    MAX_BID,
    MAX_RAISES,
    OPENING_BID,
    default_card,
    default_discard,
    gleeks,
    legal_cards,
    next_stake,
    ruff,
    ruff_winner,
    settlement,
    stock_payments,
    trick_winner,
)
from bot.games.gleek.table import (
    MOVING,
    GleekState,
    Phase,
    completed_chips,
    evolve,
    in_vie,
)

REFUSALS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("gleek.game_over", ("chips",)),
    ("gleek.not_seated", ("seat",)),
    ("gleek.dealing", ()),
    ("gleek.wrong_phase", ("move",)),
    ("gleek.not_your_turn", ()),
    ("gleek.not_buyer", ("buyer",)),
    ("gleek.bid_too_low", ("bid", "min")),
    ("gleek.bid_too_high", ("bid", "max")),
    ("gleek.discard_count", ("count", "needed")),
    ("gleek.discard_repeated", ("cards",)),
    ("gleek.card_not_held", ("card",)),
    ("gleek.must_follow", ("card", "suit")),
    ("gleek.no_bet", ()),
    ("gleek.bet_open", ()),
    ("gleek.raise_cap", ("raises",)),
)
"""Every refusal key with its own params (`game_over` carries the chips in seat order;
`wrong_phase` the refused move's name; `bid_too_low` the bid and the least legal one;
`bid_too_high` the bid and 40; `discard_count` how many were named and 7; `discard_repeated`
the cards named twice; `card_not_held` and `must_follow` the card, and the suit led)."""

PHASE_MOVES: Final[dict[Phase, tuple[type[GleekMove], ...]]] = {
    Phase.BID: (Bid, Pass),
    Phase.DISCARD: (Discard,),
    Phase.VIE: (Vie, See, Raise, Pass),
    Phase.TRICKS: (PlayCard,),
}


Steps: TypeAlias = Decided[GleekState, GleekEvent]
"""A Gleek move's events decided one after another, each applied at once (with
`evolve`) so that the next sees its effect."""


# -- chance -----------------------------------------------------------------------------------


def chance(state: GleekState) -> ChanceRequest | None:
    """The first dealer (a three-sided die), then each deal's shuffle, seen by nobody."""
    if state.finished:
        return None
    if state.phase is Phase.DEAL and state.first_dealer is None:
        return ChanceRequest(Dice(3, 1), seat=None, seen_by=None, label=("first-dealer",))
    if state.phase in (Phase.DEAL, Phase.SCORE):
        deal = state.deal + 1
        return ChanceRequest(
            Shuffle(len(DECK)), seat=None, seen_by=frozenset(), label=(deal, state.next_dealer)
        )
    return None


def resolved(
    state: GleekState, request: ChanceRequest, outcome: Sequence[int]
) -> tuple[GleekEvent, ...]:
    """The events of `request` coming out as `outcome` (already checked to fit)."""
    if isinstance(request.draw, Dice):
        return (FirstDealerDrawn(outcome[0]),)
    steps = Steps(evolve, state)
    dealer = state.next_dealer
    cards = deal_cards(dealer, outcome)
    stake = FIRST_STAKE if state.deal == 0 else next_stake(state.ruff_stake, state.vied)
    steps.add(Dealt(state.deal + 1, dealer, cards.hands, cards.stock, stake))
    turn_up = cards.stock[0]
    paid = low_trump(turn_up, turn_up.suit)
    if paid:
        steps.add(TurnUpPaid(dealer, turn_up, paid))
    points = honour(turn_up, turn_up.suit)
    if points:
        steps.add(HonourTurnedUp(dealer, turn_up, points))
    steps.add(BidMade(steps.state.order[0], OPENING_BID, forced=True))
    return steps.done()


# -- refusals ---------------------------------------------------------------------------------


def move_names(state: GleekState, seat: Seat) -> list[str]:
    """The names of the moves `seat` may make now, in §5's order."""
    return list(dict.fromkeys(MOVE_NAMES[type(m)] for m in legal_moves(state, seat)))


def _refused(key: str, state: GleekState, who: Seat, **specific: Json) -> RuleError:
    legal = playable(state, who)
    params: dict[str, Json] = {
        "phase": state.phase.value,
        "to_act": state.to_act,
        "moves": list(move_names(state, who)),
        "legal": json_cards(legal),
    }
    params.update(specific)
    return RuleError(key, params)


def playable(state: GleekState, seat: Seat) -> tuple[Card, ...]:
    """The cards `seat` may play now, as its hand shows them; none unless it is its turn in
    the tricks."""
    if state.phase is not Phase.TRICKS or state.to_act != seat:
        return ()
    return sort_hand(legal_cards(state.hands[seat], state.led), state.trump)


# -- what may be done -------------------------------------------------------------------------


def legal_moves(state: GleekState, seat: Seat) -> tuple[GleekMove, ...]:
    """Every legal move of `seat` now. A discard has C(12, 7) = 792 choices, so only a sample
    is listed: the default (the 7 lowest) and the other runs of 7 in that order, 6 in all;
    any 7 different held cards are legal all the same."""
    if state.finished or state.to_act != seat or state.phase not in MOVING:
        return ()
    if state.phase is Phase.BID:
        return (Pass(), *(Bid(b) for b in range(state.bid + 1, MAX_BID + 1)))
    if state.phase is Phase.DISCARD:
        ordered = sorted(state.hands[seat], key=lambda c: discard_order(c, state.trump))
        return tuple(
            Discard(tuple(ordered[k : k + DISCARDS])) for k in range(len(ordered) - DISCARDS + 1)
        )
    if state.phase is Phase.VIE:
        if state.high_bet == 0:
            return (Vie(), Pass())
        if state.raises < MAX_RAISES:
            return (See(), Raise(), Pass())
        return (See(), Pass())
    return tuple(PlayCard(c) for c in playable(state, seat))


def default_move(state: GleekState) -> GleekMove | None:
    """§5.2: bid → pass, discard → the 7 lowest, vie → pass, play → the lowest legal card."""
    seat = state.to_act
    if state.finished or seat is None or state.phase not in MOVING:
        return None
    if state.phase is Phase.DISCARD:
        return Discard(default_discard(state.hands[seat], state.trump))
    if state.phase is Phase.TRICKS:
        return PlayCard(default_card(playable(state, seat), state.trump))
    return Pass()


# -- the moves --------------------------------------------------------------------------------


def decide(state: GleekState, seat: Seat, move: GleekMove) -> tuple[GleekEvent, ...]:
    """The events of `seat` making `move`; raises RuleError, changing nothing."""
    if state.finished:
        raise RuleError("gleek.game_over", {"chips": list(state.chips), "phase": "over"})
    if seat not in range(3):
        raise _refused("gleek.not_seated", state, 0, seat=seat)
    if state.phase not in MOVING or state.to_act is None:
        raise _refused("gleek.dealing", state, seat)
    if not isinstance(move, PHASE_MOVES[state.phase]):
        raise _refused("gleek.wrong_phase", state, seat, move=MOVE_NAMES[type(move)])
    if isinstance(move, Discard) and seat != state.buyer:
        raise _refused("gleek.not_buyer", state, seat, buyer=state.buyer)
    if seat != state.to_act:
        raise _refused("gleek.not_your_turn", state, seat)
    return _apply(state, seat, move, timed_out=False)


def expire(state: GleekState) -> tuple[GleekEvent, ...]:
    """The time is up (or a moderator skips): the default move, marked `timed_out`."""
    move = default_move(state)
    if move is None or state.to_act is None:
        return ()
    return _apply(state, state.to_act, move, timed_out=True)


def abandon(state: GleekState) -> tuple[GleekEvent, ...]:
    """A moderator ends the table: the deal in progress is voided (its payments undone) and
    the completed deals stand (§4)."""
    if state.finished:
        return ()
    steps = Steps(evolve, state)
    if state.deal and state.phase is not Phase.SCORE:
        steps.add(DealVoided(state.deal, tuple(-c for c in state.deal_chips)))
    steps.add(GameEnded(completed_chips(state), abandoned=True))
    return steps.done()


def _apply(
    state: GleekState, seat: Seat, move: GleekMove, timed_out: bool
) -> tuple[GleekEvent, ...]:
    steps = Steps(evolve, state)
    if isinstance(move, Bid):
        _bid(steps, seat, move.amount)
    elif isinstance(move, Pass) and state.phase is Phase.BID:
        _bid_pass(steps, seat, timed_out)
    elif isinstance(move, Discard):
        _discard(steps, seat, move.cards, timed_out)
    elif isinstance(move, Vie | See | Raise | Pass):
        _vie(steps, seat, move, timed_out)
    else:
        _play(steps, seat, move.card, timed_out)
    return steps.done()


def _bid(steps: Steps, seat: Seat, amount: int) -> None:
    state = steps.state
    if amount > MAX_BID:
        raise _refused("gleek.bid_too_high", state, seat, bid=amount, max=MAX_BID)
    if amount <= state.bid:
        raise _refused("gleek.bid_too_low", state, seat, bid=amount, min=state.bid + 1)
    steps.add(BidMade(seat, amount))


def _bid_pass(steps: Steps, seat: Seat, timed_out: bool) -> None:
    steps.add(BidPassed(seat, timed_out))
    state = steps.state
    if len(state.bid_passed) == 2:
        (buyer,) = (s for s in state.order if s not in state.bid_passed)
        steps.add(StockBought(buyer, state.bid, stock_payments(buyer, state.bid, state.order)))


def _discard(steps: Steps, seat: Seat, cards: tuple[Card, ...], timed_out: bool) -> None:
    state = steps.state
    if len(cards) != DISCARDS:
        raise _refused("gleek.discard_count", state, seat, count=len(cards), needed=DISCARDS)
    repeated = [c for i, c in enumerate(cards) if c in cards[:i]]
    if repeated:
        raise _refused("gleek.discard_repeated", state, seat, cards=json_cards(repeated))
    for card in cards:
        if card not in state.hands[seat]:
            raise _refused("gleek.card_not_held", state, seat, card=card_text(card))
    steps.add(Discarded(seat, cards, timed_out))
    steps.add(StockTaken(seat, state.stock[1:]))


def _vie(steps: Steps, seat: Seat, move: Vie | See | Raise | Pass, timed_out: bool) -> None:
    state = steps.state
    high, stake = state.high_bet, state.ruff_stake
    action: VieAction
    if isinstance(move, Vie):
        if high:
            raise _refused("gleek.bet_open", state, seat)
        action, chips = "vie", stake
    elif isinstance(move, Pass):
        action, chips = "pass", 0
    elif not high:
        raise _refused("gleek.no_bet", state, seat)
    elif isinstance(move, See):
        action, chips = "see", high - state.bets[seat]
    else:
        if state.raises >= MAX_RAISES:
            raise _refused("gleek.raise_cap", state, seat, raises=MAX_RAISES)
        action, chips = "raise", high + stake - state.bets[seat]
    steps.add(Vied(seat, action, chips, timed_out))
    if steps.state.to_act is None:
        _vie_over(steps)


def _vie_over(steps: Steps) -> None:
    """The pot to the last one in (unseen) or to the best ruff, the gleeks paid, eldest to
    lead the first trick."""
    state = steps.state
    if state.high_bet == 0:
        steps.add(NoRuff())
    else:
        contestants = in_vie(state)
        if len(contestants) == 1:
            steps.add(PotTaken(contestants[0], state.pot))
        else:
            ruffs = tuple(ruff(s, state.hands[s]) for s in contestants)
            steps.add(PotTaken(ruff_winner(ruffs).seat, state.pot, ruffs))
    for seat in state.order:
        for shown in gleeks(seat, state.hands[seat]):
            steps.add(shown)
    steps.add(TricksBegun(state.order[0]))


def _play(steps: Steps, seat: Seat, card: Card, timed_out: bool) -> None:
    state = steps.state
    if card not in state.hands[seat]:
        raise _refused("gleek.card_not_held", state, seat, card=card_text(card))
    if card not in playable(state, seat):
        assert state.led is not None
        raise _refused("gleek.must_follow", state, seat, card=card_text(card), suit=state.led.value)
    trump = state.trump
    steps.add(CardPlayed(seat, card, honour(card, trump), low_trump(card, trump), timed_out))
    state = steps.state
    if len(state.trick) < 3:
        return
    assert trump is not None
    steps.add(TrickWon(trick_winner(state.trick, trump), state.trick_number))
    state = steps.state
    if len(state.tricks) < HAND_SIZE:
        return
    settled = settlement(state.points)
    chips = tuple(c + s for c, s in zip(state.deal_chips, settled, strict=True))
    steps.add(DealScored(state.deal, state.points, settled, chips))
    if steps.state.deal >= steps.state.setup.deals:
        steps.add(GameEnded(steps.state.chips))
