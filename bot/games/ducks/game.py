"""Ducks in a Bucket on the game API: a table of 2–6 seats taking turns (ducks.md).

A roll is two steps, so that the village draws dice only for a roll the rules allow:
`decide(Roll())` checks it and asks for the dice (`RollAsked`), and `resolve(outcome)` rolls
them. Every other move needs no chance. What each move does is `rules`' business; this
module fits it to the API, with the fair dice of §7.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from bot.fairness.derive import label, small_ints, stream_bytes
from bot.games.api import (
    ChanceContext,
    ChanceRequest,
    Dice,
    EventCodec,
    Game,
    Json,
    Outcome,
    Play,
    Reading,
    Seat,
    Unreadable,
)
from bot.games.ducks import grammar, replies, rules, script
from bot.games.ducks import settings as table_settings
from bot.games.ducks.events import DuckCodec, DuckEvent
from bot.games.ducks.moves import DuckMove, Pass, Promote, Roll, Stop
from bot.games.ducks.observe import snapshot
from bot.games.ducks.scoring import FACES
from bot.games.ducks.table import DuckState, evolve, move_names, new_table
from bot.games.table_rules import Parts, TableRules

KEY: Final = "ducks"
SIDES: Final = len(FACES)
_MOVES: Final[dict[str, DuckMove]] = {"pass": Pass(), "roll": Roll(), "stop": Stop()}


def turn_of(state: DuckState) -> tuple[int, int] | None:
    """(round, seat) of the turn in progress, for the village's rollback; None when over."""
    if state.finished or state.turn is None:
        return None
    return state.turn.round, state.turn.seat


def to_move(state: DuckState) -> frozenset[Seat]:
    """The seat on turn; nobody while its roll waits for the dice, or after the end."""
    turn = state.turn
    if state.finished or turn is None or turn.asked:
        return frozenset()
    return frozenset({turn.seat})


def chance(state: DuckState) -> ChanceRequest | None:
    """The dice of a roll the rules allowed: the Boss first, then the white dice still in
    play."""
    turn = state.turn
    if state.finished or turn is None or not turn.asked:
        return None
    return ChanceRequest(
        Dice(SIDES, 1 + turn.out), seat=turn.seat, label=(turn.round, turn.seat, turn.roll + 1)
    )


def legal_moves(state: DuckState, seat: Seat) -> Sequence[DuckMove]:
    """The moves of the seat on turn, in §6's order: each legal promotion, pass, roll, stop.
    Leaving is a table command open to every seat still playing, not a move of the turn, so
    it is not listed (random play would otherwise mostly leave)."""
    turn = state.turn
    if turn is None or seat not in to_move(state):
        return ()
    found: list[DuckMove] = []
    for name in move_names(state):
        if name == "promote":
            found += [Promote(p) for p in turn.promotions]
        else:
            found.append(_MOVES[name])
    return found


def _rolled(state: DuckState, request: ChanceRequest, outcome: Outcome) -> tuple[DuckEvent, ...]:
    """The roll's dice as faces (values are faces minus one), the Boss first."""
    boss, *whites = (value + 1 for value in outcome)
    return rules.rolled(state, boss, tuple(whites))


class DucksGame(TableRules[DuckState, DuckMove, DuckEvent]):
    """Ducks' rules on the API: its moves are read in chat too (`read`), and it tells a
    move's outcome its own way (`replies.outcome`)."""

    key = KEY
    seats = range(2, 7)
    codec: EventCodec[DuckEvent] = DuckCodec()
    setting_keys: tuple[str, ...] = table_settings.KEYS
    nothing_to_draw = "no roll is waiting for its dice"
    parts: Parts[DuckState, DuckMove, DuckEvent] = Parts(
        settings=table_settings.change,
        start=lambda settings, seats: new_table(table_settings.setup(settings, seats)),
        to_move=to_move,
        chance=chance,
        legal_moves=legal_moves,
        decide=rules.decide,
        resolved=_rolled,
        evolve=evolve,
        # The turn's time is up (or a moderator skips it): stop with the bucket in phase
        # `promoted`, else forfeit; the next turn begins at once.
        expire=rules.time_up,
        # Nothing in Ducks is hidden: every viewer sees the same table, seats by number.
        observe=lambda state, viewer: snapshot(state, lambda seat: seat),
        summary=replies.score_table,  # each round's hands and points, the totals
        mark=turn_of,  # round and seat of the turn in progress, as a rollback names it
    )

    def scores(self, state: DuckState) -> Mapping[Seat, int]:
        return dict(enumerate(state.totals))

    def outcome(
        self, before: DuckState, events: Sequence[DuckEvent], after: DuckState
    ) -> tuple[str, dict[str, Json]]:
        return replies.outcome(before, events, after)

    def read(self, text: str) -> Reading:
        """A chat message's moves (§5): play, a try that fits no form, or None for chat."""
        reading = grammar.read(text)
        if isinstance(reading, grammar.Moves):
            return Play(reading.moves, reading.tagged, tags=1 if reading.tagged else 0)
        if isinstance(reading, grammar.Malformed):
            return Unreadable(reading.reason, reading.tagged, reading.tags)
        return None

    def script(self, text: str) -> Outcome:
        """A replay's roll: `5 | 4 5 4 5 2`, the Boss, a bar, the white dice."""
        return script.parse(text)

    def fair(self, seed: bytes, context: ChanceContext, request: ChanceRequest) -> Outcome:
        """ducks.md §7: `ducks/v1|village|table|player|roll_seq|message` keys the HMAC blocks;
        a byte b < 252 gives the value b % 6 (the face b % 6 + 1) and bytes 252..255 are
        skipped, so no face is favoured. The Boss comes first."""
        draw = request.draw
        if not isinstance(draw, Dice) or draw.sides != SIDES:
            raise ValueError(f"Ducks rolls six-sided dice, not {draw}")
        msg = label(
            KEY,
            context.village_id,
            context.table_id,
            context.player_id,
            context.chance_seq,
            context.message_id,
        )
        return small_ints(stream_bytes(seed, msg), SIDES, draw.count)


GAME: Final = DucksGame()
_checked: Game[DuckState, DuckMove, DuckEvent] = GAME
