"""Regidice's replies as plain data with the players' names (regidice.md §7): what a
submission, a step's close, the time limit or a roll tells the table, and what each player
alone is told.

The public data come from `observe(state, None)`, which holds no pip before the reveal and
no sealed declaration before it either; each player's dice go only into the `Private`
replies for them. A submission's reply shows the table after all it caused; an announcement,
the table right after its own event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeAlias

from bot.games.api import (
    MOVER_ONLY,
    TO_SEAT,
    Folded,
    Json,
    Params,
    Private,
    RuleError,
    Told,
    steps,
)
from bot.games.regidice.dice import token_text
from bot.games.regidice.events import (
    Acted,
    Damaged,
    Declared,
    Defeated,
    GameEnded,
    Healed,
    Paid,
    Passed,
    Prepared,
    RegidiceEvent,
    Results,
    Revealed,
    Rolled,
    Suffered,
)
from bot.games.regidice.observe import enemy, observe, table_record
from bot.games.regidice.rules import tokens
from bot.games.regidice.settings import deadline_hours
from bot.games.regidice.table import (
    RegidiceState,
    RoundRecord,
    Step,
    evolve,
    recorded,
    round_record,
)

PREFIX: Final = "regidice."
Names = Sequence[str]
SUBMISSIONS: Final = (Declared, Acted, Prepared)
SECRET: Final = ("hand", "declaration")
"""The params of a private reply that hold what only its player may see."""


def _name(names: Names, seat: Any) -> Json:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
        return None
    return names[seat]


def _as_tokens(state: RegidiceState, dice: Sequence[str]) -> list[Json]:
    """Dice named by id (`B3`) as players read them (`4b`)."""
    return [token_text(state.die(d).pips, d) for d in dice]


def _named_list(names: Names, seats: Any) -> list[Json]:
    return [_name(names, s) for s in seats] if isinstance(seats, list) else []


# -- the table as everyone sees it -------------------------------------------------------------


def position(state: RegidiceState, names: Names) -> Params:
    """§7's `state`, public. `deadline` is the village's to fill in (it knows the time)."""
    view = observe(state, None)
    players: list[Json] = []
    for player in view["players"] if isinstance(view["players"], list) else []:
        assert isinstance(player, dict)
        seat = player.get("seat")
        shown: dict[str, Json] = {
            "name": _name(names, seat),
            "dice": player.get("dice"),
            "done": player.get("done"),
            "locked": player.get("locked"),
            "declaration": player.get("declaration"),
        }
        if "hand" in player:
            shown["hand"] = player["hand"]
        if "boosts" in player:
            shown["boosts"] = player["boosts"]
        players.append(shown)
    step = view["step"]
    return {
        "seats": list(names),
        "round": view["round"],
        "rounds": view["rounds"],
        "step": "declare" if step == Step.ROLL.value and state.round == 0 else step,
        "lead": _name(names, view["lead"]),
        "sealed": view["sealed"],
        "enemy": view["enemy"],
        "defeated": view["defeated"],
        "injured": view["injured"],
        "players": players,
        "waiting_for": _named_list(names, view["waiting_for"]),
        "target": _name(names, view["target"]),
        "loss": view["loss"],
        "result": view["result"],
        "reason": view["reason"],
        "progress": view["progress"],
        "deadline": None,
    }


def waiting(settings: Mapping[str, Json], names: Names) -> Params:
    """§7's `state` before the start (step `lobby`): the seats taken."""
    return {
        "seats": list(names),
        "round": 0,
        "step": "lobby",
        "lead": None,
        "sealed": settings.get("declare") == "sealed",
        "enemy": None,
        "injured": [],
        "players": [{"name": n, "dice": None, "done": False} for n in names],
        "waiting_for": [],
        "target": None,
        "loss": 0,
        "result": None,
        "reason": None,
        "progress": 0,
        "deadline": None,
        "deadline_hours": deadline_hours(settings),
    }


# -- one message's events, folded --------------------------------------------------------------


FoldedStep: TypeAlias = Folded[RegidiceState, RegidiceEvent]
"""One event of a message with the table right before and after it (`api.steps`); not a
step of the round (`Step`)."""


def _declaration(event: Declared) -> Json:
    return {
        "action": event.action.value,
        "number": event.number,
        "colour": None if event.colour is None else event.colour.value,
        "parity": None if event.parity is None else event.parity.value,
    }


def _submission(event: RegidiceEvent, before: RegidiceState, names: Names) -> tuple[str, Params]:
    player = _name(names, getattr(event, "seat", None))
    if isinstance(event, Declared):
        params: Params = {"player": player, "move": "declare", "declaration": _declaration(event)}
        if before.setup.sealed and not event.timed_out:
            # Nobody else may know a sealed declaration before the reveal.
            params[MOVER_ONLY] = ["declaration"]
        return "declared", params
    if isinstance(event, Acted):
        boosts: list[Json] = [
            {"player": _name(names, b.seat), "die": token_text(b.pips, b.die)} for b in event.boosts
        ]
        params = {
            "player": player,
            "move": "act",
            "colour": None if event.colour is None else event.colour.value,
            "take": [c.value for c in event.take],
            "boosts": boosts,
        }
        return ("boosted" if boosts else "acted"), params
    assert isinstance(event, Prepared)
    return "prepared", {
        "player": player,
        "move": "prepare",
        "lose": _as_tokens(before, event.lose),
        "passes": _as_tokens(before, event.passes),
    }


def _revealed(step: FoldedStep, names: Names) -> Params:
    """Each roll (the pips before collecting), each declaration, each hand after it."""
    before, after = step.before, step.after
    event = step.event
    assert isinstance(event, Revealed)
    players: list[Json] = []
    for seat in range(after.players):
        declaration = after.declarations[seat] if after.declarations else None
        players.append(
            {
                "player": _name(names, seat),
                "rolled": tokens(before.hand(seat)),
                "declaration": None
                if declaration is None
                else {
                    "action": declaration.action.value,
                    "number": declaration.number,
                    "colour": None if declaration.colour is None else declaration.colour.value,
                    "parity": None if declaration.parity is None else declaration.parity.value,
                    "collided": seat in event.collided,
                },
                "hand": tokens(after.hand(seat)),
            }
        )
    return {"round": after.round, "players": players}


def _results(state: RegidiceState, names: Names) -> list[Json]:
    return [
        {
            "player": _name(names, r.seat),
            "action": r.action.value,
            "value": r.value,
            "split": [list(part) for part in r.split],
            "spell": None if r.spell is None else r.spell.value,
        }
        for r in state.results
    ]


Telling = list[tuple[str, Params, Params, int | None]]
"""What a message told (`replies`): each reply's key, params, state and the seat it is to."""


def replies(before: RegidiceState, events: Sequence[RegidiceEvent], names: Names) -> Telling:
    """Every reply of what one message (or the time limit, or the start) did, in order:
    (key, params, state, seat it is to). Submissions first, as they were made."""
    folded = list(steps(evolve, before, events))
    final = folded[-1].after if folded else before
    found: Telling = []
    resolved: Params | None = None
    resolved_state: RegidiceState | None = None
    paid: list[Json] = []
    passed: list[Json] = []

    def flush() -> None:
        nonlocal resolved, resolved_state
        if resolved is not None and resolved_state is not None:
            found.append(("resolved", resolved, position(resolved_state, names), None))
        resolved, resolved_state = None, None

    for step in folded:
        event, state = step.event, step.after
        if isinstance(event, SUBMISSIONS):
            key, params = _submission(event, step.before, names)
            seat = event.seat
            if event.timed_out:
                key = "timeout"
                params = {**params, "default": True}
            # A submission's reply shows the table after all it caused.
            found.append((key, params, position(final, names), seat))
        elif isinstance(event, Rolled):
            flush()
            params = {
                "round": event.round,
                "lead": _name(names, event.lead),
                "enemy": enemy(state),
                "paid": paid,
                "passed": passed,
            }
            found.append(("round_started", params, position(state, names), None))
            paid, passed = [], []
        elif isinstance(event, Revealed):
            found.append(("revealed", _revealed(step, names), position(state, names), None))
        elif isinstance(event, Results):
            resolved = {
                "results": _results(state, names),
                "heals": [],
                "enemy_before": list(state.round_enemy),
            }
            resolved_state = state
        elif isinstance(event, Healed) and resolved is not None:
            heals = resolved["heals"]
            assert isinstance(heals, list)
            heals.append(
                {
                    "player": _name(names, event.seat),
                    "heal": event.heal,
                    "dice": _as_tokens(state, event.dice),
                }
            )
            resolved_state = state
        elif isinstance(event, Damaged) and resolved is not None:
            resolved["damage"] = event.damage
            resolved["enemy_after"] = list(event.after)
            resolved_state = state
        elif isinstance(event, Suffered) and resolved is not None:
            resolved["loss"] = event.loss
            resolved["attack"] = event.attack
            resolved["blocked"] = event.blocked
            resolved["target"] = _name(names, event.target)
            resolved_state = state
        elif isinstance(event, Defeated):
            flush()
            params = {
                "enemy": event.enemy,
                "overkill": event.overkill,
                "black": event.black,
                "spoils": [
                    {"die": _as_tokens(state, (s.die,))[0], "player": _name(names, s.seat)}
                    for s in event.spoils
                ],
                "next": enemy(state) if state.defeated < 3 else None,
            }
            found.append(("enemy_defeated", params, position(state, names), None))
        elif isinstance(event, Paid):
            paid.append({"player": _name(names, event.seat), "dice": _as_tokens(state, event.dice)})
        elif isinstance(event, Passed):
            passed.append(
                {
                    "player": _name(names, event.seat),
                    "to": _name(names, event.to),
                    "dice": _as_tokens(state, event.dice),
                }
            )
        elif isinstance(event, GameEnded):
            flush()
            params = {
                "result": event.result,
                "reason": event.reason,
                "progress": state.progress,
                "defeated": state.defeated,
                "rounds": state.round,
                "paid": paid,
                "names": list(names),
            }
            key = {"won": "won", "lost": "lost"}.get(str(event.result), "ended")
            found.append((key, params, position(state, names), None))
    flush()
    if found and folded and not isinstance(folded[-1].event, SUBMISSIONS):
        # The last reply shows the step the table is now in and whom it waits for (the
        # resolution is told before the prepare step opens).
        last_key, last_params, _, last_seat = found[-1]
        found[-1] = (last_key, last_params, position(final, names), last_seat)
    return [(PREFIX + key, params, state, seat) for key, params, state, seat in found]


def outcome(found: Telling, after: RegidiceState, names: Names) -> tuple[str, Params, Params]:
    """The reply to the move, of what its message `found` to tell (`replies`)."""
    if not found:
        return PREFIX + "none", {}, position(after, names)
    key, params, state, seat = found[0]
    if seat is not None:
        params = {**params, TO_SEAT: seat}
    return key, params, state


def announcements(events: Sequence[RegidiceEvent], found: Telling) -> list[Told]:
    """The replies after the one `outcome` gives, of what `events` `found` to tell
    (`replies`): everything but the submission (or the abandoned end) that opens them; at
    the start, where no move opens them, all."""
    opened = any(isinstance(e, (*SUBMISSIONS, GameEnded)) for e in events)
    if opened and not isinstance(events[0], Rolled):
        found = found[1:]
    return [Told(key, params, state, seat) for key, params, state, seat in found]


def hand(state: RegidiceState, seat: int, names: Names) -> Private:
    """`seat`'s own dice with their pips, its declaration, and what it may pass."""
    view = observe(state, seat)
    params: Params = {
        "player": _name(names, seat),
        "round": state.round,
        "hand": view["hand"],
        "declaration": view["declaration"],
        "passable": view["passable"],
        "step": view["step"],
        "done": seat in state.submitted,
    }
    secret = tuple(k for k in SECRET if params.get(k) is not None)
    own = {**position(state, names), "hand": view["hand"]}
    return Private(seat, PREFIX + "hand", params, secret or ("hand",), own)


def private(
    before: RegidiceState, events: Sequence[RegidiceEvent], after: RegidiceState, names: Names
) -> list[Private]:
    """After a roll, each player's own dice (the pips nobody else sees before the reveal)."""
    rolled = [e for e in events if isinstance(e, Rolled)]
    if not rolled or after.finished or after.round != rolled[-1].round:
        return []
    return [hand(after, seat, names) for seat in after.lead_order()]


def status(state: RegidiceState, names: Names) -> Params:
    return {**position(state, names), "names": list(names)}


def score(state: RegidiceState, names: Names) -> Params:
    return {**table_record(state), "names": list(names)}


def _record(record: RoundRecord, names: Names) -> Params:
    return {
        "round": record.round,
        "lead": _name(names, record.lead),
        "enemy": record.enemy,
        "enemy_before": list(record.enemy_before),
        "enemy_after": list(record.enemy_after),
        "defeated": record.defeated,
        "declarations": [
            None
            if d is None
            else {
                "player": _name(names, seat),
                "action": d.action.value,
                "number": d.number,
                "colour": None if d.colour is None else d.colour.value,
                "parity": None if d.parity is None else d.parity.value,
                "collided": seat in record.collided,
            }
            for seat, d in enumerate(record.declarations)
        ],
        "results": [
            {"player": _name(names, r.seat), "action": r.action.value, "value": r.value}
            for r in record.results
        ],
        "target": _name(names, record.target),
        "loss": record.loss,
    }


def _current(state: RegidiceState) -> RoundRecord | None:
    """The round in progress as far as everyone has seen it (from its reveal)."""
    if not state.round or not state.revealed or recorded(state, state.round):
        return None
    return round_record(state)


def log(state: RegidiceState, number: int | None, names: Names) -> Params:
    """A round as everyone saw it: the round in progress (from its reveal), else the last
    one played, unless one is named."""
    records = [*state.history]
    current = _current(state)
    if current is not None:
        records.append(current)
    if number is None and records:
        return {**_record(records[-1], names), "names": list(names)}
    for record in records:
        if record.round == number:
            return {**_record(record, names), "names": list(names)}
    raise RuleError(PREFIX + "no_round", {"round": number or 0, "played": len(state.history)})


def refusal(error: RuleError, state: RegidiceState, names: Names) -> tuple[str, Params]:
    """A refused submission with what is legal, seats as names."""
    params = dict(error.params)
    for key in ("seat", "by", "holder", "target"):
        value = params.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            params[key] = _name(names, value)
    params["names"] = list(names)
    if state.setup.sealed and state.step is Step.DECLARE:
        # §6.1: in a sealed table a declaration's refusal is its player's alone, since it
        # echoes what they tried to declare.
        tried: list[Json] = [
            k for k in ("action", "value", "number", "colour", "parity") if params.get(k)
        ]
        if tried:
            params[MOVER_ONLY] = tried
    key = PREFIX + "finished" if error.key == PREFIX + "game_over" else error.key
    return key, params
