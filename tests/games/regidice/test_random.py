"""Random games to their end with random legal moves (bounded): every game ends, the public
view never shows a pip before its reveal, replaying the events rebuilds the table, and every
event round-trips through JSON."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.api import Encoded, replay
from bot.games.regidice.events import Rolled
from bot.games.regidice.game import GAME
from bot.games.regidice.table import Step

LONG = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]


def pips_shown(view: Any) -> list[str]:
    """Every token with pips in the public view's players."""
    shown: list[str] = []
    for player in view["players"]:
        shown += player.get("hand", [])
    return shown


@settings(max_examples=20, deadline=None, suppress_health_check=LONG)
@given(data=st.data())
def test_random_games_end_and_hide_pips(data: st.DataObject) -> None:
    seats = data.draw(st.integers(1, 4))
    changes = {
        "declare": data.draw(st.sampled_from(["open", "sealed"])),
        "dice": str(data.draw(st.integers(2, 4))),
        "rounds": str(data.draw(st.integers(1, 6))),
    }
    table_settings = GAME.settings(changes, {})
    state = GAME.new(table_settings, seats)
    events: list[Any] = []
    for _ in range(400):
        request = GAME.chance(state)
        if request is not None:
            outcome = tuple(data.draw(st.integers(0, 5)) for _ in range(request.draw.count))  # type: ignore[union-attr]
            new = GAME.resolve(state, outcome)
        elif GAME.finished(state):
            break
        elif data.draw(st.integers(0, 5)) == 0:
            new = GAME.expire(state)
        else:
            seat = data.draw(st.sampled_from(sorted(GAME.to_move(state))))
            moves = list(GAME.legal_moves(state, seat))
            assert moves
            new = GAME.decide(state, seat, data.draw(st.sampled_from(moves)))
        events += new
        state = replay(GAME, state, new)
        view = GAME.observe(state, None)
        if state.step is Step.DECLARE:
            locked = [t for p in view["players"] for t in p["locked"]]  # type: ignore[union-attr, index]
            assert pips_shown(view) == [] and all(t.endswith("*") for t in locked)
            if state.setup.sealed:
                assert all(p["declaration"] is None for p in view["players"])  # type: ignore[union-attr, index]
        for viewer in range(seats):
            assert GAME.observe(state, viewer)["hand"] is not None
    assert GAME.finished(state)
    assert state.result in ("won", "lost") and GAME.mark(state) is None
    assert replay(GAME, GAME.new(table_settings, seats), events) == state
    for event in events:
        stored = GAME.codec.encode(event)
        loaded = json.loads(json.dumps({"t": stored.type, "d": stored.data, "v": stored.version}))
        assert GAME.codec.decode(Encoded(loaded["t"], loaded["d"], loaded["v"])) == event
    assert any(isinstance(e, Rolled) for e in events)


@settings(max_examples=10, deadline=None, suppress_health_check=LONG)
@given(data=st.data())
def test_two_rolls_look_the_same_in_public(data: st.DataObject) -> None:
    seats = data.draw(st.integers(2, 4))
    state = GAME.new(GAME.settings({"declare": "sealed"}, {}), seats)
    request = GAME.chance(state)
    assert request is not None and request.seen_by == frozenset()
    n = request.draw.count  # type: ignore[union-attr]
    first = tuple(data.draw(st.integers(0, 5)) for _ in range(n))
    second = tuple(data.draw(st.integers(0, 5)) for _ in range(n))
    a = replay(GAME, state, GAME.resolve(state, first))
    b = replay(GAME, state, GAME.resolve(state, second))
    assert GAME.observe(a, None) == GAME.observe(b, None)
