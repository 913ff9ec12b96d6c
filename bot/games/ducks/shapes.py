"""The shape of every Ducks reply's params (`bot.words.shapes`): what its writer reads, typed.
The chat checks a reply against it before writing it; `TEXTS` hands the shapes to the chat
with the writers. A field is required where `replies` always sets it (a move's round and
what follows it, a round's ranking, the game's totals); a refused move's shape is one for
all refusals (a message that could not be read among them): each names a few of its fields,
and where the table stands."""

from __future__ import annotations

from typing import Any, Final

from bot.words.shapes import Flag, Int, Params, Shapes, Str


class Refusal(Params):
    """A refused move: the refusal's facts and where the table stands."""

    boss: Int | None = None
    finished: Flag | None = None
    moves: list[Str] | None = None
    names: list[Str] | None = None
    next_seat: Int | None = None
    promotions: list[Str] | None = None
    reason: Str | None = None
    round: Int | None = None
    tags: Int | None = None
    """A message that could not be read: how many `[[ducks]]` tags it had."""
    turn_seat: Int | None = None
    values: list[Int] | None = None
    whites: list[Int] | None = None


class Move(Params):
    """A move and what it did (§6): the turn's dice and bucket, and who moves next."""

    boss: Int | None = None
    bucket: list[Int] | None = None
    bucket_values: list[Int]
    cause: Str | None
    finished: Flag
    hand: Str | None = None
    lost: list[Int]
    moves: list[Str] | None = None
    names: list[Str] | None = None
    next_round: Int | None
    next_seat: Int | None
    out: Int | None = None
    passed: Flag
    promoted: list[Int]
    promotions: list[Str] | None = None
    roll: Int | None = None
    rolled: Flag
    round: Int
    rounds: Int
    scored_round: Int | None
    seat: Int | None
    set_aside: Int | None = None
    whites: list[Int] | None = None
    ended: Flag
    left_seat: Int | None = None
    """The seat a player left, in a `left` reply."""
    winners: list[Int]


class GameEndParams(Params):
    draw_count: Int | None = None
    draw_digest: Str | None = None
    early: Flag
    left: list[Int]
    names: list[Str] | None = None
    rounds_played: Int
    seed: Str | None = None
    totals: list[Int]
    winners: list[Int]


class RoundEndParams(Params):
    left: list[Int]
    names: list[Str] | None = None
    next_round: Int | None
    next_seat: Int | None
    ranking: list[dict[str, Any]]
    round: Int
    rounds: Int
    totals: list[Int]


class ScoreParams(Params):
    finished: Flag
    names: list[Str] | None = None
    rounds: list[dict[str, Any]]
    rounds_total: Int
    seats: Int
    totals: list[Int]
    winners: list[Int]


class StatusParams(Params):
    bucket: list[Int] | None = None
    bucket_values: list[Int] | None = None
    chances: dict[str, Any] | None = None
    finished: Flag | None = None
    hand: Str | None = None
    left: list[Int] | None = None
    moves: list[Str] | None = None
    names: list[Str] | None = None
    out: Int | None = None
    promotions: list[Str] | None = None
    roll: Int | None = None
    round: Int | None = None
    rounds: Int | None = None
    seat: Int | None = None
    set_aside: Int | None = None
    totals: list[Int] | None = None
    winners: list[Int] | None = None


SHAPES: Final[Shapes] = {
    "ducks.already_promoted": Refusal,
    "ducks.bad_dice": Refusal,
    "ducks.bad_promotion": Refusal,
    "ducks.bust": Move,
    "ducks.forfeit": Move,
    "ducks.game_end": GameEndParams,
    "ducks.game_over": Refusal,
    "ducks.left": Move,
    "ducks.malformed": Refusal,
    "ducks.must_pass": Refusal,
    "ducks.no_promotion": Move,
    "ducks.not_seated": Refusal,
    "ducks.not_your_turn": Refusal,
    "ducks.pass": Move,
    "ducks.promote": Move,
    "ducks.roll": Move,
    "ducks.roll_first": Refusal,
    "ducks.roll_pending": Refusal,
    "ducks.round_end": RoundEndParams,
    "ducks.score": ScoreParams,
    "ducks.seat_left": Refusal,
    "ducks.status": StatusParams,
    "ducks.stop": Move,
    "ducks.stop_not_allowed": Refusal,
}
