"""A presenter tells a move once for its reply and its announcements (`LastTelling`), and
never hands one move's telling to another: the same table, events and names are known by
identity, never by equality."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.api import LastTelling


class Tells:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, before: list[int], events: Sequence[int], names: Sequence[str]) -> str:
        self.calls += 1
        return f"{sum(before) + sum(events)} for {', '.join(names)}"


def test_the_same_move_asked_again_is_told_once() -> None:
    tells = Tells()
    told = LastTelling(tells)
    before, events, names = [1], (2, 3), ("ann",)
    assert told(before, events, names) == told(before, events, names) == "6 for ann"
    assert tells.calls == 1


def test_another_move_or_equal_copies_are_told_anew() -> None:
    tells = Tells()
    told = LastTelling(tells)
    before, events, names = [1], (2, 3), ("ann",)
    told(before, events, names)
    assert told([1], events, names) == "6 for ann"  # an equal table, not the same one
    assert told(before, (2, 3, 4), names) == "10 for ann"
    assert told(before, events, ("bob",)) == "6 for bob"
    assert tells.calls == 4
