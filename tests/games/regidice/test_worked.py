"""regidice.md §9's worked examples: A and B played move by move from their `@dice` lines,
C–F from tables set up as they describe."""

from __future__ import annotations

from bot.games.api import replay
from bot.games.regidice.commands import parse_act, parse_declare, parse_prepare
from bot.games.regidice.dice import Colour
from bot.games.regidice.events import (
    Damaged,
    Defeated,
    GameEnded,
    Healed,
    Paid,
    Passed,
    Results,
    Revealed,
    SeatResult,
    Spoil,
    Suffered,
)
from bot.games.regidice.game import GAME
from bot.games.regidice.moves import Act, Action, Boost, Declare, Prepare
from bot.games.regidice.rules import expire
from bot.games.regidice.table import Step

from .scripted import ANN, BOB, CID, NAMES, ROUND_1, ROUND_2, Table
from .staged import declared, staged


def only(events: object, kind: type) -> object:
    assert isinstance(events, tuple)
    (found,) = (e for e in events if isinstance(e, kind))
    return found


def enemy(table: Table) -> dict[str, object]:
    view = GAME.observe(table.state, None)["enemy"]
    assert isinstance(view, dict)
    return view


def play_a() -> Table:
    table = Table([ROUND_1, ROUND_2])
    assert (table.state.round, table.state.lead, table.state.step) == (1, ANN, Step.DECLARE)
    assert enemy(table) == {"number": 1, "pips": [1, 1, 1], "defence": 3, "hp": 15, "attack": 3}
    table.move(ANN, parse_declare("attack", "3"))
    table.move(BOB, parse_declare("block", "5"))
    events = table.move(CID, parse_declare("attack", "1"))
    assert isinstance(events[-1], Revealed) and events[-1].collided == ()
    assert sorted(table.hand(ANN)) == sorted(["6r", "2b", "4y", "6y", "3r", "3b", "3y", "3y"])
    assert sorted(table.hand(BOB)) == sorted(["2r", "6b", "2y", "5r", "5r", "5b", "5y", "5b"])
    assert sorted(table.hand(CID)) == sorted(
        ["4r", "6r", "4b", "2b", "6b", "6y", "1r", "1y", "1r", "1y", "1b"]
    )
    events = table.expire()  # everyone acts for the best result
    results = only(events, Results)
    assert isinstance(results, Results)
    ann, bob, cid = results.results
    assert (ann.value, ann.split) == (4, ((3,), (3,), (3,), (3,)))
    assert (bob.value, bob.split) == (3, ((5, 5, 5, 5, 5),))
    assert cid.value == 2 and sorted(map(sorted, cid.split)) == [[1, 1, 1], [1, 2]]
    assert only(events, Damaged) == Damaged(1, 6, 15, (1, 1, 1), (3, 3, 3))
    assert only(events, Suffered) == Suffered(3, 3, 0, None)
    assert enemy(table) == {"number": 1, "pips": [3, 3, 3], "defence": 9, "hp": 9, "attack": 3}
    assert table.state.step is Step.PREPARE and table.state.target is None
    table.move(CID, parse_prepare(None, "6r,6b,6y"))
    events = table.expire()
    passed = only(events, Passed)
    assert isinstance(passed, Passed) and (passed.seat, passed.to) == (CID, ANN)
    # Round 2 has begun: Ann's passed dice kept their pips, locked until this roll.
    assert table.state.round == 2 and table.state.lead == BOB
    for die in passed.dice:
        assert table.state.die(die).pips == 6 and table.state.die(die).seat == ANN
    return table


def test_a_collecting_attack_block_passing() -> None:
    table = play_a()
    # The passed dice were not rolled: round 2's roll scripted Ann's 8 other dice.
    assert {"6r", "6b", "6y"} <= set(table.hand(ANN))


def test_a_passes_are_locked_until_the_next_roll() -> None:
    table = Table([ROUND_1])
    table.move(ANN, parse_declare("attack", "3"))
    table.move(BOB, parse_declare("block", "5"))
    table.move(CID, parse_declare("attack", "1"))
    table.expire()
    table.move(CID, parse_prepare(None, "6r,6b,6y"))
    before = table.state
    table.state = replay(GAME, before, expire(before))
    ann = GAME.observe(table.state, ANN)["hand"]
    assert isinstance(ann, list) and {"6r*", "6b*", "6y*"} <= set(ann)
    locked = GAME.observe(table.state, None)["players"]
    assert isinstance(locked, list) and locked[0]["locked"] == ["6r*", "6b*", "6y*"]  # type: ignore[index]


def test_b_spell_priority_red_spell_suffer() -> None:
    table = play_a()
    table.move(ANN, Declare(Action.ATTACK, 3))
    table.move(BOB, Declare(Action.BLOCK, 4))
    table.move(CID, parse_declare("呪文", "赤 奇数"))
    assert sorted(table.hand(ANN)) == sorted(
        ["1b", "2y", "6y", "3b", "3y", "3b", "3y", "3b", "6r", "6b", "6y"]
    )
    assert sorted(table.hand(BOB)) == sorted(["4r", "2r", "4b", "6b", "5y", "4y", "4b"])
    assert table.hand(CID).count("3r") == 3 and "3r" not in table.hand(ANN)
    events = table.expire()
    results = only(events, Results)
    assert isinstance(results, Results)
    ann, bob, cid = results.results
    assert (ann.value, ann.split) == (4, ((6, 3),) * 4)
    assert bob.value == 2
    assert (cid.value, cid.spell, cid.damage) == (3, Colour.RED, 3)
    assert only(events, Damaged) == Damaged(1, 7, 9, (3, 3, 3), (6, 5, 5))
    assert enemy(table) == {"number": 1, "pips": [6, 5, 5], "defence": 16, "hp": 2, "attack": 3}
    assert only(events, Suffered) == Suffered(3, 2, 1, BOB)
    assert (table.state.target, table.state.loss) == (BOB, 1)
    events = table.expire()  # Bob loses a blue die: he holds most blue
    paid = only(events, Paid)
    assert isinstance(paid, Paid) and paid.seat == BOB and paid.dice[0].startswith("B")
    assert GAME.observe(table.state, None)["injured"] == ["b"]
    assert table.state.round == 3


def test_c_defeat_and_spoils() -> None:
    state = staged(
        ["6r 6r 4r 6b 5b 5b", "6y 5y 5y", ""],
        [declared(Action.ATTACK, 2), declared(Action.ATTACK, 3), declared(Action.ANIMAL)],
        enemy_pips=(6, 5, 5),
    )
    events = expire(state)
    results = only(events, Results)
    assert isinstance(results, Results)
    assert [r.value for r in results.results] == [2, 1, 0]
    assert only(events, Defeated) == Defeated(
        1, 1, False, (Spoil("K1", ANN), Spoil("K2", BOB), Spoil("K3", ANN))
    )
    after = replay(GAME, state, events)
    assert all(after.die(k).pips == 6 for k in ("K1", "K2", "K3"))
    assert after.enemy == 2 and after.enemy_pips == (1, 1, 1, 1)
    assert GAME.observe(after, None)["enemy"] == {
        "number": 2,
        "pips": [1, 1, 1, 1],
        "defence": 4,
        "hp": 20,
        "attack": 4,
    }
    assert not any(isinstance(e, Suffered) for e in events)


def test_c_an_exact_kill_sends_the_dice_to_the_pool() -> None:
    state = staged(
        ["6r 6r 4r 6b 5b 5b", "", ""],
        [declared(Action.ATTACK, 2), declared(Action.BLOCK, 3), declared(Action.ANIMAL)],
        enemy_pips=(6, 5, 5),
    )
    events = expire(state)
    assert only(events, Defeated) == Defeated(
        1, 0, False, (Spoil("K1", None), Spoil("K2", None), Spoil("K3", None))
    )
    assert GAME.observe(replay(GAME, state, events), None)["injured"] == ["k", "k", "k"]


def test_d_sealed_collision_in_lead_order() -> None:
    state = staged(
        ["5r 5b 2y", "5y 5r 1b", "3r"],
        [declared(Action.ATTACK, 5), declared(Action.BLOCK, 5), declared(Action.ANIMAL)],
        lead=CID,
        sealed=True,
        step=Step.DECLARE,
    )
    state = replay(GAME, state, ())
    from dataclasses import replace

    state = replace(state, declarations=(None, None, None))
    table_events = GAME.decide(state, ANN, Declare(Action.ATTACK, 5))
    state = replay(GAME, state, table_events)
    state = replay(GAME, state, GAME.decide(state, BOB, Declare(Action.BLOCK, 5)))
    events = GAME.decide(state, CID, Declare(Action.ANIMAL))
    revealed = events[-1]
    assert isinstance(revealed, Revealed) and revealed.collided == (BOB,)
    after = replay(GAME, state, events)
    assert sorted(t for t in GAME.observe(after, ANN)["hand"]) == sorted(  # type: ignore[union-attr]
        ["5r", "5b", "5y", "5r", "2y"]
    )
    players = GAME.observe(after, None)["players"]
    assert isinstance(players, list)
    assert players[BOB]["declaration"]["collided"] is True  # type: ignore[index, call-overload]


def test_e_animal_boosts_and_heal() -> None:
    state = staged(
        ["2b 4y 6r", "2r 3b 4y 4r 5b 6y", "1r 1y"],
        [declared(Action.ATTACK, 6), declared(Action.HEAL, 4), declared(Action.ANIMAL)],
        pool="4b 2k",
    )
    state = replay(
        GAME, state, GAME.decide(state, CID, parse_act(None, None, "Ann:2b,Ann:4y", NAMES))
    )
    assert heal_of(state) == 3
    events = expire(state)
    after = replay(GAME, state, events)
    assert sorted(GAME.observe(after, ANN)["hand"]) == sorted(["3b", "5y", "6r"])  # type: ignore[type-var]
    healed = only(events, Healed)
    assert isinstance(healed, Healed) and healed.seat == BOB and healed.heal == 3
    assert [d[0] for d in healed.dice] == ["K", "B"]  # black first
    results = only(events, Results)
    assert isinstance(results, Results)
    assert results.results[CID] == SeatResult(
        CID, Action.ANIMAL, 2, ((1, 1),), None, results.results[CID].spent
    )
    assert len(results.results[CID].spent) == 2
    assert results.results[BOB].split == ((2, 3, 4, 5, 6),)


def heal_of(state: object) -> int:
    from bot.games.regidice.scoring import counts, heal_value

    return heal_value(counts([2, 3, 4, 4, 5, 6]))


def test_f_defeat_by_loss_and_progress() -> None:
    state = staged(
        ["5r 5r 2b", "1b 1b 1y", "4y"],
        [declared(Action.HEAL, 1), declared(Action.BLOCK, 2), declared(Action.ATTACK, 6)],
        enemy=3,
        enemy_pips=(4, 4, 3, 3, 3),
    )
    assert state.progress == 15 + 20 + 12
    events = expire(state)
    results = only(events, Results)
    assert isinstance(results, Results) and results.results[ANN].value == 0
    assert only(events, Suffered) == Suffered(5, 1, 4, BOB)
    assert events[-1] == GameEnded("lost", "defeated")
    after = replay(GAME, state, events)
    assert GAME.finished(after) and GAME.summary(after)["progress"] == 47
    assert GAME.scores(after) == {0: 47, 1: 47, 2: 47}


def test_e_boost_shown_as_submitted() -> None:
    state = staged(
        ["2b", "", "1r"],
        [declared(Action.ATTACK, 6), declared(Action.BLOCK, 4), declared(Action.ANIMAL)],
    )
    after = replay(GAME, state, GAME.decide(state, CID, Act(boosts=(Boost(ANN, _t("2b")),))))
    players = GAME.observe(after, None)["players"]
    assert isinstance(players, list)
    assert players[CID]["boosts"] == [{"seat": ANN, "die": "B1", "pips": 2}]  # type: ignore[index, call-overload]
    # Bob's own prepare is still to come; an empty prepare is a Prepare().
    assert Prepare() == parse_prepare(None, None)


def _t(text: str):  # type: ignore[no-untyped-def]
    from bot.games.regidice.commands import parse_token

    return parse_token(text)
