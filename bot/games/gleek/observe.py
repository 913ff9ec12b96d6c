"""What each viewer may know of a Gleek table, as plain data (gleek.md §5.1, §6), and the
score table the village keeps.

The public view carries no card still hidden: no hand, no discard, no stock but the turn-up.
Cards become public when played, or when shown at the showdown or as a gleek; those are in
the view. A player's own view adds its hand (sorted as §6 shows it), the cards it may play
now, and for the buyer the exchange. Seats are numbers; the presenter names them.
"""

from __future__ import annotations

from typing import Final

from bot.games.api import Json, Seat
from bot.games.gleek.cards import Card, card_text, sort_hand
from bot.games.gleek.events import json_cards, json_ints, plain
from bot.games.gleek.rules import move_names, playable
from bot.games.gleek.table import DealRecord, GleekState, Trick

SEATS: Final = range(3)


def _plays(plays: tuple[tuple[int, Card], ...]) -> list[Json]:
    return [{"seat": seat, "card": card_text(card)} for seat, card in plays]


def _trick(trick: Trick) -> Json:
    return {"number": trick.number, "plays": _plays(trick.plays), "winner": trick.winner}


def observe(state: GleekState, viewer: Seat | None) -> dict[str, Json]:
    turn_up = state.turn_up
    view: dict[str, Json] = {
        "deal": state.deal,
        "deals": state.setup.deals,
        "phase": state.phase.value,
        "dealer": state.dealer,
        "eldest": state.eldest,
        "to_act": state.to_act,
        "trump": None if state.trump is None else state.trump.value,
        "turn_up": None if turn_up is None else card_text(turn_up),
        "ruff_stake": state.ruff_stake,
        "pot": state.pot,
        "bid": state.bid,
        "bidder": state.bidder,
        "bid_passed": json_ints(sorted(state.bid_passed)),
        "buyer": state.buyer,
        "bets": json_ints(state.bets),
        "vie_out": json_ints(sorted(state.vie_out)),
        "raises": state.raises,
        "shown": [plain(r) for r in state.shown],
        "ruff_winner": state.ruff_winner,
        "gleeks": [plain(g) for g in state.gleeks],
        "leader": state.leader,
        "trick_number": state.trick_number,
        "trick": _plays(state.trick),
        "played": [_trick(t) for t in state.tricks],
        "tricks": json_ints(state.tricks_won),
        "points": json_ints(state.points),
        "chips": json_ints(state.chips),
        "deal_chips": json_ints(state.deal_chips),
        "hand_sizes": [len(h) for h in state.hands],
    }
    if viewer is not None and viewer in SEATS:
        view["hand"] = json_cards(sort_hand(state.hands[viewer], state.trump))
        view["legal"] = json_cards(playable(state, viewer))
        view["moves"] = [*move_names(state, viewer)]
        if viewer == state.buyer and state.taken:
            view["taken"] = json_cards(state.taken)
            view["discarded"] = json_cards(state.discards)
    return view


def _record(record: DealRecord) -> Json:
    return {
        "deal": record.deal,
        "dealer": record.dealer,
        "turn_up": card_text(record.turn_up),
        "buyer": record.buyer,
        "price": record.price,
        "points": json_ints(record.points),
        "chips": json_ints(record.chips),
    }


def deal_log(record: DealRecord) -> list[Json]:
    """A scored deal's tricks, for `/gleek log deal:` (every card in it was played)."""
    return [_trick(t) for t in record.tricks]


def summary(state: GleekState) -> dict[str, Json]:
    """Each completed deal's chips (and points) per seat, and the totals."""
    return {
        "deals": [_record(r) for r in state.history],
        "chips": json_ints(state.chips),
        "abandoned": state.abandoned,
    }
