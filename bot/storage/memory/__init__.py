"""The village store in memory: the `Store` port kept in plain Python records, for tests of
rules, parsing and text that need no database, and for replays (`memory:`).

It keeps what `SqlStore` keeps with the same promises: versions checked, a message counted
once, tables numbered as the database numbers them, every method all or nothing and a `unit`
one transaction, and what it gives back read as a database would give it (JSON read back as
JSON, times in UTC, never the store's own objects). Nothing survives the process.

Grouped as the store's ports are: villages and days (`villages`), players' day streams
(`day_log`), tables (`table_log`), messages and the outbox (`ledger`), score rows (`scores`);
what they share is the store's state and its few statements (`state`, `streams`).
"""

from bot.storage.memory.store import MemoryStore

__all__ = ["MemoryStore"]
