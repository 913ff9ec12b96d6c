"""The day streams this process read or wrote last, kept so that a move does not read its
player's whole stream again.

A kept stream is used only while its table's version in the database is still the one it
was kept at: the version is read with the rest of the move's context (`Store.play_context`),
so anything else that writes the table (a rollback, a day close, another process) makes the
next move read the stream afresh. The append is guarded by the same version, so a stream
kept wrongly could never be written over: its move would fail and be read again.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

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


class StreamCache:
    def __init__(self, capacity: int = CAPACITY, streams: int = STREAMS) -> None:
        self._capacity = capacity
        self._streams = streams
        self._kept: OrderedDict[StreamKey, KeptStream] = OrderedDict()
        self._events = 0

    def get(self, key: StreamKey, table: tuple[int, int] | None) -> KeptStream | None:
        """The stream as kept, if it is still the table's `(table id, version)`."""
        kept = self._kept.get(key)
        if kept is None:
            return None
        if table is None or (kept.table_id, kept.version) != table:
            self._forget(key)  # written by something else since: read it again
            return None
        self._kept.move_to_end(key)
        return kept

    def keep(self, key: StreamKey, kept: KeptStream) -> None:
        self._forget(key)
        self._kept[key] = kept
        self._events += len(kept.events)
        while len(self._kept) > 1 and (
            self._events > self._capacity or len(self._kept) > self._streams
        ):
            self._forget(next(iter(self._kept)))

    def _forget(self, key: StreamKey) -> None:
        kept = self._kept.pop(key, None)
        if kept is not None:
            self._events -= len(kept.events)

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def events(self) -> int:
        return self._events
