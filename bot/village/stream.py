"""A player's day stream read back: the state, the log of throws, and what rollbacks voided.

Rollback never deletes: a `RolledBack` event marks the events after a version as voided and
the state is rebuilt from the rest; `RollbackUndone` (allowed only right after its rollback)
brings them back. Replaying the stream therefore always gives the same state and log.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from bot.village.game import Game, GameEvent
from bot.village.records import StoredEvent

ROLLED_BACK = "RolledBack"
ROLLBACK_UNDONE = "RollbackUndone"
VILLAGE_TYPES = frozenset({ROLLED_BACK, ROLLBACK_UNDONE})


@dataclass(slots=True)
class Step:
    """One throw in the log, with what followed from it in the same or the next move."""

    version: int
    message_id: int | None
    recorded_at: dt.datetime
    position: dict[str, Any]
    """The game's position right after the throw (turn, lap, throw, faces...)."""
    data: dict[str, Any]
    """The throw event's stored data (faces, throw_seq, scripted)."""
    move_start: int
    """The first version of the move that made this throw (a rollback goes to the one before)."""
    followed_by: list[tuple[int, GameEvent]] = field(default_factory=list)
    """(version, event) of the takes and endings that came of this throw."""
    voided_by: dict[str, Any] | None = None


@dataclass(slots=True)
class StreamView:
    state: Any
    version: int
    throws: int
    """Throws ever made in the stream, voided ones included (the last throw_seq used)."""
    last_throw_at: dt.datetime | None
    steps: list[Step]
    last_rollback: StoredEvent | None
    """The stream's last event when it is a rollback that may still be undone."""

    @property
    def live_steps(self) -> list[Step]:
        return [step for step in self.steps if step.voided_by is None]


def read_stream(game: Game, rules: dict[str, Any], events: list[StoredEvent]) -> StreamView:
    undone = {e.data["rollback_version"] for e in events if e.type == ROLLBACK_UNDONE}
    active: list[StoredEvent] = []
    steps: list[Step] = []
    state = game.new_day(rules)
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
            state = _rebuild(game, rules, active)
            continue
        if event.type == ROLLBACK_UNDONE:
            continue
        game_event = GameEvent(event.type, event.data)
        state = game.evolve(state, game_event)
        active.append(event)
        move_start = move_starts.setdefault(event.message_id, event.version)
        if event.type == game.throw_event:
            throws += 1
            last_throw_at = event.recorded_at
            steps.append(
                Step(
                    event.version,
                    event.message_id,
                    event.recorded_at,
                    game.position(state),
                    dict(event.data),
                    move_start,
                )
            )
        else:
            # A take or an ending belongs to the last throw still standing, not to one voided.
            live = next((step for step in reversed(steps) if step.voided_by is None), None)
            if live is not None:
                live.followed_by.append((event.version, game_event))
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


def _rebuild(game: Game, rules: dict[str, Any], events: list[StoredEvent]) -> Any:
    state = game.new_day(rules)
    for event in events:
        state = game.evolve(state, GameEvent(event.type, event.data))
    return state
