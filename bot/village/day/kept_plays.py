"""What each player's next move would read, as their last move left it.

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
"""

from __future__ import annotations

from collections import OrderedDict

from bot.village.records import PlayContext

CAPACITY = 4_096
"""Players kept at most (a context is a few small records shared with the kept streams)."""

PlayKey = tuple[int, int]
"""(village id, player id)."""


class KeptPlays:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._kept: OrderedDict[PlayKey, tuple[int, PlayContext]] = OrderedDict()
        self._generations: dict[int, int] = {}
        """How often each village's contexts were let go: one kept before the last time is
        stale."""

    def take(self, village_id: int, player_id: int) -> PlayContext | None:
        """The player's kept context, given up: None when there is none (or it is stale)."""
        found = self._kept.pop((village_id, player_id), None)
        if found is None or found[0] != self._generations.get(village_id, 0):
            return None
        return found[1]

    def keep(self, player_id: int, context: PlayContext) -> None:
        village_id = context.village.village_id
        key = (village_id, player_id)
        self._kept.pop(key, None)
        self._kept[key] = (self._generations.get(village_id, 0), context)
        while len(self._kept) > self._capacity:
            self._kept.popitem(last=False)

    def forget(self, village_id: int) -> None:
        """Let go of every context kept in the village (its settings may change)."""
        self._generations[village_id] = self._generations.get(village_id, 0) + 1

    def __len__(self) -> int:
        return len(self._kept)
