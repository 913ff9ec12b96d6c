"""Gleek's replies as plain data with the players' names (gleek.md §6): what a move, the
time limit or a deal tells the table, and what each player alone is told.

Each reply shows the table right after its own event: the events of one message are folded
one by one, and a reply takes the state at its event (a trick's third `played` shows three
cards; its `trick_won` an empty trick). Public data never holds a card that is still hidden;
a player's own hand goes only into the `Private` replies for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, TypeAlias

from bot.games.api import MOVER_ONLY, Folded, Json, Params, Private, RuleError, Told, steps
from bot.games.gleek.cards import Card, card_text, honour, sort_hand
from bot.games.gleek.deal import SEATS
from bot.games.gleek.events import (
    BidMade,
    BidPassed,
    CardPlayed,
    DealScored,
    Dealt,
    DealVoided,
    Discarded,
    GameEnded,
    GleekEvent,
    GleekShown,
    HonourTurnedUp,
    NoRuff,
    PotTaken,
    Ruff,
    StockBought,
    StockTaken,
    TrickWon,
    TurnUpPaid,
    Vied,
    json_cards,
)
from bot.games.gleek.rules import move_names, playable
from bot.games.gleek.settings import deadline_hours
from bot.games.gleek.table import DealRecord, GleekState, Phase, Trick, evolve

PREFIX: Final = "gleek."
Names = Sequence[str]
_HONOUR_NAMES: Final = {15: "tib", 9: "tom"}
"""The trump honours with names of their own: Tib (the ace) and Tom (the knave)."""
SECRET: Final = ("hand", "legal", "taken")
"""The params of a private reply that hold the player's own cards."""


def _name(names: Names, seat: int | None) -> Json:
    if seat is None or not 0 <= seat < len(names):
        return None
    return names[seat]


def _per_seat(values: Sequence[int], names: Names) -> list[Json]:
    return [{"player": _name(names, s), "chips": v} for s, v in enumerate(values)]


# -- the table as everyone sees it -------------------------------------------------------------


def position(state: GleekState, names: Names) -> Params:
    """§6's `state`, public: no hand, discard or stock card but the turn-up. `deadline` is
    the village's to fill in (it knows the time)."""
    turn_up = state.turn_up
    dealing = state.phase is Phase.DEAL
    return {
        "deal": state.deal,
        "deals": state.setup.deals,
        "phase": "bid" if dealing else state.phase.value,
        "dealer": _name(names, state.dealer),
        "eldest": _name(names, state.eldest),
        "to_act": _name(names, state.to_act),
        "trump": None if state.trump is None else state.trump.value,
        "turn_up": None if turn_up is None else card_text(turn_up),
        "ruff_stake": state.ruff_stake,
        "pot": state.pot,
        "bid": state.bid,
        "buyer": _name(names, state.buyer),
        "trick": json_cards(card for _, card in state.trick),
        "seats": list(names),
        "tricks": list(state.tricks_won),
        "points": list(state.points),
        "chips": list(state.chips),
        "deadline": None,
    }


def waiting(settings: Mapping[str, Json], names: Names) -> Params:
    """§6's `state` before the start: the seats taken, nothing dealt."""
    deals = settings.get("deals", 3)
    return {
        "deal": 0,
        "deals": deals if isinstance(deals, int) else 3,
        "phase": "waiting",
        "dealer": None,
        "eldest": None,
        "to_act": None,
        "trump": None,
        "turn_up": None,
        "ruff_stake": 2,
        "pot": 0,
        "bid": 0,
        "buyer": None,
        "trick": [],
        "seats": list(names),
        "tricks": [0 for _ in names],
        "points": [0 for _ in names],
        "chips": [0 for _ in names],
        "deadline": None,
        "deadline_hours": deadline_hours(settings),
    }


def own_view(state: GleekState, seat: int, names: Names) -> Params:
    """The table as `seat` sees it: the public state and its own hand and legal cards."""
    return {
        **position(state, names),
        "hand": json_cards(sort_hand(state.hands[seat], state.trump)),
        "legal": json_cards(sort_hand(playable(state, seat), state.trump)),
    }


# -- one message's events, folded --------------------------------------------------------------


Step: TypeAlias = Folded[GleekState, GleekEvent]
"""One event of a message with the table right before and after it (`api.steps`)."""


_MOVES: Final = (BidMade, BidPassed, Discarded, Vied, CardPlayed)


def _is_move(event: GleekEvent) -> bool:
    return isinstance(event, _MOVES) and not (isinstance(event, BidMade) and event.forced)


def _move_params(step: Step, names: Names) -> tuple[str, Params]:
    """A move's own reply: its key and what it did."""
    event, state = step.event, step.after
    player = _name(names, getattr(event, "seat", None))
    if isinstance(event, BidMade):
        return "bid", {"player": player, "move": "bid", "amount": event.amount}
    if isinstance(event, BidPassed):
        return "bid", {"player": player, "move": "pass", "amount": state.bid}
    if isinstance(event, Discarded):
        return "exchanged", {"player": player, "move": "discard", "count": len(event.cards)}
    if isinstance(event, Vied):
        return "vied", {
            "player": player,
            "move": event.action,
            "chips": event.chips,
            "pot": state.pot,
            "stake": state.ruff_stake,
        }
    assert isinstance(event, CardPlayed)
    trump = step.before.trump
    points = honour(event.card, trump)
    return "played", {
        "player": player,
        "move": "play",
        "card": card_text(event.card),
        "trick": _plays(state.trick, names),
        "trick_number": state.trick_number,
        "honour": points,
        "honour_name": _HONOUR_NAMES.get(points) if points else None,
        "low_trump": event.low_trump,
    }


def _plays(plays: Sequence[tuple[int, Card]], names: Names) -> list[Json]:
    return [{"player": _name(names, seat), "card": card_text(card)} for seat, card in plays]


def _trick(trick: Trick, names: Names) -> Params:
    return {
        "number": trick.number,
        "plays": _plays(trick.plays, names),
        "winner": _name(names, trick.winner),
    }


def _ruff(ruff: Ruff, names: Names) -> Json:
    return {
        "player": _name(names, ruff.seat),
        "suit": None if ruff.suit is None else ruff.suit.value,
        "cards": json_cards(ruff.cards),
        "value": ruff.value,
        "four_aces": ruff.four_aces,
    }


def _gleek(shown: GleekShown, names: Names) -> Json:
    return {
        "player": _name(names, shown.seat),
        "cards": json_cards(shown.cards),
        "mournival": shown.mournival,
        "amount": shown.amount,
    }


def _scored(state: GleekState, event: DealScored, names: Names) -> Params:
    record = state.history[-1]
    return {
        "deal": event.deal,
        "tricks": [sum(1 for t in record.tricks if t.winner == s) for s in range(SEATS)],
        "points": list(event.points),
        "settlement": list(event.settlement),
        "deal_chips": list(event.chips),
        "chips": list(state.chips),
        "names": list(names),
    }


def _game_over(state: GleekState, names: Names) -> Params:
    return {
        "deals": [{"deal": r.deal, "chips": list(r.chips)} for r in state.history],
        "chips": list(state.chips),
        "abandoned": state.abandoned,
        "names": list(names),
    }


def _dealt(steps_: Sequence[Step], start: int, names: Names) -> tuple[Params, GleekState]:
    """A deal and what came with it (the turn-up's payment or honour, eldest's opening bid),
    and the table after them."""
    dealt = steps_[start].event
    assert isinstance(dealt, Dealt)
    params: Params = {
        "deal": dealt.deal,
        "deals": steps_[start].after.setup.deals,
        "dealer": _name(names, dealt.dealer),
        "turn_up": card_text(dealt.stock[0]),
        "trump": dealt.stock[0].suit.value,
        "ruff_stake": dealt.ruff_stake,
        "turn_up_paid": 0,
        "turn_up_honour": 0,
    }
    state = steps_[start].after
    for step in steps_[start + 1 :]:
        event = step.event
        if isinstance(event, TurnUpPaid):
            params["turn_up_paid"] = event.amount
        elif isinstance(event, HonourTurnedUp):
            params["turn_up_honour"] = event.points
            params["honour_name"] = _HONOUR_NAMES.get(event.points)
        elif isinstance(event, BidMade) and event.forced:
            params["eldest"] = _name(names, event.seat)
            params["opening_bid"] = event.amount
        else:
            break
        state = step.after
    return params, state


# -- what a message tells ----------------------------------------------------------------------


def replies(
    before: GleekState, events: Sequence[GleekEvent], names: Names
) -> list[tuple[str, Params, Params]]:
    """Every public reply of what one message (or the time limit, or the start) did, in
    order: (key, params, state right after its event)."""
    folded = list(steps(evolve, before, events))
    # Each reply keeps the table it shows, drawn once at the end (the last one's is the
    # table as the message left it, not as its own event did).
    found: list[tuple[str, Params, GleekState]] = []
    gleeks: list[Json] = []
    gleek_state: GleekState | None = None
    for index, step in enumerate(folded):
        event, state = step.event, step.after
        if gleeks and not isinstance(event, GleekShown):
            assert gleek_state is not None
            found.append(("gleeks", {"gleeks": gleeks}, gleek_state))
            gleeks = []
        if _is_move(event):
            key, params = _move_params(step, names)
            if isinstance(event, Discarded) and index + 1 < len(folded):
                state = folded[index + 1].after  # the exchange: the stock taken with it
            if isinstance(event, Vied) and any(isinstance(s.event, NoRuff) for s in folded):
                params["no_ruff"] = True
            timed_out = bool(getattr(event, "timed_out", False))
            shown = {**params, "timed_out": timed_out}
            found.append(("timeout" if timed_out else key, shown, state))
        elif isinstance(event, StockBought):
            params = {
                "buyer": _name(names, event.buyer),
                "price": event.price,
                "payments": _per_seat(event.payments, names),
            }
            found.append(("stock_bought", params, state))
        elif isinstance(event, PotTaken):
            params = {
                "winner": _name(names, event.seat),
                "pot": event.pot,
                "unseen": not event.shown,
                "shown": [_ruff(r, names) for r in event.shown],
            }
            found.append(("showdown", params, state))
        elif isinstance(event, GleekShown):
            gleeks.append(_gleek(event, names))
            gleek_state = state
        elif isinstance(event, TrickWon):
            trick = state.tricks[-1] if state.tricks else None
            params = {"winner": _name(names, event.seat), "number": event.number}
            if trick is not None:
                params["plays"] = _plays(trick.plays, names)
            found.append(("trick_won", params, state))
        elif isinstance(event, DealScored):
            found.append(("deal_scored", _scored(state, event, names), state))
        elif isinstance(event, Dealt):
            params, dealt_state = _dealt(folded, index, names)
            found.append(("dealt", params, dealt_state))
        elif isinstance(event, GameEnded):
            found.append(("game_over", _game_over(state, names), state))
        elif isinstance(event, DealVoided):
            continue  # told in `game_over`: the deal in progress does not count
    if gleeks:
        assert gleek_state is not None
        found.append(("gleeks", {"gleeks": gleeks}, gleek_state))
    if found and folded:
        # The last reply shows the phase the table is now in and whom it waits for (the
        # gleeks are told before the first lead, but the table is in its tricks).
        key, params, _ = found[-1]
        found[-1] = (key, params, folded[-1].after)
    return [(PREFIX + key, params, position(state, names)) for key, params, state in found]


def announcements(
    events: Sequence[GleekEvent], told: Sequence[tuple[str, Params, Params]]
) -> list[Told]:
    """The replies after a move's own one, of what `events` `told` (`replies`): everything
    the rules did by themselves."""
    if any(_is_move(e) for e in events) or any(isinstance(e, GameEnded) for e in events):
        told = told[1:]
    return [Told(key, params, state) for key, params, state in told]


def private(
    before: GleekState, events: Sequence[GleekEvent], after: GleekState, names: Names
) -> list[Private]:
    """Each player's own news: every hand after a deal, the buyer's after the exchange, and
    in the tricks the hand of the player whose turn it becomes, with what they may play."""
    found: list[Private] = []
    dealt = [e for e in events if isinstance(e, Dealt)]
    if dealt and after.deal == dealt[-1].deal:
        found += [hand(after, seat, names) for seat in after.order]
    taken = [e for e in events if isinstance(e, StockTaken)]
    if taken and after.deal == before.deal:
        found.append(hand(after, taken[-1].seat, names))
    waiting = after.to_act
    tricks = after.phase is Phase.TRICKS and waiting is not None and bool(events)
    if tricks and waiting is not None and all(p.seat != waiting for p in found):
        found.append(hand(after, waiting, names))
    return found


def hand(state: GleekState, seat: int, names: Names) -> Private:
    """`seat`'s own hand (§6's order), what it may play now, and for the buyer the cards
    the exchange gave them."""
    view = own_view(state, seat, names)
    params: Params = {
        "player": _name(names, seat),
        "deal": state.deal,
        "hand": view["hand"],
        "legal": view["legal"],
        "moves": [*move_names(state, seat)] if state.to_act == seat else [],
        "to_act": view["to_act"],
    }
    if seat == state.buyer and state.taken and state.phase in (Phase.VIE, Phase.GLEEKS):
        params["taken"] = json_cards(state.taken)
    secret = tuple(k for k in SECRET if k in params)
    return Private(seat, PREFIX + "hand", params, secret, view)


# -- looking at the table ----------------------------------------------------------------------


def status(state: GleekState, names: Names) -> Params:
    return {
        **position(state, names),
        "moves": [*move_names(state, state.to_act)] if state.to_act is not None else [],
        "names": list(names),
    }


def score(state: GleekState, names: Names) -> Params:
    """The chips of each deal played and the totals."""
    return {
        "deals": [
            {"deal": r.deal, "dealer": _name(names, r.dealer), "chips": list(r.chips)}
            for r in state.history
        ],
        "chips": list(state.chips),
        "deals_total": state.setup.deals,
        "finished": state.finished,
        "names": list(names),
    }


def _record(record: DealRecord, names: Names) -> Params:
    return {
        "deal": record.deal,
        "dealer": _name(names, record.dealer),
        "turn_up": card_text(record.turn_up),
        "buyer": _name(names, record.buyer),
        "price": record.price,
        "tricks": [_trick(t, names) for t in record.tricks],
        "points": list(record.points),
        "chips": list(record.chips),
        "scored": True,
    }


def log(state: GleekState, number: int | None, names: Names) -> Params:
    """A deal's public record: the turn-up, the buyer and price, every trick as played; the
    current deal's so far (no card in it that is not already public)."""
    played = len(state.history)
    if number is None:
        number = state.deal
    if 1 <= number <= played:
        return {**_record(state.history[number - 1], names), "names": list(names)}
    if number == state.deal and state.deal and played < state.deal:
        # The deal in progress, or the one an abandon voided: its tricks so far.
        turn_up = state.turn_up
        return {
            "deal": state.deal,
            "dealer": _name(names, state.dealer),
            "turn_up": None if turn_up is None else card_text(turn_up),
            "buyer": _name(names, state.buyer),
            "price": state.bid if state.buyer is not None else None,
            "tricks": [_trick(t, names) for t in state.tricks],
            "points": list(state.points),
            "chips": list(state.deal_chips),
            "scored": False,
            "names": list(names),
        }
    raise RuleError(PREFIX + "no_deal", {"deal": number, "played": state.deal})


def refusal(error: RuleError, state: GleekState, names: Names) -> tuple[str, Params]:
    """A refused move with what is legal, seats as names."""
    params = dict(error.params)
    for key in ("to_act", "buyer", "seat"):
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            params[key] = _name(names, value)
    params.setdefault("phase", state.phase.value)
    params.setdefault("to_act", _name(names, state.to_act))
    params["names"] = list(names)
    held: list[Json] = [name for name in ("hand", "legal") if params.get(name)]
    if held:
        params[MOVER_ONLY] = held  # what is legal names the player's own cards
    # The rules' "the game is over" is a refusal; `game_over` is the end's own reply.
    key = PREFIX + "finished" if error.key == PREFIX + "game_over" else error.key
    return key, params
