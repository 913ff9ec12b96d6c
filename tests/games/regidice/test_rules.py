"""Refusals (nothing changes), defaults, collisions, the solo table, the round cap, the mark,
abandon, the settings and the words (regidice.md §2, §3, §6)."""

from __future__ import annotations

import pytest

from bot.games.api import RuleError, SettingError, replay
from bot.games.regidice.commands import parse_act, parse_declare, parse_prepare
from bot.games.regidice.dice import Colour, Parity, Token
from bot.games.regidice.events import Declared, GameEnded, PrepareSkipped, Revealed
from bot.games.regidice.game import GAME
from bot.games.regidice.moves import Act, Action, Boost, Declare, Prepare, RegidiceMove
from bot.games.regidice.rules import REFUSALS, abandon, default_loss
from bot.games.regidice.table import Step

from .scripted import ANN, BOB, CID, NAMES, ROUND_1, Table
from .staged import declared, staged
from .test_worked import play_a

USED: set[str] = set()


def refused(state: object, seat: int, move: RegidiceMove, key: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        GAME.decide(state, seat, move)  # type: ignore[arg-type]
    assert caught.value.key == key, caught.value.params
    assert {"step", "round"} <= set(caught.value.params)
    USED.add(key)
    return caught.value


def words_refused(call: object, key: str) -> None:
    with pytest.raises(RuleError) as caught:
        call()  # type: ignore[operator]
    assert caught.value.key == key
    USED.add(key)


def test_declare_refusals() -> None:
    table = Table([ROUND_1])
    state = table.state
    refused(state, 5, Declare(Action.ANIMAL), "regidice.not_player")
    refused(state, ANN, Act(), "regidice.wrong_step")
    refused(state, ANN, Declare(Action.ATTACK), "regidice.value_missing")
    refused(state, ANN, Declare(Action.CAST, None, Colour.RED), "regidice.value_missing")
    refused(state, ANN, Declare(Action.ANIMAL, 3), "regidice.value_extra")
    refused(state, ANN, Declare(Action.HEAL, 3, Colour.RED), "regidice.value_extra")
    refused(state, ANN, Declare(Action.ATTACK, 7), "regidice.value_ill_formed")
    table.move(ANN, Declare(Action.ATTACK, 3))
    table.move(BOB, Declare(Action.CAST, None, Colour.RED, Parity.ODD))
    error = refused(table.state, CID, Declare(Action.BLOCK, 3), "regidice.number_taken")
    assert error.params["by"] == ANN and error.params["free"] == [1, 2, 4, 5, 6]
    error = refused(
        table.state,
        CID,
        Declare(Action.CAST, None, Colour.RED, Parity.ODD),
        "regidice.collection_taken",
    )
    assert "r odd" not in error.params["free"] and "r even" in error.params["free"]  # type: ignore[operator]
    # A parity never clashes with a number; declaring again frees one's own choice.
    table.move(ANN, Declare(Action.BLOCK, 1))
    assert isinstance(table.move(CID, Declare(Action.HEAL, 3))[-1], Revealed)


def test_words_refusals_and_readings() -> None:
    words_refused(lambda: parse_declare("dance", None), "regidice.unknown_action")
    words_refused(lambda: parse_declare("attack", "seven"), "regidice.value_ill_formed")
    words_refused(lambda: parse_act("purple", None, None, NAMES), "regidice.colour_ill_formed")
    words_refused(lambda: parse_act(None, None, "Ann2b", NAMES), "regidice.boost_ill_formed")
    words_refused(lambda: parse_act(None, None, "Dan:2b", NAMES), "regidice.name_unknown")
    words_refused(lambda: parse_prepare("9b", None), "regidice.die_ill_formed")
    assert parse_declare("呪文", "奇数 赤") == Declare(Action.CAST, None, Colour.RED, Parity.ODD)
    assert parse_declare("CAST", "赤奇数") == parse_declare("cast", "Red  Odd")
    assert parse_declare("攻撃", "３") == Declare(Action.ATTACK, 3)
    assert parse_act("Black", "b、k y", "ann:2b, ANN:2b", NAMES) == Act(
        Colour.BLACK,
        (Colour.BLUE, Colour.BLACK, Colour.YELLOW),
        (Boost(ANN, Token(2, Colour.BLUE)),) * 2,
    )
    assert parse_prepare("4b b", "6r*,5黒") == Prepare(
        (Token(4, Colour.BLUE), Colour.BLUE), (Token(6, Colour.RED), Token(5, Colour.BLACK))
    )


def test_act_refusals() -> None:
    state = staged(
        ["2b 4y 3r 3r 3r", "2r 3b", "1r 1y", "1b 3y"],
        [
            declared(Action.ATTACK, 6),
            declared(Action.CAST),
            declared(Action.ANIMAL),
            declared(Action.HEAL, 2),
        ],
        enemy_pips=(3, 3, 3),
    )
    refused(state, ANN, Act(colour=Colour.RED), "regidice.colour_not_cast")
    error = refused(state, BOB, Act(colour=Colour.RED), "regidice.colour_not_castable")
    assert error.params["castable"] == []
    refused(state, ANN, Act(take=(Colour.BLUE,)), "regidice.take_not_heal")
    refused(
        state, ANN, Act(boosts=(Boost(BOB, Token(2, Colour.RED)),)), "regidice.boost_not_animal"
    )
    refused(state, CID, Act(boosts=(Boost(CID, Token(1, Colour.RED)),)), "regidice.boost_own_die")
    refused(state, CID, Act(boosts=(Boost(BOB, Token(5, Colour.RED)),)), "regidice.die_not_held")
    three = (Boost(ANN, Token(2, Colour.BLUE)),) * 3
    refused(state, CID, Act(boosts=three), "regidice.boost_beyond_ones")
    state6 = staged(
        ["6b", "", "1r"],
        [declared(Action.ATTACK, 6), declared(Action.BLOCK, 4), declared(Action.ANIMAL)],
    )
    refused(
        state6, CID, Act(boosts=(Boost(ANN, Token(6, Colour.BLUE)),)), "regidice.boost_above_six"
    )
    # Heal and Cast may name `take:`.
    assert GAME.decide(state, 3, Act(take=(Colour.BLUE,)))


def test_prepare_refusals_and_defaults() -> None:
    table = play_a()  # now in round 2's declare
    table.move(ANN, Declare(Action.ATTACK, 3))
    table.move(BOB, Declare(Action.BLOCK, 4))
    table.move(CID, parse_declare("cast", "red odd"))
    table.expire()
    state = table.state
    assert state.step is Step.PREPARE and state.target == BOB and state.loss == 1
    refused(state, ANN, Prepare(lose=(Colour.RED,)), "regidice.lose_not_target")
    error = refused(state, BOB, Prepare(), "regidice.lose_count")
    assert error.params["loss"] == 1
    refused(state, BOB, Prepare(lose=(Colour.BLUE, Colour.RED)), "regidice.lose_count")
    refused(state, BOB, Prepare(lose=(Token(1, Colour.RED),)), "regidice.die_not_held")
    refused(state, BOB, Prepare(lose=(Colour.BLACK,)), "regidice.colour_not_held")
    # Ann's 6+3 ×4: without two of her 6s only 6+3 ×2 and 3+3+2+1 are left.
    sixes = (Token(6, Colour.RED), Token(6, Colour.BLUE))
    error = refused(state, ANN, Prepare(passes=sixes), "regidice.pass_lowers")
    assert error.params["result"] == 4 and error.params["left"] == 3
    assert "1b" in error.params["passable"]  # type: ignore[operator]
    assert GAME.decide(state, ANN, Prepare(passes=(Token(1, Colour.BLUE), Token(3, Colour.BLUE))))
    assert GAME.decide(state, ANN, Prepare(passes=sixes[:1]))  # 6+3 ×3 and 3+3+2+1
    # The default: Bob holds most blue (3), loses his lowest blue.
    hand = state.hand(BOB)
    assert default_loss(hand, 1) == (Token(4, Colour.BLUE),)
    assert default_loss(hand, 4) == (
        Token(4, Colour.BLUE),  # b 3 → 2; then r b y 2 each: ties y b r
        Token(4, Colour.YELLOW),
        Token(4, Colour.BLUE),
        Token(2, Colour.RED),
    )


def test_pass_spent_and_solo_refusals() -> None:
    state = staged(
        ["2b 4y", "3r 4r 5r", "1r 1y 5b"],
        [declared(Action.ATTACK, 6), declared(Action.BLOCK, 4), declared(Action.ANIMAL)],
        enemy_pips=(1, 1, 2),
    )
    from bot.games.api import replay

    state = replay(
        GAME, state, GAME.decide(state, CID, Act(boosts=(Boost(ANN, Token(2, Colour.BLUE)),)))
    )
    state = replay(GAME, state, GAME.expire(state))
    assert state.step is Step.PREPARE and state.target == BOB
    refused(state, CID, Prepare(passes=(Token(1, Colour.RED),)), "regidice.pass_spent")
    assert GAME.decide(state, CID, Prepare(passes=(Token(1, Colour.YELLOW),)))
    solo = Table(names=("Ann",))
    refused(solo.state, ANN, Declare(Action.ATTACK, 3), "regidice.solo_value")
    solo.move(ANN, Declare(Action.ATTACK))
    solo.expire()
    if solo.state.step is Step.PREPARE:
        refused(solo.state, ANN, Prepare(passes=(Token(1, Colour.RED),)), "regidice.pass_solo")
    else:
        with pytest.raises(RuleError):
            GAME.decide(solo.state, ANN, Prepare(passes=(Token(1, Colour.RED),)))
        USED.add("regidice.pass_solo")


def test_game_over_and_rolling() -> None:
    table = Table([ROUND_1])
    state = table.state.__class__(**{**{f: getattr(table.state, f) for f in table.state.__slots__}})  # type: ignore[attr-defined]
    ended = table.apply(abandon(state))
    assert ended == (GameEnded("abandoned"),) and table.state.result == "abandoned"
    refused(table.state, ANN, Declare(Action.ANIMAL), "regidice.game_over")
    assert GAME.mark(table.state) is None and abandon(table.state) == ()
    fresh = GAME.new(GAME.settings({}, {}), 2)
    refused(fresh, ANN, Declare(Action.ANIMAL), "regidice.rolling")


def test_every_refusal_is_listed() -> None:
    # The refusals the tests above raise, run here again: the suite runs in several
    # processes, and this test may not follow them in its own.
    for refusals in (
        test_declare_refusals,
        test_words_refusals_and_readings,
        test_act_refusals,
        test_prepare_refusals_and_defaults,
        test_pass_spent_and_solo_refusals,
        test_game_over_and_rolling,
    ):
        refusals()
    listed = {key for key, _ in REFUSALS}
    assert listed >= USED
    # Only the presenter's key is not raised by these rules and words.
    assert listed - USED <= {"regidice.key_needed"}, listed - USED


def test_the_defaults_at_the_deadline() -> None:
    table = Table([ROUND_1])
    events = table.expire()
    declared_events = [e for e in events if isinstance(e, Declared)]
    assert all(e.action is Action.ANIMAL and e.timed_out for e in declared_events)
    assert len(declared_events) == 3


def test_sealed_declarations_are_hidden_and_collide() -> None:
    table = Table([ROUND_1], settings={"declare": "非公開", "dice": "3"})
    table.move(ANN, Declare(Action.ATTACK, 3))
    view = GAME.observe(table.state, None)
    assert all(p["declaration"] is None for p in view["players"])  # type: ignore[index, union-attr]
    assert GAME.observe(table.state, ANN)["declaration"]["number"] == 3  # type: ignore[index, call-overload]
    table.move(BOB, Declare(Action.BLOCK, 3))  # not refused in a sealed table
    events = table.move(CID, Declare(Action.HEAL, 3))
    assert isinstance(events[-1], Revealed) and events[-1].collided == (BOB, CID)


def test_mark_changes_when_a_step_opens_only() -> None:
    table = Table([ROUND_1])
    assert GAME.mark(table.state) == (1, 1)
    table.move(ANN, Declare(Action.ATTACK, 3))
    assert GAME.mark(table.state) == (1, 1)
    table.expire()
    assert GAME.mark(table.state) == (1, 2)
    assert GAME.to_move(table.state) == frozenset({0, 1, 2})


def test_round_cap_and_skipped_prepare() -> None:
    table = Table(names=("Ann", "Bob"), settings={"rounds": "2"})
    while not GAME.finished(table.state):
        table.expire()
    assert table.state.result in ("lost", "won")
    if table.state.result == "lost" and table.state.reason == "out_of_rounds":
        assert table.state.round == 2
    assert any(isinstance(e, PrepareSkipped) for e in table.events) or table.state.round <= 2


def test_all_animals_end_out_of_rounds() -> None:
    """Everybody Animal with no boosts: no damage, no block, so a loss each round."""
    table = Table(names=("Ann", "Bob"), settings={"rounds": "1", "dice": "9"})
    table.expire()
    table.expire()
    while not GAME.finished(table.state):
        table.expire()
    assert (table.state.result, table.state.reason, table.state.round) == (
        "lost",
        "out_of_rounds",
        1,
    )


def test_settings() -> None:
    assert GAME.settings({}, {}) == {
        "declare": "open",
        "dice": None,
        "deadline": 12,
        "rounds": None,
    }
    changed = GAME.settings({"declare": "公開", "dice": "５", "deadline": "off", "rounds": "0"}, {})
    assert changed == {"declare": "open", "dice": 5, "deadline": None, "rounds": 0}
    for key, value in (
        ("declare", "x"),
        ("dice", "1"),
        ("dice", "10"),
        ("deadline", "169"),
        ("rounds", "1000"),
        ("colour", "red"),
    ):
        with pytest.raises(SettingError):
            GAME.settings({key: value}, {})
    assert GAME.new(GAME.settings({"dice": "2"}, {}), 4).setup.dice == 2


def test_a_casters_colours_follow_the_boosts_others_submitted() -> None:
    """The colours offered to a caster are those `decide` accepts: counted on the hand as
    the boosts already submitted leave it, which can make a colour castable or not."""
    state = staged(
        ["", "1r 2r 2r 3b 3b 3b", "1y"],
        [declared(Action.ATTACK, 6), declared(Action.CAST), declared(Action.ANIMAL)],
        enemy_pips=(2, 2, 2),
    )
    assert Act(colour=Colour.RED) not in GAME.legal_moves(state, BOB)
    boosted = replay(
        GAME, state, GAME.decide(state, CID, Act(boosts=(Boost(BOB, Token(1, Colour.RED)),)))
    )
    assert Act(colour=Colour.RED) in GAME.legal_moves(boosted, BOB)
    GAME.decide(boosted, BOB, Act(colour=Colour.RED))
    state = staged(
        ["", "2r 2r 2r 2b 2b 2b", "1y"],
        [declared(Action.ATTACK, 6), declared(Action.CAST), declared(Action.ANIMAL)],
        enemy_pips=(2, 2, 2),
    )
    boosted = replay(
        GAME, state, GAME.decide(state, CID, Act(boosts=(Boost(BOB, Token(2, Colour.RED)),)))
    )
    assert Act(colour=Colour.RED) not in GAME.legal_moves(boosted, BOB)
    assert Act(colour=Colour.BLUE) in GAME.legal_moves(boosted, BOB)
    refused(boosted, BOB, Act(colour=Colour.RED), "regidice.colour_not_castable")
