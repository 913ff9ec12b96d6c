"""What a message asks of the village, whatever chat it came from: the service's input types."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, TypeAlias

from bot.games.api import Play, Unreadable

MAX_LENGTH: Final = 2000
"""Discord's own limit: a longer message did not come from a player's hand."""


@dataclass(frozen=True, slots=True)
class CommandRequest:
    """A command: typed as text (`/group name key:value …`) or a Discord slash command."""

    group: str
    name: str
    # A dict cannot be hashed; leaving it out keeps the request usable as a key or in a set.
    args: dict[str, str] = field(hash=False)
    raw: str
    words: tuple[str, ...] = field(default=(), hash=False, compare=False)
    """The words after the group as typed, before any `key:` (the name, then values given
    without their keys where a game takes them so: `/gleek bid 13`)."""

    @property
    def path(self) -> str:
        """The command as it is typed after the slash (`village export`)."""
        return f"{self.group} {self.name}".strip()


@dataclass(frozen=True, slots=True)
class Unplayable:
    """A message no game may read (too long; on Discord, a command typed where the slash
    commands are the way): `reason` is the chat's reason constant."""

    reason: str


@dataclass(frozen=True, slots=True)
class GamePlay:
    """A message that plays `game` (or tries to): the game's reading of it. Whether the
    player has a table of it here, and whose turn it is, is the village's to find out."""

    game: str
    reading: Play | Unreadable


@dataclass(frozen=True, slots=True)
class Chatter:
    """Ordinary conversation: the bot stays silent."""


Parsed: TypeAlias = CommandRequest | Unplayable | GamePlay | Chatter


@dataclass(frozen=True, slots=True)
class Edited:
    """A message was edited into `now`: an edit never throws, whatever it adds."""

    now: Parsed


Request: TypeAlias = Parsed | Edited
