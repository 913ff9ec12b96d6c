"""Greed as a village game: the engine's moves and events in the village's storable form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from bot.engine.greed import (
    CloseDay,
    DayClosed,
    DiceSetAside,
    DiceThrown,
    EndTurn,
    GreedEvent,
    GreedOut,
    GreedRuleError,
    LapStarted,
    PlayerDay,
    Rules,
    Throw,
    TurnEnded,
    TurnUnfinished,
    Variant,
    check_throw,
    decide,
    evolve,
    new_day,
    parse_faces,
)
from bot.engine.greed.errors import NoTurnsLeftError
from bot.engine.greed.faces import Face
from bot.engine.greed.odds import chances, table_for
from bot.engine.greed.rules import DEFAULT_THRESHOLD, DEFAULT_TURNS_PER_DAY, MAX_TURNS_PER_DAY
from bot.engine.greed.throw import MAX_DICE, Take, ThrowAnalysis
from bot.village.game import ConfigError, DaySummary, GameEvent, GameRuleError

MAX_THRESHOLD = 100_000

_EVENT_TYPES: dict[str, type[GreedEvent]] = {
    cls.__name__: cls
    for cls in (
        DiceSetAside,
        DiceThrown,
        LapStarted,
        GreedOut,
        TurnEnded,
        TurnUnfinished,
        DayClosed,
    )
}
_FACE_FIELDS = ("dice", "faces")

# Names players use for the variants, in both languages.
_VARIANT_NAMES = {
    "official": Variant.OFFICIAL,
    "公式": Variant.OFFICIAL,
    "公式ルール": Variant.OFFICIAL,
    "house": Variant.HOUSE,
    "ハウス": Variant.HOUSE,
    "ハウスルール": Variant.HOUSE,
    "revised": Variant.REVISED,
    "改定": Variant.REVISED,
    "改定版": Variant.REVISED,
    "改定版ハウスルール": Variant.REVISED,
}


def encode(event: GreedEvent) -> GameEvent:
    data = asdict(event)
    for name in _FACE_FIELDS:
        if name in data:
            data[name] = [face.token for face in data[name]]
    return GameEvent(type(event).__name__, data)


def decode(event: GameEvent) -> GreedEvent:
    cls = _EVENT_TYPES[event.type]
    fields = cls.__dataclass_fields__
    # Stored data may carry the village's own keys (throw_seq, scripted): keep the engine's.
    data = {k: v for k, v in event.data.items() if k in fields}
    for name in _FACE_FIELDS:
        if name in data:
            data[name] = parse_faces(data[name])
    return cls(**data)


def rules_of(raw: Mapping[str, Any]) -> Rules:
    return Rules(
        variant=Variant(raw.get("variant", Variant.OFFICIAL)),
        threshold=int(raw.get("threshold", DEFAULT_THRESHOLD)),
        turns_per_day=int(raw.get("turns", DEFAULT_TURNS_PER_DAY)),
    )


def _rule_error(error: GreedRuleError) -> GameRuleError:
    # Replies carry plain JSON-like data: lists, not tuples.
    params = {k: list(v) if isinstance(v, tuple) else v for k, v in error.params.items()}
    return GameRuleError(error.key, str(error), params)


def _take(take: Take | None) -> dict[str, Any] | None:
    if take is None:
        return None
    return {
        "count": take.count,
        "dice": [f.token for f in take.dice],
        "points": take.points,
        "combinations": [c.key for c in take.combinations],
    }


def take_options(throw: ThrowAnalysis) -> list[dict[str, Any]]:
    """Every legal take of a throw with the dice it leaves to throw next."""
    options = []
    for take in throw.legal_takes:
        option = _take(take)
        assert option is not None
        option["next"] = 6 if throw.sweep else throw.dice - take.count
        options.append(option)
    return options


class GreedGame:
    key = "greed"
    throw_event = "DiceThrown"
    config_keys = ("rules", "turns", "threshold")

    def default_rules(self) -> dict[str, Any]:
        defaults = Rules()
        return {
            "variant": defaults.variant.value,
            "turns": defaults.turns_per_day,
            "threshold": defaults.threshold,
        }

    def configure(self, rules: Mapping[str, Any], key: str, value: str) -> dict[str, Any]:
        changed = {**self.default_rules(), **rules}
        text = value.strip().lower()
        if key == "rules":
            if text not in _VARIANT_NAMES:
                raise ConfigError(key, value, "official, house, revised")
            changed["variant"] = _VARIANT_NAMES[text].value
        elif key == "turns":
            changed["turns"] = _whole(key, value, 1, MAX_TURNS_PER_DAY, 1)
        elif key == "threshold":
            changed["threshold"] = _whole(key, value, 0, MAX_THRESHOLD, 50)
        else:
            raise ConfigError(key, value, ", ".join(self.config_keys))
        return changed

    def new_day(self, rules: Mapping[str, Any]) -> PlayerDay:
        return new_day(rules_of(rules))

    def evolve(self, state: PlayerDay, event: GameEvent) -> PlayerDay:
        return evolve(state, decode(event))

    def dice_to_throw(self, state: PlayerDay, dice: int) -> int:
        try:
            check_throw(state, dice)
        except GreedRuleError as error:
            raise _rule_error(error) from error
        return dice

    def throw(self, state: PlayerDay, faces: Sequence[Face]) -> list[GameEvent]:
        return self._decide(state, Throw(tuple(faces)))

    def end_turn(self, state: PlayerDay) -> list[GameEvent]:
        return self._decide(state, EndTurn())

    def close(self, state: PlayerDay) -> list[GameEvent]:
        if state.closed:
            return []
        return self._decide(state, CloseDay())

    def _decide(self, state: PlayerDay, move: Throw | EndTurn | CloseDay) -> list[GameEvent]:
        try:
            return [encode(event) for event in decide(state, move)]
        except GreedRuleError as error:
            raise _rule_error(error) from error

    def summary(self, state: PlayerDay) -> DaySummary:
        turns = tuple(
            {
                "number": t.number,
                "outcome": t.outcome.value,
                "score": t.score,
                "lost": t.lost,
                "day_lost": t.day_lost,
                "laps": t.laps,
                "throws": t.throws,
            }
            for t in state.turns
        )
        return DaySummary(state.banked, turns, state.finished)

    def position(self, state: PlayerDay) -> dict[str, Any]:
        turn = None if state.finished else state.turn
        if turn is None:
            return {
                "turn": None,
                "lap": None,
                "throw": None,
                "faces": [],
                "turn_points": 0,
                "best_take": 0,
                "day_points": state.banked,
                "held": state.banked,
                "can_end": False,
                "legal_counts": [],
                "turns_played": len(state.turns),
                "turns_per_day": state.rules.turns_per_day,
                "threshold": state.rules.threshold,
                "finished": True,
            }
        best = turn.best_take
        return {
            "turn": turn.number,
            "lap": turn.lap,
            "throw": turn.throw,
            "faces": [] if turn.last is None else [f.token for f in turn.last.faces],
            "turn_points": turn.points,
            "best_take": 0 if best is None else best.points,
            "day_points": state.banked,
            "held": state.held,
            "can_end": state.can_end,
            "legal_counts": list(state.legal_counts),
            "turns_played": len(state.turns),
            "turns_per_day": state.rules.turns_per_day,
            "threshold": state.rules.threshold,
            "finished": False,
        }

    def odds(self, state: PlayerDay) -> dict[str, Any]:
        """Chances and expected turn scores for the player's position (official-rule odds)."""
        turn = state.turn
        if state.finished or turn is None:
            raise _rule_error(NoTurnsLeftError(state.rules.turns_per_day))
        table = table_for(state.rules.threshold)
        # Nothing banked today means stopping needs the threshold; the table knows both cases.
        opened = state.banked >= state.rules.threshold
        common = {"variant": state.rules.variant.value, "points": turn.points, "opened": opened}
        pending = turn.pending
        if pending is None:
            six = chances(MAX_DICE)
            return {
                **common,
                "mode": "throw",
                "dice": MAX_DICE,
                "greed_out": float(six.greed_out),
                "sweep": float(six.sweep),
                "ev_roll": round(table.ev_roll(MAX_DICE, turn.points, opened), 1),
                "advice": "roll",
            }
        advice = table.after_throw(pending, turn.points, opened)
        best = advice.best
        return {
            **common,
            "mode": "choose",
            "options": [
                {
                    "count": value.take.count,
                    "dice": [f.token for f in value.take.dice],
                    "points": value.take.points,
                    "next": value.dice_next,
                    "greed_out": float(chances(value.dice_next).greed_out),
                    "sweep": float(chances(value.dice_next).sweep),
                    "value": round(value.value, 1),
                }
                for value in advice.takes
            ],
            "turn_end": advice.turn_end,
            "advice": advice.advice,
            "best_next": None if best is None else best.dice_next,
        }

    def outcome(
        self, before: PlayerDay, events: Sequence[GameEvent], after: PlayerDay
    ) -> tuple[str, dict[str, Any]]:
        turn = before.turn
        assert turn is not None  # a move was just made in it
        decoded = [decode(e) for e in events]
        thrown = next((e for e in decoded if isinstance(e, DiceThrown)), None)
        taken = [e for e in decoded if isinstance(e, DiceSetAside)]
        params: dict[str, Any] = {
            "turn": turn.number,
            "lap": turn.lap,
            "throw": turn.throw + 1,
            "variant": before.rules.variant.value,
        }
        if thrown is not None:
            params["faces"] = [f.token for f in thrown.faces]
            params["dice"] = len(thrown.faces)
        # The dice set aside from the previous throw, implied by this throw's count (or by TE).
        before_take = taken[0] if taken and (thrown is None or decoded[0] is taken[0]) else None
        if before_take is not None:
            params["take"] = {
                "dice": [f.token for f in before_take.dice],
                "points": before_take.points,
            }
        last = decoded[-1]
        if isinstance(last, GreedOut):
            params.update(lost=last.turn_points_lost, day_lost=last.day_points_lost)
            return "greed_out", params
        if isinstance(last, LapStarted):
            params.update(sweep_points=taken[-1].points, next_lap=last.lap)
            return "sweep", params
        if isinstance(last, TurnEnded):
            params.update(score=last.score, lost=last.lost, forced=last.forced)
            if last.forced:
                params["sweep_points"] = taken[-1].points
            if thrown is None:
                params.pop("throw")
            return "turn_end", params
        throw = after.turn.last if after.turn is not None else None
        assert throw is not None
        params["options"] = take_options(throw)
        params["best_take"] = _take(throw.best_take)
        return "throw", params


def _whole(key: str, value: str, low: int, high: int, step: int) -> int:
    allowed = f"{low}-{high}" + (f", in steps of {step}" if step > 1 else "")
    try:
        number = int(value.strip())
    except ValueError:
        raise ConfigError(key, value, allowed) from None
    if not low <= number <= high or number % step:
        raise ConfigError(key, value, allowed)
    return number
