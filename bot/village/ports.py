"""The ports the village service depends on: storage, clock, chance. Technologies plug in here.

Storage is five narrow ports, by what their callers need (`Villages`, `DayLog`, `TableLog`,
`Ledger`, `Scores`), and `Store`, all five with a unit of work over them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.games.api import ChanceContext, ChanceRequest, Outcome
from bot.village.records import (
    AnswerPosted,
    Appended,
    DayClosing,
    DayPoints,
    DayRecord,
    DayTable,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    PlayContext,
    PlayerDayRecord,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
    TableAppend,
    TableContext,
    TableRecord,
    VillageRecord,
)
from bot.village.settings import VillageSettings


class StoreError(Exception):
    """The store cannot be used right now (database down, timeout). Nothing was written."""


class VersionConflict(StoreError):  # noqa: N818 - "conflict" is the word for it
    """Another writer got there first: reload and decide again. Where nobody retries, it
    reaches the player as "try again", like any other StoreError."""


class KeptChanging(StoreError):  # noqa: N818 - what the village did, as a player would say it
    """Every attempt met another writer's change first; nothing was written. The database is
    up: the same work may well succeed the next time (the player sends again, the next tick
    closes the day)."""


class UnknownVillage(StoreError):  # noqa: N818 - what the write named, as a player would say it
    """A write named a village the store does not have (removed, or never made): nothing was
    written. Every store and every write says so alike, whatever its database refused."""


class DuplicateMessage(Exception):  # noqa: N818
    """The message was already processed: ignore it."""


class VillageExists(Exception):  # noqa: N818
    pass


class OperatorError(Exception):
    """A mistake of whoever runs the village (a transcript's scripted dice that do not fit):
    reported to them, never turned into a reply to players."""


class Villages(Protocol):
    """The villages, their days and their players: the rows a village is set up and run
    by, and the forum post each day is played in."""

    async def get_village(self, village_id: int) -> VillageRecord | None: ...

    async def village_ids(self, guild_ids: Collection[int] | None = None) -> list[int]:
        """Every village (of these servers)."""

    async def create_village(
        self, village: VillageRecord, day: DayRecord, events: Sequence[NewEvent]
    ) -> None:
        """Create the village with day 1 open. Raises VillageExists."""

    async def update_settings(
        self, village_id: int, settings: VillageSettings, event: NewEvent
    ) -> None: ...

    async def get_day(self, village_id: int, day: int) -> DayRecord | None: ...

    async def extend_day(
        self, village_id: int, day: int, closes_at: dt.datetime, event: NewEvent
    ) -> bool:
        """Move an open day's close. False if the day is already closed."""

    async def close_day(self, closing: DayClosing) -> bool:
        """Close the day, append the streams' closing events and open the next day.
        False (nothing written) if another writer closed it first. Raises VersionConflict
        if a stream moved since it was read."""

    async def due_villages(self, now: dt.datetime) -> list[int]:
        """Villages whose open day should have closed by `now`."""

    async def get_player(self, village_id: int, player_id: int) -> PlayerRecord | None: ...

    async def find_players(self, village_id: int, name: str) -> list[PlayerRecord]:
        """The players who go by `name` now, ignoring case, first joined first."""

    async def upsert_player(self, player: PlayerRecord) -> None:
        """Add the player to the village, or give them the name they go by now."""

    async def players(self, village_id: int) -> list[PlayerRecord]: ...

    async def day_posts(self, village_id: int) -> dict[int, int]:
        """Each day's post (forum villages), by day."""

    async def set_day_post(self, village_id: int, day: int, post_id: int) -> None:
        """Remember the post a day is played in (a forum thread)."""


class DayLog(Protocol):
    """The event log of the days: each player's day stream and the village's own, what a
    day game's move reads and appends, and what a day's close reads."""

    async def load_stream(self, village_id: int, day: int, player_id: int) -> list[StoredEvent]:
        """A stream's events in version order."""

    async def day_events(self, village_id: int, day: int) -> list[StoredEvent]:
        """Every event of a village day, all streams, in the order they were recorded."""

    async def append(
        self,
        append: StreamAppend,
        day: int,
        message: MessageRecord | None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> Appended:
        """Append to a player's day stream, write its projection, the message and the
        replies to keep in the outbox, atomically. Raises VersionConflict or
        DuplicateMessage; then nothing is written."""

    async def play_context(
        self, village_id: int, message_id: int, player_id: int
    ) -> PlayContext | None:
        """What a day game's move reads before it is decided, in one round trip: the village
        and its current day, whether the message was handled already, the player, their
        points before today and their day table's id and version. None: no such village."""

    async def day_tables(self, village_id: int, day: int) -> dict[int, DayTable]:
        """Every player's day table of `day` without its events (id, version, where their
        play ended), by player."""

    async def day_streams(
        self, village_id: int, day: int, tables: Collection[int] | None = None
    ) -> dict[int, list[StoredEvent]]:
        """Every player's day stream of `day`, each in version order, by player (a player
        who has not played that day is left out); of only these `tables` when given."""


class TableLog(Protocol):
    """The tables of several seats and their streams."""

    async def create_table(self, table: TableRecord, events: Sequence[NewEvent]) -> TableRecord:
        """Open a table with its first events: the table as kept, numbered. Raises
        VersionConflict when another table took the number first. (The message that opened
        it is recorded with its answer, in the same unit.)"""

    async def get_table(self, village_id: int, table_id: int) -> TableRecord | None: ...

    async def table_at(
        self, village_id: int, place_id: int, *, open_only: bool = True
    ) -> TableRecord | None:
        """The open table of a place (taking seats or in play), if any; with `open_only`
        False, its latest table whatever became of it."""

    async def table_context(
        self, village_id: int, message_id: int, place_id: int
    ) -> TableContext | None:
        """What a move at a table reads before it is decided, in one round trip: the village
        and its current day, whether the message was handled already, and the latest table
        of the place (as `table_at` with `open_only` False). None: no such village."""

    async def load_table(self, village_id: int, table_id: int) -> list[StoredEvent]:
        """A table's stream in version order."""

    async def append_table(self, append: TableAppend) -> None:
        """Append to a table's stream with its new state, score rows and players,
        atomically. Raises VersionConflict (another writer moved the table); then nothing
        is written."""

    async def move_table(
        self, append: TableAppend, message: MessageRecord, outbox: Sequence[OutboxRecord] = ()
    ) -> list[int]:
        """A move at a table with the message that made it and its replies kept for
        delivery, as `append_table` and `Ledger.answer` together, all or nothing (on
        PostgreSQL one statement, as a throw's `DayLog.append`); the replies' outbox ids, in
        order. Raises VersionConflict (another writer moved the table) or DuplicateMessage
        (the message was handled already); then nothing is written."""

    async def due_tables(self, now: dt.datetime) -> list[tuple[int, int]]:
        """(village, table) of tables in play whose time to move ran out by `now`."""


class Ledger(Protocol):
    """The messages handled, where, and the replies kept for them until the chat has them
    (the outbox): what makes a message count once and its answer be posted once."""

    async def record_message(self, message: MessageRecord) -> None:
        """Remember a handled message. Raises DuplicateMessage if it was handled already;
        inside a unit, the whole unit must then be given up."""

    async def get_message(self, village_id: int, message_id: int) -> MessageRecord | None: ...

    async def last_message_id(self, village_id: int) -> int:
        """The highest message id the village has seen, handled or named by an event (0 if
        none): the console numbers its messages on from it."""

    async def message_places(self, village_id: int, message_ids: Collection[int]) -> dict[int, int]:
        """Where each of these messages was posted, for those not in the village channel."""

    async def table_places(
        self, village_ids: Collection[int] | None = None
    ) -> list[tuple[int, int, int]]:
        """(village, place, the last message handled there) for the place of every open
        table (taking seats or in play) of these villages (all when None), in one read; a
        place where the village has handled nothing yet is left out."""

    async def add_outbox(self, entries: Sequence[OutboxRecord]) -> list[int]:
        """Keep replies for delivery; their outbox ids, in order."""

    async def answer(self, message: MessageRecord, entries: Sequence[OutboxRecord]) -> list[int]:
        """Record a handled message and keep the replies it got, together (outside a unit,
        a transaction by itself): their outbox ids, in order. Raises DuplicateMessage if it
        was handled already."""

    async def pending_outbox(
        self, village_ids: Collection[int] | None = None
    ) -> list[OutboxRecord]:
        """Replies not yet delivered (of these villages), oldest first."""

    async def mark_outbox(
        self,
        outbox_id: int,
        status: str,
        posted_id: int | None = None,
        posted_at: dt.datetime | None = None,
        attempts: int | None = None,
    ) -> None:
        """Record what became of a reply: `sent` (where and when), `dropped` or `failed`."""

    async def group_outbox(self, outbox_ids: Sequence[int], nonce: str) -> None:
        """Record that these kept replies go out together, in one post under `nonce`, before
        that post is sent (a transaction by itself, on the disk when it returns): after a
        restart the same replies are sent again together, under the same nonce."""

    async def first_answer(self, village_id: int, message_id: int) -> AnswerPosted | None:
        """Whether and when the first reply kept for a message was posted, if there is one."""


class Scores(Protocol):
    """The score rows as read: what the memos and the standings are written from."""

    async def table_scores(self, village_id: int) -> list[PlayerDayRecord]:
        """Every score row of the village, of every game and table."""

    async def get_player_day(
        self, village_id: int, day: int, player_id: int
    ) -> PlayerDayRecord | None: ...

    async def player_days(
        self, village_id: int, player_id: int | None = None
    ) -> list[PlayerDayRecord]:
        """The score rows of the village's own game's day tables (one player's when given):
        the memo's and the standings' days, by day then player."""

    async def day_scores(self, village_id: int, day: int) -> dict[int, PlayerDayRecord]:
        """The score row of every player's day table of `day`, by player."""

    async def score_points(self, village_id: int) -> list[DayPoints]:
        """Every score row of the village as `table_scores` gives them, without their turns
        and detail."""


class Store(Villages, DayLog, TableLog, Ledger, Scores, Protocol):
    """Persistence of villages: the five ports above, and a unit of work over them all.
    Every method is one transaction (or part of the `unit` it was called in); events are
    never changed. A part of the village that needs one or two of the ports takes those."""

    def unit(self) -> AbstractAsyncContextManager[Store]:
        """The same store with every call inside one transaction. A call refused in it
        (any error it raises) gives the whole unit up, as PostgreSQL gives up a
        transaction: every later call raises StoreError, and its end keeps nothing (and
        raises StoreError, if its block went on as if nothing had happened)."""


class Clock(Protocol):
    def now(self) -> dt.datetime:
        """An aware datetime."""


class ChanceSource(Protocol):
    """Where a table's chance outcomes come from. The same draw asked again (same game and
    context: a move retried after a concurrent write) must get the same outcome."""

    def draw(
        self,
        game: str,
        request: ChanceRequest,
        context: ChanceContext,
        fair: Callable[[], Outcome],
    ) -> tuple[Outcome, bool]:
        """The outcome, and whether it was scripted rather than `fair()`."""
