"""Regidice on the game API: a table of 1 to 4 seats, every step simultaneous (regidice.md).

Chance is the table's own: each round's roll of every unlocked die, seen by nobody until the
reveal (`observe` shows each player its own dice). What each move does is `rules`' business;
this module fits it to the API, with the fair derivation of §8.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from bot.games.api import (
    ChanceContext,
    ChanceRequest,
    Dice,
    EventCodec,
    Game,
    Json,
    Outcome,
    Seat,
)
from bot.games.regidice import rules
from bot.games.regidice import settings as table_settings
from bot.games.regidice.events import (
    SUBMISSIONS,
    Acted,
    Declared,
    GameEnded,
    Prepared,
    RegidiceCodec,
    RegidiceEvent,
    Revealed,
    Rolled,
)
from bot.games.regidice.moves import RegidiceMove
from bot.games.regidice.observe import observe, summary
from bot.games.regidice.roll import KEY, fair_roll
from bot.games.regidice.table import STEP_NUMBERS, RegidiceState, evolve, new_table
from bot.games.table_rules import Parts, TableRules

_SUBMISSION_KEYS: Final[dict[type[RegidiceEvent], str]] = {
    Declared: "regidice.declared",
    Acted: "regidice.acted",
    Prepared: "regidice.prepared",
}


def mark(state: RegidiceState) -> tuple[int, int] | None:
    """(round, step: 1 declare, 2 act, 3 prepare; 0 waiting for the roll of that round):
    changes when a step opens, not with a submission, so the village gives each step one
    deadline; None when the game is over."""
    if state.finished:
        return None
    number = STEP_NUMBERS[state.step]
    return (state.round + 1, 0) if number == 0 else (state.round, number)


def to_move(state: RegidiceState) -> frozenset[Seat]:
    """Every player while a step is open (a submission may be replaced until it closes);
    nobody while the roll is awaited or after the end."""
    if state.finished or rules.chance(state) is not None:
        return frozenset()
    return frozenset(range(state.players))


class RegidiceGame(TableRules[RegidiceState, RegidiceMove, RegidiceEvent]):
    """Regidice's rules on the API. Only `/regidice` commands play (§6): plain `attack 3` is
    chatter, so `read` finds nothing in a message."""

    key = KEY
    seats = range(1, 5)
    codec: EventCodec[RegidiceEvent] = RegidiceCodec()
    setting_keys: tuple[str, ...] = table_settings.KEYS
    nothing_to_draw = "no round is waiting for its roll"
    parts: Parts[RegidiceState, RegidiceMove, RegidiceEvent] = Parts(
        settings=table_settings.change,
        start=lambda settings, seats: new_table(table_settings.setup(settings, seats)),
        to_move=to_move,
        chance=rules.chance,
        legal_moves=rules.legal_moves,
        decide=rules.decide,
        resolved=lambda state, request, outcome: rules.resolved(state, outcome),
        evolve=evolve,
        expire=rules.expire,  # §6.2's default for every player not done, each `timed_out`
        observe=observe,
        summary=summary,
        mark=mark,
    )

    def scores(self, state: RegidiceState) -> Mapping[Seat, int]:
        """The team's progress (§5) for every seat: they win or lose together."""
        return dict.fromkeys(range(state.players), state.progress)

    def moved(self, event: RegidiceEvent) -> tuple[str, Seat] | None:
        """A declaration, an action (`boosted` when it takes others' dice) or a preparation."""
        if not isinstance(event, SUBMISSIONS):
            return None
        if isinstance(event, Acted) and event.boosts:
            return "regidice.boosted", event.seat
        return _SUBMISSION_KEYS[type(event)], event.seat

    def told(
        self, events: Sequence[RegidiceEvent], after: RegidiceState
    ) -> tuple[str, dict[str, Json]] | None:
        if any(isinstance(e, GameEnded) for e in events):
            return "regidice.ended", {"result": after.result}
        if any(isinstance(e, Rolled) for e in events):
            return "regidice.rolled", {"round": after.round}
        if any(isinstance(e, Revealed) for e in events):
            return "regidice.revealed", {"round": after.round}
        return None

    def script(self, text: str) -> Outcome:
        raise ValueError("Regidice rolls are scripted with names: @dice NAME: 3r 1r … | NAME: …")

    def fair(self, seed: bytes, context: ChanceContext, request: ChanceRequest) -> Outcome:
        """§8: die D in round r shows 1 + the first byte b < 252 of the stream of
        `regidice/v1|{table}|{r}|{D}`, mod 6; the outcome is pips − 1 in the label's order."""
        draw = request.draw
        if isinstance(draw, Dice) and draw.sides == 6 and request.label:
            round_, *dice = request.label
            if isinstance(round_, int) and len(dice) == draw.count:
                return fair_roll(seed, context.table_id, round_, [str(d) for d in dice])
        raise ValueError(f"Regidice draws no {draw} labelled {request.label}")


GAME: Final = RegidiceGame()
_checked: Game[RegidiceState, RegidiceMove, RegidiceEvent] = GAME
