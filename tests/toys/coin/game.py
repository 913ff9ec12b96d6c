"""The coin toss's rules on the game API: pure, its one chance a two-sided die."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
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

KEY: Final = "coin"
SIDES: Final = ("heads", "tails")
"""A toss's outcome is a value of a two-sided die: 0 heads, 1 tails."""
_TAG: Final = re.compile(r"\[\[\s*coin\s*\]\]", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Call:
    side: str


@dataclass(frozen=True, slots=True)
class Called:
    seat: Seat
    side: str


@dataclass(frozen=True, slots=True)
class Tossed:
    side: str


CoinEvent = Called | Tossed


@dataclass(frozen=True, slots=True)
class CoinState:
    points: tuple[int, ...]
    target: int
    turn: Seat = 0
    called: str | None = None
    """The call waiting for its toss."""
    tosses: int = 0
    last: str | None = None
    """The side the last toss came down on."""

    @property
    def finished(self) -> bool:
        return max(self.points) >= self.target


class CoinCodec:
    version = 1

    def encode(self, event: CoinEvent) -> Encoded:
        if isinstance(event, Called):
            return Encoded("Called", {"seat": event.seat, "side": event.side})
        return Encoded("Tossed", {"side": event.side})

    def decode(self, stored: Encoded) -> CoinEvent:
        data = stored.data
        if stored.type == "Called":
            seat = data["seat"]
            assert isinstance(seat, int)
            return Called(seat, str(data["side"]))
        return Tossed(str(data["side"]))


def evolve(state: CoinState, event: CoinEvent) -> CoinState:
    if isinstance(event, Called):
        return replace(state, called=event.side)
    points = list(state.points)
    if event.side == state.called:
        points[state.turn] += 1
    after = replace(
        state, points=tuple(points), called=None, tosses=state.tosses + 1, last=event.side
    )
    if after.finished:
        return after
    return replace(after, turn=(state.turn + 1) % len(points))


class CoinGame:
    key = KEY
    seats = range(2, 5)
    codec = CoinCodec()
    setting_keys: tuple[str, ...] = ("target",)

    def settings(self, changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
        changed: dict[str, Json] = {"target": 3, **base}
        for key, value in changes.items():
            if key != "target" or not value.strip().isdigit() or not 1 <= int(value) <= 9:
                raise SettingError(key, value, "target: 1 to 9")
            changed["target"] = int(value)
        return changed

    def new(self, settings: Mapping[str, Json], seats: int) -> CoinState:
        target = settings.get("target", 3)
        assert isinstance(target, int)
        return CoinState((0,) * seats, target)

    def to_move(self, state: CoinState) -> frozenset[Seat]:
        if state.finished or state.called is not None:
            return frozenset()
        return frozenset({state.turn})

    def chance(self, state: CoinState) -> ChanceRequest | None:
        if state.called is None:
            return None
        return ChanceRequest(Dice(2, 1), seat=state.turn, label=(state.tosses + 1,))

    def legal_moves(self, state: CoinState, seat: Seat) -> Sequence[object]:
        return [Call(side) for side in SIDES] if seat in self.to_move(state) else []

    def decide(self, state: CoinState, seat: Seat, move: object) -> tuple[CoinEvent, ...]:
        if seat not in self.to_move(state):
            raise RuleError("coin.not_your_turn", {"seat": seat})
        assert isinstance(move, Call)
        if move.side not in SIDES:
            raise RuleError("coin.bad_side", {"side": move.side})
        return (Called(seat, move.side),)

    def asks(self, state: CoinState, seat: Seat, move: object) -> ChanceRequest | None:
        return None

    def resolve(self, state: CoinState, outcome: Outcome) -> tuple[CoinEvent, ...]:
        return (Tossed(SIDES[outcome[0]]),)

    def evolve(self, state: CoinState, event: CoinEvent) -> CoinState:
        return evolve(state, event)

    def expire(self, state: CoinState) -> tuple[CoinEvent, ...]:
        return ()

    def finished(self, state: CoinState) -> bool:
        return state.finished

    def observe(self, state: CoinState, viewer: Seat | None) -> Mapping[str, Json]:
        return {"points": list(state.points), "turn": state.turn, "target": state.target}

    def scores(self, state: CoinState) -> Mapping[Seat, int]:
        return dict(enumerate(state.points))

    def outcome(
        self, before: CoinState, events: Sequence[CoinEvent], after: CoinState
    ) -> tuple[str, dict[str, Json]]:
        return "coin.toss", {}

    def summary(self, state: CoinState) -> dict[str, Json]:
        return {"tosses": state.tosses}

    def read(self, text: str) -> Reading:
        """`[[coin]] heads` (or tails): a call, in chat."""
        tags = len(_TAG.findall(text))
        if not tags:
            return None
        words = _TAG.sub(" ", text).lower().split()
        if tags == 1 and len(words) == 1 and words[0] in SIDES:
            return Play((Call(words[0]),), tagged=True, tags=1)
        return Unreadable("unreadable", tagged=True, tags=tags)

    def mark(self, state: CoinState) -> tuple[int, ...] | None:
        return None if state.finished else (state.tosses + 1, state.turn)

    def script(self, text: str) -> Outcome:
        """A replay's toss: `@dice heads` or `@dice tails`."""
        side = text.strip().lower()
        if side not in SIDES:
            raise ValueError(f"a coin comes down heads or tails, not {text!r}")
        return (SIDES.index(side),)

    def fair(self, seed: bytes, context: ChanceContext, request: ChanceRequest) -> Outcome:
        """`coin/v1|village|table|player|chance_seq|message` keys the bytes; an even byte is
        heads, an odd one tails (no byte is skipped: 256 splits evenly)."""
        msg = label(
            KEY,
            context.village_id,
            context.table_id,
            context.player_id,
            context.chance_seq,
            context.message_id,
        )
        return small_ints(stream_bytes(seed, msg), 2, 1)


GAME: Final = CoinGame()
