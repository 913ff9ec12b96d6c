"""A table's stream read back: the state, the log of draws, and what rollbacks voided.

Rollback never deletes: a `RolledBack` event marks the events after a version as voided and
the state is rebuilt from the rest; `RollbackUndone` (allowed only right after its rollback)
brings them back. Replaying the stream therefore always gives the same state and log.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.games.api import Encoded, Json
from bot.games.registry import AnyGame
from bot.village.records import StoredEvent

ROLLED_BACK = "RolledBack"
ROLLBACK_UNDONE = "RollbackUndone"
VILLAGE_TYPES = frozenset({ROLLED_BACK, ROLLBACK_UNDONE})

# The village's own events in a table's stream: seats, settings, the start and the end, and
# the time limit's and a moderator's interventions (what they did is the game's events).
TABLE_OPENED = "TableOpened"
SEAT_TAKEN = "SeatTaken"
SEAT_FREED = "SeatFreed"
TABLE_CONFIGURED = "TableConfigured"
TABLE_STARTED = "TableStarted"
TABLE_ENDED = "TableEnded"
TABLE_SKIPPED = "TableSkipped"
TIME_RAN_OUT = "TimeRanOut"
TABLE_TYPES = frozenset(
    {
        TABLE_OPENED,
        SEAT_TAKEN,
        SEAT_FREED,
        TABLE_CONFIGURED,
        TABLE_STARTED,
        TABLE_ENDED,
        TABLE_SKIPPED,
        TIME_RAN_OUT,
    }
)

DRAW_SEQ = "throw_seq"
SCRIPTED = "scripted"
DRAWN = "drawn"
DRAW_KEYS = (DRAW_SEQ, SCRIPTED, DRAWN)
"""The village's stamp on the event that records a draw's outcome (the first event the
game's `resolve` gives): the table's draw number and whether the outcome was scripted;
at a table of several seats also what was drawn, for whom and how it came out (`drawn`),
so that anyone can derive it again from the seed. Codecs ignore these keys; export and
verification read them. (A day game's draws predate `drawn`: the game reads what each
gave from its own event, `DayGame.drawn`.)"""


def encoded(event: StoredEvent) -> Encoded:
    """A stored game event as its codec reads it: the village's stamp left out, the codec
    version it was written in kept."""
    data: dict[str, Json] = {k: v for k, v in event.data.items() if k not in DRAW_KEYS}
    return Encoded(event.type, data, event.codec)


@dataclass(slots=True)
class Step:
    """One throw in the log, with what followed from it in the same or the next move."""

    version: int
    message_id: int | None
    recorded_at: dt.datetime
    after: Any
    """The game's state right after the draw's outcome (states are never changed)."""
    data: dict[str, Any]
    """The stored data of the event that records the outcome (with its draw stamp)."""
    move_start: int
    """The first version of the move that made this throw (a rollback goes to the one before)."""
    game: AnyGame
    followed_by: list[tuple[int, StoredEvent]] = field(default_factory=list)
    """(version, event) of what came of this draw, up to the next one."""
    voided_by: dict[str, Any] | None = None
    _position: Mapping[str, Json] | None = None

    @property
    def position(self) -> Mapping[str, Json]:
        """What everyone sees of the table right after the draw's outcome. Worked out when
        first asked (the log, a rollback's target), not for every throw of every replay: a
        day's close replays every stream and reads none of them."""
        if self._position is None:
            self._position = self.game.observe(self.after, None)
        return self._position


@dataclass(slots=True)
class StreamView:
    state: Any
    version: int
    throws: int
    """Draws ever made in the stream, voided ones included (the last draw number used)."""
    last_throw_at: dt.datetime | None
    steps: list[Step]
    last_rollback: StoredEvent | None
    """The stream's last event when it is a rollback that may still be undone."""

    @property
    def live_steps(self) -> list[Step]:
        return [step for step in self.steps if step.voided_by is None]


def read_stream(
    game: AnyGame, rules: Mapping[str, Json], events: list[StoredEvent], seats: int = 1
) -> StreamView:
    undone = {e.data["rollback_version"] for e in events if e.type == ROLLBACK_UNDONE}
    active: list[StoredEvent] = []
    steps: list[Step] = []
    state = game.new(rules, seats)
    throws = 0
    last_throw_at: dt.datetime | None = None
    move_starts: dict[int | None, int] = {}
    for event in events:
        if event.type == ROLLED_BACK:
            if event.version in undone:
                continue
            target = event.data["to_version"]
            for step in steps:
                if step.voided_by is not None:
                    continue
                if step.version > target:
                    step.voided_by = {**event.data, "at": event.recorded_at.isoformat()}
                else:
                    # A take that was made by a voided move no longer follows this throw.
                    step.followed_by = [(v, e) for v, e in step.followed_by if v <= target]
            active = [e for e in active if e.version <= target]
            state = _rebuild(game, rules, seats, active)
            continue
        if event.type == ROLLBACK_UNDONE or event.type in TABLE_TYPES:
            continue
        state = game.evolve(state, game.codec.decode(encoded(event)))
        active.append(event)
        move_start = move_starts.setdefault(event.message_id, event.version)
        if DRAW_SEQ in event.data:
            throws += 1
            last_throw_at = event.recorded_at
            steps.append(_draw_step(game, state, event, move_start))
        else:
            # A take or an ending belongs to the last throw still standing, not to one voided.
            live = next((step for step in reversed(steps) if step.voided_by is None), None)
            if live is not None:
                live.followed_by.append((event.version, event))
    last = events[-1] if events else None
    last_rollback = last if last is not None and last.type == ROLLED_BACK else None
    return StreamView(
        state=state,
        version=last.version if last is not None else 0,
        throws=throws,
        last_throw_at=last_throw_at,
        steps=steps,
        last_rollback=last_rollback,
    )


def extend_stream(
    game: AnyGame,
    rules: Mapping[str, Json],
    view: StreamView,
    events: tuple[StoredEvent, ...],
    new: tuple[StoredEvent, ...],
    seats: int = 1,
    decoded: Sequence[object] | None = None,
    after: object = None,
) -> StreamView:
    """`read_stream` of `events + new`, from `view` (the read of `events`) without reading
    `events` again: what a move appended is folded in. A rollback or its undoing changes
    what came before it, so then the whole stream is read again. `decoded`: the game's
    events `new` stores, one for one, when the caller has them (the move that made them);
    `after`: with them, the state they lead to, when the caller has it: a move that drew
    nothing is then not folded again (a draw's step keeps the state right after it)."""
    if not new or any(e.type in VILLAGE_TYPES for e in new):
        return read_stream(game, rules, [*events, *new], seats)
    assert decoded is None or len(decoded) == len(new)
    drew = any(DRAW_SEQ in event.data for event in new)
    known = decoded is not None and after is not None and not drew
    state = view.state
    steps = list(view.steps)  # the kept view's steps are shared: changed ones are copied
    throws, last_throw_at = view.throws, view.last_throw_at
    starts: dict[int | None, int] = {}
    if drew:
        # Where each message's move began, for the steps of its draws.
        for event in events:
            if event.type not in VILLAGE_TYPES and event.type not in TABLE_TYPES:
                starts.setdefault(event.message_id, event.version)
    for n, event in enumerate(new):
        if event.type in TABLE_TYPES:
            continue
        if not known:
            made = decoded[n] if decoded is not None else game.codec.decode(encoded(event))
            state = game.evolve(state, made)
        move_start = starts.setdefault(event.message_id, event.version)
        if DRAW_SEQ in event.data:
            throws += 1
            last_throw_at = event.recorded_at
            steps.append(_draw_step(game, state, event, move_start))
            continue
        live = next((i for i in reversed(range(len(steps))) if steps[i].voided_by is None), None)
        if live is not None:
            step = steps[live]
            steps[live] = replace(step, followed_by=[*step.followed_by, (event.version, event)])
    return StreamView(
        state=after if known else state,
        version=new[-1].version,
        throws=throws,
        last_throw_at=last_throw_at,
        steps=steps,
        last_rollback=None,
    )


def _draw_step(game: AnyGame, state: Any, event: StoredEvent, move_start: int) -> Step:
    """The log's step of a draw, with the state right after it."""
    return Step(
        event.version,
        event.message_id,
        event.recorded_at,
        state,
        dict(event.data),
        move_start,
        game,
    )


def _rebuild(
    game: AnyGame, rules: Mapping[str, Json], seats: int, events: list[StoredEvent]
) -> Any:
    state = game.new(rules, seats)
    for event in events:
        if event.type not in TABLE_TYPES:
            state = game.evolve(state, game.codec.decode(encoded(event)))
    return state
