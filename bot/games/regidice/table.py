"""A Regidice table's state and how each event changes it (`evolve`).

Every die of the game is in the state from the start, in id order, each with its place: a
player's hand, the current enemy, the injured pool, or the reserve (the enemies still to
come). Seats are 0 … N − 1; seat s passes to seat (s + 1) % N, its left neighbour.

A step's submissions are kept apart from the dice (`declarations`, `acts`, `preparations`)
until the step closes: a submission may be replaced, and only the closing events move dice.
Events come from the game's `decide`, `resolve` and `expire`, so `evolve` trusts them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Final, TypeVar

from bot.games.regidice.dice import (
    BLACK_DICE,
    Colour,
    Parity,
    colour_of,
    die_id,
    sort_ids,
    starting_ids,
)
from bot.games.regidice.events import (
    Acted,
    Boosted,
    BoostOn,
    Damaged,
    Declared,
    Defeated,
    GameEnded,
    Healed,
    Paid,
    Passed,
    Prepared,
    PrepareOpened,
    PrepareSkipped,
    RegidiceEvent,
    Results,
    Revealed,
    Rolled,
    RoundEnded,
    SeatResult,
    Suffered,
)
from bot.games.regidice.moves import Action
from bot.games.regidice.scoring import ENEMY_DICE
from bot.games.regidice.settings import Setup

ENEMY_HP_PER_DIE: Final = 6
ENEMIES: Final = len(ENEMY_DICE)
ENEMY_PROGRESS: Final[tuple[int, ...]] = (15, 20, 25)
"""§5: what each defeated enemy adds to the progress (its HP at the start)."""


class Step(enum.StrEnum):
    """§7's steps; `roll` is a round waiting for its roll (never seen in a reply: the village
    draws it at once)."""

    ROLL = "roll"
    DECLARE = "declare"
    ACT = "act"
    PREPARE = "prepare"
    ENDED = "ended"


STEP_NUMBERS: Final = {Step.ROLL: 0, Step.DECLARE: 1, Step.ACT: 2, Step.PREPARE: 3}


class Place(enum.StrEnum):
    HAND = "hand"
    ENEMY = "enemy"
    POOL = "pool"
    RESERVE = "reserve"


@dataclass(frozen=True, slots=True)
class Die:
    id: str
    pips: int
    place: Place
    seat: int | None = None
    """The holder, for a die in a hand."""
    locked: bool = False
    """Passed this round: it keeps its pips through the next roll (§3.5)."""

    @property
    def colour(self) -> Colour:
        # The rules ask a die's colour very often (every hand, every count): a dictionary
        # lookup by the id's letter, not `colour_of`'s parse through the enum.
        return _COLOUR_OF_LETTER[self.id[0]]


_COLOUR_OF_LETTER: Final = {d.upper(): colour_of(d) for d in ("r", "b", "y", "k")}


@dataclass(frozen=True, slots=True)
class Declaration:
    action: Action
    number: int | None = None
    colour: Colour | None = None
    parity: Parity | None = None

    @property
    def collects(self) -> bool:
        return self.number is not None or self.colour is not None


@dataclass(frozen=True, slots=True)
class ActChoice:
    colour: Colour | None = None
    take: tuple[Colour, ...] = ()
    boosts: tuple[BoostOn, ...] = ()


@dataclass(frozen=True, slots=True)
class Preparation:
    lose: tuple[str, ...] = ()
    passes: tuple[str, ...] = ()


@cache
def enemy_ids(enemy: int) -> tuple[str, ...]:
    """Enemy 1 is K1–K3, enemy 2 K4–K7, enemy 3 K8–K12 (§4)."""
    first = sum(ENEMY_DICE[: enemy - 1]) + 1
    return tuple(die_id(Colour.BLACK, n) for n in range(first, first + ENEMY_DICE[enemy - 1]))


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round as everyone saw it once it was over, for `/regidice log round:`."""

    round: int
    lead: int
    enemy: int
    enemy_before: tuple[int, ...]
    declarations: tuple[Declaration | None, ...]
    collided: frozenset[int]
    results: tuple[SeatResult, ...]
    enemy_after: tuple[int, ...]
    defeated: bool
    target: int | None
    loss: int


@dataclass(frozen=True, slots=True)
class RegidiceState:
    setup: Setup
    dice: tuple[Die, ...]
    """Every die, in id order."""
    round: int = 0
    """From 1; the last round begun (0 before the first roll)."""
    step: Step = Step.ROLL
    lead: int = 0
    enemy: int = 1
    """The current enemy, 1 to 3 (3 still after its defeat)."""
    defeated: int = 0
    revealed: bool = False
    """This round's pips are public (from the reveal until the next roll)."""
    declarations: tuple[Declaration | None, ...] = ()
    collided: frozenset[int] = frozenset()
    acts: tuple[ActChoice | None, ...] = ()
    preparations: tuple[Preparation | None, ...] = ()
    submitted: frozenset[int] = frozenset()
    """Who is done in the step (in Prepare, also those with nothing to do)."""
    round_enemy: tuple[int, ...] = ()
    """The enemy's pips at the round's start: the defence every result is computed for."""
    results: tuple[SeatResult, ...] = ()
    acting: tuple[tuple[str, ...], ...] = ()
    """Each seat's dice as it acted (after the boosts): what a pass may not weaken."""
    fresh: frozenset[str] = frozenset()
    """Dice healed or won as spoils this round: always passable."""
    target: int | None = None
    loss: int = 0
    result: str | None = None
    reason: str | None = None
    round_enemy_number: int = 1
    """The enemy the round began against (the next one is current once it is defeated)."""
    history: tuple[RoundRecord, ...] = ()
    """The rounds played to their end, oldest first."""

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def finished(self) -> bool:
        return self.step is Step.ENDED

    @property
    def solo(self) -> bool:
        return self.setup.players == 1

    def die(self, die: str) -> Die:
        return self.dice[_index(self.setup)[die]]

    def hand(self, seat: int) -> tuple[Die, ...]:
        """`seat`'s dice, in id order (no dice for a seat not at the table)."""
        if seat not in range(self.setup.players):
            return ()
        return _places(self.dice, self.setup.players)[seat]

    def pool(self) -> tuple[Die, ...]:
        return _places(self.dice, self.setup.players)[-1]

    def enemy_dice(self) -> tuple[Die, ...]:
        return tuple(self.die(i) for i in enemy_ids(self.enemy))

    def die_group(self, enemy: int) -> tuple[Die, ...]:
        """The dice of enemy `enemy`, wherever they are now."""
        return tuple(self.die(i) for i in enemy_ids(enemy))

    @property
    def enemy_pips(self) -> tuple[int, ...]:
        return tuple(d.pips for d in self.enemy_dice())

    def lead_order(self) -> tuple[int, ...]:
        """The seats from the lead onwards: it breaks every tie (§3)."""
        n = self.players
        return tuple((self.lead + k) % n for k in range(n))

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    @property
    def progress(self) -> int:
        """§5: 15, 20, 25 per defeated enemy, plus the current enemy's 🎯 − n (60: won)."""
        done = sum(ENEMY_PROGRESS[: self.defeated])
        if self.defeated >= ENEMIES:
            return done
        pips = self.enemy_pips
        return done + sum(pips) - len(pips)


_PLACES: Final[dict[int, tuple[tuple[Die, ...], tuple[tuple[Die, ...], ...]]]] = {}
_PLACES_KEPT: Final = 64


def _places(dice: tuple[Die, ...], players: int) -> tuple[tuple[Die, ...], ...]:
    """Each seat's hand, then the injured pool, for these dice.

    The rules ask for hands many times per state, and most events leave the dice tuple
    itself untouched (`replace` keeps it), so the answer is kept for the last few dice
    tuples, by identity (the tuple is kept with it, so its id cannot be reused meanwhile).
    """
    kept = _PLACES.get(id(dice))
    if kept is not None and kept[0] is dice:
        return kept[1]
    places: list[list[Die]] = [[] for _ in range(players + 1)]
    for d in dice:
        if d.place is Place.HAND and d.seat is not None:
            places[d.seat].append(d)
        elif d.place is Place.POOL:
            places[-1].append(d)
    found = tuple(tuple(p) for p in places)
    if len(_PLACES) >= _PLACES_KEPT:
        del _PLACES[next(iter(_PLACES))]  # the oldest
    _PLACES[id(dice)] = (dice, found)
    return found


@cache
def _index(setup: Setup) -> dict[str, int]:
    return {d: i for i, d in enumerate(all_ids(setup))}


def all_ids(setup: Setup) -> tuple[str, ...]:
    players = (d for s in range(setup.players) for d in starting_ids(s, setup.dice))
    blacks = (die_id(Colour.BLACK, n) for n in range(1, BLACK_DICE + 1))
    return sort_ids((*players, *blacks))


def new_table(setup: Setup) -> RegidiceState:
    """§2: each seat's dice, enemy 1 showing `1 1 1`, the other black dice in reserve."""
    holder = {d: s for s in range(setup.players) for d in starting_ids(s, setup.dice)}
    first = set(enemy_ids(1))
    dice = []
    for d in all_ids(setup):
        if d in holder:
            dice.append(Die(d, 1, Place.HAND, holder[d]))
        else:
            dice.append(Die(d, 1, Place.ENEMY if d in first else Place.RESERVE))
    nobody = (None,) * setup.players
    return RegidiceState(setup, tuple(dice), declarations=nobody, acts=nobody, preparations=nobody)


# -- evolve -------------------------------------------------------------------------------------


def _moved(
    state: RegidiceState,
    dice: Iterable[str],
    place: Place,
    seat: int | None = None,
    locked: bool = False,
) -> RegidiceState:
    return _placed(state, dict.fromkeys(dice, (place, seat, locked)))


def _placed(
    state: RegidiceState, places: dict[str, tuple[Place, int | None, bool]]
) -> RegidiceState:
    """Each die of `places` moved to its (place, seat, locked), all in one copy of the dice
    (a reveal moves many dice to several takers)."""
    index = _index(state.setup)
    dice = list(state.dice)
    for die, (place, seat, locked) in places.items():
        i = index[die]
        dice[i] = replace(dice[i], place=place, seat=seat, locked=locked)
    return replace(state, dice=tuple(dice))


T = TypeVar("T")


def _with(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return tuple(value if s == seat else v for s, v in enumerate(values))


def evolve(state: RegidiceState, event: RegidiceEvent) -> RegidiceState:
    """The table after one event."""
    if isinstance(event, Rolled):
        return _rolled(state, event)
    if isinstance(event, Declared):
        declaration = Declaration(event.action, event.number, event.colour, event.parity)
        return replace(
            state,
            declarations=_with(state.declarations, event.seat, declaration),
            submitted=state.submitted | {event.seat},
        )
    if isinstance(event, Revealed):
        changed = _placed(state, {c.die: (Place.HAND, c.taker, False) for c in event.collected})
        return replace(
            changed,
            collided=frozenset(event.collided),
            step=Step.ACT,
            submitted=frozenset(),
            revealed=True,
        )
    if isinstance(event, Acted):
        choice = ActChoice(event.colour, event.take, event.boosts)
        return replace(
            state,
            acts=_with(state.acts, event.seat, choice),
            submitted=state.submitted | {event.seat},
        )
    if isinstance(event, Boosted):
        i = _index(state.setup)[event.die]
        dice = list(state.dice)
        dice[i] = replace(dice[i], pips=event.pips)
        return replace(state, dice=tuple(dice))
    if isinstance(event, Results):
        acting = tuple(tuple(d.id for d in state.hand(s)) for s in range(state.players))
        return replace(state, results=event.results, acting=acting)
    if isinstance(event, Healed):
        healed = _moved(state, event.dice, Place.HAND, event.seat)
        return replace(healed, fresh=state.fresh | set(event.dice))
    if isinstance(event, Damaged):
        pips = dict(zip(enemy_ids(event.enemy), event.after, strict=True))
        return replace(
            state,
            dice=tuple(replace(d, pips=pips[d.id]) if d.id in pips else d for d in state.dice),
        )
    if isinstance(event, Defeated):
        return _defeated(state, event)
    if isinstance(event, Suffered):
        return replace(state, target=event.target, loss=event.loss)
    if isinstance(event, PrepareOpened):
        return replace(state, step=Step.PREPARE, submitted=frozenset(event.done))
    if isinstance(event, PrepareSkipped):
        return state
    if isinstance(event, Prepared):
        preparation = Preparation(event.lose, event.passes)
        return replace(
            state,
            preparations=_with(state.preparations, event.seat, preparation),
            submitted=state.submitted | {event.seat},
        )
    if isinstance(event, Paid):
        return _moved(state, event.dice, Place.POOL)
    if isinstance(event, Passed):
        return _moved(state, event.dice, Place.HAND, event.to, locked=True)
    if isinstance(event, RoundEnded):
        return replace(_recorded(state), step=Step.ROLL, submitted=frozenset())
    assert isinstance(event, GameEnded)
    return replace(
        _recorded(state),
        step=Step.ENDED,
        submitted=frozenset(),
        result=event.result,
        reason=event.reason,
    )


def round_record(state: RegidiceState) -> RoundRecord:
    """The round in play as everyone has seen it so far (its results once acted)."""
    return RoundRecord(
        round=state.round,
        lead=state.lead,
        enemy=state.round_enemy_number,
        enemy_before=state.round_enemy,
        declarations=state.declarations,
        collided=state.collided,
        results=state.results,
        enemy_after=tuple(d.pips for d in state.die_group(state.round_enemy_number)),
        defeated=state.defeated >= state.round_enemy_number,
        target=state.target,
        loss=state.loss,
    )


def recorded(state: RegidiceState, round_: int) -> bool:
    return any(r.round == round_ for r in state.history)


def _recorded(state: RegidiceState) -> RegidiceState:
    """The round just played added to the history (once: a game that ends in its prepare
    step ends the round too)."""
    if not state.round or not state.results or recorded(state, state.round):
        return state
    return replace(state, history=(*state.history, round_record(state)))


def _rolled(state: RegidiceState, event: Rolled) -> RegidiceState:
    pips = dict(zip(event.dice, event.pips, strict=True))
    nobody = (None,) * state.players
    return replace(
        state,
        dice=tuple(
            replace(d, pips=pips.get(d.id, d.pips), locked=False)
            if d.id in pips or d.locked
            else d  # neither rolled nor locked: unchanged, no copy
            for d in state.dice
        ),
        round=event.round,
        lead=event.lead,
        step=Step.DECLARE,
        revealed=False,
        declarations=nobody,
        collided=frozenset(),
        acts=nobody,
        preparations=nobody,
        submitted=frozenset(),
        round_enemy=state.enemy_pips,
        round_enemy_number=state.enemy,
        results=(),
        acting=(),
        fresh=frozenset(),
        target=None,
        loss=0,
    )


def _defeated(state: RegidiceState, event: Defeated) -> RegidiceState:
    changed = _placed(
        state,
        {
            s.die: (Place.POOL, None, False) if s.seat is None else (Place.HAND, s.seat, False)
            for s in event.spoils
        },
    )
    won = {s.die for s in event.spoils if s.seat is not None}
    changed = replace(changed, defeated=state.defeated + 1, fresh=state.fresh | won)
    if event.enemy < ENEMIES:
        changed = _moved(changed, enemy_ids(event.enemy + 1), Place.ENEMY)
        changed = replace(changed, enemy=event.enemy + 1)
    return changed
