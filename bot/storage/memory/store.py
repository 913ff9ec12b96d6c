"""The memory store: every port of the village's `Store` on one state."""

from __future__ import annotations

from bot.storage.memory.day_log import DayLog
from bot.storage.memory.ledger import Ledger
from bot.storage.memory.scores import Scores
from bot.storage.memory.table_log import TableLog
from bot.storage.memory.villages import Villages


class MemoryStore(Villages, DayLog, TableLog, Ledger, Scores):
    """`bot.village.ports.Store` in memory (see `bot.storage.memory`). `clock`: the time
    of what a write records without a time of its own (the system's when None)."""
