"""What the village keeps: villages, days, players, events, processed messages, score rows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.village.settings import VillageSettings

VILLAGE_STREAM = 0
"""The player id of a village's own stream (days opening and closing, settings changes)."""


@dataclass(frozen=True, slots=True)
class VillageRecord:
    village_id: int
    """The chat platform's id of the village's channel."""
    game: str
    settings: VillageSettings
    """The settings in force; the open day keeps the snapshot taken when it opened."""
    day: int
    """The current day: open, or the last one closed if the village is between days."""
    created_at: dt.datetime
    guild_id: int | None = None
    layout: str = "channel"
    """`channel`: every day is played in the village channel; `posts`: the village channel
    is a forum and each day is played in a post of its own."""

    @property
    def in_posts(self) -> bool:
        return self.layout == POSTS


CHANNEL = "channel"
POSTS = "posts"

# What a table is doing: taking seats, being played, over (its seed public), or closed by a
# moderator without a winner.
TABLE_SEATING = "seating"
TABLE_PLAYING = "playing"
TABLE_FINISHED = "finished"
TABLE_ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class DayRecord:
    village_id: int
    day: int
    settings: VillageSettings
    opened_at: dt.datetime
    closes_at: dt.datetime
    seed: bytes
    """The day's secret dice seed; revealed only after the day closes."""
    commitment: str
    closed_at: dt.datetime | None = None
    version: int = 0
    """Moved by every change of the day's own row, on every store: its close moved
    (`extend_day`), its post set (`set_day_post`), its close. A day is closed only from the
    version it was read at, so a close read before the day was extended is refused and reads
    the day again. Throws do not move it: they only share the day's row, so that a day's
    throws never wait on each other; a close writes every player's day table from the
    version it read and looks for a table it did not read, and reads again if one moved or
    is new. Nothing is appended to a closed day."""
    post_id: int | None = None
    """The day's own post (a forum thread), once the chat adapter has opened it."""

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    village_id: int
    player_id: int
    name: str
    joined_at: dt.datetime


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event about to be appended to a stream."""

    type: str
    data: dict[str, Any]
    message_id: int | None = None
    at: dt.datetime | None = None
    """When it happened on the village clock; the store uses the transaction's time if None."""
    codec: int = 1
    """The version of the game's codec that wrote `type` and `data` (`Encoded.version`);
    the village's own events are of version 1, but for a table's start that records its
    settings (`table_setup.STARTED_WITH_SETTINGS`)."""


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as kept in the append-only event table."""

    village_id: int
    day: int
    player_id: int
    version: int
    game: str
    type: str
    data: dict[str, Any]
    message_id: int | None
    recorded_at: dt.datetime
    table_id: int | None = None
    """The table whose stream it is in; None for the village's own stream."""
    codec: int = 1
    """The version of the game's codec that wrote `type` and `data`: its `decode` is handed
    it with them, and brings an old event up to date."""


def stored(
    event: NewEvent,
    village_id: int,
    day: int,
    player_id: int,
    version: int,
    game: str,
    at: dt.datetime,
    table_id: int | None = None,
) -> StoredEvent:
    """`event` as its stream keeps it, at `version`: at its own time on the village clock,
    or at `at` (the write's). The one place a new event becomes a stored one: every store
    appends it so, and a move that reads its stream on before the store gives it back."""
    return StoredEvent(
        village_id,
        day,
        player_id,
        version,
        game,
        event.type,
        dict(event.data),  # the caller's dictionary stays the caller's
        event.message_id,
        event.at or at,
        table_id,
        event.codec,
    )


def opening(
    village_id: int, day: int, game: str, events: Sequence[NewEvent], at: dt.datetime
) -> list[StoredEvent]:
    """The first events of the village's own stream of `day` (a new village's, a new
    day's), as it keeps them: versions 1, 2 …"""
    return [
        stored(event, village_id, day, VILLAGE_STREAM, version, game, at)
        for version, event in enumerate(events, start=1)
    ]


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A chat message the village has processed, and what it caused (the reply kind)."""

    village_id: int
    message_id: int
    player_id: int
    sent_at: dt.datetime
    received_at: dt.datetime
    outcome: str
    place_id: int | None = None
    """Where it was posted, when not the village channel itself (a day's post)."""


@dataclass(frozen=True, slots=True)
class PlayerDayRecord:
    """The score projection of one player's day, written with the events that change it."""

    village_id: int
    day: int
    player_id: int
    version: int
    """The stream version this row reflects."""
    points: int
    """The day's score so far (its final score once the day is closed)."""
    turns: tuple[dict[str, Any], ...] = ()
    """Finished turns, oldest first: the game's own summary of each."""
    finished: bool = False
    """Every turn of the day is played (or the day closed)."""
    ended_message_id: int | None = None
    """The message where the player's play of the day ended (the memo's link)."""
    table_id: int = 0
    """The table the row scores (the store fills it in for a player's day table)."""
    game: str = ""
    """The table's game (the store fills it in for a player's day table)."""
    detail: dict[str, Any] = field(default_factory=dict)
    """What the game keeps besides the points and turns (hands made, rounds won)."""


class DayPoints(NamedTuple):
    """A score row's points, without its turns and detail: what the standings and the
    earlier days of every memo are written from. A tuple, not a record: a village of 100
    players and 30 days reads 3,000 of them at every close."""

    day: int
    player_id: int
    points: int
    finished: bool
    ended_message_id: int | None
    table_id: int
    game: str
    turns: tuple[dict[str, Any], ...] = ()
    """Never read: a memo takes the day's turns from the day's own row."""


class DayTable(NamedTuple):
    """A player's day table as a close reads it before its events: the stream's version,
    which says whether the stream this process keeps is current, and the message their
    play of the day ended at (the memo's link) from its score row."""

    table_id: int
    version: int
    ended_message_id: int | None


def named(players: list[PlayerRecord], name: str) -> list[PlayerRecord]:
    """The players who go by `name`, ignoring the case of every letter (full-width ones too:
    a database's own lower() may fold ASCII only), in the order given."""
    wanted = name.lower()
    return [p for p in players if p.name.lower() == wanted]


@dataclass(frozen=True, slots=True)
class StreamAppend:
    """Events for one player's day stream, with the projection they lead to."""

    player_id: int
    expected_version: int
    events: tuple[NewEvent, ...]
    projection: PlayerDayRecord
    player: PlayerRecord | None = None
    """Added to the village if it is not there yet (a player joins by throwing), or its
    new name when the player was renamed."""
    renamed_from: str | None = None
    """The player's name until now, when `player` renames them: the rename is logged."""
    game: str | None = None
    """The village's day game, when the caller has read the village already (the store
    reads it otherwise): one read fewer on every throw."""

    def as_stored(
        self, day: int, game: str, at: dt.datetime, table_id: int | None
    ) -> list[StoredEvent]:
        """The events as the player's day table `table_id` keeps them, after the version
        the stream was read at."""
        village_id, player_id, read = (
            self.projection.village_id,
            self.player_id,
            self.expected_version,
        )
        return [
            stored(event, village_id, day, player_id, read + offset, game, at, table_id)
            for offset, event in enumerate(self.events, start=1)
        ]

    @property
    def version_after(self) -> int:
        """The stream's version once its events are appended."""
        return self.expected_version + len(self.events)

    @property
    def table_status(self) -> str:
        """The day table's status after the events: finished with the player's last turn."""
        return TABLE_FINISHED if self.projection.finished else TABLE_PLAYING

    def new_day_table(
        self, table_id: int, day: int, game: str, rules: dict[str, Any], at: dt.datetime
    ) -> TableRecord:
        """The player's day table as the day's first move makes it: in no place, under the
        day's `rules`, the player in its one seat, started when it opens (and ended then,
        when that move finishes it)."""
        status = self.table_status
        return TableRecord(
            village_id=self.projection.village_id,
            table_id=table_id,
            game=game,
            day=day,
            opener_id=self.player_id,
            place_id=None,
            settings=rules,
            seats=(self.player_id,),
            status=status,
            opened_at=at,
            version=self.version_after,
            started_at=at,
            ended_at=at if status == TABLE_FINISHED else None,
        )

    def renamed(self) -> NewEvent | None:
        """The event of the village's own stream that logs the rename, if `player` renames
        someone: the player's row keeps the name in use, the log every name they went by,
        so that a log read later says who was who."""
        if self.player is None or self.renamed_from is None:
            return None
        return NewEvent(
            "PlayerRenamed",
            {
                "player_id": self.player.player_id,
                "from": self.renamed_from,
                "to": self.player.name,
            },
        )


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table of a game with seats (Ducks): where it is played, who sits where, its state
    of play and its own committed seed. A day game's one-seat tables are kept the same way,
    with the day's seed."""

    village_id: int
    table_id: int
    """Numbered in the village from 1 (0 until the store has given it one)."""
    game: str
    day: int
    """The village day it was opened on."""
    opener_id: int
    place_id: int | None
    """The channel, thread or post it is played in."""
    settings: dict[str, Any]
    seats: tuple[int, ...]
    """Player ids in seat order."""
    status: str
    opened_at: dt.datetime
    version: int = 0
    started_at: dt.datetime | None = None
    ended_at: dt.datetime | None = None
    deadline_at: dt.datetime | None = None
    """When the move awaited now must be made (the table's `deadline:`), if it has one."""
    seed: bytes | None = None
    """The table's secret seed, from its start; revealed when it ends."""
    commitment: str | None = None

    @property
    def is_open(self) -> bool:
        return self.status in (TABLE_SEATING, TABLE_PLAYING)


def table_event(table: TableRecord, version: int, event: NewEvent, at: dt.datetime) -> StoredEvent:
    """`event` as the stream of `table` keeps it: a player's when its data names one (a
    move's), else the table's own."""
    player = event.data.get("player_id")
    by = player if isinstance(player, int) else VILLAGE_STREAM
    return stored(event, table.village_id, table.day, by, version, table.game, at, table.table_id)


@dataclass(frozen=True, slots=True)
class TableAppend:
    """Events for a table's stream, with the table and score rows they lead to."""

    table: TableRecord
    """The table after the events (its version included)."""
    expected_version: int
    events: tuple[NewEvent, ...]
    scores: tuple[PlayerDayRecord, ...] = ()
    players: tuple[PlayerRecord, ...] = ()
    """Players to add to the village (a player joins the village by taking a seat)."""
    at: dt.datetime | None = None
    """When it happened on the village clock (the store's own time if None)."""


@dataclass(frozen=True, slots=True)
class DayClosing:
    """Everything a day close writes in one transaction."""

    village_id: int
    day: int
    closed_at: dt.datetime
    day_version: int
    """The day's version when its streams were read."""
    streams: tuple[StreamAppend, ...]
    closed_event: NewEvent
    """Appended to the closing day's village stream."""
    next_day: DayRecord
    opened_event: NewEvent
    """The first event of the next day's village stream."""


# What became of a reply kept in the outbox.
PENDING = "pending"
SENT = "sent"
DROPPED = "dropped"
FAILED = "failed"

# How a reply goes out: under the message it answers, as the answer to a slash command
# (which the adapter gives itself), or as the village's announcement in the day's place.
BY_MESSAGE = "message"
BY_INTERACTION = "interaction"
BY_VILLAGE = "village"


@dataclass(frozen=True, slots=True)
class OutboxRecord:
    """A reply waiting to be delivered, written in the transaction of what it answers.

    The chat adapter delivers it and records where it went; a reply that could not be sent
    (the chat was down, the process was killed) is sent later, once.
    """

    village_id: int
    message_id: int | None
    """The message answered; None for a village announcement (a day closing or opening)."""
    seq: int
    """The reply's place among the answers to its message (or its closing), from 0."""
    reply: dict[str, Any]
    """The reply as plain data (`bot.village.replies.reply_data`)."""
    locale: str
    place_id: int | None
    """Where the answered message was posted; None for a day's post (or the village channel)."""
    via: str
    """`message` (a reply to a chat message), `interaction` (to a slash command, which the
    adapter answers itself) or `village` (an announcement in the day's place)."""
    created_at: dt.datetime
    outbox_id: int | None = None
    status: str = PENDING
    """PENDING, SENT, DROPPED (a private answer whose slash command expired) or FAILED
    (the chat refuses it for good; for a secret, its player takes no DMs)."""
    attempts: int = 0
    posted_id: int | None = None
    """The chat platform's id of the posted reply (a secret's: the DM its player got)."""
    posted_at: dt.datetime | None = None
    """When it was posted, on the platform's clock (the double-post rule compares with it)."""
    nonce: str | None = None
    """The nonce of a post of its own, made when it was kept: the chat takes a nonce once,
    so a send tried again posts it once. None only for replies posted before nonces were
    kept."""
    group_nonce: str | None = None
    """The nonce of the post that carries it, recorded before that post is first sent:
    its own nonce for a post of its own (kept so from the start in a quiet place), or that
    of a post shared with other replies (a busy place). After a restart the same post is
    sent again, under the same nonce. None: it has never been sent, and may go out
    together with others."""


@dataclass(frozen=True, slots=True)
class AnswerPosted:
    """Whether and when a message's first answer was posted: all the double-post rule
    reads of it (the reply itself is not decoded on every throw)."""

    status: str
    posted_at: dt.datetime | None


@dataclass(frozen=True, slots=True)
class PlayContext:
    """What a move of the village's day game is decided from, read at once."""

    village: VillageRecord
    day: DayRecord | None
    """The village's current day (the store makes it with the village: never None there)."""
    handled: bool
    """The message was handled already: it counts once."""
    player: PlayerRecord | None
    """The author as the village knows them; None before their first throw."""
    points_before: int
    """The author's points on the days before the current one (the day game's tables)."""
    table: tuple[int, int] | None
    """The author's day table today, as (table id, version); None before today's first throw."""


@dataclass(frozen=True, slots=True)
class TableContext:
    """What a command or a message at a table is decided from, read at once: no day table
    of its author's is read (the table has its own stream)."""

    village: VillageRecord
    day: DayRecord | None
    """The village's current day: whether it must close first."""
    handled: bool
    """The message was handled already: it counts once."""
    table: TableRecord | None
    """The latest table of the message's place, whatever became of it (its version says
    whether a table kept in memory is still current)."""


@dataclass(frozen=True, slots=True)
class Appended:
    """What an append wrote: the events as stored, and the outbox ids of its replies."""

    events: list[StoredEvent]
    outbox_ids: list[int]
