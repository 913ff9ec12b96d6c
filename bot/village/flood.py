"""Play messages posted faster than anyone reads the answers: one notice, then silence.

The gate counts a player's play messages by the times the chat says they were sent, so the
same messages read again (after a restart, from the channel's history) get the same verdict.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections import deque
from dataclasses import dataclass, field


class Verdict(enum.Enum):
    PLAY = "play"
    NOTICE = "notice"
    """The first message over the limit: the player is told once."""
    IGNORE = "ignore"
    """Further messages within the window: ignored without drawing dice."""


@dataclass(slots=True)
class _Player:
    sent: deque[dt.datetime] = field(default_factory=deque)
    noticed_until: dt.datetime | None = None


class FloodGate:
    """Per (village, player): more than `limit` play messages within `window` is a flood."""

    def __init__(self) -> None:
        self._players: dict[tuple[int, int], _Player] = {}

    def check(
        self, village_id: int, player_id: int, sent_at: dt.datetime, limit: int, seconds: int
    ) -> Verdict:
        if limit <= 0:
            return Verdict.PLAY
        window = dt.timedelta(seconds=seconds)
        player = self._players.setdefault((village_id, player_id), _Player())
        while player.sent and player.sent[0] <= sent_at - window:
            player.sent.popleft()
        player.sent.append(sent_at)
        if len(player.sent) <= limit:
            player.noticed_until = None
            return Verdict.PLAY
        if player.noticed_until is not None and sent_at < player.noticed_until:
            return Verdict.IGNORE
        player.noticed_until = sent_at + window
        return Verdict.NOTICE

    def forget_before(self, moment: dt.datetime) -> None:
        """Drop players quiet since `moment`, so the gate stays small in a long-running bot."""
        quiet = [key for key, p in self._players.items() if not p.sent or p.sent[-1] < moment]
        for key in quiet:
            del self._players[key]
