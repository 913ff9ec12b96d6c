"""Tables set up in the middle of a round (regidice.md §9 C–F): hands, enemy and pool as the
examples give them, at the start of the act step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.games.regidice.commands import parse_token
from bot.games.regidice.dice import colour_of
from bot.games.regidice.moves import Action
from bot.games.regidice.settings import Setup
from bot.games.regidice.table import (
    Declaration,
    Die,
    Place,
    RegidiceState,
    Step,
    all_ids,
    enemy_ids,
)


def staged(
    hands: Sequence[str],
    declarations: Sequence[Declaration],
    enemy: int = 1,
    enemy_pips: Sequence[int] = (1, 1, 1),
    pool: str = "",
    lead: int = 0,
    defeated: int | None = None,
    dice: int = 9,
    sealed: bool = False,
    step: Step = Step.ACT,
    extra: Mapping[str, object] | None = None,
) -> RegidiceState:
    """A table whose seat s holds `hands[s]` (tokens, space-separated) and has declared
    `declarations[s]`; the enemy `enemy` shows `enemy_pips`; the pool holds `pool`'s tokens.
    Every other die is out of play (in the reserve)."""
    setup = Setup(players=len(hands), dice=dice, sealed=sealed, rounds=50)
    free = list(all_ids(setup))
    placed: dict[str, Die] = {}
    for number in range(1, enemy + 1):
        for i in enemy_ids(number):
            free.remove(i)
    for i, pips in zip(enemy_ids(enemy), enemy_pips, strict=True):
        placed[i] = Die(i, pips, Place.ENEMY)

    def take(text: str, place: Place, seat: int | None) -> None:
        for word in text.split():
            token = parse_token(word)
            assert token is not None, word
            i = next(d for d in free if colour_of(d) is token.colour)
            free.remove(i)
            placed[i] = Die(i, token.pips, place, seat)

    for seat, hand in enumerate(hands):
        take(hand, Place.HAND, seat)
    take(pool, Place.POOL, None)
    everything = tuple(placed.get(i, Die(i, 1, Place.RESERVE)) for i in all_ids(setup))
    state = RegidiceState(
        setup,
        everything,
        round=3,
        step=step,
        lead=lead,
        enemy=enemy,
        defeated=enemy - 1 if defeated is None else defeated,
        revealed=step is not Step.DECLARE,
        declarations=tuple(declarations),
        acts=(None,) * len(hands),
        preparations=(None,) * len(hands),
        round_enemy=tuple(enemy_pips),
    )
    return replace(state, **dict(extra or {}))  # type: ignore[arg-type]


def declared(action: Action, number: int | None = None) -> Declaration:
    return Declaration(action, number)
