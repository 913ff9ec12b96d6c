"""The open tables this process read or moved last, kept so that a move at a table does not
read the table's whole stream and its players' names again.

As with the day streams (`stream_cache`), a kept table is used only while the table's version
in the database is still the one it was kept at: the version comes with the table's row,
which a table command reads first (or which the last move at its place wrote: `kept_plays`),
so anything else that writes the table (another process, a time limit, a seat taken, a
rollback) makes the next command read it afresh, or fail its write. A move's write is
guarded by the same version (`TableLog.move_table`, `append_table`), so nothing is ever
written on the strength of a kept table alone: a move decided on a stale one fails its write,
and is read and decided again. A move's own events are folded into the kept table once it
is written (its unit committed), never before.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.api import Json
from bot.village.kept import KeptByEvents
from bot.village.records import StoredEvent
from bot.village.stream import StreamView

CAPACITY = 20_000
"""Events kept at most, over every table: a Gleek table of three deals is some 400, a Ducks
table some 100; the tables least recently moved are let go first, and read again when
needed."""
TABLES = 512
"""Tables kept at most, however short their streams."""

TableKey = tuple[int, int]
"""(village id, table id)."""


@dataclass(frozen=True, slots=True)
class KeptTable:
    """A table as its commands read it, at `version`."""

    version: int
    settings: dict[str, Json]
    """What it is played with, as its log says (`table_setup.played_with`)."""
    events: tuple[StoredEvent, ...]
    view: StreamView
    names: tuple[str, ...]
    """The players' names, by seat."""


class KeptTables(KeptByEvents[TableKey, KeptTable]):
    def __init__(self, capacity: int = CAPACITY, tables: int = TABLES) -> None:
        super().__init__(capacity, tables)

    def get(self, key: TableKey, version: int) -> KeptTable | None:
        """The table as kept, if the database still has it at `version`."""
        return self._found(key, lambda kept: kept.version == version)
