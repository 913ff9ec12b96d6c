"""What a process keeps of the log in memory, least recently used first to go: the day
streams (`stream_cache`) and the open tables (`kept_tables`) alike, bounded by the events
they hold and by how many there are. Whether a kept copy may still be used (its version) is
each keeper's own question; this only keeps, finds and lets go."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, Protocol, TypeVar


class Holding(Protocol):
    @property
    def events(self) -> Sequence[object]: ...


K = TypeVar("K", bound=Hashable)
V = TypeVar("V", bound=Holding)


class KeptByEvents(Generic[K, V]):
    def __init__(self, capacity: int, most: int) -> None:
        self._capacity = capacity
        """Events kept at most, over every entry."""
        self._most = most
        """Entries kept at most, however short."""
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._events = 0

    def _found(self, key: K, current: Callable[[V], bool]) -> V | None:
        """The entry kept for `key` while `current` says it still is; one that is not is
        let go (written by something else since: read it again)."""
        kept = self._kept.get(key)
        if kept is None:
            return None
        if not current(kept):
            self.forget(key)
            return None
        self._kept.move_to_end(key)
        return kept

    def keep(self, key: K, kept: V) -> None:
        self.forget(key)
        self._kept[key] = kept
        self._events += len(kept.events)
        while len(self._kept) > 1 and (
            self._events > self._capacity or len(self._kept) > self._most
        ):
            self.forget(next(iter(self._kept)))

    def forget(self, key: K) -> None:
        kept = self._kept.pop(key, None)
        if kept is not None:
            self._events -= len(kept.events)

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def events(self) -> int:
        return self._events
