"""One converter for each record the store keeps, both ways: a table row to its record, and
a record to the columns an insert or update writes.

Driven by the record's fields and its table's columns: a field is kept in the column of
its name, as it is, unless it is declared `Coded` (kept other than as it is, or in another
column). Everything a conversion needs is worked out when the converter is made, at
import: a throw converts its message, events, score row and replies, and a conversion is
then one `attrgetter` and one `zip`, as fast as a dictionary written out by hand.

A record that gains a field its table has no column for, or a table that gains a column
no field writes and the database cannot fill in itself, stops the import: nothing a record
carries is ever dropped on the way to its row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from operator import attrgetter
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
        self.fields = names
        read_from = tuple(coded[name].column or name if name in coded else name for name in names)
        missing = [column for column in read_from if column not in table.c]
        if missing:
            raise TypeError(f"{table.name} keeps no column for {kind.__name__}: {missing}")
        self.columns: tuple[Column[Any], ...] = tuple(table.c[name] for name in read_from)
        """The columns the fields are read from, in the fields' order (a query that reads
        records by position selects these)."""
        self._read_all = _getter(read_from)
        self._decode = tuple(
            (place, read)
            for place, name in enumerate(names)
            if name in coded and (read := coded[name].read) is not None
        )
        # Written: every column of a field's name, but the key the database numbers.
        written = [c.key for c in table.c if c.key in names and not _numbered(c, table)]
        self._plain = tuple(
            name for name in written if name not in coded or coded[name].write is None
        )
        self._coded = tuple(
            (name, write)
            for name in written
            if name in coded and (write := coded[name].write) is not None
        )
        self._write_plain = _getter(self._plain)
        unwritten = [
            c.key
            for c in table.c
            if c.key not in written
            and not _numbered(c, table)
            and c.default is None
            and c.server_default is None
        ]
        if unwritten:
            raise TypeError(f"no field of {kind.__name__} writes {table.name}.{unwritten}")
        self._keys: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def record(self, row: Any) -> Record:
        """The record of a row: an ORM row, or anything that has the columns as attributes
        (a wider query's, `rows.Prefixed`)."""
        return self.from_values(self._read_all(row))

    def from_values(self, values: Sequence[Any]) -> Record:
        """The record of its columns' values, in the order of `columns`."""
        if self._decode:
            values = list(values)
            for place, read in self._decode:
                values[place] = read(values[place])
        return self.kind(*values)

    def values(self, record: Record, prefix: str = "") -> dict[str, Any]:
        """The columns a row of `record` is written with (but the key the database
        numbers), by name; each name after `prefix` (a statement writing several rows
        names their parameters apart)."""
        keys = self._keys.get(prefix)
        if keys is None:
            keys = self._keys[prefix] = (
                tuple(prefix + name for name in self._plain),
                tuple(prefix + name for name, _ in self._coded),
            )
        plain, coded = keys
        values = dict(zip(plain, self._write_plain(record), strict=True))
        for key, (_, write) in zip(coded, self._coded, strict=True):
            values[key] = write(record)
        return values

    def row(self, record: Record) -> Any:
        """The record as an ORM row, to add to a session."""
        return self.model(**self.values(record))


def _numbered(column: Column[Any], table: Table) -> bool:
    """The key the database numbers (an event's, a reply's id): never written."""
    return column is table.autoincrement_column


def _getter(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The values of `names` of an object, as a tuple (`attrgetter` gives one name's
    value alone)."""
    if len(names) == 1:
        only = names[0]
        return lambda row: (getattr(row, only),)
    if not names:
        return lambda row: ()
    return attrgetter(*names)
