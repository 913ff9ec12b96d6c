"""Pips' rules on the game API: one die a day, its pips the points."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.fairness.derive import label, small_ints, stream_bytes
from bot.games.api import (
    ChanceContext,
    ChanceRequest,
    Dice,
    Encoded,
    Json,
    Outcome,
    Play,
    Reading,
    RuleError,
    Seat,
    SettingError,
    Unreadable,
)

KEY: Final = "pips"
SIDES: Final = 6
_TAG: Final = re.compile(r"\[\[\s*pips\s*\]\]", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Roll:
    pass


@dataclass(frozen=True, slots=True)
class Rolled:
    faces: tuple[int, ...]
    """One die's pips, stored as `pips`: the village asks the game for a draw's outcome
    (`DayGame.drawn`) rather than reading a field of Greed's."""


@dataclass(frozen=True, slots=True)
class PipsDay:
    pips: int | None = None
    sides: int = SIDES

    @property
    def finished(self) -> bool:
        return self.pips is not None


class PipsCodec:
    version = 1

    def encode(self, event: Rolled) -> Encoded:
        return Encoded("Rolled", {"pips": event.faces[0]})

    def decode(self, stored: Encoded) -> Rolled:
        pips = stored.data["pips"]
        assert isinstance(pips, int)
        return Rolled((pips,))


def fair_roll(seed: bytes, context: ChanceContext) -> Outcome:
    """`pips/v1|village|day|player|throw_seq|message` keys the bytes, as Greed's day names
    the day and the player rather than a table."""
    msg = label(
        KEY,
        context.village_id,
        context.day,
        context.player_id,
        context.chance_seq,
        context.message_id,
    )
    return small_ints(stream_bytes(seed, msg), SIDES, 1)


class PipsGame:
    key = KEY
    seats = range(1, 2)
    codec = PipsCodec()
    setting_keys: tuple[str, ...] = ("sides",)

    def settings(self, changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
        for key, value in changes.items():
            if value.strip() != str(SIDES):  # one die of six sides, whatever is asked
                raise SettingError(key, value, "6")
        return {"sides": SIDES, **base}

    def new(self, settings: Mapping[str, Json], seats: int) -> PipsDay:
        return PipsDay()

    def to_move(self, state: PipsDay) -> frozenset[Seat]:
        return frozenset() if state.finished else frozenset({0})

    def chance(self, state: PipsDay) -> ChanceRequest | None:
        return None  # the roll asks for its die itself (`asks`)

    def legal_moves(self, state: PipsDay, seat: Seat) -> Sequence[object]:
        return [] if state.finished else [Roll()]

    def decide(self, state: PipsDay, seat: Seat, move: object) -> tuple[Rolled, ...]:
        if state.finished:
            raise RuleError("done", {"pips": state.pips})
        return ()

    def asks(self, state: PipsDay, seat: Seat, move: object) -> ChanceRequest | None:
        return ChanceRequest(Dice(SIDES, 1), seat=0, label=(1,))

    def resolve(self, state: PipsDay, outcome: Outcome) -> tuple[Rolled, ...]:
        return (Rolled((outcome[0] + 1,)),)

    def evolve(self, state: PipsDay, event: Rolled) -> PipsDay:
        return PipsDay(event.faces[0])

    def expire(self, state: PipsDay) -> tuple[Rolled, ...]:
        return ()

    def finished(self, state: PipsDay) -> bool:
        return state.finished

    def observe(self, state: PipsDay, viewer: Seat | None) -> Mapping[str, Json]:
        return {"pips": state.pips, "throw": 0 if state.pips is None else 1}

    def scores(self, state: PipsDay) -> Mapping[Seat, int]:
        return {0: state.pips or 0}

    def outcome(
        self, before: PipsDay, events: Sequence[Rolled], after: PipsDay
    ) -> tuple[str, dict[str, Json]]:
        return "rolled", {"pips": after.pips}  # keyed `pips.rolled` by the village

    def summary(self, state: PipsDay) -> dict[str, Json]:
        return {"rolled": state.finished}

    def read(self, text: str) -> Reading:
        tags = len(_TAG.findall(text))
        if not tags:
            return None
        if tags > 1 or _TAG.sub(" ", text).strip():
            return Unreadable("unreadable", tagged=True, tags=tags)
        return Play((Roll(),), tagged=True, tags=1)

    def mark(self, state: PipsDay) -> tuple[int, ...] | None:
        return None if state.finished else (1,)

    def script(self, text: str) -> Outcome:
        """A replay's die: `@dice 4`."""
        value = text.strip()
        if not value.isdigit() or not 1 <= int(value) <= SIDES:
            raise ValueError(f"a die shows 1 to 6, not {text!r}")
        return (int(value) - 1,)

    def fair(self, seed: bytes, context: ChanceContext, request: ChanceRequest) -> Outcome:
        return fair_roll(seed, context)


GAME: Final = PipsGame()
