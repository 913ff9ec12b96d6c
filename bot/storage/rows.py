"""The village's records as the table rows that keep them: a converter each (`convert`),
with the few fields the tables keep other than as they are."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from bot.storage import tables as t
from bot.storage.convert import Coded, Converter
from bot.village.records import (
    DayRecord,
    MessageRecord,
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


def _settings_json(record: VillageRecord | DayRecord) -> Any:
    return record.settings.model_dump(mode="json")


# Settings are kept as their JSON, and read back as the settings they are.
SETTINGS = Coded(read=settings_of, write=_settings_json)


def _seats(value: list[Any]) -> tuple[int, ...]:
    return tuple(int(player) for player in value)


def _seed(value: bytes | None) -> bytes | None:
    return None if value is None else bytes(value)  # a driver may give a memoryview


def _turns_in(detail: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
    return tuple(dict(turn) for turn in detail.get("turns", ()))


def _detail_but_turns(detail: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in detail.items() if key != "turns"}


def _detail_with_turns(score: PlayerDayRecord) -> dict[str, Any]:
    # The turns are kept in the row's detail (a detail of that name gives way).
    return {**score.detail, "turns": [dict(turn) for turn in score.turns]}


VILLAGES = Converter(VillageRecord, t.Village, settings=SETTINGS)
DAYS = Converter(DayRecord, t.VillageDay, settings=SETTINGS, seed=Coded(read=bytes))
PLAYERS = Converter(PlayerRecord, t.Player)
EVENTS = Converter(StoredEvent, t.Event, data=Coded(read=dict))
TABLES = Converter(
    TableRecord,
    t.GameTable,
    settings=Coded(read=dict, write=lambda table: dict(table.settings)),
    seats=Coded(read=_seats, write=lambda table: list(table.seats)),
    seed=Coded(read=_seed),
)
MESSAGES = Converter(MessageRecord, t.Message)
REPLIES = Converter(OutboxRecord, t.Outbox, reply=Coded(read=dict))
"""The replies kept in the outbox (their id is numbered by the database)."""
SCORES = Converter(
    PlayerDayRecord,
    t.TableScore,
    turns=Coded(read=_turns_in, column="detail"),
    detail=Coded(read=_detail_but_turns, write=_detail_with_turns),
)


def score_row(score: PlayerDayRecord, table_id: int, game: str) -> dict[str, Any]:
    """A score row's columns at the table `table_id` of `game` (a player's day table takes
    its number as it is written)."""
    values = SCORES.values(score)
    values["table_id"] = table_id
    values["game"] = game
    return values


class Prefixed:
    """The columns of one table in a query that reads several, labelled with a prefix: read
    as attributes without it, as the converters read a row. `row`: the row's columns by
    name (a SQLAlchemy row's `_mapping`, or the driver's record)."""

    def __init__(self, row: Mapping[str, Any], prefix: str) -> None:
        self._mapping = row
        self._prefix = prefix

    def __getattr__(self, name: str) -> Any:
        return self._mapping[self._prefix + name]
