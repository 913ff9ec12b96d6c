"""What the games played at tables of several seats (Ducks, Gleek, Regidice) share in fitting
their rules to the game API, so that each game's `game.py` says only what is its own.

A table game hands over its rules' functions as its modules write them (`Parts`), and
`TableRules` answers the API with them. What every such game does alike is done here once:
a new table checked against its seats, every chance the table's own (no move asks for
one), an outcome checked against the pending chance before the game resolves it, and
chat that plays nothing unless the game reads it (Ducks). The reply to a move is the
move's own key, `<game>.timeout` for a default the time limit played, and `<game>.none`
for what nobody did, unless the game tells it its own way (Ducks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from bot.games.api import (
    ChanceRequest,
    EventCodec,
    Json,
    Outcome,
    Reading,
    Seat,
    outcome_fits,
)


class Finishes(Protocol):
    """A table's state that knows whether the game is over."""

    @property
    def finished(self) -> bool: ...


S = TypeVar("S", bound=Finishes)
M = TypeVar("M")
E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class Parts(Generic[S, M, E]):
    """A table game's rules as its own modules write them, handed to the API unchanged."""

    settings: Callable[[Mapping[str, str], Mapping[str, Json]], dict[str, Json]]
    start: Callable[[Mapping[str, Json], int], S]
    """A table before its first move, for these settings and this many seats (checked)."""
    to_move: Callable[[S], frozenset[Seat]]
    chance: Callable[[S], ChanceRequest | None]
    legal_moves: Callable[[S, Seat], Sequence[M]]
    decide: Callable[[S, Seat, M], tuple[E, ...]]
    resolved: Callable[[S, ChanceRequest, Outcome], tuple[E, ...]]
    """The events of the pending chance coming out as the outcome (which fits it)."""
    evolve: Callable[[S, E], S]
    expire: Callable[[S], tuple[E, ...]]
    observe: Callable[[S, Seat | None], Mapping[str, Json]]
    summary: Callable[[S], dict[str, Json]]
    mark: Callable[[S], tuple[int, ...] | None]


class TableRules(Generic[S, M, E]):
    """A table game on the game API from its rules' `parts`; the game's own class adds what
    is its own (its scores, its fair derivation, its scripts, its outcome's keys)."""

    key: str
    seats: range
    codec: EventCodec[E]
    setting_keys: tuple[str, ...]
    parts: Parts[S, M, E]
    nothing_to_draw: str
    """What `resolve` says when no chance is pending (a caller's mistake: the village draws
    only what `chance` asks for)."""

    def settings(self, changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
        return self.parts.settings(changes, base)

    def new(self, settings: Mapping[str, Json], seats: int) -> S:
        if seats not in self.seats:
            raise ValueError(f"a {self.key.title()} table seats {_seats(self.seats)}, not {seats}")
        return self.parts.start(settings, seats)

    def to_move(self, state: S) -> frozenset[Seat]:
        return self.parts.to_move(state)

    def chance(self, state: S) -> ChanceRequest | None:
        return self.parts.chance(state)

    def legal_moves(self, state: S, seat: Seat) -> Sequence[M]:
        return self.parts.legal_moves(state, seat)

    def decide(self, state: S, seat: Seat, move: M) -> tuple[E, ...]:
        return self.parts.decide(state, seat, move)

    def asks(self, state: S, seat: Seat, move: M) -> ChanceRequest | None:
        return None  # every chance is the table's own (`chance`), once the move is allowed

    def resolve(self, state: S, outcome: Outcome) -> tuple[E, ...]:
        request = self.chance(state)
        if request is None:
            raise ValueError(self.nothing_to_draw)
        if not outcome_fits(request, outcome):
            raise ValueError(f"{outcome} is not an outcome of {request.draw}")
        return self.parts.resolved(state, request, outcome)

    def evolve(self, state: S, event: E) -> S:
        return self.parts.evolve(state, event)

    def expire(self, state: S) -> tuple[E, ...]:
        return self.parts.expire(state)

    def finished(self, state: S) -> bool:
        return state.finished

    def observe(self, state: S, viewer: Seat | None) -> Mapping[str, Json]:
        return self.parts.observe(state, viewer)

    def outcome(self, before: S, events: Sequence[E], after: S) -> tuple[str, dict[str, Json]]:
        """The first move's own key (`<game>.timeout` for a default), with its seat; else
        what the rules did by themselves (`told`); else `<game>.none`. The events' names
        go with it; the presenter writes the real replies."""
        names: list[Json] = [type(e).__name__ for e in events]
        for event in events:
            moved = self.moved(event)
            if moved is not None:
                key, seat = moved
                # A default the time limit played marks each of its events `timed_out`.
                if getattr(event, "timed_out", False):
                    key = f"{self.key}.timeout"
                return key, {"seat": seat, "events": names}
        told = self.told(events, after)
        if told is not None:
            key, params = told
            return key, {**params, "events": names}
        return f"{self.key}.none", {"events": names}

    def moved(self, event: E) -> tuple[str, Seat] | None:
        """The key of the reply to the move `event` records, and the seat that made it;
        None for an event no player's move makes."""
        return None

    def told(self, events: Sequence[E], after: S) -> tuple[str, dict[str, Json]] | None:
        """The key and params of what the rules did by themselves in `events` (a deal, a
        roll, the end), where no player moved; None for nothing to tell."""
        return None

    def summary(self, state: S) -> dict[str, Json]:
        return self.parts.summary(state)

    def read(self, text: str) -> Reading:
        """Chat plays nothing: only the game's commands move (a game that reads its words in
        chat, as Ducks does, says how)."""
        return None

    def mark(self, state: S) -> tuple[int, ...] | None:
        return self.parts.mark(state)


def _seats(seats: range) -> str:
    """`exactly 3 players`, `2 to 6 players`."""
    if len(seats) == 1:
        return f"exactly {seats.start} players"
    return f"{seats.start} to {seats.stop - 1} players"
