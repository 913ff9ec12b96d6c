"""The shape of every Regidice reply's params (`bot.words.shapes`): what its writer reads, typed.
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

    action: Str | None = None
    actions: list[Str] | None = None
    boost: Str | None = None
    boosts: Int | None = None
    by: Str | None = None
    castable: list[Str] | None = None
    colour: Str | None = None
    dice: list[Str] | None = None
    die: Str | None = None
    free: list[Int] | list[Str] | None = None
    held: list[Str] | None = None
    holder: Str | None = None
    left: Int | None = None
    loss: Int | None = None
    move: Str | None = None
    name: Str | None = None
    named: Int | None = None
    names: list[Str] | None = None
    number: Int | None = None
    ones: Int | None = None
    parity: Str | None = None
    passable: list[Str] | None = None
    pips: Int | None = None
    result: Int | None = None
    round: Int | None = None
    target: Str | None = None
    value: Str | None = None
    wanted: Str | None = None
    wants: Str | None = None


class EndedParams(Params):
    defeated: Int | None = None
    draw_count: Int | None = None
    draw_digest: Str | None = None
    progress: Int | None = None
    reason: Str | None = None
    result: Str | None = None
    rounds: Int | None = None
    seed: Str | None = None


class EnemyDefeatedParams(Params):
    enemy: Int | None = None
    next: dict[str, Any] | None = None
    spoils: list[dict[str, Any]] | None = None


class HandParams(Params):
    """A player's hand (a secret): what the writer shows may come with the reply's state."""

    declaration: dict[str, Any] | None = None
    hand: list[Str] | None = None
    passable: list[Str] | None = None
    round: Int | None = None


class LogParams(Params):
    declarations: list[dict[str, Any]] | None = None
    defeated: Flag | None = None
    enemy: Int | None = None
    enemy_after: list[Int] | None = None
    enemy_before: list[Int] | None = None
    lead: Str | None = None
    loss: Int | None = None
    results: list[dict[str, Any]] | None = None
    round: Int | None = None
    target: Str | None = None


class ResolvedParams(Params):
    attack: Int | None = None
    blocked: Int | None = None
    damage: Int | None = None
    enemy_after: list[Int] | None = None
    heals: list[dict[str, Any]] | None = None
    loss: Int | None = None
    results: list[dict[str, Any]] | None = None
    target: Str | None = None


class RevealedParams(Params):
    players: list[dict[str, Any]] | None = None
    round: Int | None = None


class RoundStartedParams(Params):
    enemy: dict[str, Any] | None = None
    lead: Str | None = None
    paid: list[dict[str, Any]] | None = None
    passed: list[dict[str, Any]] | None = None
    round: Int | None = None


class ScoreParams(Params):
    defeated: Int | None = None
    progress: Int | None = None
    rounds: Int | None = None


class StatusParams(Params):
    enemy: dict[str, Any] | None = None
    injured: list[Any] | None = None
    lead: Str | None = None
    players: list[dict[str, Any]] | None = None
    progress: Int | None = None
    round: Int | None = None
    rounds: Int | None = None
    step: Str | None = None


class Submission(Params):
    """A step's submission said to the table (a declaration, an action, a boost, the dice
    prepared, or the time limit's default): `move` names it, and its fields differ by it."""

    boosts: list[dict[str, Any]] | None = None
    declaration: dict[str, Any] | None = None
    lose: list[Str] | None = None
    move: Str | None = None
    passes: list[Str] | None = None
    player: Str | None = None


SHAPES: Final[Shapes] = {
    "regidice.acted": Submission,
    "regidice.bad_move": Refusal,
    "regidice.boost_above_six": Refusal,
    "regidice.boost_beyond_ones": Refusal,
    "regidice.boost_ill_formed": Refusal,
    "regidice.boost_not_animal": Refusal,
    "regidice.boost_own_die": Refusal,
    "regidice.boosted": Submission,
    "regidice.collection_taken": Refusal,
    "regidice.colour_ill_formed": Refusal,
    "regidice.colour_not_cast": Refusal,
    "regidice.colour_not_castable": Refusal,
    "regidice.colour_not_held": Refusal,
    "regidice.declared": Submission,
    "regidice.die_ill_formed": Refusal,
    "regidice.die_not_held": Refusal,
    "regidice.ended": EndedParams,
    "regidice.enemy_defeated": EnemyDefeatedParams,
    "regidice.finished": Refusal,
    "regidice.hand": HandParams,
    "regidice.key_needed": Refusal,
    "regidice.log": LogParams,
    "regidice.lose_count": Refusal,
    "regidice.lose_not_target": Refusal,
    "regidice.lost": EndedParams,
    "regidice.name_unknown": Refusal,
    "regidice.no_round": Refusal,
    "regidice.not_player": Refusal,
    "regidice.number_taken": Refusal,
    "regidice.pass_lowers": Refusal,
    "regidice.pass_solo": Refusal,
    "regidice.pass_spent": Refusal,
    "regidice.prepared": Submission,
    "regidice.resolved": ResolvedParams,
    "regidice.revealed": RevealedParams,
    "regidice.rolling": Refusal,
    "regidice.round_started": RoundStartedParams,
    "regidice.score": ScoreParams,
    "regidice.solo_value": Refusal,
    "regidice.status": StatusParams,
    "regidice.take_not_heal": Refusal,
    "regidice.timeout": Submission,
    "regidice.unknown_action": Refusal,
    "regidice.value_extra": Refusal,
    "regidice.value_ill_formed": Refusal,
    "regidice.value_missing": Refusal,
    "regidice.won": EndedParams,
    "regidice.wrong_step": Refusal,
}
