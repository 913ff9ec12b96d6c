"""Reply data (ducks.md §6): the kind of what a move did, its params and the `state` JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.api import RuleError
from bot.games.ducks import replies
from bot.games.ducks.game import GAME
from bot.games.ducks.grammar import Malformed, read
from bot.games.ducks.moves import Leave, Pass, Promote, Roll
from bot.games.ducks.odds import chances
from tests.games.ducks.scripted import play

from .scripted import Table

NAMES = ["May", "Kent", "Will"]
TABLE_FIELDS = [
    "round",
    "rounds",
    "start_player",
    "turn_of",
    "seats",
    "round_points",
    "totals",
    "finished",
    "winners",
]
TURN_FIELDS = [
    "player",
    "phase",
    "roll",
    "boss",
    "whites",
    "bucket",
    "out",
    "set_aside",
    "promotions",
    "moves",
    "hand",
    "hand_values",
]


def plain(data: Any) -> bool:
    """Plain JSON: what comes back from a JSON text is equal (a tuple would come back a list)."""
    return bool(json.loads(json.dumps(data)) == data)


def kinds(table: Table) -> list[str]:
    return [key for key, _ in table.replies]


def test_the_state_has_exactly_the_fields_of_section_6() -> None:
    table = Table(NAMES)
    state = replies.position(table.state, NAMES)
    assert list(state) == TABLE_FIELDS + TURN_FIELDS
    assert state == {
        "round": 1,
        "rounds": 3,
        "start_player": "May",
        "turn_of": "May",
        "seats": NAMES,
        "round_points": [],
        "totals": [0, 0, 0],
        "finished": False,
        "winners": [],
        "player": "May",
        "phase": "ready",
        "roll": 0,
        "boss": None,
        "whites": [],
        "bucket": [],
        "out": 5,
        "set_aside": 0,
        "promotions": [],
        "moves": ["roll"],
        "hand": None,
        "hand_values": [],
    }


def test_the_state_of_a_roll_lists_whites_in_order_and_every_promotion() -> None:
    table = Table(NAMES)
    table.move(0, Roll(), "5|6 5 3 2 5")
    state = replies.position(table.state, NAMES)
    assert (state["phase"], state["roll"], state["boss"]) == ("rolled", 1, 5)
    assert state["whites"] == [6, 5, 3, 2, 5]
    assert state["promotions"] == ["5", "2+3", "5+5"]
    assert state["moves"] == ["promote", "pass"]
    table.move(0, Promote((5,)))
    table.move(0, Roll(), "3|3 2 1 6")
    table.move(0, Promote((1, 2)))
    state = replies.position(table.state, NAMES)
    assert state["bucket"] == [5, 1, 2]  # promotion order, each promotion ascending
    assert (state["out"], state["set_aside"], state["moves"]) == (2, 0, ["roll", "stop"])
    assert (state["hand"], state["hand_values"]) == ("one_pair", [5, 5, 1, 0, 0])
    assert plain(state)


def test_after_a_turn_the_reply_is_about_the_finished_turn_and_the_table_moves_on() -> None:
    table = Table(NAMES)
    table.turn("May", "roll 6|6 6 1 1 1; promote 6 6; stop")
    key, params = table.replies[-1]
    assert key == "ducks.stop"
    assert (params["phase"], params["moves"], params["cause"]) == ("stopped", [], "player")
    assert (params["next_seat"], params["next_round"]) == (1, 1)
    finished = replies.position(table.state, NAMES, table.state.last_turn)
    assert (finished["player"], finished["phase"], finished["moves"]) == ("May", "stopped", [])
    assert finished["turn_of"] == "Kent"
    assert finished["bucket"] == [6, 6]


@pytest.mark.parametrize(
    ("script", "kind"),
    [
        ("roll 5|2 3 5 5 6", "ducks.roll"),
        ("roll 1|3 4 6 6 6", "ducks.no_promotion"),
        ("roll 5|2 3 5 5 6; promote 2 3", "ducks.promote"),
        ("roll 5|2 3 5 5 6; pass", "ducks.pass"),
        ("roll 5|2 3 5 5 6; promote 5; stop", "ducks.stop"),
        ("roll 5|5 5 5 5 5; promote 5 5 5 5 5", "ducks.stop"),
        ("roll 1|3 4 6 6 6; roll 1|3 4 6 6; roll 1|3 4 6; roll 1|3 4; roll 1|3", "ducks.bust"),
    ],
)
def test_the_reply_kind_is_what_the_move_did(script: str, kind: str) -> None:
    table = Table(NAMES)
    table.turn("May", script)
    assert table.replies[-1][0] == kind
    assert plain(table.replies[-1][1])


def test_a_combined_message_is_its_last_actions_outcome() -> None:
    table = Table(NAMES)
    table.move(0, Roll(), "5|2 3 5 5 6")
    before = table.state
    events = play(before, 0, [Promote((5, 5)), Roll()], lambda r: (0, 2, 3, 3))
    table.apply(events)
    key, params = replies.outcome(before, events, table.state)
    assert key == "ducks.no_promotion"  # Boss 1, white 3 4 4: nothing to promote
    assert (params["promoted"], params["rolled"], params["roll"]) == ([5, 5], True, 2)


def test_the_time_limit_and_leaving_are_replied_as_what_they_did() -> None:
    table = Table(NAMES)
    table.expire()
    key, params = table.replies[-1]
    assert (key, params["cause"], params["seat"]) == ("ducks.forfeit", "time", 0)
    table.move(1, Roll(), "4|4 1 1 1 1")
    table.move(1, Promote((4,)))
    table.expire()
    assert table.replies[-1][0] == "ducks.stop" and table.replies[-1][1]["cause"] == "time"
    table.move(0, Leave())
    key, params = table.replies[-1]
    assert (key, params["left_seat"], params["ended"]) == ("ducks.left", 0, False)


def test_a_round_and_the_game_end_are_told_to_the_channel() -> None:
    table = Table(["fay", "gus"])
    table.turn("fay", "roll 6|6 1 1 1 1; promote 6; stop")
    table.expire()
    assert [key for key, _ in table.channel] == ["ducks.round_end"]
    ended = table.channel[0][1]
    assert ended["points"] == [2, 0] and ended["totals"] == [2, 0]
    assert ended["ranking"][0]["seat"] == 0 and ended["ranking"][0]["cell"]["hand"] == "high_card"
    assert (ended["next_round"], ended["next_seat"]) == (2, 1)
    table.expire()
    table.expire()
    assert [key for key, _ in table.channel] == [
        "ducks.round_end",
        "ducks.round_end",
        "ducks.game_end",
    ]
    over = table.channel[-1][1]
    assert (over["winners"], over["early"], over["rounds_played"]) == ([0], False, 2)
    assert all(plain(params) for _, params in table.channel)


def test_a_game_ended_by_leaving_is_told_as_early() -> None:
    table = Table(["fay", "gus"])
    table.move(1, Leave())
    assert table.channel == [
        (
            "ducks.game_end",
            {
                "winners": [0],
                "totals": [0, 0],
                "rounds": 2,
                "rounds_played": 0,
                "early": True,
                "left": [1],
                "names": ["fay", "gus"],
            },
        )
    ]


def test_the_score_table_has_every_scored_round_and_the_round_in_progress() -> None:
    table = Table(NAMES)
    table.turn("May", "roll 3|3 3 1 5 6; promote 3 3; stop")
    table.expire()
    table.turn("Will", "roll 2|2 1 1 5 6; promote 2; stop")
    table.expire()
    score = replies.score_table(table.state, NAMES)
    assert [r["round"] for r in score["rounds"]] == [1, 2]
    first, second = score["rounds"]
    assert first["points"] == [3, 0, 2]
    assert [c["result"] for c in first["cells"]] == ["made", "goose_egg", "made"]
    assert first["cells"][2]["values"] == [6]  # a lone wild 2 is a 6
    assert second["points"] is None
    assert [c["result"] for c in second["cells"]] == ["waiting", "goose_egg", "waiting"]
    assert GAME.summary(table.state)["totals"] == [3, 0, 2]
    assert plain(score)


def test_the_status_gives_the_chances_for_the_next_roll() -> None:
    table = Table(NAMES)
    status = replies.status(table.state, NAMES)
    assert status["chances"] == {
        "dice": 5,
        "after_pass": False,
        "promotion": 0.808,
        "promotion_exact": "9427/11664",
        "bust": 0.012,
        "bust_exact": str(chances(5).bust),
    }
    table.turn("May", "roll 5|5 5 1 1 1; promote 5 5; roll 4|4 1 6")
    after_pass = replies.status(table.state, NAMES)["chances"]
    assert after_pass == {**after_pass, "dice": 2, "after_pass": True}


def test_a_refusal_carries_what_is_legal_and_the_names() -> None:
    table = Table(NAMES)
    with pytest.raises(RuleError) as caught:
        GAME.decide(table.state, 2, Pass())
    key, params = replies.refusal(caught.value, table.state, NAMES)
    assert key == "ducks.not_your_turn"
    assert (params["seat"], params["turn_seat"], params["moves"]) == (2, 0, ["roll"])
    assert params["names"] == NAMES and plain(params)


def test_a_malformed_message_is_a_refusal_with_its_reason() -> None:
    table = Table(NAMES)
    reading = read("promote 7")
    assert isinstance(reading, Malformed)
    key, params = replies.malformed(reading, table.state, NAMES)
    assert (key, params["reason"], params["moves"]) == ("ducks.malformed", "unreadable", ["roll"])


def test_a_table_waiting_for_its_start_has_the_same_fields() -> None:
    state = replies.waiting(GAME.settings({"rounds": "2N"}, {}), ["May", "Kent"])
    assert list(state) == TABLE_FIELDS + TURN_FIELDS
    assert (state["phase"], state["rounds"], state["turn_of"]) == ("waiting", 4, None)
