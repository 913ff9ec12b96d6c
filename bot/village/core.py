"""What every part of the village service shares: the ports, the games, reading a player,
and writing a message's answer in the transaction of what it changed."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from bot.fairness.seed import new_seed
from bot.games.registry import AnyDayGame, AnyGame, Registry
from bot.village.answers import AnswerBook
from bot.village.clock import due_at, real_now
from bot.village.day.stream_cache import KeptStream, StreamCache
from bot.village.inputs import id_in_range, whole_in_range
from bot.village.kept_plays import KeptPlays
from bot.village.kept_tables import KeptTables
from bot.village.ports import (
    ChanceSource,
    Clock,
    DayLog,
    KeptChanging,
    Ledger,
    Scores,
    Store,
    TableLog,
    VersionConflict,
    Villages,
)
from bot.village.records import (
    BY_MESSAGE,
    BY_VILLAGE,
    DayRecord,
    MessageRecord,
    OutboxRecord,
    PlayContext,
    PlayerDayRecord,
    PlayerRecord,
    TableRecord,
    VillageRecord,
)
from bot.village.replies import Delivery, new_nonce
from bot.village.requests import CommandRequest, Request
from bot.village.stream import StreamView, read_stream
from bot.words.reply import Reply, ReplyKind, reply_data

MAX_ATTEMPTS = 8
SEAT = 0
"""A player's own seat at their day's table (a one-seat table per player and day)."""
"""Units of work retried after a version conflict (another process wrote first)."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Author:
    player_id: int
    name: str
    is_moderator: bool = False
    """A moderator by the chat's own rights (Discord: the Manage Server permission)."""
    role_ids: frozenset[int] = frozenset()
    """The author's roles on the chat (a village may name one as its moderator role)."""


class Named(Protocol):
    """A player as a reply names them: an author, or a player of the village's records."""

    @property
    def player_id(self) -> int: ...

    @property
    def name(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Incoming:
    """A message (or a slash command) in a channel, already parsed."""

    village_id: int
    message_id: int
    author: Author
    sent_at: dt.datetime
    request: Request
    guild_id: int | None = None
    place_id: int | None = None
    """Where it was posted when not in the village channel itself (a post of a forum)."""
    forum: bool = False
    """The village channel is a forum: each day is played in a post of its own."""
    via: str = BY_MESSAGE
    """`message` or `interaction` (a slash command, which the adapter answers itself)."""
    gathered: bool = False
    """Its replies may go out together with others (the chat's place is busy): they are kept
    free, and the chat records which post carries them before it is sent. Otherwise each is
    kept planned for a post of its own, under its own nonce, with nothing more to record."""

    @property
    def place(self) -> int:
        return self.place_id if self.place_id is not None else self.village_id


class Refusal(Exception):  # noqa: N818 - carries a reply, not a failure
    """Stop handling and answer with this refusal; nothing has changed."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Call:
    """One command as a handler sees it."""

    incoming: Incoming
    command: CommandRequest
    village: VillageRecord | None
    context: PlayContext | None = None
    """What the village read for the author before the command (their day table's id and
    version, their points before today): a handler about the author starts from it."""
    table: tuple[TableRecord | None] | None = None
    """A table game's command: the latest table of its place, read with the village (in a
    tuple: `(None,)` is no table there); None when not read (read it)."""

    @property
    def here(self) -> VillageRecord:
        """The village the command is about; only `/village create` runs without one."""
        if self.village is None:
            raise Refusal("no_village")
        return self.village

    @property
    def author(self) -> Author:
        return self.incoming.author

    def arg(self, key: str) -> str | None:
        return self.command.args.get(key)


_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(slots=True)
class Core:
    store: Store
    clock: Clock
    dice: ChanceSource
    registry: Registry
    """The games the village hosts: every game lookup goes through it."""
    default_game: str | None = None
    """The day game a new village plays (None: the registry's default)."""
    outbox: bool = False
    """Keep every reply in the outbox until the chat adapter has delivered it (Discord)."""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """Settings a new village starts with (the operator's default language and time zone)."""
    seeds: Callable[[], bytes] = new_seed
    """Where each day's secret seed comes from (tests replay with seeds they know)."""
    streams: StreamCache = field(default_factory=StreamCache)
    """The day streams this process read or wrote last (shared by every unit of work)."""
    plays: KeptPlays = field(default_factory=KeptPlays)
    """What each player's next move would read, as their last move left it."""
    answers: AnswerBook = field(default_factory=AnswerBook)
    """When the answers to the throws this process made lately were posted (the
    double-post rule's question), as the chat adapter reported them."""
    tables: KeptTables = field(default_factory=KeptTables)
    """The open tables this process read or moved last (shared by every unit of work)."""
    committed: list[Callable[[], None]] | None = None
    """In a unit of work: what to keep in memory once the unit has committed (a table as
    its move leaves it), and only then: a unit rolled back keeps nothing."""

    # Each part of the village asks the store through the port it needs, by name: a day's
    # part reads the day log, the tables read the table log, the answers go to the ledger.
    # The whole store is the core's own, for its units of work.

    @property
    def villages(self) -> Villages:
        return self.store

    @property
    def day_log(self) -> DayLog:
        return self.store

    @property
    def table_log(self) -> TableLog:
        return self.store

    @property
    def ledger(self) -> Ledger:
        return self.store

    @property
    def scores(self) -> Scores:
        return self.store

    @property
    def games(self) -> Mapping[str, AnyGame]:
        return self.registry.games

    def game(self, village: VillageRecord) -> AnyGame:
        return self.games[village.game]

    def day_game(self, village: VillageRecord) -> AnyDayGame:
        """The village's day game with what its day commands ask of it."""
        return self.registry.day_games[village.game]

    async def unit(self, work: Callable[[Core], Awaitable[T]]) -> T:
        """Run `work` in one transaction, again from the start if another writer got there
        first (it reads everything afresh): a message changes the village once or not at all."""
        for _ in range(MAX_ATTEMPTS):
            try:
                return await self.once(work)
            except VersionConflict:
                continue
        raise KeptChanging("the village kept changing; try again")

    async def once(self, work: Callable[[Core], Awaitable[T]]) -> T:
        """Run `work` in one transaction, once: what it writes was decided from an earlier
        read, so a VersionConflict goes to the caller, who reads and decides again."""
        if self.committed is not None:
            # Inside a unit already: the same transaction, kept once the outer one commits.
            return await work(self)
        committed: list[Callable[[], None]] = []
        async with self.store.unit() as store:
            done = await work(replace(self, store=store, committed=committed))
        for keep in committed:  # the unit's writes are in the database now
            keep()
        return done

    def at(self, due: dt.datetime) -> Core:
        """This core with its clock at `due`, the time something fell due: a catch-up
        applies each thing as it would have been then (its events, a close's time)."""
        return replace(self, clock=due_at(self.clock, due))

    def is_moderator(self, village: VillageRecord | None, author: Author) -> bool:
        role = village.settings.moderator_role_id if village is not None else None
        return author.is_moderator or (role is not None and role in author.role_ids)

    async def view(self, village: VillageRecord, day: DayRecord, player_id: int) -> StreamView:
        events = await self.day_log.load_stream(village.village_id, day.day, player_id)
        return read_stream(self.game(village), day.settings.rules, events)

    async def day_stream(
        self,
        village: VillageRecord,
        day: DayRecord,
        player_id: int,
        table: tuple[int, int] | None,
    ) -> KeptStream | None:
        """A player's day stream and its view, from memory while their day table is still
        at the `(table id, version)` just read; None before their first move of the day."""
        if table is None:
            return None
        key = (village.village_id, day.day, player_id)
        kept = self.streams.get(key, table)
        if kept is not None:
            return kept
        events = tuple(await self.day_log.load_stream(village.village_id, day.day, player_id))
        view = read_stream(self.game(village), day.settings.rules, list(events))
        kept = KeptStream(table[0], view.version, events, view)
        if view.version == table[1]:  # not moved again between the two reads
            self.streams.keep(key, kept)
        return kept

    async def total_before(self, village_id: int, player_id: int, day: int) -> int:
        rows = await self.scores.player_days(village_id, player_id)
        return sum(r.points for r in rows if r.day < day)

    async def position(
        self,
        village: VillageRecord,
        day: DayRecord,
        player: Named,
        view: StreamView,
        before: int | None = None,
    ) -> dict[str, Any]:
        """The `state` of a reply: what the player sees of their table, as the game answers
        it, framed by the village: its day and the player's total over every day (`before`:
        their points before the day, when the caller has read them)."""
        day_game = self.day_game(village)
        position = day_game.answers.position(view.state, (player.name,))
        return await self.framed(village, day, position, view.state, player, before)

    async def framed(
        self,
        village: VillageRecord,
        day: DayRecord,
        position: Mapping[str, Any],
        state: object,
        player: Named,
        before: int | None = None,
    ) -> dict[str, Any]:
        """A day game's `state` of a reply (`position`, as the game answered it about
        `state`) in the village's frame: the day it is played in, and the player's points
        over every day with this one's as `state` has them."""
        if before is None:
            before = await self.total_before(village.village_id, player.player_id, day.day)
        points = self.game(village).scores(state)[SEAT]
        return {"day": day.day, **position, "total_points": before + points}

    def score_row(
        self,
        village: VillageRecord,
        day: DayRecord,
        player_id: int,
        state: object,
        version: int,
        ended_message_id: int | None,
        *,
        finished: bool | None = None,
    ) -> PlayerDayRecord:
        """The score row of a player's table at stream `version`, from the game's scores;
        `finished` overrides (a closed day is over)."""
        game = self.game(village)
        turns = self.day_game(village).turns(state)
        return PlayerDayRecord(
            village_id=village.village_id,
            day=day.day,
            player_id=player_id,
            version=version,
            points=game.scores(state)[SEAT],
            turns=turns,
            finished=game.finished(state) if finished is None else finished,
            ended_message_id=ended_message_id,
        )

    async def standing_of(self, village: VillageRecord, player: Named) -> dict[str, Any]:
        """A player's `state` in today's day (a newcomer's is the start of turn 1)."""
        day = await self.current_day(village)
        view = await self.view(village, day, player.player_id)
        return await self.position(village, day, player, view)

    async def standing_in(self, context: PlayContext, player: Named) -> dict[str, Any]:
        """`standing_of` the player `context` was read for, from what it read: their day
        stream from memory while their table is at the version read, their points before
        today without a read."""
        village, day = context.village, context.day
        if day is None:
            return await self.standing_of(village, player)
        kept = await self.day_stream(village, day, player.player_id, context.table)
        view = kept.view if kept else read_stream(self.game(village), day.settings.rules, [])
        return await self.position(village, day, player, view, before=context.points_before)

    async def current_day(self, village: VillageRecord) -> DayRecord:
        day = await self.villages.get_day(village.village_id, village.day)
        if day is None:  # the store creates a village with its first day: never happens
            raise Refusal("no_village")
        return day

    async def resolve_player(
        self, village: VillageRecord, value: str | None, me: Author
    ) -> PlayerRecord:
        """A `player:` argument, or the asker when left out.

        A player is a person, not a name: a mention or an id names exactly one. A name is
        taken only when one player goes by it now; names change, and two people may share
        one, so an ambiguous name is refused with who it could mean.
        """
        if value is None or not value.strip():
            found = await self.villages.get_player(village.village_id, me.player_id)
            if found is None:
                return PlayerRecord(village.village_id, me.player_id, me.name, self.clock.now())
            return found
        text = value.strip()
        mention = _MENTION.fullmatch(text)
        if mention or text.isdigit():
            player_id = int(mention.group(1) if mention else text)
            by_id = None
            if id_in_range(player_id):  # no chat gives out a bigger id: nobody has it
                by_id = await self.villages.get_player(village.village_id, player_id)
            if by_id is None:
                raise Refusal("unknown_player", player=text)
            return by_id
        named = await self.villages.find_players(village.village_id, text.lstrip("@"))
        if not named:
            raise Refusal("unknown_player", player=text)
        if len(named) > 1:
            raise Refusal("ambiguous_player", player=text, ids=[str(p.player_id) for p in named])
        return named[0]

    def message(self, incoming: Incoming, outcome: str) -> MessageRecord:
        return MessageRecord(
            village_id=incoming.village_id,
            message_id=incoming.message_id,
            player_id=incoming.author.player_id,
            sent_at=incoming.sent_at,
            received_at=self.clock.now(),
            outcome=outcome,
            place_id=incoming.place_id,
        )

    async def settle(
        self,
        village: VillageRecord,
        replies: list[Reply],
        incoming: Incoming | None,
        *,
        record: bool = True,
        place_id: int | None = None,
        write: Callable[[list[OutboxRecord]], Awaitable[list[int]]] | None = None,
    ) -> list[Delivery]:
        """Record the message (unless its events already did) and keep its replies for
        delivery, in the caller's unit: both happen with what the message changed, or not
        at all (outside a unit, together by themselves: a message that changed nothing).
        Raises DuplicateMessage when the message was handled already.

        `write`: what the message changed, still to be written, with the replies to keep
        (it gives back their outbox ids): one write for all of it, as the unit's last."""
        entries = self.outbox_entries(village, replies, incoming, place_id)
        if write is not None:
            ids = await write(entries)
        elif incoming is not None and record:
            outcome = str(replies[-1].kind) if replies else ReplyKind.INFO.value
            ids = await self.ledger.answer(self.message(incoming, outcome), entries)
        else:
            ids = await self.ledger.add_outbox(entries) if entries else []
        return self.deliveries(replies, ids, incoming, place_id, entries)

    def outbox_entries(
        self,
        village: VillageRecord,
        replies: list[Reply],
        incoming: Incoming | None,
        place_id: int | None = None,
    ) -> list[OutboxRecord]:
        """The replies as the outbox keeps them until the chat adapter has delivered them
        (none where there is no outbox: the console)."""
        if not self.outbox:
            return []
        now = real_now(self.clock)  # made now, even when what it says fell due earlier
        gathered = incoming is not None and incoming.gathered
        entries = []
        for seq, reply in enumerate(replies):
            nonce = new_nonce()
            entries.append(
                OutboxRecord(
                    village_id=village.village_id,
                    message_id=incoming.message_id if incoming is not None else None,
                    seq=seq,
                    reply=reply_data(reply),
                    locale=village.settings.locale,
                    place_id=_place_of(reply, incoming, place_id),
                    # A day's announcement goes to the day's place, whatever asked for it.
                    via=BY_VILLAGE
                    if reply.day_post is not None or incoming is None
                    else incoming.via,
                    created_at=now,
                    nonce=nonce,
                    group_nonce=None if gathered else nonce,
                )
            )
        return entries

    def deliveries(
        self,
        replies: list[Reply],
        outbox_ids: list[int],
        incoming: Incoming | None,
        place_id: int | None = None,
        entries: list[OutboxRecord] | None = None,
    ) -> list[Delivery]:
        """What the adapter posts: each reply with its outbox id and its entry's nonces,
        where there is an outbox."""
        if not self.outbox:
            return [Delivery(reply, None, seq) for seq, reply in enumerate(replies)]
        kept: list[OutboxRecord | None] = list(entries) if entries else [None] * len(replies)
        return [
            Delivery(
                reply,
                outbox_id,
                seq,
                _place_of(reply, None, place_id) if not incoming else None,
                None if entry is None else entry.nonce,
                None if entry is None else entry.group_nonce,
            )
            for seq, (reply, outbox_id, entry) in enumerate(
                zip(replies, outbox_ids, kept, strict=True)
            )
        ]


def _place_of(reply: Reply, incoming: Incoming | None, place_id: int | None) -> int | None:
    """Where a reply goes: under the message it answers; a day's announcement to the day's
    place (None); a table's announcement to the table's place."""
    if reply.day_post is not None:
        return None
    return incoming.place if incoming is not None else place_id


def int_arg(command: CommandRequest, key: str, *, required: bool = False) -> int | None:
    value = command.args.get(key)
    if value is None or not value.strip():
        if required:
            raise Refusal("missing_argument", argument=key, command=command.path)
        return None
    try:
        number = int(value.strip())
    except ValueError:
        raise Refusal("bad_number", argument=key, value=value) from None
    if not whole_in_range(number):
        raise Refusal("bad_number", argument=key, value=value)
    return number


MAX_REASON = 300
"""The longest reason a moderator's command keeps (a rollback's, a skip's)."""


def reason_arg(command: CommandRequest) -> str:
    """The `reason:` a moderator's command must give, its spaces folded; refused when
    missing or too long."""
    reason = " ".join(command.args.get("reason", "").split())
    if not reason:
        raise Refusal("missing_argument", argument="reason", command=command.path)
    if len(reason) > MAX_REASON:
        raise Refusal("reason_too_long", limit=MAX_REASON)
    return reason
