"""Records as a database gives them back: JSON values read back from their JSON (tuples as
lists, keys as text), times as aware UTC, and never an object the memory store holds that a
caller could change (settings, whose rules no one can change, are shared as the SQL store
shares them), so that a caller changing what it was given changes nothing kept.

Copied field by field, whatever the fields are: a field a record gains later (with its
default) is kept and given back as it came.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any, TypeVar

from bot.village.settings import VillageSettings

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Record = TypeVar("Record", bound="DataclassInstance")


def copied(record: Record) -> Record:
    """The record with every value as a database would read it back."""
    changes: dict[str, Any] = {}
    for field in fields(record):
        value = getattr(record, field.name)
        kept = _value(value)
        if kept is not value:
            changes[field.name] = kept
    return replace(record, **changes) if changes else record


def json_copy(value: Any) -> Any:
    """`value` read back from its JSON, as a JSON column gives it."""
    return json.loads(json.dumps(value))


def utc(value: dt.datetime) -> dt.datetime:
    if value.tzinfo is dt.UTC:
        return value
    if value.tzinfo is None:
        raise ValueError("naive datetime: the village stores aware UTC times only")
    return value.astimezone(dt.UTC)


def _value(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return utc(value)
    if isinstance(value, dict | list):
        return json_copy(value)
    if isinstance(value, tuple):  # seats, turns
        return tuple(_value(item) for item in value)
    if isinstance(value, VillageSettings):
        # Kept as given: frozen, rules and all (`settings.Rules`), like the SQL store's one
        # instance per stored text.
        return value
    if isinstance(value, bytearray | memoryview):
        return bytes(value)
    return value
