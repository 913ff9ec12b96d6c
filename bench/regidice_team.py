"""A simple cooperative Regidice team for `regidice.py`: what sensible village players do.

Each player sees only its own view, `GAME.observe(state, seat)`: its own dice, everybody's dice
by colour, the open declarations so far, the enemy, the injured pool, and from the reveal every
hand. It never reads another hand from the state.

- **Declare**, in lead order (at an open table each sees the declarations before its own): the
  player guesses the others' hidden pips a few times (`SAMPLES` guesses, from a generator
  seeded by the game, the round and the seat) and, for every legal declaration, works out what
  each declared player would collect and do in each guess (§3.2–§3.4, the rules' own scoring),
  and what that is worth to the team (`team_value`). It picks the declaration worth most on
  average: attack numbers that fill sets summing to the defence, a block when the enemy's
  attack would cost dice (or the game), a heal when the pool holds dice, a Cast when a spell
  is within reach. Players still to declare are counted as doing nothing, so each adds what
  the team lacks. At a sealed table nobody sees another's declaration; each plans as if it
  declared alone, and the rules settle collisions.
- **Act**: a caster picks the castable colour worth most to the team; an Animal spends its 1s
  one at a time on the boost that adds most (a die that completes a set, a triple, a run),
  after the others have acted; everyone else acts for the best result, as the rules do.
- **Prepare**: the target loses §6.2's default dice. Every other player passes to its left
  neighbour the passable dice worth keeping for the next roll: a pip at most the next
  defence that divides it or is 4 or more (such a die is worth more locked than rerolled),
  as many together as the rules accept.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.api import RuleError, replay
from bot.games.regidice.dice import Colour, Parity, Token
from bot.games.regidice.game import GAME
from bot.games.regidice.moves import TARGET_ORDER, Act, Action, Boost, Declare, Prepare
from bot.games.regidice.rules import default_move, legal_moves
from bot.games.regidice.scoring import (
    attack_damage,
    block_value,
    castable,
    counts,
    heal_value,
)
from bot.games.regidice.table import RegidiceState, Step

SAMPLES = 8
"""Guesses of the others' hidden pips per declaration."""
DIE = 1.5
"""A die lost (or healed back, or won) is worth this many points of damage: it is a die fewer
(or more) for every later round."""
KILL = 2.0
"""A defeat is worth more than its damage: the next enemy's round starts without a Suffer."""
DEFEAT = 1000.0
"""A target who cannot pay loses the game."""

Dice = list[tuple[int, Colour]]


def dice_of(tokens: Sequence[Any]) -> Dice:
    """`["5r", "6b*"]` as (pips, colour)."""
    return [(int(str(t)[0]), Colour(str(t)[1])) for t in tokens]


@dataclass(frozen=True)
class Plan:
    """A declaration as the team values it (the rules' `Declaration` fields)."""

    action: Action
    number: int | None = None
    colour: Colour | None = None
    parity: Parity | None = None


def _plan(declaration: Mapping[str, Any] | None) -> Plan | None:
    if declaration is None:
        return None
    return Plan(
        Action(declaration["action"]),
        declaration["number"],
        None if declaration["colour"] is None else Colour(declaration["colour"]),
        None if declaration["parity"] is None else Parity(declaration["parity"]),
    )


def collect(hands: Mapping[int, Dice], plans: Mapping[int, Plan]) -> dict[int, Dice]:
    """§3.2 on guessed hands: a Cast's colour and parity first, else a number."""
    spells = {(p.colour, p.parity): s for s, p in plans.items() if p.colour is not None}
    numbers = {p.number: s for s, p in plans.items() if p.number is not None}
    after: dict[int, Dice] = {s: [] for s in hands}
    for seat, hand in hands.items():
        for pips, colour in hand:
            parity = Parity.ODD if pips % 2 else Parity.EVEN
            taker = spells.get((colour, parity), numbers.get(pips, seat))
            after[taker].append((pips, colour))
    return after


@dataclass
class Effect:
    damage: int = 0
    block: int = 0
    heal: int = 0
    black: bool = False


def effect(action: Action, dice: Dice, enemy: Sequence[int], spell: Colour | None) -> Effect:
    """What one player's dice do for `action` (§3.3); a Cast casts `spell` if castable."""
    c = counts(p for p, _ in dice)
    n = len(enemy)
    if action is Action.ATTACK:
        return Effect(damage=attack_damage(c, sum(enemy)))
    if action is Action.BLOCK:
        return Effect(block=block_value(c))
    if action is Action.HEAL:
        return Effect(heal=heal_value(c))
    if action is Action.CAST and spell is not None:
        return {
            Colour.RED: Effect(damage=n),
            Colour.BLUE: Effect(block=n),
            Colour.YELLOW: Effect(heal=n),
            Colour.BLACK: Effect(black=True),
        }[spell]
    return Effect()


def team_value(
    effects: Sequence[Effect], enemy: Sequence[int], pool: int, target_dice: int | None
) -> float:
    """What a round's effects are worth: damage, a defeat and its spoils, dice healed, dice
    the Suffer costs (and the game, if the target cannot pay)."""
    n = len(enemy)
    hp = 6 * n - sum(enemy)
    damage = sum(e.damage for e in effects)
    healed = DIE * min(pool, sum(e.heal for e in effects))
    if any(e.black for e in effects) or damage >= hp:
        spoils = n if damage > hp or any(e.black for e in effects) else 0
        return hp + KILL + DIE * spoils + healed
    loss = max(0, n - sum(e.block for e in effects))
    lost = DEFEAT if target_dice is not None and target_dice < loss else DIE * loss
    return damage + healed - lost


def _target(plans: Mapping[int, Plan], order: Sequence[int]) -> int | None:
    if not plans:
        return None
    return min(plans, key=lambda s: (TARGET_ORDER.index(plans[s].action), order.index(s)))


def _best_spell(dice: Dice, enemy: Sequence[int], need_block: bool, pool: int) -> Colour | None:
    """A caster's colour when guessing: black, red, then blue if blocks are short, yellow if
    the pool has dice, then any castable."""
    can = castable(dice, enemy)
    order = [Colour.BLACK, Colour.RED]
    order += [Colour.BLUE, Colour.YELLOW] if need_block or not pool else [Colour.YELLOW]
    order += [Colour.BLUE, Colour.YELLOW]
    return next((c for c in order if c in can), None)


def round_value(
    hands: Mapping[int, Dice],
    plans: Mapping[int, Plan],
    enemy: Sequence[int],
    pool: int,
    order: Sequence[int],
    solo: bool,
) -> float:
    after = hands if solo else collect(hands, plans)
    blocks_short = sum(1 for p in plans.values() if p.action is Action.BLOCK) < 1
    effects = [
        effect(
            p.action,
            after[s],
            enemy,
            _best_spell(after[s], enemy, blocks_short, pool) if p.action is Action.CAST else None,
        )
        for s, p in plans.items()
    ]
    target = _target(plans, order)
    return team_value(effects, enemy, pool, None if target is None else len(after[target]))


def declare(state: RegidiceState, seat: int, rng: random.Random) -> Declare:
    view = GAME.observe(state, seat)
    own = dice_of(view["hand"])
    enemy = view["enemy"]["pips"]
    pool = len(view["injured"])
    order = state.lead_order()
    options = [m for m in legal_moves(state, seat) if isinstance(m, Declare)]
    if state.solo:
        hands = {seat: own}
        return max(
            options,
            key=lambda m: round_value(hands, {seat: Plan(m.action)}, enemy, pool, order, True),
        )
    earlier: dict[int, Plan] = {}
    if not view["sealed"]:
        for player in view["players"]:
            plan = _plan(player["declaration"])
            if plan is not None and player["seat"] != seat:
                earlier[player["seat"]] = plan
    guesses = []
    for _ in range(SAMPLES):
        hands = {seat: own}
        for player in view["players"]:
            if player["seat"] != seat:
                hands[player["seat"]] = [
                    (rng.randint(1, 6), Colour(c))
                    for c, k in player["dice"].items()
                    for _ in range(k)
                ]
        guesses.append(hands)

    def worth(m: Declare) -> float:
        plans = {**earlier, seat: Plan(m.action, m.number, m.colour, m.parity)}
        return sum(round_value(h, plans, enemy, pool, order, False) for h in guesses)

    return max(options, key=worth)


def _hands(view: Mapping[str, Any]) -> dict[int, Dice]:
    return {p["seat"]: dice_of(p["hand"]) for p in view["players"]}


def _effects(
    view: Mapping[str, Any], hands: Mapping[int, Dice], spells: Mapping[int, Colour | None]
) -> tuple[list[Effect], dict[int, Plan]]:
    plans = {p["seat"]: _plan(p["declaration"]) for p in view["players"]}
    enemy = view["enemy"]["pips"]
    effects = []
    for s, plan in plans.items():
        assert plan is not None
        effects.append(effect(plan.action, hands[s], enemy, spells.get(s)))
    return effects, {s: p for s, p in plans.items() if p is not None}


def act(state: RegidiceState, seat: int) -> Act:
    view = GAME.observe(state, seat)
    declaration = _plan(view["declaration"])
    assert declaration is not None
    enemy, pool = view["enemy"]["pips"], len(view["injured"])
    hands = _hands(view)
    order = state.lead_order()
    spells = {
        s: castable(hands[s], enemy)[:1][0] if castable(hands[s], enemy) else None for s in hands
    }

    def worth(h: Mapping[int, Dice], chosen: Mapping[int, Colour | None]) -> float:
        effects, plans = _effects(view, h, chosen)
        target = _target(plans, order)
        return team_value(effects, enemy, pool, None if target is None else len(h[target]))

    if declaration.action is Action.CAST:
        can = castable(hands[seat], enemy)
        if not can:
            return Act()
        best = max(can, key=lambda c: worth(hands, {**spells, seat: c}))
        return Act(colour=best)
    if declaration.action is not Action.ANIMAL:
        return Act()
    ones = sum(1 for p, _ in hands[seat] if p == 1)
    boosts: list[Boost] = []
    current = {s: list(h) for s, h in hands.items()}
    for _ in range(ones):
        base = worth(current, spells)
        best_gain, best_boost = 0.0, None
        for other, hand in current.items():
            if other == seat:
                continue
            # Each different die once, in the order of the hand: a set's order would change
            # with the process's string hashing, and with it a tie's winner and the game.
            for token in dict.fromkeys((p, c) for p, c in hand if p < 6):
                trial = {**current, other: list(hand)}
                trial[other].remove(token)
                trial[other].append((token[0] + 1, token[1]))
                gain = worth(trial, spells) - base
                if gain > best_gain:
                    best_gain, best_boost = gain, (other, token)
        if best_boost is None:
            break
        other, (pips, colour) = best_boost
        boosts.append(Boost(other, Token(pips, colour)))
        current[other].remove((pips, colour))
        current[other].append((pips + 1, colour))
    return Act(boosts=tuple(boosts))


def useful(pips: int, defence: int) -> bool:
    """A locked die worth keeping for an attack on `defence`: it fits in a set and either
    divides the defence or is high (a reroll averages 3.5)."""
    return 2 <= pips <= defence and (defence % pips == 0 or pips >= 4)


def prepare(state: RegidiceState, seat: int) -> Prepare:
    view = GAME.observe(state, seat)
    if seat == view["target"]:
        move = default_move(state, seat)
        assert isinstance(move, Prepare)
        return move
    defence = view["enemy"]["defence"]
    passes: list[Token] = []
    for token in view["passable"]:
        pips, colour = dice_of([token])[0]
        if not useful(pips, defence):
            continue
        trial = (*passes, Token(pips, colour))
        try:
            GAME.decide(state, seat, Prepare(passes=trial))  # only checked, not applied
        except RuleError:
            continue
        passes.append(Token(pips, colour))
    return Prepare(passes=tuple(passes))


def play_step(state: RegidiceState, game_seed: bytes) -> RegidiceState:
    """Every player's submission for the open step, in lead order (Animals act last)."""
    if state.step is Step.DECLARE:
        for seat in state.lead_order():
            rng = random.Random(
                hashlib.sha256(game_seed + f"|{state.round}|{seat}".encode()).digest()
            )
            state = replay(GAME, state, GAME.decide(state, seat, declare(state, seat, rng)))
    elif state.step is Step.ACT:
        animals = [s for s in state.lead_order() if _is_animal(state, s)]
        for seat in [s for s in state.lead_order() if s not in animals] + animals:
            if state.step is Step.ACT:
                state = replay(GAME, state, GAME.decide(state, seat, act(state, seat)))
    elif state.step is Step.PREPARE:
        for seat in state.lead_order():
            if state.step is Step.PREPARE and seat not in state.submitted:
                state = replay(GAME, state, GAME.decide(state, seat, prepare(state, seat)))
    return state


def _is_animal(state: RegidiceState, seat: int) -> bool:
    declaration = state.declarations[seat]
    return declaration is not None and declaration.action is Action.ANIMAL
