"""One converter for each record the store keeps, both ways: a table row to its record, and
a record to the columns an insert or update writes.

Driven by the record's fields and its table's columns: a field is kept in the column of
its name, as it is, unless it is declared `Coded` (kept other than as it is, or in another
column). A throw converts its message, events, score row and replies, so each conversion
is worked out once, when the converter is made at import, and written as the function one
would write by hand (`{"village_id": record.village_id, …}`, as `dataclasses` writes a
record's `__init__`): as fast as the hand-written mappings it replaces.

A record that gains a field its table has no column for, or a table that gains a column
no field writes and the database cannot fill in itself, stops the import: nothing a record
carries is ever dropped on the way to its row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from sqlalchemy import Column, Table

from bot.storage.tables import Base

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Record = TypeVar("Record", bound="DataclassInstance")


@dataclass(frozen=True, slots=True)
class Coded:
    """A field its table keeps other than as it is."""

    read: Callable[[Any], Any] | None = None
    """The field's value from its column's (None: as the column gives it)."""
    write: Callable[[Any], Any] | None = None
    """The column's value from the whole record (None: the field's value as it is)."""
    column: str | None = None
    """The column the field is read from, when not the one of its name: such a field is
    written by the field of that column's name (its `write` folds this one in)."""


class Converter(Generic[Record]):
    """Rows of `model`'s table to `kind` records and back."""

    def __init__(self, kind: type[Record], model: type[Base], **coded: Coded) -> None:
        table = model.__table__
        assert isinstance(table, Table)
        self.kind = kind
        self.model = model
        self.table = table
        names = tuple(field.name for field in fields(kind))
        unknown = set(coded) - set(names)
        if unknown:
            raise TypeError(f"{kind.__name__} has no field {sorted(unknown)}")
        read_from = tuple(coded[name].column or name if name in coded else name for name in names)
        missing = [column for column in read_from if column not in table.c]
        if missing:
            raise TypeError(f"{table.name} keeps no column for {kind.__name__}: {missing}")
        self.fields = names
        self.columns: tuple[Column[Any], ...] = tuple(table.c[name] for name in read_from)
        """The columns the fields are read from, in the fields' order (a query that reads
        records by position selects these)."""
        # Written: every column of a field's name, but the key the database numbers.
        self.written = tuple(
            c.key for c in table.c if c.key in names and c is not table.autoincrement_column
        )
        unwritten = [
            c.key
            for c in table.c
            if c.key not in self.written
            and c is not table.autoincrement_column
            and c.default is None
            and c.server_default is None
        ]
        if unwritten:
            raise TypeError(f"no field of {kind.__name__} writes {table.name}.{unwritten}")
        if not all(name.isidentifier() for name in (*names, *read_from, *self.written)):
            raise TypeError(f"{table.name}: a column {kind.__name__} names is no Python name")
        # What the made functions call: the record's class, and the declared conversions.
        self._namespace: dict[str, Any] = {"kind": kind}
        read_as = []
        for name, column in zip(names, read_from, strict=True):
            read = coded[name].read if name in coded else None
            if read is not None:
                self._namespace[f"read_{name}"] = read
            read_as.append((name, f"read_{name}({{}})" if read is not None else "{}", column))
        self._written_as = []
        for name in self.written:
            write = coded[name].write if name in coded else None
            if write is not None:
                self._namespace[f"write_{name}"] = write
            self._written_as.append(
                (name, f"write_{name}(record)" if write is not None else f"record.{name}")
            )
        self.record: Callable[[Any], Record] = self._reader(
            (name, form.format(f"row.{column}")) for name, form, column in read_as
        )
        """The record of a row: an ORM row, or anything that has the columns as attributes
        (a wider query's, `rows.Prefixed`)."""
        self.from_values: Callable[[Sequence[Any]], Record] = self._reader(
            (name, form.format(f"row[{place}]")) for place, (name, form, _) in enumerate(read_as)
        )
        """The record of its columns' values, in the order of `columns`."""
        self._writers: dict[str, Callable[[Record], dict[str, Any]]] = {}
        self.values = self.prefixed("")
        """The columns a row of the record is written with (but the key the database
        numbers), by name."""

    def prefixed(self, prefix: str) -> Callable[[Record], dict[str, Any]]:
        """`values`, each name after `prefix` (a statement writing several rows names
        their parameters apart): made once for each prefix."""
        writer = self._writers.get(prefix)
        if writer is None:
            items = ", ".join(f"{prefix + name!r}: {value}" for name, value in self._written_as)
            writer = self._writers[prefix] = _made(f"lambda record: {{{items}}}", self._namespace)
        return writer

    def row(self, record: Record) -> Any:
        """The record as an ORM row, to add to a session."""
        return self.model(**self.values(record))

    def _reader(self, fields_as: Iterable[tuple[str, str]]) -> Any:
        """A function of a row that makes the record from each field's expression."""
        arguments = ", ".join(f"{name}={value}" for name, value in fields_as)
        return _made(f"lambda row: kind({arguments})", self._namespace)


def _made(source: str, namespace: dict[str, Any]) -> Any:
    """The function `source` (a lambda) with the names of `namespace`. Every name in the
    source is a record's field or a table's column, both Python names."""
    return eval(source, dict(namespace))
