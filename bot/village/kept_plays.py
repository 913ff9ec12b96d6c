"""What each player's next move would read, as their last move left it; and what the next
move at a table would read, as the last move there left it.

A move reads, before it is decided, the village, the day, the player, their points before
today and their day table's version (`Store.play_context`). Once a move is written, this
process knows all of that for the player's next move: the same village and day, the table
at the version just written. The next move starts from it without a read, once: a context
is taken when used, and kept again only by a move that was written.

Nothing is written on the strength of a kept context alone. The write is guarded as every
move's is: by the table's version (another writer's move, a moderator's rollback, a close),
by the day being open, and by the message's own key (a message handled already). When a
guard fails, the move is read and decided afresh. What no guard covers is the village's
settings, whose only part a move uses is the language its replies are kept in: a command
that may change them here lets go of the village's kept contexts. (A settings change made
by another process, which a deployment never runs beside this one on the same village, is
seen at each player's next read: their next day, or after such a command here.)

A table is kept so by its place: the village, its day and the table's row (`TableContext`)
as a move there wrote it, or as a message there read it and changed nothing (a refusal,
chat), taken once by the next move there, whoever makes it. Its write is guarded by the
table's version as every table move's is (another process's move, a time limit, a seat
taken, a rollback), and by the message's key; what it decides without a write is decided
again on a read (`tables.moves`).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

from bot.village.records import PlayContext, TableContext

CAPACITY = 4_096
"""Players kept at most (a context is a few small records shared with the kept streams),
and as many places of tables."""

PlayKey = tuple[int, int]
"""(village id, player id)."""
PlaceKey = tuple[int, int]
"""(village id, place id): where a table is played (its thread, or the village channel)."""

C = TypeVar("C")


class _Kept(Generic[C]):
    """Contexts by key, each taken once, stale once its village was let go after it was
    kept (`generations`, shared)."""

    def __init__(self, capacity: int, generations: dict[int, int]) -> None:
        self._capacity = capacity
        self._kept: OrderedDict[tuple[int, int], tuple[int, C]] = OrderedDict()
        self._generations = generations

    def take(self, key: tuple[int, int]) -> C | None:
        found = self._kept.pop(key, None)
        if found is None or found[0] != self._generations.get(key[0], 0):
            return None
        return found[1]

    def keep(self, key: tuple[int, int], context: C) -> None:
        self._kept.pop(key, None)
        self._kept[key] = (self._generations.get(key[0], 0), context)
        while len(self._kept) > self._capacity:
            self._kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)


class KeptPlays:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._generations: dict[int, int] = {}
        """How often each village's contexts were let go: one kept before the last time is
        stale."""
        self._players = _Kept[PlayContext](capacity, self._generations)
        self._places = _Kept[TableContext](capacity, self._generations)

    def take(self, village_id: int, player_id: int) -> PlayContext | None:
        """The player's kept context, given up: None when there is none (or it is stale)."""
        return self._players.take((village_id, player_id))

    def keep(self, player_id: int, context: PlayContext) -> None:
        self._players.keep((context.village.village_id, player_id), context)

    def take_table(self, village_id: int, place_id: int) -> TableContext | None:
        """What the next move at the place's table would read, given up: None when there is
        none (or it is stale)."""
        return self._places.take((village_id, place_id))

    def keep_table(self, place_id: int, context: TableContext) -> None:
        """What a move at the place's table left, for the next move there (by any of its
        players): the village, its day and the table as written."""
        self._places.keep((context.village.village_id, place_id), context)

    def forget(self, village_id: int) -> None:
        """Let go of every context kept in the village (its settings may change)."""
        self._generations[village_id] = self._generations.get(village_id, 0) + 1

    def __len__(self) -> int:
        """Players kept."""
        return len(self._players)
