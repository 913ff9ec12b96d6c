"""The shape of every Greed reply's params (`bot.words.shapes`): what its writer reads, typed.
The chat checks a reply against it before writing it, so that a throw whose turn is missing
falls back to the catalogue's "unknown" text instead of reading `0ターン目`; `TEXTS` hands
the shapes to the chat with the writers."""

from __future__ import annotations

from typing import Any, Final

from bot.words.shapes import Flag, Int, Number, Params, Part, Shapes, Str

# -- a move ------------------------------------------------------------------------------------


class Take(Part):
    """Dice set aside and their points (`replies.take_data`; a previous take has only these
    two)."""

    dice: tuple[Str, ...] = ()
    points: Int
    combinations: tuple[Str, ...] = ()
    """The combinations' keys, which name the take better than its dice."""


class Option(Take):
    """A take a throw offers, with the dice it leaves to throw."""

    next: Int


class Move(Params):
    """Where in the turn a move is: every reply to a throw or a Turn End says it."""

    turn: Int
    lap: Int
    throw: Int
    faces: list[Str]
    variant: Str = "house"
    take: Take | None = None
    """The dice set aside from the previous throw, where this move implied a take."""


class ThrowParams(Move):
    options: list[Option]
    best_take: Take | None
    threshold: Int | None = None
    """Not in today's params: the next line uses it as soon as the village adds it."""


class SweepParams(Move):
    sweep_points: Int
    next_lap: Int


class GreedOutParams(Move):
    lost: Int
    day_lost: Int


class TurnEndParams(Params):
    turn: Int
    lap: Int
    score: Int
    lost: Int
    forced: Flag
    variant: Str = "house"
    take: Take | None = None
    # A forced Turn End (house rules: a sweep after the turn's first throw) is a throw too.
    throw: Int | None = None
    faces: list[Str] | None = None
    sweep_points: Int | None = None


class DoublePostParams(Params):
    dice: Int


class IllegalCountParams(Params):
    asked: Int
    legal: list[Int]
    can_end: Flag = False


class TurnEndRefusedParams(Params):
    held: Int
    threshold: Int
    legal: list[Int]
    reason: Str | None = None


class NoTurnsLeftParams(Params):
    turns_per_day: Int


class StatusParams(Params):
    player: Str | None = None


# -- the odds and the score calculator -----------------------------------------------------


class OddsOption(Option):
    greed_out: Number
    sweep: Number
    value: Number


class OddsParams(Params):
    variant: Str
    points: Int
    mode: Str
    """`throw`: before the turn's next throw; `choose`: a throw to take from."""
    advice: Str | None = None
    dice: Int = 6
    greed_out: Number | None = None
    sweep: Number | None = None
    ev_roll: Number | None = None
    options: tuple[OddsOption, ...] = ()
    turn_end: Number | None = None
    """What stopping now is worth; None where stopping is not allowed."""
    best_next: Int | None = None


class ScoreParams(Params):
    faces: list[Str]
    options: list[Option]
    greed_out: Flag
    sweep: Flag


# -- a player's day ----------------------------------------------------------------------------


class MemoTurn(Part):
    score: Int
    day_lost: Int = 0


class MemoDay(Part):
    day: Int
    points: Int
    message_id: Int | None = None


class MemoParams(Params):
    player: Str | None = None
    day: Int
    points: Int
    total: Int
    turns: list[MemoTurn]
    days: list[MemoDay]
    final: Flag = True
    message_id: Int | None = None


class LogStep(Part):
    """One throw (or a Turn End) of the log, and what followed it."""

    turn: Int | None = None
    lap: Int | None = None
    throw: Int | None = None
    faces: tuple[Str, ...] = ()
    then: tuple[dict[str, Any], ...] = ()
    message_id: Int | None = None
    voided: dict[str, Any] | None = None


class LogParams(Params):
    player: Str | None = None
    day: Int
    steps: list[LogStep]
    timezone: Str | None = None


class Position(Part):
    turn: Int
    lap: Int = 1
    throw: Int = 1


class RolledBackParams(Params):
    by: Str | Int | None = None
    """The moderator's id in the stored event; `by_name` is what people read."""
    by_name: Str | None = None
    player: Str | None = None
    target: Position
    throws_voided: Int
    reason: Str | None = None


class RestoredParams(Params):
    by: Str | Int | None = None
    by_name: Str | None = None
    player: Str | None = None
    throws_restored: Int
    reason: Str | None = None


# -- the day's dice ----------------------------------------------------------------------------


class Mismatch(Part):
    """A way the record and the seed disagree: `what`, and its facts (which differ by what)."""

    what: Str

    def facts(self) -> dict[str, Any]:
        """Every fact of the mismatch, `what` with them, as plain data."""
        return {"what": self.what, **(self.model_extra or {})}


class VerifyParams(Params):
    day: Int | None
    """None: an attached file that names no day."""
    throws: Int
    ok: Flag
    scripted: Flag = False
    attached: Flag = False
    mismatches: list[Mismatch]


class ExportParams(Params):
    day: Int
    throws: Int
    closed: Flag
    filename: Str
    document: dict[str, Any]


class Uniformity(Part):
    """How evenly the faces fell (`bot.fairness.stats.uniformity`)."""

    counts: dict[Str, Int]
    total: Int
    chi_square: Number
    p_value: Number


class PlayerUniformity(Uniformity):
    player: Str


class StatsParams(Params):
    day: Int | None
    """None: every day so far."""
    village: Uniformity
    players: list[PlayerUniformity]


# -- refusals of a message or a command ---------------------------------------------------------


class UnknownFaceParams(Params):
    face: Str


class ScoreDiceParams(Params):
    dice: Int


class TagsParams(Params):
    """A message that cannot be thrown: how many tags it has (the limit is six dice, always;
    `limit` is the chat's message length)."""

    tags: Int
    limit: Int | None = None


class DayClosedParams(Params):
    """A throw on a day that is closed: nothing more to say."""


class RollbackTargetParams(Params):
    """A moderator's rollback naming a throw the player's day does not have."""

    player: Str
    turn: Int
    lap: Int | None = None
    throw: Int | None = None


SHAPES: Final[Shapes] = {
    "throw": ThrowParams,
    "sweep": SweepParams,
    "greed_out": GreedOutParams,
    "turn_end": TurnEndParams,
    "double_post": DoublePostParams,
    "illegal_count": IllegalCountParams,
    "turn_end_refused": TurnEndRefusedParams,
    "no_turns_left": NoTurnsLeftParams,
    "status": StatusParams,
    "odds": OddsParams,
    "score": ScoreParams,
    "memo": MemoParams,
    "log": LogParams,
    "rolled_back": RolledBackParams,
    "rollback_target": RollbackTargetParams,
    "restored": RestoredParams,
    "verify": VerifyParams,
    "export": ExportParams,
    "stats": StatsParams,
    "unknown_face": UnknownFaceParams,
    "score_dice": ScoreDiceParams,
    "too_many_tags": TagsParams,
    "tags_and_turn_end": TagsParams,
    "day_closed": DayClosedParams,
}
"""Every Greed reply key's shape, beside `text.WRITERS` and `day_text.DAY_WRITERS`."""
