"""Greed on the game API: a one-seat table per player and day.

The engine throws given faces (`Throw(faces)`); on the API a throw is two steps, so that
the village draws the dice only for a throw the rules allow: `decide(ThrowDice(n))` checks
the count and sets aside the take it implies, `asks` for `n` dice, and `resolve(faces)`
throws them: its first event is always the `DiceThrown` that records them. The events are
the engine's own, stored as they always were.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from bot.games.api import (
    ChanceContext,
    ChanceRequest,
    Dice,
    Encoded,
    EventCodec,
    Game,
    Json,
    Outcome,
    Reading,
    RuleError,
    Seat,
    SettingError,
    written_by_this_release,
)
from bot.games.greed import (
    MAX_DICE,
    CloseDay,
    DayClosed,
    DiceSetAside,
    DiceThrown,
    EndTurn,
    GreedEvent,
    GreedOut,
    GreedRuleError,
    LapStarted,
    PlayerDay,
    Rules,
    TurnEnded,
    TurnUnfinished,
    UnknownFaceError,
    Variant,
    decide,
    decide_count,
    decide_faces,
    evolve,
    new_day,
    parse_faces,
    replies,
)
from bot.games.greed.faces import FACES
from bot.games.greed.fair import faces_from_bytes, throw_blocks, throw_message
from bot.games.greed.grammar import read
from bot.games.greed.moves import GreedMove, ThrowDice
from bot.games.greed.rules import DEFAULT_THRESHOLD, DEFAULT_TURNS_PER_DAY, MAX_TURNS_PER_DAY

KEY = "greed"
SEAT: Seat = 0
MAX_THRESHOLD = 100_000

# Names players use for the variants, in both languages.
_VARIANT_NAMES = {
    "official": Variant.OFFICIAL,
    "公式": Variant.OFFICIAL,
    "公式ルール": Variant.OFFICIAL,
    "house": Variant.HOUSE,
    "ハウス": Variant.HOUSE,
    "ハウスルール": Variant.HOUSE,
    "revised": Variant.REVISED,
    "改定": Variant.REVISED,
    "改定版": Variant.REVISED,
    "改定版ハウスルール": Variant.REVISED,
}
SETTING_KEYS: tuple[str, ...] = ("rules", "turns", "threshold")


_EVENT_TYPES: dict[str, type[GreedEvent]] = {
    cls.__name__: cls
    for cls in (
        DiceSetAside,
        DiceThrown,
        LapStarted,
        GreedOut,
        TurnEnded,
        TurnUnfinished,
        DayClosed,
    )
}
_FACE_FIELDS = ("dice", "faces")


VERSION: Final = 1
"""The codec version Greed writes its events in."""


def upcast(stored: Encoded) -> Encoded:
    """A stored Greed event brought to `VERSION`, the one `decode` reads. Version 1, the
    first release's, is the only one written so far: it is read as it is (its throws' draw
    keys included, which `decode` leaves out). A later version adds its step here, from the
    version before it, and keeps every earlier step."""
    return written_by_this_release("Greed", stored, VERSION)


class GreedCodec:
    """Greed's events as stored since the first release: faces as tokens."""

    version = VERSION

    def encode(self, event: GreedEvent) -> Encoded:
        # Field by field rather than `asdict`, which copies every value deeply: an event's
        # fields are numbers, flags and faces, and a throw encodes several.
        data: dict[str, Json] = {}
        for name in event.__dataclass_fields__:
            value = getattr(event, name)
            data[name] = [face.token for face in value] if name in _FACE_FIELDS else value
        return Encoded(type(event).__name__, data, self.version)

    def decode(self, stored: Encoded) -> GreedEvent:
        stored = upcast(stored)
        cls = _EVENT_TYPES[stored.type]
        fields = cls.__dataclass_fields__
        # Throws stored before the game API carry the village's draw keys (throw_seq,
        # scripted) in their data: the engine's fields are the event.
        data: dict[str, Any] = {k: v for k, v in stored.data.items() if k in fields}
        for name in _FACE_FIELDS:
            if name in data:
                data[name] = parse_faces(cast(list[str], data[name]))
        return cls(**data)


def rules_of(raw: Mapping[str, Json]) -> Rules:
    return Rules(
        variant=Variant(str(raw.get("variant", Variant.OFFICIAL))),
        threshold=_int(raw.get("threshold"), DEFAULT_THRESHOLD),
        turns_per_day=_int(raw.get("turns"), DEFAULT_TURNS_PER_DAY),
    )


def _int(value: Json, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def rule_error(error: GreedRuleError) -> RuleError:
    # Replies carry plain JSON-like data: lists, not tuples.
    params = {k: list(v) if isinstance(v, tuple) else v for k, v in error.params.items()}
    return RuleError(error.key, cast(dict[str, Json], params))


class GreedGame:
    key = KEY
    seats = range(1, 2)
    codec: EventCodec[GreedEvent] = GreedCodec()
    setting_keys = SETTING_KEYS

    def default_settings(self) -> dict[str, Json]:
        defaults = Rules()
        return {
            "variant": defaults.variant.value,
            "turns": defaults.turns_per_day,
            "threshold": defaults.threshold,
        }

    def settings(self, changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
        changed = {**self.default_settings(), **base}
        for key, value in changes.items():
            text = value.strip().lower()
            if key == "rules":
                if text not in _VARIANT_NAMES:
                    raise SettingError(key, value, "official, house, revised")
                changed["variant"] = _VARIANT_NAMES[text].value
            elif key == "turns":
                changed["turns"] = _whole(key, value, 1, MAX_TURNS_PER_DAY, 1)
            elif key == "threshold":
                changed["threshold"] = _whole(key, value, 0, MAX_THRESHOLD, 50)
            else:
                raise SettingError(key, value, ", ".join(SETTING_KEYS))
        return changed

    def new(self, settings: Mapping[str, Json], seats: int = 1) -> PlayerDay:
        return new_day(rules_of(settings))

    def to_move(self, state: PlayerDay) -> frozenset[Seat]:
        return frozenset() if state.finished else frozenset({SEAT})

    def chance(self, state: PlayerDay) -> ChanceRequest | None:
        return None  # every throw is asked for by its move

    def legal_moves(self, state: PlayerDay, seat: Seat) -> Sequence[GreedMove]:
        if seat != SEAT or state.finished:
            return ()
        throws: list[GreedMove] = [ThrowDice(n) for n in state.legal_counts]
        return [*throws, EndTurn()] if state.can_end else throws

    def decide(self, state: PlayerDay, seat: Seat, move: GreedMove) -> tuple[GreedEvent, ...]:
        try:
            if isinstance(move, ThrowDice):
                return decide_count(state, move.dice)
            return decide(state, move)
        except GreedRuleError as error:
            raise rule_error(error) from error

    def asks(self, state: PlayerDay, seat: Seat, move: GreedMove) -> ChanceRequest | None:
        if isinstance(move, ThrowDice):
            return ChanceRequest(Dice(len(FACES), move.dice), seat=SEAT)
        return None

    def resolve(self, state: PlayerDay, outcome: Outcome) -> tuple[GreedEvent, ...]:
        faces = tuple(FACES[value] for value in outcome)
        turn = state.turn
        assert turn is not None  # the throw was allowed in it
        # The take this throw implies is set aside already (decide): its points are in.
        return decide_faces(state, faces, turn.points)

    def evolve(self, state: PlayerDay, event: GreedEvent) -> PlayerDay:
        return evolve(state, event)

    def expire(self, state: PlayerDay) -> tuple[GreedEvent, ...]:
        """The day's time is up: a turn in progress scores 0 and the day closes."""
        if state.closed:
            return ()
        return decide(state, CloseDay())

    def finished(self, state: PlayerDay) -> bool:
        return state.finished

    def observe(self, state: PlayerDay, viewer: Seat | None) -> Mapping[str, Json]:
        """Greed hides nothing: every throw is public."""
        return position(state)

    def scores(self, state: PlayerDay) -> Mapping[Seat, int]:
        return {SEAT: state.banked}

    def outcome(
        self, before: PlayerDay, events: Sequence[GreedEvent], after: PlayerDay
    ) -> tuple[str, dict[str, Json]]:
        return replies.outcome(before, events, after)

    def summary(self, state: PlayerDay) -> dict[str, Json]:
        return replies.summary(state)

    def read(self, text: str) -> Reading:
        """`[[greed]]` tags and TE (chat.md §1)."""
        return read(text)

    def mark(self, state: PlayerDay) -> tuple[int, ...] | None:
        turn = None if state.finished else state.turn
        return None if turn is None else (turn.number, turn.lap, turn.throw)

    def script(self, text: str) -> Outcome:
        """Faces as players write them (`D G $ R R Eb`), one to six."""
        try:
            faces = parse_faces(text)
        except UnknownFaceError as error:
            raise ValueError(str(error)) from None
        if not 1 <= len(faces) <= MAX_DICE:
            raise ValueError(f"needs 1 to {MAX_DICE} faces, not {len(faces)}")
        return tuple(FACES.index(face) for face in faces)

    def fair(self, seed: bytes, context: ChanceContext, request: ChanceRequest) -> Outcome:
        """greed.md §8: `greed/v1|village|day|player|throw_seq|message`, a byte b < 252
        giving the face `FACES[b % 6]` (the published vectors)."""
        if not isinstance(request.draw, Dice):
            # Greed throws dice only: a record claiming another draw of it matches no seed.
            raise ValueError(f"Greed draws no {request.draw}")
        msg = throw_message(
            context.village_id,
            context.day,
            context.player_id,
            context.chance_seq,
            context.message_id,
        )
        faces = faces_from_bytes(throw_blocks(seed, msg), request.draw.count)
        return tuple(FACES.index(face) for face in faces)


def position(day: PlayerDay) -> dict[str, Json]:
    """The `state` of a reply about this day (without the village's day and total)."""
    turn = None if day.finished else day.turn
    common: dict[str, Json] = {
        "turns_played": len(day.turns),
        "turns_per_day": day.rules.turns_per_day,
        "threshold": day.rules.threshold,
    }
    if turn is None:
        return {
            "turn": None,
            "lap": None,
            "throw": None,
            "faces": [],
            "turn_points": 0,
            "best_take": 0,
            "day_points": day.banked,
            "held": day.banked,
            "can_end": False,
            "legal_counts": [],
            **common,
            "finished": True,
        }
    best = turn.best_take
    return {
        "turn": turn.number,
        "lap": turn.lap,
        "throw": turn.throw,
        "faces": [] if turn.last is None else [f.token for f in turn.last.faces],
        "turn_points": turn.points,
        "best_take": 0 if best is None else best.points,
        "day_points": day.banked,
        "held": day.held,
        "can_end": day.can_end,
        "legal_counts": list(day.legal_counts),
        **common,
        "finished": False,
    }


def _whole(key: str, value: str, low: int, high: int, step: int) -> int:
    allowed = f"{low}-{high}" + (f", in steps of {step}" if step > 1 else "")
    try:
        number = int(value.strip())
    except ValueError:
        raise SettingError(key, value, allowed) from None
    if not low <= number <= high or number % step:
        raise SettingError(key, value, allowed)
    return number


GAME = GreedGame()
_checked: Game[PlayerDay, GreedMove, GreedEvent] = GAME
