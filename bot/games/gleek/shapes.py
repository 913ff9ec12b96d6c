"""The shape of every Gleek reply's params (`bot.words.shapes`): what its writer reads, typed.
The chat checks a reply against it before writing it; `TEXTS` hands the shapes to the chat
with the writers. Which fields a reply carries depends on the move and the step (a bid has
an amount, a card played its trick), so each is typed and none required: the writers say
what a missing one means. A refused move's shape is one for all refusals.
"""

from __future__ import annotations

from typing import Any, Final

from bot.words.shapes import Flag, Int, Params, Shapes, Str


class Refusal(Params):
    """A refused move: the refusal's facts and where the table stands."""

    amount: Str | None = None
    bid: Int | None = None
    buyer: Str | None = None
    card: Str | None = None
    cards: Str | list[Str] | None = None
    count: Int | None = None
    legal: list[Str] | None = None
    max: Int | None = None
    min: Int | None = None
    move: Str | None = None
    moves: list[Str] | None = None
    needed: Int | None = None
    phase: Str | None = None
    raises: Int | None = None
    suit: Str | None = None
    to_act: Str | None = None
    token: Str | None = None


class DealScoredParams(Params):
    chips: list[Int] | None = None
    deal: Int | None = None
    deal_chips: list[Int] | None = None
    names: list[Str] | None = None
    points: list[Int] | None = None
    settlement: list[Int] | None = None
    tricks: list[Int] | None = None


class DealtParams(Params):
    commitment: Str | None = None
    deal: Int | None = None
    dealer: Str | None = None
    deals: Int | None = None
    eldest: Str | None = None
    opening_bid: Int | None = None
    ruff_stake: Int | None = None
    seats: list[Str] | None = None
    started: Flag | None = None
    table: Int | None = None
    trump: Str | None = None
    turn_up: Str | None = None
    turn_up_honour: Int | None = None
    turn_up_paid: Int | None = None


class GameOverParams(Params):
    abandoned: Flag | None = None
    abandoned_by: Str | None = None
    chips: list[Int] | None = None
    deals: list[Any] | None = None
    draw_count: Int | None = None
    draw_digest: Str | None = None
    names: list[Str] | None = None
    reason: Str | None = None
    seed: Str | None = None


class GleeksParams(Params):
    gleeks: list[dict[str, Any]] | None = None


class HandParams(Params):
    """A player's hand (a secret): what the writer shows may come with the reply's state."""

    deal: Int | None = None
    hand: list[Str] | None = None
    legal: list[Str] | None = None
    moves: list[Str] | None = None
    taken: list[Str] | None = None


class LogParams(Params):
    buyer: Str | None = None
    chips: list[Int] | None = None
    deal: Int | None = None
    dealer: Str | None = None
    names: list[Str] | None = None
    points: list[Int] | None = None
    price: Int | None = None
    scored: Flag | None = None
    tricks: list[dict[str, Any]] | None = None
    turn_up: Str | None = None


class ScoreParams(Params):
    chips: list[Int] | None = None
    deals: list[dict[str, Any]] | None = None
    deals_total: Int | None = None


class ShowdownParams(Params):
    pot: Int | None = None
    shown: list[dict[str, Any]] | None = None
    unseen: Flag | None = None
    winner: Str | None = None


class StatusParams(Params):
    chips: list[Int] | None = None
    deal: Int | None = None
    dealer: Str | None = None
    deals: Int | None = None
    moves: list[Str] | None = None
    names: list[Str] | None = None
    phase: Str | None = None
    to_act: Str | None = None
    tricks: list[Int] | None = None
    turn_up: Str | None = None


class StockBoughtParams(Params):
    buyer: Str | None = None
    payments: list[dict[str, Any]] | None = None
    price: Int | None = None


class TrickWonParams(Params):
    number: Int | None = None
    plays: list[dict[str, Any]] | None = None
    winner: Str | None = None


class Move(Params):
    """A move said to the table (a bid, an exchange, a vie, a card played, or the time
    limit's default): `move` names it, and its fields differ by it."""

    amount: Int | None = None
    card: Str | None = None
    chips: Int | None = None
    count: Int | None = None
    honour: Int | None = None
    honour_name: Str | None = None
    low_trump: Int | None = None
    move: Str | None = None
    player: Str | None = None
    pot: Int | None = None
    reason: Str | None = None
    skipped_by: Str | None = None
    trick: list[dict[str, Any]] | None = None
    trick_number: Int | None = None


SHAPES: Final[Shapes] = {
    "gleek.bad_amount": Refusal,
    "gleek.bad_card": Refusal,
    "gleek.bad_move": Refusal,
    "gleek.bet_open": Refusal,
    "gleek.bid": Move,
    "gleek.bid_too_high": Refusal,
    "gleek.bid_too_low": Refusal,
    "gleek.card_not_held": Refusal,
    "gleek.deal_scored": DealScoredParams,
    "gleek.dealing": Refusal,
    "gleek.dealt": DealtParams,
    "gleek.discard_count": Refusal,
    "gleek.discard_repeated": Refusal,
    "gleek.exchanged": Move,
    "gleek.finished": Refusal,
    "gleek.game_over": GameOverParams,
    "gleek.gleeks": GleeksParams,
    "gleek.hand": HandParams,
    "gleek.log": LogParams,
    "gleek.must_follow": Refusal,
    "gleek.no_bet": Refusal,
    "gleek.no_deal": Refusal,
    "gleek.not_buyer": Refusal,
    "gleek.not_seated": Refusal,
    "gleek.not_your_turn": Refusal,
    "gleek.one_card": Refusal,
    "gleek.played": Move,
    "gleek.raise_cap": Refusal,
    "gleek.score": ScoreParams,
    "gleek.showdown": ShowdownParams,
    "gleek.status": StatusParams,
    "gleek.stock_bought": StockBoughtParams,
    "gleek.timeout": Move,
    "gleek.trick_won": TrickWonParams,
    "gleek.vied": Move,
    "gleek.wrong_phase": Refusal,
}
