"""Converting between the village's records and the table rows that store them."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping
from typing import Any

from bot.storage import tables as t
from bot.village.records import (
    DayRecord,
    MessageRecord,
    NewEvent,
    OutboxRecord,
    PlayerDayRecord,
    PlayerRecord,
    StoredEvent,
    TableRecord,
    VillageRecord,
)
from bot.village.settings import VillageSettings


def settings_of(value: Any) -> VillageSettings:
    """A village's or a day's settings from their column: its JSON text (read once for
    each text: a throw reads the village's and the day's), or the JSON read already."""
    if isinstance(value, str):
        return _settings_in(value)
    return VillageSettings.model_validate(value)


@functools.lru_cache(maxsize=1024)
def _settings_in(text: str) -> VillageSettings:
    return VillageSettings.model_validate_json(text)  # frozen: one instance serves all


def village_record(row: Any) -> VillageRecord:
    """A village from its row (an ORM row, or the village's columns of a wider query)."""
    return VillageRecord(
        village_id=row.village_id,
        game=row.game,
        settings=settings_of(row.settings),
        day=row.day,
        created_at=row.created_at,
        guild_id=row.guild_id,
        layout=row.layout,
    )


def day_row(day: DayRecord) -> t.VillageDay:
    return t.VillageDay(
        village_id=day.village_id,
        day=day.day,
        settings=day.settings.model_dump(mode="json"),
        opened_at=day.opened_at,
        closes_at=day.closes_at,
        closed_at=day.closed_at,
        seed=day.seed,
        commitment=day.commitment,
        version=day.version,
        post_id=day.post_id,
    )


def day_record(row: Any) -> DayRecord:
    """A day from its row (an ORM row, or the day's columns of a wider query)."""
    return DayRecord(
        village_id=row.village_id,
        day=row.day,
        settings=settings_of(row.settings),
        opened_at=row.opened_at,
        closes_at=row.closes_at,
        seed=bytes(row.seed),
        commitment=row.commitment,
        closed_at=row.closed_at,
        version=row.version,
        post_id=row.post_id,
    )


def player_record(row: t.Player) -> PlayerRecord:
    return PlayerRecord(row.village_id, row.player_id, row.name, row.joined_at)


class Prefixed:
    """The columns of one table in a query that reads several, labelled with a prefix: read
    as attributes without it, as the converters above read a row. `row`: the row's columns
    by name (a SQLAlchemy row's `_mapping`, or the driver's record)."""

    def __init__(self, row: Mapping[str, Any], prefix: str) -> None:
        self._mapping = row
        self._prefix = prefix

    def __getattr__(self, name: str) -> Any:
        return self._mapping[self._prefix + name]


def event_row(
    village_id: int,
    day: int,
    player_id: int,
    version: int,
    game: str,
    event: NewEvent,
    recorded_at: dt.datetime,
    table_id: int | None = None,
) -> t.Event:
    """A row of a table's stream (`table_id`), or of the village's own stream (None)."""
    return t.Event(
        village_id=village_id,
        day=day,
        table_id=table_id,
        player_id=player_id,
        version=version,
        game=game,
        type=event.type,
        data=dict(event.data),
        message_id=event.message_id,
        recorded_at=event.at or recorded_at,
        codec=event.codec,
    )


def stored_event(row: Any) -> StoredEvent:
    """An event from its row (an ORM row, or the event's columns of a wider query)."""
    return StoredEvent(
        village_id=row.village_id,
        day=row.day,
        player_id=row.player_id,
        version=row.version,
        game=row.game,
        type=row.type,
        data=dict(row.data),
        message_id=row.message_id,
        recorded_at=row.recorded_at,
        table_id=row.table_id,
        codec=row.codec,
    )


def table_row(table: TableRecord) -> t.GameTable:
    return t.GameTable(
        village_id=table.village_id,
        table_id=table.table_id,
        game=table.game,
        day=table.day,
        opener_id=table.opener_id,
        place_id=table.place_id,
        settings=dict(table.settings),
        seats=list(table.seats),
        status=table.status,
        opened_at=table.opened_at,
        started_at=table.started_at,
        ended_at=table.ended_at,
        deadline_at=table.deadline_at,
        seed=table.seed,
        commitment=table.commitment,
        version=table.version,
    )


def table_record(row: t.GameTable) -> TableRecord:
    return TableRecord(
        village_id=row.village_id,
        table_id=row.table_id,
        game=row.game,
        day=row.day,
        opener_id=row.opener_id,
        place_id=row.place_id,
        settings=dict(row.settings),
        seats=tuple(int(p) for p in row.seats),
        status=row.status,
        opened_at=row.opened_at,
        version=row.version,
        started_at=row.started_at,
        ended_at=row.ended_at,
        deadline_at=row.deadline_at,
        seed=None if row.seed is None else bytes(row.seed),
        commitment=row.commitment,
    )


def message_record(row: t.Message) -> MessageRecord:
    return MessageRecord(
        village_id=row.village_id,
        message_id=row.message_id,
        player_id=row.player_id,
        sent_at=row.sent_at,
        received_at=row.received_at,
        outcome=row.outcome,
        place_id=row.place_id,
    )


def outbox_row(entry: OutboxRecord) -> dict[str, Any]:
    """A kept reply's columns but its id (written by plain inserts, never through the ORM:
    every answer on Discord keeps one)."""
    return {
        "village_id": entry.village_id,
        "message_id": entry.message_id,
        "seq": entry.seq,
        "reply": entry.reply,
        "locale": entry.locale,
        "place_id": entry.place_id,
        "via": entry.via,
        "created_at": entry.created_at,
        "status": entry.status,
        "attempts": entry.attempts,
        "posted_id": entry.posted_id,
        "posted_at": entry.posted_at,
        "nonce": entry.nonce,
        "group_nonce": entry.group_nonce,
    }


def outbox_record(row: t.Outbox) -> OutboxRecord:
    return OutboxRecord(
        village_id=row.village_id,
        message_id=row.message_id,
        seq=row.seq,
        reply=dict(row.reply),
        locale=row.locale,
        place_id=row.place_id,
        via=row.via,
        created_at=row.created_at,
        outbox_id=row.outbox_id,
        status=row.status,
        attempts=row.attempts,
        posted_id=row.posted_id,
        posted_at=row.posted_at,
        nonce=row.nonce,
        group_nonce=row.group_nonce,
    )


def score_row(p: PlayerDayRecord, table_id: int, game: str) -> dict[str, Any]:
    """A score row's columns (written by one upsert, never through the ORM)."""
    return {
        "village_id": p.village_id,
        "table_id": table_id,
        "player_id": p.player_id,
        "day": p.day,
        "game": game,
        "version": p.version,
        "points": p.points,
        "detail": {**p.detail, "turns": [dict(turn) for turn in p.turns]},
        "finished": p.finished,
        "ended_message_id": p.ended_message_id,
    }


def score_record(row: t.TableScore) -> PlayerDayRecord:
    detail = dict(row.detail)
    turns = detail.pop("turns", [])
    return PlayerDayRecord(
        village_id=row.village_id,
        day=row.day,
        player_id=row.player_id,
        version=row.version,
        points=row.points,
        turns=tuple(dict(turn) for turn in turns),
        finished=row.finished,
        ended_message_id=row.ended_message_id,
        table_id=row.table_id,
        game=row.game,
        detail=detail,
    )
