"""JSON values no reader can change: what a store hands to every reader of one record (the
SQL store reads a village's settings once for each text and shares them), so that a reader
changing what it was given cannot change another reader's view, nor what is kept."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class FrozenMapping(Mapping[str, Any]):
    """A JSON object no one can change (its values frozen too): equal to a dict of the same
    items, hashable, and copied as itself (there is nothing to copy)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any] | None = None) -> None:
        self._items = {str(key): frozen(value) for key, value in (items or {}).items()}

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)

    def __copy__(self) -> FrozenMapping:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenMapping:
        return self

    def __reduce__(self) -> tuple[type[FrozenMapping], tuple[dict[str, Any]]]:
        return FrozenMapping, (self._items,)


def frozen(value: Any) -> Any:
    """`value` with every object a `FrozenMapping` and every array a tuple, all the way
    down (scalars are immutable already)."""
    if isinstance(value, FrozenMapping):
        return value
    if isinstance(value, Mapping):
        return FrozenMapping(value)
    if isinstance(value, list | tuple):
        return tuple(frozen(item) for item in value)
    return value


def thawed(value: Any) -> Any:
    """A frozen value as plain JSON again (dicts and lists), for a caller that writes it or
    sends it on."""
    if isinstance(value, Mapping):
        return {key: thawed(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [thawed(item) for item in value]
    return value
