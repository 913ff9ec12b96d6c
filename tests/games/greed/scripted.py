"""Scripted play for engine tests: faces written as tokens, moves applied through `play`."""

from __future__ import annotations

from bot.games.greed import (
    EndTurn,
    GreedEvent,
    PlayerDay,
    Rules,
    Throw,
    new_day,
    parse_faces,
    play,
)

TE = "TE"


def run(
    script: list[str], day: PlayerDay | None = None, rules: Rules | None = None
) -> tuple[PlayerDay, list[GreedEvent]]:
    """Play each line: faces to throw (`"D G $ R R Eb"`) or `TE`. Returns the day and all events."""
    day = day or new_day(rules)
    events: list[GreedEvent] = []
    for line in script:
        move = EndTurn() if line == TE else Throw(parse_faces(line))
        day, new = play(day, move)
        events.extend(new)
    return day, events
