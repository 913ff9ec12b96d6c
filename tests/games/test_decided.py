"""A move's events are folded once: what the rules folded while deciding them is handed back
to the village's replay and to a presenter's steps, for the very table and events decided,
and to nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.api import Decided, replay, steps


@dataclass(frozen=True, slots=True)
class Total:
    n: int


@dataclass(frozen=True, slots=True)
class Add:
    by: int


class Counting:
    """A game of sums whose fold counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def evolve(self, state: Total, event: Add) -> Total:
        self.calls += 1
        return Total(state.n + event.by)


def decided(game: Counting, start: Total, *by: int) -> tuple[Add, ...]:
    decision = Decided(game.evolve, start)
    for amount in by:
        decision.add(Add(amount))
    return decision.done()


def test_the_events_just_decided_are_not_folded_again() -> None:
    game, start = Counting(), Total(1)
    events = decided(game, start, 2, 3)
    game.calls = 0
    assert replay(game, start, list(events)) == Total(6)  # type: ignore[arg-type]
    assert [(s.before, s.after) for s in steps(game.evolve, start, events)] == [
        (Total(1), Total(3)),
        (Total(3), Total(6)),
    ]
    assert game.calls == 0


def test_what_was_drawn_after_them_is_folded_on_from_their_table() -> None:
    game, start = Counting(), Total(1)
    events = decided(game, start, 2)
    game.calls = 0
    folded = list(steps(game.evolve, start, (*events, Add(10))))
    assert [s.after for s in folded] == [Total(3), Total(13)]
    assert game.calls == 1


def test_another_table_or_other_events_are_folded_in_full() -> None:
    game, start = Counting(), Total(1)
    events = decided(game, start, 2, 3)
    game.calls = 0
    # An equal table that is not the one decided on, and equal events that are not the ones
    # decided: both folded, never taken for the decision.
    assert [s.after for s in steps(game.evolve, Total(1), events)] == [Total(3), Total(6)]
    assert [s.after for s in steps(game.evolve, start, (Add(2), Add(3)))] == [
        Total(3),
        Total(6),
    ]
    assert [s.after for s in steps(game.evolve, Total(5), events)] == [Total(7), Total(10)]
    # Fewer events than were decided: folded too.
    assert [s.after for s in steps(game.evolve, start, events[:1])] == [Total(3)]
    assert game.calls == 7
