"""The presenter tells each move of its own events: the telling it keeps between a move's
reply and its announcements never answers another move, nor the same table told other
events."""

from __future__ import annotations

from bot.games.gleek.events import GleekEvent
from bot.games.gleek.game import GAME
from bot.games.gleek.presenter import GleekPresenter
from bot.games.gleek.table import GleekState

from .scripted import NAMES, Table, seeded

Move = tuple[GleekState, tuple[GleekEvent, ...], GleekState]


def moves_of_a_table() -> list[Move]:
    table = Table(seeded(bytes(range(32))))
    played: list[Move] = []
    while not table.state.finished:
        before = table.state
        (seat,) = GAME.to_move(before)
        events = table.move(seat, GAME.legal_moves(before, seat)[0])
        played.append((before, events, table.state))
    return played


def told(presenter: GleekPresenter, move: Move) -> tuple[object, object]:
    before, events, after = move
    return (
        presenter.outcome(before, events, after, NAMES),
        presenter.announcements(before, events, after, NAMES),
    )


def test_each_move_is_told_as_a_fresh_presenter_tells_it_whatever_was_told_before() -> None:
    moves = [m for m in moves_of_a_table() if len(m[1]) > 1]
    assert len(moves) > 10
    shared = GleekPresenter()
    for move, other in zip(moves, reversed(moves), strict=True):
        before, events, after = move
        # Another move told in between, then this one's announcements before its reply.
        shared.outcome(other[0], other[1], other[2], NAMES)
        announced = shared.announcements(before, events, after, NAMES)
        assert announced == told(GleekPresenter(), move)[1]
        assert told(shared, move) == told(GleekPresenter(), move)
        # The same table told fewer events (an equal tuple, not the same one) is told anew.
        first = events[:1]
        assert told(shared, (before, first, after)) == told(
            GleekPresenter(), (before, first, after)
        )
