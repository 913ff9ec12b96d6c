"""The SQL store and the memory store are each of the village's storage ports, and `Store` is
the five of them with a unit of work: no method of a store is left out of a port, none is in
two."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Protocol

import pytest
from mypy import api

from bot.storage.memory import MemoryStore
from bot.storage.store import SqlStore
from bot.village import ports
from bot.village.ports import DayLog, Ledger, Scores, Store, TableLog, Villages

PORTS: tuple[type, ...] = (Villages, DayLog, TableLog, Ledger, Scores)
STORES = [SqlStore, MemoryStore]


def every_port(
    store: SqlStore | MemoryStore,
) -> tuple[Villages, DayLog, TableLog, Ledger, Scores, Store]:
    """What mypy checks: each store passes for each port (`test_mypy_agrees`)."""
    villages: Villages = store
    day_log: DayLog = store
    table_log: TableLog = store
    ledger: Ledger = store
    scores: Scores = store
    whole: Store = store
    return villages, day_log, table_log, ledger, scores, whole


def methods(port: type) -> dict[str, object]:
    """A port's methods, its own and those of the ports it is made of."""
    found: dict[str, object] = {}
    for part in reversed(port.__mro__):
        if part.__module__ == ports.__name__:
            found.update(
                (name, value)
                for name, value in vars(part).items()
                if inspect.isfunction(value) and not name.startswith("_")
            )
    return found


def shape(method: object) -> list[tuple[str, object, object]]:
    """What a caller relies on: each parameter's name, kind and default."""
    assert callable(method)
    return [(p.name, p.kind, p.default) for p in inspect.signature(method).parameters.values()]


def test_each_port_has_methods_of_its_own() -> None:
    seen: dict[str, str] = {}
    for port in PORTS:
        assert methods(port), port.__name__
        for name in methods(port):
            assert name not in seen, f"{name} is in {seen.get(name)} and {port.__name__}"
            seen[name] = port.__name__


def test_the_store_is_the_five_ports_and_a_unit() -> None:
    assert Store.__bases__ == (*PORTS, Protocol)
    # Anything the store does beyond `unit` belongs in one of the ports.
    own = {name for name, value in vars(Store).items() if inspect.isfunction(value)}
    assert {name for name in own if not name.startswith("_")} == {"unit"}
    assert set(methods(Store)) == {name for port in PORTS for name in methods(port)} | {"unit"}


@pytest.mark.parametrize("kind", STORES, ids=lambda kind: kind.__name__)
def test_each_store_has_every_method_of_every_port_as_the_port_says(kind: type) -> None:
    for port in (*PORTS, Store):
        for name, method in methods(port).items():
            mine = getattr(kind, name, None)
            assert mine is not None, f"{kind.__name__} has no {port.__name__}.{name}"
            assert shape(mine) == shape(method), f"{port.__name__}.{name}"
            assert inspect.iscoroutinefunction(mine) == inspect.iscoroutinefunction(method), name


@pytest.mark.parametrize("kind", STORES, ids=lambda kind: kind.__name__)
def test_each_store_does_nothing_outside_the_ports(kind: type) -> None:
    public = {
        name
        for name, value in inspect.getmembers(kind)
        if not name.startswith("_") and callable(value)
    }
    assert public == set(methods(Store))


def test_mypy_agrees() -> None:
    """`every_port` above type-checks: each store's signatures fit each port's."""
    out, err, status = api.run(["--strict", "--no-color-output", str(Path(__file__))])
    assert status == 0, out + err
