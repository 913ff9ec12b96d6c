"""What the village asks of any game it hosts, in the style of OpenSpiel's chance-as-input games.

A game is pure: it reads no clock and draws no random numbers. A table's state changes only
by events, and the events come from two places:

- `decide(state, seat, move)`: a player's move, checked against the rules before anything
  is drawn; a refusal raises `RuleError` and changes nothing;
- `resolve(state, outcome)`: the outcome of the chance the game asked for with `chance()`
  (dice of any number of sides, or a shuffle), drawn by the village from the table's
  committed seed (or a replay's script) and handed back.

The village loops `decide → asks or chance(): draw, resolve → append`, folds the events with
`evolve`, and shows each seat only what `observe(state, seat)` gives it. This module
imports no game and no part of the village: only the standard library, and the words a
game's replies are written with (`bot.words`), which sit below the games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Generic, Protocol, TypeAlias, TypeVar, cast, runtime_checkable

from bot.words.text import GameTexts

Seat = int
"""A seat at a table, from 0 in seating order."""

Json: TypeAlias = bool | int | float | str | list["Json"] | dict[str, "Json"] | None
"""Plain data: what events store and replies carry."""

Outcome = tuple[int, ...]
"""A chance outcome: dice as values in `range(sides)`, a shuffle as a permutation."""


@dataclass(frozen=True, slots=True)
class Dice:
    """`count` dice of `sides` sides each."""

    sides: int
    count: int


@dataclass(frozen=True, slots=True)
class Shuffle:
    """A deck of `size` cards put in a random order: a permutation of `range(size)`."""

    size: int


@dataclass(frozen=True, slots=True)
class ChanceRequest:
    """The chance a table needs before play can go on (OpenSpiel's chance node)."""

    draw: Dice | Shuffle
    seat: Seat | None = None
    """The seat the chance is drawn for (the thrower), or None for the table's own."""
    seen_by: frozenset[Seat] | None = None
    """None: everyone sees the outcome; else only these seats do until the game says so."""
    label: tuple[int | str, ...] = ()
    """The game's own name for this chance (a roll number, a round and a die, a deal): with
    the table's seed it fixes the outcome, so a retry or a verifier derives the same."""


@dataclass(frozen=True, slots=True)
class ChanceContext:
    """Where a chance is drawn: the ids a fair derivation puts in its message."""

    village_id: int
    day: int
    table_id: int
    player_id: int
    """The player in the requested seat (0 for the table's own chance)."""
    message_id: int
    """The message (or slash command) whose move asked for the chance."""
    chance_seq: int
    """The table's draws counted from 1, voided ones included: a number is never reused,
    so a rolled-back throw is thrown with fresh dice."""
    names: tuple[str, ...] = ()
    """The players' names in seat order, for a replay's scripted deal (`@deal Ann: …`); no
    fair derivation reads them."""


class RuleError(Exception):
    """A move the rules refuse. `key` and `params` say why, in any language."""

    def __init__(self, key: str, params: Mapping[str, Json] | None = None) -> None:
        super().__init__(key)
        self.key = key
        self.params: dict[str, Json] = dict(params or {})


class SettingError(ValueError):
    """A table setting the game does not accept; `allowed` says what it does."""

    def __init__(self, key: str, value: str, allowed: str) -> None:
        super().__init__(f"{key}: {value!r} is not allowed ({allowed})")
        self.key = key
        self.value = value
        self.allowed = allowed


@dataclass(frozen=True, slots=True)
class Encoded:
    """An event in storable form: its type name, plain data and the codec version."""

    type: str
    data: dict[str, Json]
    version: int = 1


@dataclass(frozen=True, slots=True)
class Play:
    """A chat message that plays: its moves in the order they apply."""

    moves: tuple[object, ...]
    tagged: bool
    """It carries the game's roll tag (anyone who posts one is owed an answer)."""
    tags: int = 0
    """How many roll tags it carries (Greed: the dice it throws)."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A message that tries to play but fits no form; `reason` says how (a reply key's
    last part)."""

    reason: str
    tagged: bool
    tags: int = 0


Reading = Play | Unreadable | None
"""What a message asks of a game: play, a failed try, or nothing (ordinary chat)."""

Params = dict[str, Json]

S = TypeVar("S")
M_contra = TypeVar("M_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)
E_contra = TypeVar("E_contra", contravariant=True)
M = TypeVar("M")
E = TypeVar("E")


class EventCodec(Protocol[E]):
    """Events to and from plain data. `version` is written with each event; `decode` reads
    every version it ever wrote (an old event is upgraded on the way in: each game has one
    upgrade function, `upcast`, which `decode` calls first)."""

    version: int

    def encode(self, event: E) -> Encoded: ...

    def decode(self, stored: Encoded) -> E: ...


class NewerEventError(ValueError):
    """A stored event of a codec version above the game's own: a newer release of the bot
    wrote it, and this one cannot know what it means (it guesses nothing)."""

    def __init__(self, game: str, stored: Encoded, known: int) -> None:
        super().__init__(
            f"a {game} event {stored.type} of codec version {stored.version} was written by a"
            f" newer release of the bot, which this one (of version {known}) cannot read: run"
            " that release or a later one"
        )
        self.game = game
        self.stored = stored
        self.known = known


def written_by_this_release(game: str, stored: Encoded, known: int) -> Encoded:
    """`stored` when its codec version is one this release wrote (1 to `known`); a game's
    `upcast` starts with it. Raises `NewerEventError` for a version above `known`, and
    ValueError for one below 1, which no release writes."""
    if stored.version > known:
        raise NewerEventError(game, stored, known)
    if stored.version < 1:
        raise ValueError(
            f"a {game} event {stored.type} of codec version {stored.version}: no release"
            " writes a version below 1"
        )
    return stored


class Game(Protocol[S, M_contra, E]):
    """One game's rules on a table of seats: `S` its immutable state, `M_contra` its moves,
    `E` its events. Every method is pure."""

    key: str
    """The game's name in commands, storage and the fair derivation (`greed`, `ducks`)."""
    seats: range
    """How many seats a table of this game may have (`range(1, 2)`: exactly one)."""
    codec: EventCodec[E]
    setting_keys: tuple[str, ...]
    """The settings a table of this game takes (`/… config key:value`)."""

    def settings(self, changes: Mapping[str, str], base: Mapping[str, Json]) -> dict[str, Json]:
        """`base` with the typed `changes` applied (defaults when `base` is empty); raises
        SettingError for a key or value the game does not know."""

    def new(self, settings: Mapping[str, Json], seats: int) -> S:
        """A table before its first move."""

    def to_move(self, state: S) -> frozenset[Seat]:
        """Who may move now: one seat, several for simultaneous choices, none when the table
        waits for chance or is over."""

    def chance(self, state: S) -> ChanceRequest | None:
        """The chance the table needs next, or None."""

    def legal_moves(self, state: S, seat: Seat) -> Sequence[object]:
        """Every move `seat` may make now (OpenSpiel's legal actions), for the replies that
        list them and for random play in tests; empty when the seat may not move."""

    def decide(self, state: S, seat: Seat, move: M_contra) -> tuple[E, ...]:
        """The events of `seat` making `move`; raises RuleError, changing nothing."""

    def asks(self, state: S, seat: Seat, move: M_contra) -> ChanceRequest | None:
        """The chance a move asks for itself, drawn right after its events (Greed's player
        chooses how many dice to throw); None when chance comes only from `chance`."""

    def resolve(self, state: S, outcome: Outcome) -> tuple[E, ...]:
        """The events of the pending chance coming out as `outcome`."""

    def evolve(self, state: S, event: E) -> S: ...

    def expire(self, state: S) -> tuple[E, ...]:
        """What the rules do when the time to move runs out (the default move, or closing
        the table); nothing when nobody is waited for."""

    def finished(self, state: S) -> bool: ...

    def observe(self, state: S, viewer: Seat | None) -> Mapping[str, Json]:
        """What `viewer` may know of the table (None: what everyone may know)."""

    def scores(self, state: S) -> Mapping[Seat, int]:
        """The points each seat has now: what the village's score rows keep."""

    def outcome(self, before: S, events: Sequence[E], after: S) -> tuple[str, dict[str, Json]]:
        """The reply to a move: its key (`throw`, `greed_out`; `ducks.roll`) and params."""

    def summary(self, state: S) -> dict[str, Json]:
        """What the village's score row keeps of the table besides the points (the turns
        played, the hands made): the memo and standings read it."""

    def read(self, text: str) -> Reading:
        """What a chat message asks of a table of this game (its tag and words); never
        raises. None for ordinary chat, and for games whose words the village parses."""

    def mark(self, state: S) -> tuple[int, ...] | None:
        """Where play stands, as a moderator names it (Ducks: round and seat of the turn;
        Greed: turn, lap and throw); None when the game is over."""

    def script(self, text: str) -> Outcome:
        """A replay's scripted outcome (`@dice …`) in the game's own notation; raises
        ValueError saying what is wrong. Whether it fits the chance is checked on use."""

    def fair(self, seed: bytes, context: ChanceContext, request: ChanceRequest) -> Outcome:
        """The outcome the table's secret seed gives this chance (the game's published
        derivation, which a verifier repeats)."""


def replay(game: Game[S, M, E], state: S, events: Sequence[E]) -> S:
    """`state` with `events` applied in order."""
    tables = _decided(state, events)
    if tables:
        state, events = tables[-1], events[len(tables) :]
    for event in events:
        state = game.evolve(state, event)
    return state


@dataclass(frozen=True, slots=True)
class Folded(Generic[S, E]):
    """One event of a move, with the table right before it and right after it."""

    event: E
    before: S
    after: S


def steps(evolve: Callable[[S, E], S], before: S, events: Sequence[E]) -> Iterator[Folded[S, E]]:
    """`events` folded one by one from `before`: each with the table it found and the table
    it left, so that a reply about one event shows the table right after it (a trick's
    third card played, before the trick is won)."""
    tables = _decided(before, events)
    state = before
    for n, event in enumerate(events):
        after = tables[n] if n < len(tables) else evolve(state, event)
        yield Folded(event, state, after)
        state = after


class Decided(Generic[S, E]):
    """Events decided one after another, each applied at once so that the next is decided on
    its effect (a move that ends a turn, then the next turn's start)."""

    def __init__(self, evolve: Callable[[S, E], S], state: S) -> None:
        self._evolve = evolve
        self._from = state
        self.state = state
        self.events: list[E] = []
        self._tables: list[S] = []

    def add(self, event: E) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)
        self._tables.append(self.state)

    def done(self) -> tuple[E, ...]:
        events = tuple(self.events)
        _LAST[:] = [_Decision(self._from, events, tuple(self._tables))]
        return events


@dataclass(frozen=True, slots=True, eq=False)
class _Decision:
    """Events as they were decided: the table they were decided on, and the table right
    after each."""

    before: object
    events: tuple[object, ...]
    tables: tuple[object, ...]


_LAST: list[_Decision] = []
"""The last decision made (`Decided.done`), held for `_decided`."""


def _decided(before: S, events: Sequence[E]) -> tuple[S, ...]:
    """The tables after the first events of `events` as the last decision left them, when
    it decided those very events on `before`; () otherwise. A move's events are decided by
    folding them, and the village folds them again right away: to the table the move
    leaves (`replay`), then to each event's table for its reply (`steps`). Folding is pure,
    so the same table and the very same events give the same tables: they are known by
    identity, never by equality, and held here so that none can be taken for another."""
    if not _LAST:
        return ()
    last = _LAST[0]
    if last.before is not before or len(events) < len(last.events):
        return ()
    told = events[: len(last.events)]  # the events the decision made, then what was drawn
    if any(mine is not theirs for mine, theirs in zip(last.events, told, strict=True)):
        return ()
    return cast(tuple[S, ...], last.tables)


T = TypeVar("T")


class LastTelling(Generic[S, E, T]):
    """A presenter's last telling of a move, for its next ask about the same move. The
    village asks for a move's reply (`Presenter.outcome`) and then for its announcements
    (`Presenter.announcements`); a presenter that reads both off one telling of the move's
    events tells each move once so. The telling is known by the very table, events and
    names it was told of, held here so that none can be taken for another."""

    def __init__(self, tell: Callable[[S, Sequence[E], Sequence[str]], T]) -> None:
        self._tell = tell
        self._last: tuple[S, Sequence[E], Sequence[str], T] | None = None

    def __call__(self, before: S, events: Sequence[E], names: Sequence[str]) -> T:
        last = self._last
        if last is not None and last[0] is before and last[1] is events and last[2] is names:
            return last[3]
        told = self._tell(before, events, names)
        self._last = (before, events, names, told)
        return told


def outcome_fits(request: ChanceRequest, outcome: Outcome) -> bool:
    """Whether `outcome` is a possible result of `request` (a script may be wrong)."""
    draw = request.draw
    if isinstance(draw, Dice):
        return len(outcome) == draw.count and all(0 <= v < draw.sides for v in outcome)
    return sorted(outcome) == list(range(draw.size))


MOVER_ONLY = "mover_only"
"""A param of a move's reply (`Presenter.outcome`) or of a refusal (`Presenter.refusal`)
listing the params nobody but the mover may see (a sealed declaration, the cards a player
may play): the village then answers the mover alone."""


TO_SEAT = "to_seat"
"""A param of a move's reply naming the seat it is addressed to when no player's message
caused it (the time limit played that seat's default)."""


@dataclass(frozen=True, slots=True)
class Told:
    """An announcement: its reply key and params, the `state` it shows (None: the table
    after the whole move), and the seat it is addressed to (a default played for them)."""

    key: str
    params: Params
    state: Params | None = None
    to: Seat | None = None


@dataclass(frozen=True, slots=True)
class Private:
    """A reply only one seat may see (its hand): `secret` names the params that hold what
    nobody else may know, so that the village keeps it to that player and tests can check
    that no other reply ever carries it."""

    seat: Seat
    key: str
    params: Params
    secret: tuple[str, ...]
    state: Params | None = None
    """The table as this seat sees it (its hand in it)."""


class Answers(Protocol[S_contra, E_contra]):
    """How a game answers a move, as plain data with the players' names (in seat order)
    where they belong: every game's, a day game's and a table game's alike, so that the
    village answers a throw of the day and a move at a table the one same way. The keys are
    the game's own (`greed.throw`, `ducks.roll`)."""

    def position(self, state: S_contra, names: Sequence[str]) -> Params:
        """The `state` of a reply about the table."""

    def outcome(
        self, before: S_contra, events: Sequence[E_contra], after: S_contra, names: Sequence[str]
    ) -> tuple[str, Params, Params]:
        """The reply to what a message (or the time limit) did: its key, its params, and
        its `state` (about the turn that moved: a finished turn as it ended)."""

    def refusal(
        self, error: RuleError, state: S_contra, names: Sequence[str]
    ) -> tuple[str, Params]:
        """A refused move, with what is legal."""

    def unreadable(
        self, reading: Unreadable, state: S_contra, names: Sequence[str]
    ) -> tuple[str, Params]:
        """A message that tries to play and fits no form."""


class Presenter(Answers[S_contra, E_contra], Protocol[S_contra, E_contra]):
    """A table game's replies: its answers to a move, and what a table of several players
    is told besides (its seats taken, the announcements, each seat's secret)."""

    def waiting(self, settings: Mapping[str, Json], names: Sequence[str]) -> Params:
        """The `state` of a table taking seats."""

    def announcements(
        self, before: S_contra, events: Sequence[E_contra], after: S_contra, names: Sequence[str]
    ) -> list[Told]:
        """What the channel is told besides (a round scored, the game's end)."""

    def private(
        self, before: S_contra, events: Sequence[E_contra], after: S_contra, names: Sequence[str]
    ) -> list[Private]:
        """What each seat alone is told besides (its new hand after a deal); a game with
        nothing hidden tells nothing."""

    def status(self, state: S_contra, names: Sequence[str]) -> Params: ...

    def score(self, state: S_contra, names: Sequence[str]) -> Params: ...

    def command(self, name: str, args: Mapping[str, str], names: Sequence[str]) -> object:
        """The move a move command asks for (`/ducks promote dice:5 5`; a Regidice boost
        names a player, hence `names`, in seat order); raises RuleError for arguments that
        name no move."""


@dataclass(frozen=True, slots=True)
class MoveCommand:
    """A move typed as a command (`/ducks promote dice:5 5`): its name and the arguments
    it needs (text, which `Presenter.command` reads)."""

    name: str
    arguments: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    """The arguments it may go without (Regidice's `act` needs none of its three)."""


@runtime_checkable
class HandPresenter(Protocol[S_contra]):
    """A game with hidden hands: each seat may ask to see its own (`/gleek hand`), and
    anyone may read a finished deal's record (`/gleek log deal:`)."""

    def hand(self, state: S_contra, seat: Seat, names: Sequence[str]) -> Private:
        """The seat's own hand (and what it may play now); raises RuleError when it has none
        yet."""

    def log(self, state: S_contra, number: int | None, names: Sequence[str]) -> Params:
        """What everyone may read of a deal (the current one when `number` is None): its
        public moves only; raises RuleError for a deal not played."""


class NamedScript(Protocol):
    """A replay's scripted chance that names the table's players (`@deal dealer:Cid | Ann: …
    | stock: …`, Regidice's `@dice Ann: 3r 1r … | Bob: …`): it is read against the table it
    is used at."""

    def check(self, text: str) -> None:
        """Raises ValueError when the line cannot be this game's at any table (wrong card
        counts, a card twice): a replay stops at the line, not at its use."""

    def outcome(
        self, text: str, request: ChanceRequest, names: Sequence[str]
    ) -> tuple[Outcome, bool]:
        """The outcome the line gives `request` at a table of these players, and whether
        the line is used up by it (a deal line also names the first dealer, drawn before its
        shuffle); raises ValueError when it does not fit."""


@dataclass(frozen=True, slots=True)
class TableCommands:
    """How a game's table commands are typed, where it differs from the common ones."""

    aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names of commands (`入札` for `bid`), in any language."""
    argument_aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Other names of arguments (`額` for `amount`; `札` for `card` or `cards`, whichever
    the command takes)."""
    positional: bool = False
    """Argument values may come without their keys, in the order the command lists them
    (`/gleek bid 13`, `/gleek new 6 24`)."""
    hands: bool = False
    """The game hides hands: `hand` shows a seat its own, `log` a deal's public record
    (the presenter is a `HandPresenter`)."""
    rollback: bool = True
    """Moderators may void a turn (`rollback`); a game of hidden cards does not offer it."""
    skip_reason: bool = True
    """`skip` must give a reason."""
    keyed: tuple[str, ...] = ()
    """Commands whose values must come with their keys even where the game takes values in
    order (Regidice's `act` and `prepare`, whose values are all optional)."""
    log_argument: str = "deal"
    """What `log` names a part of the game by (`deal:` in Gleek, `round:` in Regidice)."""
    seated_beyond: int = 0
    """More may take seats than play (Regidice: any number join, 1 to 4 start): up to this
    many; 0: no more than the game seats."""
    leave_in_play: bool = True
    """A seated player may leave a table in play (Ducks: the rest of their turns are lost);
    a game that needs every seat to the end (Gleek) refuses it."""
    replies: Mapping[str, str | None] = field(default_factory=dict)
    """The kind of each of the village's own replies about the table (`opened`, `joined`,
    `left`, `closed`, `configured`, `started`, `skipped`, `abandoned`, `ended`) where the
    game's rules name another than `table` (`info` for settings shown). None: the village
    adds no reply of its own there, and the game's own first reply to the command says
    what it would have said (Gleek's `dealt` answers the start, with the commitment; its
    `timeout` a moderator's skip; its `game_over` an abandon in play)."""
    group_aliases: tuple[str, ...] = ()
    """Other names of the game's group of commands (`グリーク` for `/gleek`)."""
    announce_to_mover: bool = False
    """What the rules do by themselves after a move (a trick won, a deal scored) is
    addressed to whoever made the move, or whose move the time limit played (Gleek); by
    default such announcements go to the channel (`to` null)."""


COMMANDS_ANSWERED_AS_INFO: Final[Mapping[str, str | None]] = {
    "opened": "table_opened",
    "joined": "joined",
    "left": "info",
    "closed": "info",
    "configured": "info",
    "abandoned": "info",
}
"""The village's table replies as the later games' rules name them (gleek.md §6,
regidice.md §7): a table opened and a seat taken have kinds of their own, every other
command's answer is `info` (`TableCommands.replies` extends it)."""


@dataclass(frozen=True, slots=True)
class TableGame(Generic[S, M, E]):
    """What a game played at tables of several seats brings to the village besides its
    rules: its replies with names, its move commands, its settings' choices, and its reply
    writers and catalogue (`texts`), which the chat finds here when it renders."""

    game: Game[S, M, E]
    presenter: Presenter[S, E]
    moves: tuple[MoveCommand, ...]
    setting_choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    texts: GameTexts | None = None
    commands: TableCommands = field(default_factory=TableCommands)
    scripts: Mapping[str, NamedScript] = field(default_factory=dict)
    """How a replay scripts this game's chance with lines that name players, by directive
    (`@deal` for Gleek's deals); a game's own `script` reads the lines that name nobody."""
    tally: Callable[[Sequence[int]], Mapping[str, Json]] | None = None
    """How the standings sum up a player's tables of this game, from each table's points:
    named figures, best first by the first, then the next (Regidice: wins, best and mean
    progress). None: the points added up."""
    kept_apart: bool = False
    """Its scores are of another kind (Gleek's chips): the standings show them in their own
    column, with the tables played, and leave them out of the village's total."""
    settle: Callable[[Mapping[str, Json], int], dict[str, Json]] | None = None
    """The table's settings as the start fixes them, for its number of players: every
    default that depends on the players resolved (Regidice's dice and round limit), so that
    a later release's other defaults never change a table already begun. None: the
    settings as they are."""
    abandon: Callable[[S], tuple[E, ...]] | None = None
    """The game's events when a moderator ends the table in play (Gleek voids the deal in
    progress, and the deals played stand); None: the table ends with no points at all."""
    tags: tuple[str, ...] = ()
    """The tags its grammar reads in a message (`[[ducks]]`): no two games may read the same
    one (the registry refuses it). A game played by commands alone reads none."""
