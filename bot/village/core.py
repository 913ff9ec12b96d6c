"""What every part of the village service shares: the ports, the games, and reading a player."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.chat.parse import CommandRequest, Parsed
from bot.village.game import Game
from bot.village.ports import Clock, DiceSource, Store
from bot.village.records import (
    DayRecord,
    MessageRecord,
    PlayerDayRecord,
    PlayerRecord,
    VillageRecord,
)
from bot.village.replies import Reply, ReplyKind
from bot.village.stream import StreamView, read_stream


@dataclass(frozen=True, slots=True)
class Author:
    player_id: int
    name: str
    is_moderator: bool = False


@dataclass(frozen=True, slots=True)
class Incoming:
    """A message (or a slash command) in a channel, already parsed."""

    village_id: int
    message_id: int
    author: Author
    sent_at: dt.datetime
    request: Parsed
    guild_id: int | None = None


class Refusal(Exception):  # noqa: N818 - carries a reply, not a failure
    """Stop handling and answer with this refusal; nothing has changed."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(slots=True)
class Core:
    store: Store
    clock: Clock
    dice: DiceSource
    games: Mapping[str, Game]

    def game(self, village: VillageRecord) -> Game:
        return self.games[village.game]

    async def view(self, village: VillageRecord, day: DayRecord, player_id: int) -> StreamView:
        events = await self.store.load_stream(village.village_id, day.day, player_id)
        return read_stream(self.game(village), day.settings.rules, events)

    async def history(self, village_id: int, player_id: int) -> list[PlayerDayRecord]:
        return await self.store.player_days(village_id, player_id)

    async def total_before(self, village_id: int, player_id: int, day: int) -> int:
        return sum(r.points for r in await self.history(village_id, player_id) if r.day < day)

    async def position(
        self, village: VillageRecord, day: DayRecord, player_id: int, view: StreamView
    ) -> dict[str, Any]:
        """The `state` of a reply: the game's position plus the village's day and total."""
        position = self.game(village).position(view.state)
        before = await self.total_before(village.village_id, player_id, day.day)
        return {
            "day": day.day,
            **position,
            "total_points": before + int(position["day_points"]),
        }

    async def current_day(self, village: VillageRecord) -> DayRecord:
        day = await self.store.get_day(village.village_id, village.day)
        if day is None:  # the store creates a village with its first day: never happens
            raise Refusal("no_village")
        return day

    async def resolve_player(
        self, village: VillageRecord, value: str | None, me: Author
    ) -> PlayerRecord:
        """A `player:` argument (a name, an id or a mention), or the asker when left out."""
        if value is None or not value.strip():
            found = await self.store.get_player(village.village_id, me.player_id)
            if found is None:
                return PlayerRecord(village.village_id, me.player_id, me.name, self.clock.now())
            return found
        text = value.strip()
        mention = _MENTION.fullmatch(text)
        if mention or text.isdigit():
            player_id = int(mention.group(1) if mention else text)
            found = await self.store.get_player(village.village_id, player_id)
        else:
            found = await self.store.find_player(village.village_id, text.lstrip("@"))
        if found is None:
            raise Refusal("unknown_player", player=text)
        return found

    def message(self, incoming: Incoming, outcome: str) -> MessageRecord:
        return MessageRecord(
            village_id=incoming.village_id,
            message_id=incoming.message_id,
            player_id=incoming.author.player_id,
            sent_at=incoming.sent_at,
            received_at=self.clock.now(),
            outcome=outcome,
        )

    async def remember(self, incoming: Incoming, replies: list[Reply]) -> None:
        """Record a message that changed nothing, with what it caused."""
        outcome = replies[-1].kind.value if replies else ReplyKind.INFO.value
        await self.store.record_message(self.message(incoming, outcome))


def int_arg(command: CommandRequest, key: str, *, required: bool = False) -> int | None:
    value = command.args.get(key)
    if value is None or not value.strip():
        if required:
            raise Refusal("missing_argument", argument=key, command=command.name)
        return None
    try:
        return int(value.strip())
    except ValueError:
        raise Refusal("bad_number", argument=key, value=value) from None
