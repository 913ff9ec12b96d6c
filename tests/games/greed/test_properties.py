"""Random legal play never breaks an invariant of the rules."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.greed import (
    FACES,
    CloseDay,
    EndTurn,
    GreedEvent,
    Move,
    PlayerDay,
    Rules,
    Throw,
    TurnOutcome,
    Variant,
    new_day,
    play,
    replay,
)

rules_strategy = st.builds(
    Rules,
    variant=st.sampled_from(list(Variant)),
    threshold=st.sampled_from([0, 300, 500, 1000]),
    turns_per_day=st.integers(1, 6),
)


def check_invariants(day: PlayerDay) -> None:
    assert day.banked >= 0
    assert all(record.score >= 0 and record.lost >= 0 for record in day.turns)
    assert [r.number for r in day.turns] == list(range(1, len(day.turns) + 1))
    if day.rules.variant is Variant.OFFICIAL:
        assert day.banked == sum(r.score for r in day.turns)
    else:
        assert day.banked == sum(r.score for r in day.turns) - sum(r.day_lost for r in day.turns)
    if day.finished:
        assert day.legal_counts == () and not day.can_end
        return
    turn = day.turn
    assert turn is not None
    assert turn.points >= 0
    assert 1 <= turn.dice_in_hand <= 6
    assert day.legal_counts and all(1 <= n <= 6 for n in day.legal_counts)
    if turn.pending is None:
        assert day.legal_counts == (6,) and not day.can_end
    else:
        assert all(n < turn.pending.dice for n in day.legal_counts)
        assert day.can_end == (day.held >= day.rules.threshold)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), rules=rules_strategy)
def test_random_legal_play_keeps_every_invariant(data: st.DataObject, rules: Rules) -> None:
    day = new_day(rules)
    events: list[GreedEvent] = []
    for _ in range(200):
        if day.finished:
            break
        move: Move
        if data.draw(st.integers(0, 60)) == 0:
            move = CloseDay()
        elif day.can_end and data.draw(st.booleans()):
            move = EndTurn()
        else:
            count = data.draw(st.sampled_from(day.legal_counts))
            faces = data.draw(st.lists(st.sampled_from(FACES), min_size=count, max_size=count))
            move = Throw(tuple(faces))
        turns_before = len(day.turns)
        day, new = play(day, move)
        events.extend(new)
        check_invariants(day)
        # a turn ends only by greed out or Turn End (or the house sweep end, or the day closing)
        for record in day.turns[turns_before:]:
            if isinstance(move, CloseDay):
                assert record.outcome is TurnOutcome.UNFINISHED
            elif record.outcome is TurnOutcome.SWEEP_END:
                assert rules.variant is Variant.HOUSE
            else:
                assert record.outcome in (TurnOutcome.GREED_OUT, TurnOutcome.TURN_END)
        assert replay(events, rules) == day
