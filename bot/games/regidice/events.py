"""What happened at a Regidice table: immutable facts in the past tense, and how they are stored.

Replaying a table's events from its first state rebuilds it exactly. Each step has its
submissions (`Declared`, `Acted`, `Prepared`: stored, not yet applied, and replaced by a later
one of the same seat) and the events that close it, each a thing a reply can say: the reveal
and collection, the boosts, the results, each heal, the damage, a defeat and its spoils, the
Suffer, the losses and passes, the round's end, the game's end. A submission made for a player
by the deadline (or a moderator's skip) carries `timed_out`.

Dice are named by id (`R1`, `K4`) everywhere; their pips are in the state (the roll's in
`Rolled`). `Rolled` carries the secret pips: the store keeps them, `observe` hides them until
the reveal.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from typing import Final, TypeAlias, cast

from bot.games.api import Encoded, Json, written_by_this_release
from bot.games.regidice.dice import Colour, Parity
from bot.games.regidice.moves import Action


@dataclass(frozen=True, slots=True)
class Rolled:
    """Round `round` began with `lead` leading: every unlocked die (`dice`, in the order of
    the chance) shows `pips`, and every lock is lifted."""

    round: int
    lead: int
    dice: tuple[str, ...]
    pips: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Declared:
    """A declaration (private in a sealed table until the reveal)."""

    seat: int
    action: Action
    number: int | None = None
    colour: Colour | None = None
    parity: Parity | None = None
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Collected:
    """A die that changed hands at the reveal."""

    die: str
    giver: int
    taker: int


@dataclass(frozen=True, slots=True)
class Revealed:
    """Every declaration and pip published (§3.2): `collided` the seats that collect nothing
    (sealed, in lead order), `collected` every die that changed hands."""

    collided: tuple[int, ...]
    collected: tuple[Collected, ...]


@dataclass(frozen=True, slots=True)
class BoostOn:
    """+1 on die `die` of `seat`, which showed `pips` when named."""

    seat: int
    die: str
    pips: int


@dataclass(frozen=True, slots=True)
class Acted:
    """An act submitted: a Cast's `colour`, a healer's `take`, an Animal's `boosts` (public
    as soon as submitted; a die named twice is raised twice)."""

    seat: int
    colour: Colour | None = None
    take: tuple[Colour, ...] = ()
    boosts: tuple[BoostOn, ...] = ()
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Boosted:
    """An Animal's boosts applied (§3.4 step 1): die `die` of `seat` now shows `pips`."""

    animal: int
    seat: int
    die: str
    pips: int


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's best result (§3.3): `value` is damage, block, heal, the spell's n (a
    black spell: the enemy's dice) or the boosts given; `split` one best split as pips (the
    sets, runs, groups, the spell's dice, the 1s spent); `spell` the colour cast, if any;
    `spent` the ids of the 1s an Animal spent."""

    seat: int
    action: Action
    value: int
    split: tuple[tuple[int, ...], ...] = ()
    spell: Colour | None = None
    spent: tuple[str, ...] = ()

    @property
    def damage(self) -> int:
        if self.action is Action.ATTACK or self.spell is Colour.RED:
            return self.value
        return 0

    @property
    def block(self) -> int:
        if self.action is Action.BLOCK or self.spell is Colour.BLUE:
            return self.value
        return 0

    @property
    def heal(self) -> int:
        if self.action is Action.HEAL or self.spell is Colour.YELLOW:
            return self.value
        return 0


@dataclass(frozen=True, slots=True)
class Results:
    """Every player's result, in seat order, computed after the boosts."""

    results: tuple[SeatResult, ...]


@dataclass(frozen=True, slots=True)
class Healed:
    """A healer took `dice` (perhaps none) from the injured pool, up to its `heal`."""

    seat: int
    heal: int
    dice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Damaged:
    """`damage` in all raised the enemy's dice from `before` to `after` (each point its
    lowest die, the leftmost on ties); `hp` its HP at the round's start."""

    enemy: int
    damage: int
    hp: int
    before: tuple[int, ...]
    after: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Spoil:
    """A defeated enemy's die and where it went: a seat, or None for the injured pool."""

    die: str
    seat: int | None


@dataclass(frozen=True, slots=True)
class Defeated:
    """Enemy `enemy` is defeated (§4), by damage or by a black spell (`black`): its dice go
    as `spoils` say, and the next enemy, if any, is current at once."""

    enemy: int
    overkill: int
    black: bool
    spoils: tuple[Spoil, ...]


@dataclass(frozen=True, slots=True)
class Suffered:
    """The enemy survived: `loss` = its attack − `blocked` (at least 0); `target` who pays
    it, None when nobody does."""

    attack: int
    blocked: int
    loss: int
    target: int | None


@dataclass(frozen=True, slots=True)
class PrepareOpened:
    """Prepare began; `done` the seats that have nothing to do (counted done at once)."""

    done: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PrepareSkipped:
    """Nobody had anything to do in Prepare: the step did not open."""


@dataclass(frozen=True, slots=True)
class Prepared:
    """A prepare submitted: the dice the target loses, the dice passed to the left."""

    seat: int
    lose: tuple[str, ...] = ()
    passes: tuple[str, ...] = ()
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class Paid:
    """The target's dice went to the injured pool."""

    seat: int
    dice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    """`seat` passed `dice` to `to`: they keep their pips and are locked for the next roll."""

    seat: int
    to: int
    dice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """`result`: won, lost or abandoned; `reason`: defeated or out_of_rounds when lost."""

    result: str
    reason: str | None = None


RegidiceEvent: TypeAlias = (
    Rolled
    | Declared
    | Revealed
    | Acted
    | Boosted
    | Results
    | Healed
    | Damaged
    | Defeated
    | Suffered
    | PrepareOpened
    | PrepareSkipped
    | Prepared
    | Paid
    | Passed
    | RoundEnded
    | GameEnded
)

EVENT_TYPES: Final[tuple[type[RegidiceEvent], ...]] = typing.get_args(RegidiceEvent)
SUBMISSIONS: Final = (Declared, Acted, Prepared)
"""The events a player's own submission makes."""


# -- storing --------------------------------------------------------------------------------
# Fields are stored as JSON by their declared types: enums as their values, tuples as lists,
# records as objects. The decoder reads the same type hints back, so a new field needs no
# decoder of its own; an old event without a field that has a default reads as the default.


def plain(value: object) -> Json:
    if isinstance(value, enum.Enum):
        return cast(Json, value.value)
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    return cast(Json, value)


@cache
def _hints(kind: type) -> dict[str, object]:
    return typing.get_type_hints(kind)


def _read(hint: object, value: Json) -> object:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        (option,) = (o for o in options if o is not type(None))
        return _read(option, value)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"a list is stored here, not {value!r}")
        item = typing.get_args(hint)[0]
        return tuple(_read(item, v) for v in value)
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"true or false is stored here, not {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"a whole number is stored here, not {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"text is stored here, not {value!r}")
        return value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    if isinstance(hint, type) and is_dataclass(hint):
        if not isinstance(value, dict):
            raise ValueError(f"an object is stored here, not {value!r}")
        return _record(hint, value)
    raise ValueError(f"no reader for {hint!r}")


def _record(kind: type, data: Mapping[str, Json]) -> object:
    hints = _hints(kind)
    values = {}
    for f in fields(kind):
        if f.name in data:
            values[f.name] = _read(hints[f.name], data[f.name])
    return kind(**values)


_TYPES: Final[dict[str, type[RegidiceEvent]]] = {t.__name__: t for t in EVENT_TYPES}


VERSION: Final = 1
"""The codec version Regidice writes its events in."""


def upcast(stored: Encoded) -> Encoded:
    """A stored Regidice event brought to `VERSION`, the one `decode` reads. Version 1 is
    the only one written so far: it is read as it is. A later version adds its step here,
    from the version before it, and keeps every earlier step."""
    return written_by_this_release("Regidice", stored, VERSION)


class RegidiceCodec:
    """Regidice's events as plain data: the class name as the type, fields as JSON."""

    version = VERSION

    def encode(self, event: RegidiceEvent) -> Encoded:
        data = {f.name: plain(getattr(event, f.name)) for f in fields(event)}
        return Encoded(type(event).__name__, data, self.version)

    def decode(self, stored: Encoded) -> RegidiceEvent:
        stored = upcast(stored)
        kind = _TYPES.get(stored.type)
        if kind is None:
            raise ValueError(f"unknown Regidice event type {stored.type!r}")
        try:
            return cast(RegidiceEvent, _record(kind, stored.data))
        except (TypeError, KeyError) as error:
            raise ValueError(f"a {stored.type} cannot be read from {stored.data!r}") from error
