"""What each viewer may know of a Regidice table, as plain data (regidice.md §6.1, §7), and
the record the village keeps (§5).

From the roll until the reveal a die's pips are secret: the public view has each player's
dice by colour only, and the pips of its locked dice alone (passed in public, they kept their
pips). From the reveal every pip is public, and so is each die's holder. In a sealed table the
declarations are hidden until the reveal. A player's own view adds its hand (with pips), its
own declaration and submissions, and the tokens it may pass. Seats are numbers; the presenter
names them.
"""

from __future__ import annotations

from bot.games.api import Json, Seat
from bot.games.regidice.dice import COLOURS, id_order
from bot.games.regidice.events import plain
from bot.games.regidice.rules import legal_moves, passable_tokens, tokens
from bot.games.regidice.table import Declaration, RegidiceState, Step


def _declaration(d: Declaration | None, collided: bool) -> Json:
    if d is None:
        return None
    return {
        "action": d.action.value,
        "number": d.number,
        "colour": None if d.colour is None else d.colour.value,
        "parity": None if d.parity is None else d.parity.value,
        "collided": collided,
    }


def enemy(state: RegidiceState) -> dict[str, Json]:
    pips = state.enemy_pips
    return {
        "number": state.enemy,
        "pips": list(pips),
        "defence": sum(pips),
        "hp": 6 * len(pips) - sum(pips),
        "attack": len(pips),
    }


def waiting_for(state: RegidiceState) -> list[int]:
    if state.finished or state.step is Step.ROLL:
        return []
    return [s for s in range(state.players) if s not in state.submitted]


def observe(state: RegidiceState, viewer: Seat | None) -> dict[str, Json]:
    public_pips = state.revealed
    declared_public = state.revealed or not state.setup.sealed
    players: list[Json] = []
    for seat in range(state.players):
        hand = state.hand(seat)
        declaration = state.declarations[seat] if state.declarations else None
        player: dict[str, Json] = {
            "seat": seat,
            "dice": {c.value: sum(1 for d in hand if d.colour is c) for c in COLOURS},
            "done": seat in state.submitted,
            "locked": tokens(d for d in hand if d.locked),
            "declaration": (
                _declaration(declaration, seat in state.collided) if declared_public else None
            ),
        }
        if public_pips:
            player["hand"] = tokens(hand)
        act = state.acts[seat] if state.acts else None
        if act is not None and state.step is Step.ACT:
            player["boosts"] = [plain(b) for b in act.boosts]
        players.append(player)
    view: dict[str, Json] = {
        "round": state.round,
        "rounds": state.setup.rounds,
        "step": state.step.value,
        "lead": state.lead,
        "sealed": state.setup.sealed,
        "dice_each": state.setup.dice,
        "enemy": enemy(state),
        "defeated": state.defeated,
        "injured": [d.colour.value for d in sorted(state.pool(), key=lambda d: id_order(d.id))],
        "injured_dice": tokens(state.pool()),
        "players": players,
        "waiting_for": list(waiting_for(state)),
        "target": state.target,
        "loss": state.loss,
        "results": [plain(r) for r in state.results],
        "result": state.result,
        "reason": state.reason,
        "progress": state.progress,
    }
    if viewer is not None and viewer in range(state.players):
        view["hand"] = tokens(state.hand(viewer))
        declaration = state.declarations[viewer]
        view["declaration"] = _declaration(declaration, viewer in state.collided)
        act = state.acts[viewer]
        view["act"] = None if act is None else plain(act)
        preparation = state.preparations[viewer]
        view["prepared"] = None if preparation is None else plain(preparation)
        view["passable"] = [
            str(t) for t in passable_tokens(state, viewer) if state.step is Step.PREPARE
        ]
        view["may_move"] = bool(legal_moves(state, viewer))
    return view


def table_record(state: RegidiceState) -> dict[str, Json]:
    """§5's record: result, reason, enemies defeated, progress, rounds played (what the
    score table shows too)."""
    return {
        "result": state.result,
        "reason": state.reason,
        "defeated": state.defeated,
        "progress": state.progress,
        "rounds": state.round,
    }


def summary(state: RegidiceState) -> dict[str, Json]:
    """§5's record, and how many played."""
    return {**table_record(state), "players": state.players}
