"""The memory store: every port of the village's `Store` on one state."""

from __future__ import annotations

from bot.storage.guard import guarded
from bot.storage.memory.day_log import MemoryDayLog
from bot.storage.memory.ledger import MemoryLedger
from bot.storage.memory.scores import MemoryScores
from bot.storage.memory.table_log import MemoryTableLog
from bot.storage.memory.villages import MemoryVillages


@guarded
class MemoryStore(MemoryVillages, MemoryDayLog, MemoryTableLog, MemoryLedger, MemoryScores):
    """`bot.village.ports.Store` in memory (see `bot.storage.memory`). `clock`: the time
    of what a write records without a time of its own (the system's when None);
    `lock_wait`: how long a write waits for another unit's end before it is refused."""
