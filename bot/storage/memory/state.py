"""What the memory store holds at one moment: the database's tables as dictionaries of
records, and the few writes every port makes with them (the statements of `SqlStore` that
several of its methods share).

A state others can see is never changed: a write works on a `copy` (new dictionaries
holding the same records, which nobody changes) that the store takes as its state when the
write ends well. Records go in as `copies.copied` makes them, and out as new copies.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bot.storage.memory.copies import copied, json_copy
from bot.storage.tables import DAY_TABLES_FROM
from bot.village.ports import DuplicateMessage, UnknownVillage, VersionConflict
from bot.village.records import (
    VILLAGE_STREAM,
    DayRecord,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    PlayerDayRecord,
    PlayerRecord,
    StoredEvent,
    TableRecord,
    VillageRecord,
    stored,
)


@dataclass(frozen=True, slots=True)
class VillageRow:
    """A village with the counters its tables take their numbers from (migrations 0005
    and 0006): the tables players open from 1, their day tables from `DAY_TABLES_FROM`."""

    record: VillageRecord
    next_table: int = 1
    next_day_table: int = DAY_TABLES_FROM


@dataclass(slots=True)
class State:
    villages: dict[int, VillageRow] = field(default_factory=dict)
    days: dict[tuple[int, int], DayRecord] = field(default_factory=dict)
    """By (village, day)."""
    players: dict[tuple[int, int], PlayerRecord] = field(default_factory=dict)
    """By (village, player), in the order they joined the store."""
    tables: dict[tuple[int, int], TableRecord] = field(default_factory=dict)
    """By (village, table)."""
    events: dict[int, StoredEvent] = field(default_factory=dict)
    """By event id: in the order they were recorded."""
    table_streams: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    """The event ids of each table's stream, by (village, table)."""
    village_streams: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    """The event ids of each village's own stream of a day, by (village, day)."""
    scores: dict[tuple[int, int, int], PlayerDayRecord] = field(default_factory=dict)
    """By (village, table, player), with their table and game filled in."""
    messages: dict[tuple[int, int], MessageRecord] = field(default_factory=dict)
    """By (village, message)."""
    outbox: dict[int, OutboxRecord] = field(default_factory=dict)
    """By outbox id, with it filled in."""
    next_event_id: int = 1
    next_outbox_id: int = 1

    def copy(self) -> State:
        """A state to write on: changing its dictionaries leaves this one as it is."""
        return State(
            dict(self.villages),
            dict(self.days),
            dict(self.players),
            dict(self.tables),
            dict(self.events),
            dict(self.table_streams),
            dict(self.village_streams),
            dict(self.scores),
            dict(self.messages),
            dict(self.outbox),
            self.next_event_id,
            self.next_outbox_id,
        )

    # -- reads the ports share

    def village(self, village_id: int) -> VillageRow:
        """The village a write names (a row that points at no village is refused, as the
        database's foreign keys refuse it)."""
        found = self.villages.get(village_id)
        if found is None:
            raise UnknownVillage(f"no village {village_id}")
        return found

    def stream(self, ids: tuple[int, ...]) -> list[StoredEvent]:
        """The events of a stream, as new copies, in version order."""
        events = sorted((self.events[i] for i in ids), key=lambda event: event.version)
        return [copied(event) for event in events]

    def day_tables(self, village_id: int, day: int) -> list[TableRecord]:
        """The players' day tables of `day`: the tables of the village's own game opened
        that day in no place (a table opened in a place is never a day table, whatever its
        game), by number."""
        village = self.villages.get(village_id)
        if village is None:
            return []
        game = village.record.game
        return sorted(
            (
                table
                for (v, _), table in self.tables.items()
                if v == village_id
                and table.day == day
                and table.game == game
                and table.place_id is None
            ),
            key=lambda table: table.table_id,
        )

    def here(
        self, village_id: int, message_id: int
    ) -> tuple[VillageRecord, DayRecord | None, bool] | None:
        """What a move reads first wherever it is played, as copies: the village, its
        current day, and whether the message was handled already; None for no village."""
        found = self.villages.get(village_id)
        if found is None:
            return None
        village = found.record
        day = self.days.get((village_id, village.day))
        return (
            copied(village),
            None if day is None else copied(day),
            (village_id, message_id) in self.messages,
        )

    def day_table(self, village_id: int, day: int, player_id: int) -> TableRecord | None:
        """A player's day table of `day`, if they have played that day."""
        for table in self.day_tables(village_id, day):
            if table.opener_id == player_id:
                return table
        return None

    # -- writes the ports share

    def add_event(self, event: StoredEvent) -> None:
        """Append `event` to its stream (its table's, or the village's own of its day).
        Raises VersionConflict if another event holds its version there (the log's unique
        versions: another writer got there first)."""
        self.village(event.village_id)
        if event.table_id is None:
            streams, key = self.village_streams, (event.village_id, event.day)
        else:
            streams, key = self.table_streams, (event.village_id, event.table_id)
        ids = streams.get(key, ())
        if any(self.events[i].version == event.version for i in ids):
            raise VersionConflict(f"version {event.version} of the stream is taken")
        event_id = self.next_event_id
        self.next_event_id += 1
        self.events[event_id] = copied(event)
        streams[key] = (*ids, event_id)

    def add_village_event(
        self, village_id: int, day: int, game: str, event: NewEvent, at: dt.datetime
    ) -> None:
        """An event of the village's own stream of `day`, after its last."""
        ids = self.village_streams.get((village_id, day), ())
        version = max((self.events[i].version for i in ids), default=0) + 1
        self.add_event(stored(event, village_id, day, VILLAGE_STREAM, version, game, at))

    def upsert_player(self, player: PlayerRecord) -> None:
        """Add the player, or give them their new name (they keep when they joined)."""
        self.village(player.village_id)
        key = (player.village_id, player.player_id)
        known = self.players.get(key)
        self.players[key] = copied(player if known is None else replace(known, name=player.name))

    def add_message(self, message: MessageRecord) -> None:
        self.village(message.village_id)
        key = (message.village_id, message.message_id)
        if key in self.messages:
            raise DuplicateMessage(message.message_id)
        self.messages[key] = copied(message)

    def keep_replies(self, entries: Sequence[OutboxRecord]) -> list[int]:
        """The replies kept in the outbox, numbered on from the last kept; their ids in the
        replies' order."""
        if len({entry.seq for entry in entries}) != len(entries):
            raise AssertionError("the replies of one message must have distinct places (seq)")
        ids = []
        for entry in entries:
            self.village(entry.village_id)
            outbox_id = self.next_outbox_id
            self.next_outbox_id += 1
            self.outbox[outbox_id] = copied(replace(entry, outbox_id=outbox_id))
            ids.append(outbox_id)
        return ids

    def take_table_number(self, village_id: int, *, day_table: bool = False) -> int:
        """A new table's number from the village's counter (of tables players open, or of
        their day tables)."""
        village = self.village(village_id)
        if day_table:
            number = village.next_day_table
            self.villages[village_id] = replace(village, next_day_table=number + 1)
        else:
            number = village.next_table
            self.villages[village_id] = replace(village, next_table=number + 1)
        return number

    def upsert_score(self, score: PlayerDayRecord, table_id: int, game: str) -> None:
        """A player's score row at a table, added or replaced. The turns are kept in the
        row's detail, as the database keeps them (a detail of that name gives way)."""
        self.village(score.village_id)
        detail = json_copy({**score.detail, "turns": [dict(turn) for turn in score.turns]})
        turns = tuple(detail.pop("turns"))
        row = replace(score, table_id=table_id, game=game, turns=turns, detail=detail)
        self.scores[(score.village_id, table_id, score.player_id)] = copied(row)
