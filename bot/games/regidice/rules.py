"""What each move at a Regidice table makes happen (regidice.md §3–§6), checked before anything
changes: the events of a submission, of a round's roll, of the time limit and of an abandon.

Every step is simultaneous. A submission is stored (and replaces the seat's earlier one); the
submission that completes the step brings everything the rules then do by themselves: the
reveal and collection after the declarations; after the acts the boosts, results, heals,
damage, a defeat or the Suffer, and Prepare's opening (or its skipping); after Prepare the
losses, the passes, the round's end and perhaps the game's. `expire` submits §6.2's default
for everyone not done, marked `timed_out`, which closes the step the same way.

Every refusal is a `RuleError` with one of the keys of `REFUSALS`, whose params are the ones
listed there plus, always, `step` (the step's name) and `round`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Final, TypeAlias

from bot.games.api import ChanceRequest, Decided, Dice, Json, RuleError, Seat
from bot.games.regidice.dice import (
    COLOURS,
    PIPS,
    PLAYER_COLOURS,
    Colour,
    Parity,
    Token,
    token_text,
)
from bot.games.regidice.dice import (
    id_order as parsed_id_order,
)
from bot.games.regidice.events import (
    Acted,
    Boosted,
    BoostOn,
    Collected,
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
    Spoil,
    Suffered,
)
from bot.games.regidice.moves import (
    MOVE_NAMES,
    NUMBER_ACTIONS,
    TARGET_ORDER,
    Act,
    Action,
    Boost,
    Declare,
    Prepare,
    RegidiceMove,
)
from bot.games.regidice.scoring import (
    attack_damage,
    attack_split,
    block_split,
    block_value,
    castable,
    counts,
    heal_split,
    heal_value,
    spell_colour,
)
from bot.games.regidice.table import (
    ENEMIES,
    ENEMY_HP_PER_DIE,
    Die,
    Place,
    RegidiceState,
    Step,
    evolve,
)

REFUSALS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("regidice.game_over", ("result",)),
    ("regidice.not_player", ("seat",)),
    ("regidice.rolling", ()),
    ("regidice.wrong_step", ("move", "wanted")),
    ("regidice.unknown_action", ("action", "actions")),
    ("regidice.value_missing", ("action", "wants")),
    ("regidice.value_extra", ("action", "wants")),
    ("regidice.value_ill_formed", ("value", "wants")),
    ("regidice.solo_value", ("action",)),
    ("regidice.number_taken", ("number", "by", "free")),
    ("regidice.collection_taken", ("colour", "parity", "by", "free")),
    ("regidice.key_needed", ("command", "keys")),
    ("regidice.die_ill_formed", ("die",)),
    ("regidice.colour_ill_formed", ("colour",)),
    ("regidice.boost_ill_formed", ("boost",)),
    ("regidice.name_unknown", ("name", "names")),
    ("regidice.die_not_held", ("holder", "die", "held")),
    ("regidice.colour_not_held", ("colour", "held")),
    ("regidice.boost_not_animal", ("action",)),
    ("regidice.boost_own_die", ("die",)),
    ("regidice.boost_above_six", ("holder", "die", "pips")),
    ("regidice.boost_beyond_ones", ("boosts", "ones")),
    ("regidice.colour_not_cast", ("action",)),
    ("regidice.colour_not_castable", ("colour", "castable")),
    ("regidice.take_not_heal", ("action",)),
    ("regidice.pass_solo", ()),
    ("regidice.pass_spent", ("die",)),
    ("regidice.pass_lowers", ("dice", "result", "left", "passable")),
    ("regidice.lose_not_target", ("target",)),
    ("regidice.lose_count", ("named", "loss")),
)
"""Every refusal key with its own params. Seats are numbers (`by`, `holder`, `target`: the
presenter names them); dice are tokens (`5r`); `free` lists the numbers (or `colour parity`
pairs, `r odd`) still free; `wants` says what the action collects (`number`, `colour parity`
or `nothing`); `held` the tokens (or colours) the holder has; `castable` the colours a spell
may be cast in; `result`/`left` the value before and after the refused passes, `passable`
the tokens that may be passed one by one. `unknown_action`, `value_ill_formed`, `*_ill_formed`
and `name_unknown` come from `words` (the command's text); `key_needed` is the presenter's,
for `act`/`prepare` values typed without their keys (`keys`: the command's keys)."""

STEP_MOVES: Final[dict[Step, type[RegidiceMove]]] = {
    Step.DECLARE: Declare,
    Step.ACT: Act,
    Step.PREPARE: Prepare,
}
WANTS: Final[dict[Action, str]] = {
    Action.ATTACK: "number",
    Action.BLOCK: "number",
    Action.HEAL: "number",
    Action.CAST: "colour parity",
    Action.ANIMAL: "nothing",
}
DEFAULT_LOSS_TIES: Final = (Colour.YELLOW, Colour.BLUE, Colour.RED)
"""§6.2: the target's default loss takes the colour it holds most of, ties y b r."""


id_order: Final = cache(parsed_id_order)
"""`dice.id_order`, kept per id: every listing of tokens sorts by it, and there are at most
48 ids."""


Steps: TypeAlias = Decided[RegidiceState, RegidiceEvent]
"""A Regidice move's events decided one after another, each applied at once (with
`evolve`) so that the next sees its effect."""


def _refused(key: str, state: RegidiceState, **specific: Json) -> RuleError:
    params: dict[str, Json] = {"step": state.step.value, "round": state.round}
    params.update(specific)
    return RuleError(key, params)


def tokens(dice: Iterable[Die]) -> list[Json]:
    """Dice as tokens, by colour then pips (`["3r", "6r", "2b"]`)."""
    ordered = sorted(dice, key=lambda d: (id_order(d.id)[0], d.pips, d.locked, id_order(d.id)))
    return [token_text(d.pips, d.id, d.locked) for d in ordered]


def _matches(die: Die, token: Token, pips: int | None = None) -> bool:
    return die.colour is token.colour and (die.pips if pips is None else pips) == token.pips


# -- chance -------------------------------------------------------------------------------------


def roll_ids(state: RegidiceState) -> tuple[str, ...]:
    """The dice the next roll throws: every unlocked die in a hand, by seat, then by id."""
    return tuple(d.id for s in range(state.players) for d in state.hand(s) if not d.locked)


def chance(state: RegidiceState) -> ChanceRequest | None:
    """Each round's roll, seen by nobody until the reveal (each player sees its own dice in
    `observe`); labelled by the round and the ids it throws, in the outcome's order."""
    if state.step is not Step.ROLL:
        return None
    ids = roll_ids(state)
    return ChanceRequest(
        Dice(6, len(ids)), seat=None, seen_by=frozenset(), label=(state.round + 1, *ids)
    )


def resolved(state: RegidiceState, outcome: Sequence[int]) -> tuple[RegidiceEvent, ...]:
    """Round r + 1 begins: die `ids[i]` shows `outcome[i] + 1`; the lead is seat r mod N."""
    ids = roll_ids(state)
    round_ = state.round + 1
    lead = (round_ - 1) % state.players
    return (Rolled(round_, lead, ids, tuple(v + 1 for v in outcome)),)


# -- what may be done -----------------------------------------------------------------------------


def free_numbers(state: RegidiceState, seat: Seat) -> list[int]:
    """The numbers no other player has declared (open tables)."""
    taken = {d.number for s, d in enumerate(state.declarations) if s != seat and d}
    return [n for n in PIPS if n not in taken]


def free_spells(state: RegidiceState, seat: Seat) -> list[tuple[Colour, Parity]]:
    taken = {(d.colour, d.parity) for s, d in enumerate(state.declarations) if s != seat and d}
    return [(c, p) for c in COLOURS for p in Parity if (c, p) not in taken]


def legal_moves(state: RegidiceState, seat: Seat) -> tuple[RegidiceMove, ...]:
    """Every legal move of `seat` of these families, complete within each: every declaration;
    `Act()`, each castable `colour:`, each single `take:` colour, each single boost; in
    Prepare `Prepare()` and each single pass, or for the target each loss by colours only
    (colours in r b y k order). Other legal moves (several boosts, a loss named by tokens,
    passes with a loss) exist and are accepted."""
    if state.finished or seat not in range(state.players) or state.step not in STEP_MOVES:
        return ()
    if state.step is Step.DECLARE:
        return _declarations(state, seat)
    if state.step is Step.ACT:
        return _acts(state, seat)
    return _preparations(state, seat)


def _declarations(state: RegidiceState, seat: Seat) -> tuple[RegidiceMove, ...]:
    if state.solo:
        return tuple(Declare(a) for a in Action)
    sealed = state.setup.sealed
    numbers = list(PIPS) if sealed else free_numbers(state, seat)
    spells = [(c, p) for c in COLOURS for p in Parity] if sealed else free_spells(state, seat)
    moves: list[RegidiceMove] = [Declare(a, n) for a in NUMBER_ACTIONS for n in numbers]
    moves += [Declare(Action.CAST, None, c, p) for c, p in spells]
    moves.append(Declare(Action.ANIMAL))
    return tuple(moves)


def _acts(state: RegidiceState, seat: Seat) -> tuple[RegidiceMove, ...]:
    declaration = state.declarations[seat]
    assert declaration is not None
    moves: list[RegidiceMove] = [Act()]
    action = declaration.action
    if action is Action.CAST:
        moves += [Act(colour=c) for c in _castable(state, seat)]
    if action in (Action.HEAL, Action.CAST):
        moves += [Act(take=(c,)) for c in COLOURS]
    if action is Action.ANIMAL and _ones(state, seat):
        pips = boosted_pips(state, seat)
        for other in range(state.players):
            if other == seat:
                continue
            seen = set()
            for d in state.hand(other):
                token = Token(pips[d.id], d.colour)
                if token not in seen and token.pips < max(PIPS):
                    seen.add(token)
                    moves.append(Act(boosts=(Boost(other, token),)))
    return tuple(moves)


def _preparations(state: RegidiceState, seat: Seat) -> tuple[RegidiceMove, ...]:
    if seat == state.target:
        held = Counter(d.colour for d in state.hand(seat))
        moves: list[RegidiceMove] = []
        for combo in combinations_with_replacement(COLOURS, state.loss):
            need = Counter(combo)
            if all(held[c] >= n for c, n in need.items()):
                moves.append(Prepare(lose=tuple(combo)))
        return tuple(moves)
    return (Prepare(), *(Prepare(passes=(t,)) for t in passable_tokens(state, seat)))


# -- dice in play ---------------------------------------------------------------------------------


def _held(
    state: RegidiceState, seat: Seat, pips: dict[str, int] | None = None
) -> list[tuple[int, Colour]]:
    return [((pips or {}).get(d.id, d.pips), d.colour) for d in state.hand(seat)]


def _castable(state: RegidiceState, seat: Seat) -> tuple[Colour, ...]:
    """The colours a caster may name: their hand as the boosts others have submitted this
    round leave it (what `legal_moves` offers is what `decide` accepts)."""
    return castable(_held(state, seat, boosted_pips(state, seat)), state.round_enemy)


def _ones(state: RegidiceState, seat: Seat) -> list[str]:
    """An Animal's 1s, counted as collected (before any boost), by id."""
    return [d.id for d in state.hand(seat) if d.pips == 1]


def boosted_pips(state: RegidiceState, without: Seat | None = None) -> dict[str, int]:
    """Every die's pips with the boosts submitted so far, but those of `without`."""
    pips = {d.id: d.pips for d in state.dice}
    for seat, act in enumerate(state.acts):
        if act is None or seat == without:
            continue
        for boost in act.boosts:
            pips[boost.die] = min(max(PIPS), pips[boost.die] + 1)
    return pips


# -- the moves ------------------------------------------------------------------------------------


def decide(state: RegidiceState, seat: Seat, move: RegidiceMove) -> tuple[RegidiceEvent, ...]:
    """The events of `seat` submitting `move`; raises RuleError, changing nothing."""
    if state.finished:
        raise _refused("regidice.game_over", state, result=state.result)
    if seat not in range(state.players):
        raise _refused("regidice.not_player", state, seat=seat)
    if state.step not in STEP_MOVES:
        raise _refused("regidice.rolling", state)
    wanted = STEP_MOVES[state.step]
    if not isinstance(move, wanted):
        raise _refused(
            "regidice.wrong_step", state, move=MOVE_NAMES[type(move)], wanted=MOVE_NAMES[wanted]
        )
    steps = Steps(evolve, state)
    _submit(steps, seat, move, timed_out=False)
    return steps.done()


def _submit(steps: Steps, seat: Seat, move: RegidiceMove, timed_out: bool) -> None:
    if isinstance(move, Declare):
        steps.add(_declared(steps.state, seat, move, timed_out))
        if len(steps.state.submitted) == steps.state.players:
            _reveal(steps)
    elif isinstance(move, Act):
        steps.add(_acted(steps.state, seat, move, timed_out))
        if len(steps.state.submitted) == steps.state.players:
            _resolve(steps)
    else:
        steps.add(_prepared(steps.state, seat, move, timed_out))
        if len(steps.state.submitted) == steps.state.players:
            _close_prepare(steps)


def default_move(state: RegidiceState, seat: Seat) -> RegidiceMove | None:
    """§6.2: declare Animal; act for the best result with no boosts; the target loses one at
    a time the lowest die of the colour it holds most of (black last, ties y b r), no
    passes."""
    if state.step is Step.DECLARE:
        return Declare(Action.ANIMAL)
    if state.step is Step.ACT:
        return Act()
    if state.step is Step.PREPARE:
        if seat != state.target:
            return Prepare()
        return Prepare(lose=default_loss(state.hand(seat), state.loss))
    return None


def default_loss(hand: Sequence[Die], loss: int) -> tuple[Token, ...]:
    left = list(hand)
    lost: list[Token] = []
    for _ in range(loss):
        held = Counter(d.colour for d in left)
        colours = [c for c in DEFAULT_LOSS_TIES if held[c]] or [Colour.BLACK]
        colour = max(colours, key=lambda c: held[c])  # the first of the most, ties y b r
        die = min((d for d in left if d.colour is colour), key=lambda d: (d.pips, id_order(d.id)))
        left.remove(die)
        lost.append(Token(die.pips, die.colour))
    return tuple(lost)


def expire(state: RegidiceState) -> tuple[RegidiceEvent, ...]:
    """The step's time is up (or a moderator skips): each player not done gets §6.2's
    default, marked `timed_out`, in seat order; the last one closes the step."""
    if state.finished or state.step not in STEP_MOVES:
        return ()
    steps = Steps(evolve, state)
    for seat in range(state.players):
        if seat in state.submitted:
            continue
        move = default_move(steps.state, seat)
        assert move is not None
        _submit(steps, seat, move, timed_out=True)
    return steps.done()


def abandon(state: RegidiceState) -> tuple[RegidiceEvent, ...]:
    """A moderator ends the table (§5): the result is `abandoned`, whatever was in play."""
    if state.finished:
        return ()
    return (GameEnded("abandoned"),)


# -- declare and reveal ---------------------------------------------------------------------------


def _declared(state: RegidiceState, seat: Seat, move: Declare, timed_out: bool) -> Declared:
    action = move.action
    given = move.number is not None or move.colour is not None or move.parity is not None
    if state.solo:
        if given:
            raise _refused("regidice.solo_value", state, action=action.value)
        return Declared(seat, action, timed_out=timed_out)
    wants = WANTS[action]
    if action in NUMBER_ACTIONS:
        if move.number is None:
            raise _refused("regidice.value_missing", state, action=action.value, wants=wants)
        if move.colour is not None or move.parity is not None:
            raise _refused("regidice.value_extra", state, action=action.value, wants=wants)
        if move.number not in PIPS:
            raise _refused("regidice.value_ill_formed", state, value=str(move.number), wants=wants)
        if not state.setup.sealed and move.number not in free_numbers(state, seat):
            by = next(
                s
                for s, d in enumerate(state.declarations)
                if s != seat and d and d.number == move.number
            )
            free: list[Json] = list(free_numbers(state, seat))
            raise _refused("regidice.number_taken", state, number=move.number, by=by, free=free)
    elif action is Action.CAST:
        if move.colour is None or move.parity is None:
            raise _refused("regidice.value_missing", state, action=action.value, wants=wants)
        if move.number is not None:
            raise _refused("regidice.value_extra", state, action=action.value, wants=wants)
        if not state.setup.sealed and (move.colour, move.parity) not in free_spells(state, seat):
            by = next(
                s
                for s, d in enumerate(state.declarations)
                if s != seat and d and (d.colour, d.parity) == (move.colour, move.parity)
            )
            spells: list[Json] = [f"{c.value} {p.value}" for c, p in free_spells(state, seat)]
            raise _refused(
                "regidice.collection_taken",
                state,
                colour=move.colour.value,
                parity=move.parity.value,
                by=by,
                free=spells,
            )
    elif given:
        raise _refused("regidice.value_extra", state, action=action.value, wants=wants)
    return Declared(seat, action, move.number, move.colour, move.parity, timed_out)


def collisions(state: RegidiceState) -> tuple[int, ...]:
    """§3.1 sealed: in lead order the first to claim a number or colour+parity keeps it;
    each later one collects nothing. Open tables have none (they were refused)."""
    claimed: set[object] = set()
    collided: list[int] = []
    for seat in state.lead_order():
        d = state.declarations[seat]
        if d is None or not d.collects:
            continue
        claim: object = d.number if d.number is not None else (d.colour, d.parity)
        if claim in claimed:
            collided.append(seat)
        claimed.add(claim)
    return tuple(sorted(collided))


def _reveal(steps: Steps) -> None:
    """§3.2: every die in a hand goes to the Cast collection of its colour and parity, else
    to the number collection of its pips, else stays."""
    state = steps.state
    collided = collisions(state)
    spells: dict[tuple[Colour, Parity], int] = {}
    numbers: dict[int, int] = {}
    for seat, d in enumerate(state.declarations):
        if d is None or seat in collided:
            continue
        if d.number is not None:
            numbers[d.number] = seat
        elif d.colour is not None and d.parity is not None:
            spells[(d.colour, d.parity)] = seat
    moved: list[Collected] = []
    for die in state.dice:
        if die.place is not Place.HAND or die.seat is None:
            continue
        parity = Parity.ODD if die.pips % 2 else Parity.EVEN
        taker = spells.get((die.colour, parity), numbers.get(die.pips))
        if taker is not None and taker != die.seat:
            moved.append(Collected(die.id, die.seat, taker))
    steps.add(Revealed(collided, tuple(moved)))


# -- act ------------------------------------------------------------------------------------------


def _acted(state: RegidiceState, seat: Seat, move: Act, timed_out: bool) -> Acted:
    declaration = state.declarations[seat]
    assert declaration is not None
    action = declaration.action
    if move.colour is not None:
        if action is not Action.CAST:
            raise _refused("regidice.colour_not_cast", state, action=action.value)
        can = _castable(state, seat)
        if move.colour not in can:
            raise _refused(
                "regidice.colour_not_castable",
                state,
                colour=move.colour.value,
                castable=[c.value for c in can],
            )
    if move.take and action not in (Action.HEAL, Action.CAST):
        raise _refused("regidice.take_not_heal", state, action=action.value)
    boosts = _boosts(state, seat, action, move.boosts)
    return Acted(seat, move.colour, move.take, boosts, timed_out)


def _boosts(
    state: RegidiceState, seat: Seat, action: Action, boosts: tuple[Boost, ...]
) -> tuple[BoostOn, ...]:
    """The boosts as dice: a token names a die of its holder by the pips it shows with every
    other Animal's boosts (not one's own earlier ones, which this submission replaces); an
    entry named again raises the same die again."""
    if not boosts:
        return ()
    if action is not Action.ANIMAL:
        raise _refused("regidice.boost_not_animal", state, action=action.value)
    ones = len(_ones(state, seat))
    if len(boosts) > ones:
        raise _refused("regidice.boost_beyond_ones", state, boosts=len(boosts), ones=ones)
    pips = boosted_pips(state, seat)
    chosen: dict[Boost, str] = {}
    for boost in boosts:
        if boost.seat == seat:
            raise _refused("regidice.boost_own_die", state, die=str(boost.die))
        if boost.seat not in range(state.players):
            raise _refused("regidice.not_player", state, seat=boost.seat)
        if boost in chosen:
            continue
        hand = state.hand(boost.seat)
        match = [d for d in hand if _matches(d, boost.die, pips[d.id])]
        if not match:
            held = tokens(Die(d.id, pips[d.id], d.place, d.seat) for d in hand)
            raise _refused(
                "regidice.die_not_held", state, holder=boost.seat, die=str(boost.die), held=held
            )
        chosen[boost] = match[0].id
    times = Counter(boosts)
    for boost, die in chosen.items():
        if pips[die] + times[boost] > max(PIPS):
            raise _refused(
                "regidice.boost_above_six",
                state,
                holder=boost.seat,
                die=str(boost.die),
                pips=pips[die],
            )
    return tuple(BoostOn(b.seat, chosen[b], b.die.pips) for b in boosts)


def seat_result(
    state: RegidiceState, seat: Seat, dice: Sequence[tuple[int, Colour]], spell: Colour | None
) -> SeatResult:
    """`seat`'s best result with `dice` (pips, colour), for the round's defence; a Cast's
    spell is `spell` (chosen before: see `_results`)."""
    declaration = state.declarations[seat]
    assert declaration is not None
    action = declaration.action
    c = counts(p for p, _ in dice)
    if action is Action.ATTACK:
        defence = sum(state.round_enemy)
        return SeatResult(seat, action, attack_damage(c, defence), attack_split(c, defence))
    if action is Action.BLOCK:
        return SeatResult(seat, action, block_value(c), block_split(c))
    if action is Action.HEAL:
        return SeatResult(seat, action, heal_value(c), heal_split(c))
    if action is Action.CAST:
        if spell is None or spell not in castable(dice, state.round_enemy):
            return SeatResult(seat, action, 0)
        pips = tuple(sorted(state.round_enemy, reverse=True))
        return SeatResult(seat, action, len(pips), (pips,), spell)
    act = state.acts[seat]
    boosts = len(act.boosts) if act else 0
    spent = tuple(_ones(state, seat)[:boosts]) if boosts else ()
    return SeatResult(seat, action, boosts, ((1,) * boosts,) if boosts else (), spent=spent)


def _results(state: RegidiceState) -> tuple[SeatResult, ...]:
    found = []
    for seat in range(state.players):
        declaration, act = state.declarations[seat], state.acts[seat]
        assert declaration is not None and act is not None
        dice = _held(state, seat)
        spell = None
        if declaration.action is Action.CAST:
            spell = spell_colour(dice, state.round_enemy, act.colour, declaration.colour)
        found.append(seat_result(state, seat, dice, spell))
    return tuple(found)


def _resolve(steps: Steps) -> None:
    """§3.4 in order: boosts, results, heals, damage, then a defeat or the Suffer, then
    Prepare."""
    state = steps.state
    # 1. Boosts, each Animal in lead order (a die never above 6).
    for animal in state.lead_order():
        act = state.acts[animal]
        if act is None or not act.boosts:
            continue
        times = Counter(act.boosts)
        for boost in dict.fromkeys(act.boosts):
            pips = min(max(PIPS), steps.state.die(boost.die).pips + times[boost])
            steps.add(Boosted(animal, boost.seat, boost.die, pips))
    # The results, after the boosts; an Animal's 1s spent are counted as collected.
    results = _results(steps.state)
    steps.add(Results(results))
    # 2. Heals in lead order.
    for seat in state.lead_order():
        heal = results[seat].heal
        if heal:
            act = state.acts[seat]
            steps.add(Healed(seat, heal, _healed(steps.state, seat, heal, act.take if act else ())))
    # 3. Damage.
    enemy = steps.state.enemy
    before = steps.state.enemy_pips
    hp = ENEMY_HP_PER_DIE * len(state.round_enemy) - sum(state.round_enemy)
    damage = sum(r.damage for r in results)
    after = raised(before, damage)
    steps.add(Damaged(enemy, damage, hp, before, after))
    casters = [s for s in state.lead_order() if results[s].spell is Colour.BLACK]
    if damage >= hp or casters:
        overkill = max(0, damage - hp)
        steps.add(
            Defeated(
                enemy, overkill, bool(casters), _spoils(steps.state, results, casters, overkill)
            )
        )
        if enemy == ENEMIES:
            steps.add(GameEnded("won"))
            return
        _open_prepare(steps)
        return
    # 4. Suffer.
    attack = len(state.round_enemy)
    blocked = sum(r.block for r in results)
    loss = max(0, attack - blocked)
    target = None
    if loss:
        order = state.lead_order()
        target = min(
            order,
            key=lambda s: (TARGET_ORDER.index(_action(state, s)), order.index(s)),
        )
    steps.add(Suffered(attack, blocked, loss, target))
    if target is not None and len(steps.state.hand(target)) < loss:
        steps.add(GameEnded("lost", "defeated"))
        return
    _open_prepare(steps)


def _action(state: RegidiceState, seat: Seat) -> Action:
    declaration = state.declarations[seat]
    assert declaration is not None
    return declaration.action


def raised(pips: Sequence[int], damage: int) -> tuple[int, ...]:
    """Each point of damage raises the lowest die by 1, the leftmost on ties (BR); 6 is the
    top."""
    dice = list(pips)
    for _ in range(damage):
        low = min(dice)
        if low >= max(PIPS):
            break
        dice[dice.index(low)] += 1
    return tuple(dice)


def _healed(state: RegidiceState, seat: Seat, heal: int, take: Sequence[Colour]) -> tuple[str, ...]:
    """§3.4 step 2: up to `heal` dice from the pool: the `take:` colours one each in order
    (one not in the pool skipped), then black first, then the colour the healer holds fewest
    of (ties r b y), recounted after each die; of a colour, the lowest id (BR)."""
    pool = sorted(state.pool(), key=lambda d: id_order(d.id))
    held = Counter(d.colour for d in state.hand(seat))
    taken: list[str] = []

    def take_one(colour: Colour) -> bool:
        for d in pool:
            if d.colour is colour:
                pool.remove(d)
                taken.append(d.id)
                held[colour] += 1
                return True
        return False

    for colour in take:
        if len(taken) >= heal:
            break
        take_one(colour)
    while len(taken) < heal and pool:
        if take_one(Colour.BLACK):
            continue
        present = [c for c in PLAYER_COLOURS if any(d.colour is c for d in pool)]
        take_one(min(present, key=lambda c: held[c]))
    return tuple(taken)


def _spoils(
    state: RegidiceState,
    results: Sequence[SeatResult],
    casters: Sequence[int],
    overkill: int,
) -> tuple[Spoil, ...]:
    """§4: a black spell gives the enemy's dice to its caster (the first in lead order);
    overkill deals them one at a time to those who dealt damage, most first (ties in lead
    order), repeating; an exact kill sends them to the injured pool."""
    dice = [d.id for d in state.enemy_dice()]
    if casters:
        return tuple(Spoil(d, casters[0]) for d in dice)
    if overkill <= 0:
        return tuple(Spoil(d, None) for d in dice)
    order = state.lead_order()
    dealers = sorted(
        (s for s in order if results[s].damage > 0),
        key=lambda s: (-results[s].damage, order.index(s)),
    )
    return tuple(Spoil(d, dealers[i % len(dealers)]) for i, d in enumerate(dice))


# -- prepare --------------------------------------------------------------------------------------


def _value_without(state: RegidiceState, seat: Seat, removed: set[str]) -> int:
    """`seat`'s result had it acted without `removed` (its spell, if any, kept)."""
    result = state.results[seat]
    if result.action is Action.ANIMAL:
        return result.value  # only the spent 1s count, and they are never passable
    kept = [state.die(i) for i in state.acting[seat] if i not in removed]
    # The value alone, as `seat_result` computes it, without the split a reply shows: every
    # pass a player might make is checked this way, and the split is never needed.
    c = counts(d.pips for d in kept)
    if result.action is Action.ATTACK:
        return attack_damage(c, sum(state.round_enemy))
    if result.action is Action.BLOCK:
        return block_value(c)
    if result.action is Action.HEAL:
        return heal_value(c)
    dice = [(d.pips, d.colour) for d in kept]
    spell = result.spell
    return len(state.round_enemy) if spell and spell in castable(dice, state.round_enemy) else 0


def _pass_dice(state: RegidiceState, seat: Seat, passes: Sequence[Token]) -> tuple[str, ...]:
    """The ids `passes` name: of equal dice, first those healed or won this round, then those
    not spent, so that the command is legal if any choice makes it so."""
    spent = set(state.results[seat].spent) if state.results else set()
    hand = state.hand(seat)
    chosen: list[str] = []
    for token in passes:
        match = [d for d in hand if _matches(d, token) and d.id not in chosen]
        if not match:
            raise _refused(
                "regidice.die_not_held", state, holder=seat, die=str(token), held=tokens(hand)
            )
        best = min(match, key=lambda d: (d.id not in state.fresh, d.id in spent, id_order(d.id)))
        chosen.append(best.id)
    return tuple(chosen)


def _pass_fault(state: RegidiceState, seat: Seat, dice: Sequence[str]) -> tuple[str, int]:
    """Why passing `dice` is refused ("" if it is not), with the result left without them."""
    result = state.results[seat]
    if any(die in result.spent for die in dice):
        return "regidice.pass_spent", result.value
    removed = {d for d in dice if d not in state.fresh}
    left = _value_without(state, seat, removed) if removed else result.value
    return ("regidice.pass_lowers" if left < result.value else ""), left


def check_passes(state: RegidiceState, seat: Seat, dice: Sequence[str]) -> None:
    """§3.5: no pass at a solo table, of a spent 1, or of dice whose loss would lower the
    result (dice healed or won this round always pass)."""
    if not dice:
        return
    if state.solo:
        raise _refused("regidice.pass_solo", state)
    fault, left = _pass_fault(state, seat, dice)
    if fault == "regidice.pass_spent":
        spent = next(d for d in dice if d in state.results[seat].spent)
        raise _refused(fault, state, die=_token(state, spent))
    if fault:
        raise _refused(
            fault,
            state,
            dice=[_token(state, d) for d in dice],
            result=state.results[seat].value,
            left=left,
            passable=[str(t) for t in passable_tokens(state, seat)],
        )


def _token(state: RegidiceState, die: str) -> str:
    return token_text(state.die(die).pips, die)


def passable_tokens(state: RegidiceState, seat: Seat) -> tuple[Token, ...]:
    """The tokens `seat` may pass one by one (by colour, then pips)."""
    if state.solo or not state.results:
        return ()
    found: list[Token] = []
    for die in sorted(state.hand(seat), key=lambda d: (id_order(d.id)[0], d.pips)):
        token = Token(die.pips, die.colour)
        if token in found:
            continue
        if not _pass_fault(state, seat, _pass_dice(state, seat, (token,)))[0]:
            found.append(token)
    return tuple(found)


def _lose_dice(
    state: RegidiceState, seat: Seat, lose: Sequence[Token | Colour], passed: Sequence[str]
) -> tuple[str, ...]:
    """The ids a loss names: tokens first, then each colour its lowest die not otherwise
    named (§6)."""
    hand = [d for d in state.hand(seat) if d.id not in passed]
    chosen: list[str] = []
    for item in lose:
        if isinstance(item, Token):
            match = [d for d in hand if _matches(d, item) and d.id not in chosen]
            if not match:
                raise _refused(
                    "regidice.die_not_held", state, holder=seat, die=str(item), held=tokens(hand)
                )
            chosen.append(min(match, key=lambda d: id_order(d.id)).id)
    for item in lose:
        if isinstance(item, Colour):
            match = [d for d in hand if d.colour is item and d.id not in chosen]
            if not match:
                held: list[Json] = [c.value for c in COLOURS if any(d.colour is c for d in hand)]
                raise _refused("regidice.colour_not_held", state, colour=item.value, held=held)
            chosen.append(min(match, key=lambda d: (d.pips, id_order(d.id))).id)
    return tuple(chosen)


def _prepared(state: RegidiceState, seat: Seat, move: Prepare, timed_out: bool) -> Prepared:
    if move.passes and state.solo:
        raise _refused("regidice.pass_solo", state)
    if move.lose and seat != state.target:
        raise _refused("regidice.lose_not_target", state, target=state.target)
    if seat == state.target and len(move.lose) != state.loss:
        raise _refused("regidice.lose_count", state, named=len(move.lose), loss=state.loss)
    passes = _pass_dice(state, seat, move.passes)
    check_passes(state, seat, passes)
    lose = _lose_dice(state, seat, move.lose, passes)
    return Prepared(seat, lose, passes, timed_out)


def _open_prepare(steps: Steps) -> None:
    """§3.5: those who are not the target and hold no passable die are done at once; if that
    is everybody, the step is skipped."""
    state = steps.state
    done = tuple(
        s for s in range(state.players) if s != state.target and not passable_tokens(state, s)
    )
    if len(done) == state.players:
        steps.add(PrepareSkipped())
        _end_round(steps)
        return
    steps.add(PrepareOpened(done))


def _close_prepare(steps: Steps) -> None:
    """Losses first, then passes, each to the left neighbour (a die received is not passed
    on: every pass was named from the passer's own dice)."""
    state = steps.state
    if state.target is not None:
        preparation = state.preparations[state.target]
        if preparation is not None and preparation.lose:
            steps.add(Paid(state.target, preparation.lose))
    for seat, preparation in enumerate(state.preparations):
        if preparation is not None and preparation.passes:
            steps.add(Passed(seat, state.left_of(seat), preparation.passes))
    _end_round(steps)


def _end_round(steps: Steps) -> None:
    state = steps.state
    steps.add(RoundEnded(state.round))
    if state.setup.rounds and state.round >= state.setup.rounds:
        steps.add(GameEnded("lost", "out_of_rounds"))
