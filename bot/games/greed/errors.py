"""Illegal moves: each names what was wrong and what is legal, with a key for translations."""

from __future__ import annotations

from typing import Any, ClassVar


class GreedRuleError(Exception):
    """A move the rules do not allow. Nothing was thrown and nothing changed.

    `key` and `params` let the chat layer say it in the village's language; the
    exception text is the English sentence for logs and the command line.
    """

    key: str = "rule_error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.params: dict[str, Any] = params


class NoTurnsLeftError(GreedRuleError):
    key = "no_turns_left"

    def __init__(self, turns_per_day: int) -> None:
        super().__init__(
            f"all {turns_per_day} turns of today are played; play again when the next day opens",
            turns_per_day=turns_per_day,
        )


class DayClosedError(GreedRuleError):
    key = "day_closed"

    def __init__(self) -> None:
        super().__init__("this day is closed; nothing more can be played in it")


class IllegalDiceCountError(GreedRuleError):
    key = "illegal_count"

    def __init__(self, asked: int, legal: tuple[int, ...], can_end: bool) -> None:
        choices = " or ".join(str(n) for n in legal)
        extra = ", or Turn End" if can_end else ""
        super().__init__(
            f"{asked} dice cannot be thrown now: throw {choices}{extra}",
            asked=asked,
            legal=legal,
            can_end=can_end,
        )


class TurnEndRefusedError(GreedRuleError):
    """Turn End is not allowed here. `reason` is one of the class constants."""

    key = "turn_end_refused"
    NOTHING_THROWN = "nothing_thrown"
    FORCED_LAP = "forced_lap"
    BELOW_THRESHOLD = "below_threshold"

    _WHY: ClassVar[dict[str, str]] = {
        NOTHING_THROWN: "the turn has no throw to end on yet",
        FORCED_LAP: "every die scored: the next lap must be thrown with six dice",
        BELOW_THRESHOLD: "held points are below the threshold",
    }

    def __init__(self, reason: str, held: int, threshold: int, legal: tuple[int, ...]) -> None:
        choices = " or ".join(str(n) for n in legal)
        detail = f" ({held} < {threshold})" if reason == self.BELOW_THRESHOLD else ""
        super().__init__(
            f"Turn End is not allowed: {self._WHY[reason]}{detail}; throw {choices}",
            reason=reason,
            held=held,
            threshold=threshold,
            legal=legal,
        )
        self.reason = reason
