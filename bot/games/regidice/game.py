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
    Reading,
    Seat,
    outcome_fits,
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


class RegidiceGame:
    key = KEY
    seats = range(1, 5)
    codec: EventCodec[RegidiceEvent] = RegidiceCodec()
    setting_keys: tuple[str, ...] = table_settings.KEYS

    def settings(self, changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
        return table_settings.change(changes, base)

    def new(self, settings: Mapping[str, Json], seats: int) -> RegidiceState:
        if seats not in self.seats:
            raise ValueError(f"a Regidice table seats 1 to 4 players, not {seats}")
        return new_table(table_settings.setup(settings, seats))

    def to_move(self, state: RegidiceState) -> frozenset[Seat]:
        """Every player while a step is open (a submission may be replaced until it
        closes); nobody while the roll is awaited or after the end."""
        if state.finished or rules.chance(state) is not None:
            return frozenset()
        return frozenset(range(state.players))

    def chance(self, state: RegidiceState) -> ChanceRequest | None:
        return rules.chance(state)

    def legal_moves(self, state: RegidiceState, seat: Seat) -> Sequence[RegidiceMove]:
        return rules.legal_moves(state, seat)

    def decide(
        self, state: RegidiceState, seat: Seat, move: RegidiceMove
    ) -> tuple[RegidiceEvent, ...]:
        return rules.decide(state, seat, move)

    def asks(self, state: RegidiceState, seat: Seat, move: RegidiceMove) -> ChanceRequest | None:
        return None  # every roll is the table's own (`chance`)

    def resolve(self, state: RegidiceState, outcome: Outcome) -> tuple[RegidiceEvent, ...]:
        request = rules.chance(state)
        if request is None:
            raise ValueError("no round is waiting for its roll")
        if not outcome_fits(request, outcome):
            raise ValueError(f"{outcome} is not an outcome of {request.draw}")
        return rules.resolved(state, outcome)

    def evolve(self, state: RegidiceState, event: RegidiceEvent) -> RegidiceState:
        return evolve(state, event)

    def expire(self, state: RegidiceState) -> tuple[RegidiceEvent, ...]:
        """§6.2's default for every player not done, each `timed_out`; the step closes."""
        return rules.expire(state)

    def finished(self, state: RegidiceState) -> bool:
        return state.finished

    def observe(self, state: RegidiceState, viewer: Seat | None) -> Mapping[str, Json]:
        return observe(state, viewer)

    def scores(self, state: RegidiceState) -> Mapping[Seat, int]:
        """The team's progress (§5) for every seat: they win or lose together."""
        return dict.fromkeys(range(state.players), state.progress)

    def outcome(
        self, before: RegidiceState, events: Sequence[RegidiceEvent], after: RegidiceState
    ) -> tuple[str, dict[str, Json]]:
        """The submission's own key (`regidice.timeout` for a default), with the seat and
        the events' names; the presenter writes the real replies."""
        names: list[Json] = [type(e).__name__ for e in events]
        for event in events:
            if isinstance(event, SUBMISSIONS):
                key = "regidice.timeout" if event.timed_out else _SUBMISSION_KEYS[type(event)]
                if isinstance(event, Acted) and event.boosts and not event.timed_out:
                    key = "regidice.boosted"
                return key, {"seat": event.seat, "events": names}
        if any(isinstance(e, GameEnded) for e in events):
            return "regidice.ended", {"result": after.result, "events": names}
        if any(isinstance(e, Rolled) for e in events):
            return "regidice.rolled", {"round": after.round, "events": names}
        if any(isinstance(e, Revealed) for e in events):
            return "regidice.revealed", {"round": after.round, "events": names}
        return "regidice.none", {"events": names}

    def summary(self, state: RegidiceState) -> dict[str, Json]:
        return summary(state)

    def read(self, text: str) -> Reading:
        """Only `/regidice` commands play (§6): plain `attack 3` is chatter."""
        return None

    def mark(self, state: RegidiceState) -> tuple[int, ...] | None:
        return mark(state)

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
