"""The garbage collector as the bot sets it once loaded."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from bot import collector


@pytest.fixture
def restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


class Node:
    def __init__(self) -> None:
        self.next: Node | None = None


def test_what_is_loaded_is_frozen_and_young_collections_come_less_often(restored: None) -> None:
    _, middle, old = gc.get_threshold()
    collector.settle()
    assert gc.get_freeze_count() > 10_000  # the modules and everything they made
    assert gc.get_threshold() == (collector.YOUNG, middle, old)


def test_garbage_made_afterwards_is_still_collected(restored: None) -> None:
    collector.settle()
    node = Node()
    node.next = node  # a cycle: reference counting alone never frees it
    gone = weakref.ref(node)
    del node
    gc.collect()
    assert gone() is None
