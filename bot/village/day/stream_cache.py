"""The day streams this process read or wrote last, kept so that a move does not read its
player's whole stream again.

A kept stream is used only while its table's version in the database is still the one it
was kept at: the version is read with the rest of the move's context (`Store.play_context`),
so anything else that writes the table (a rollback, a day close, another process) makes the
next move read the stream afresh. The append is guarded by the same version, so a stream
kept wrongly could never be written over: its move would fail and be read again.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.village.kept import KeptByEvents
from bot.village.records import StoredEvent
from bot.village.stream import StreamView

CAPACITY = 20_000
"""Events kept at most, over every stream: about 1 KiB each once read (the state after each
draw with them), so some 20 MiB, enough for the players of the last minutes of a few busy
villages; the least recently used streams are let go first, and read again when needed."""
STREAMS = 2_048
"""Streams kept at most, however short: each costs a few KiB besides its events (its view),
and 30,000 players who threw once would otherwise be kept all (measured: 45 MiB more)."""

StreamKey = tuple[int, int, int]
"""(village id, day, player id)."""


@dataclass(frozen=True, slots=True)
class KeptStream:
    table_id: int
    version: int
    events: tuple[StoredEvent, ...]
    view: StreamView


class StreamCache(KeptByEvents[StreamKey, KeptStream]):
    def __init__(self, capacity: int = CAPACITY, streams: int = STREAMS) -> None:
        super().__init__(capacity, streams)

    def get(self, key: StreamKey, table: tuple[int, int] | None) -> KeptStream | None:
        """The stream as kept, if it is still the table's `(table id, version)`."""
        return self._found(key, lambda kept: (kept.table_id, kept.version) == table)
