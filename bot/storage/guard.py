"""What every port method of every store does around its own work.

A write that names a village the store does not have is refused as `UnknownVillage`, whatever
the database refused it with (a foreign key, on SQLite or PostgreSQL) and whatever the path
made of that refusal. (A write that finds no row to change says so itself.)

A unit of work is given up at its first refused call, on every store, as PostgreSQL gives up
a transaction at its first failed statement: every later call in it refuses too
(`StoreError`), and its end keeps nothing, even when its caller caught the refusal and went
on as if the write had been made. SQLite and the memory store would otherwise go on and keep
the unit's other writes; PostgreSQL refuses the calls after a failed statement with an error
of its own (no StoreError), and goes on after a refusal found without one (a version
conflict a guarded update found leaves its transaction usable).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from bot.storage.errors import village_missing
from bot.village.ports import (
    DayLog,
    Ledger,
    Scores,
    StoreError,
    TableLog,
    UnknownVillage,
    Villages,
)


class Refusals:
    """What a unit of work was refused first (None while nothing was)."""

    __slots__ = ("first",)

    def __init__(self) -> None:
        self.first: BaseException | None = None

    def check(self) -> None:
        """Raises StoreError if the unit was given up."""
        if self.first is not None:
            raise GivenUp(
                f"the unit was given up at a refused call ({self.first.__class__.__name__}):"
                " nothing of it is kept"
            ) from self.first


class GivenUp(StoreError):  # noqa: N818 - what became of the unit
    """A call in a unit of work that was given up, or its end: nothing of it is kept."""


class _InUnit(Protocol):
    _refusals: Refusals | None
    """The refusals of the unit a store is bound to; None outside a unit."""


PORT_METHODS = tuple(
    name
    for port in (Villages, DayLog, TableLog, Ledger, Scores)
    for name, value in vars(port).items()
    if inspect.isfunction(value) and not name.startswith("_")
)
"""Every method of the five ports: each is guarded."""

Kind = TypeVar("Kind", bound=type)


def guarded(kind: Kind) -> Kind:
    """`kind` (a store) with each port method guarded: a foreign key refused names no
    village; in a unit that was given up a call refuses, and a refusal it raises in a unit
    gives the unit up."""
    for name in PORT_METHODS:
        setattr(kind, name, _guarded(getattr(kind, name)))
    return kind


def _guarded(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def call(self: _InUnit, *args: Any, **kwargs: Any) -> Any:
        refusals = self._refusals
        if refusals is not None:
            refusals.check()
        try:
            return await method(self, *args, **kwargs)
        except Exception as error:
            if refusals is not None and refusals.first is None:
                refusals.first = error
            if not isinstance(error, UnknownVillage) and village_missing(error):
                raise UnknownVillage(f"{method.__name__}: no such village") from error
            raise

    return call
