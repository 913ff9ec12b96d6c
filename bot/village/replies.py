"""What the village answers to one message, with what a chat needs to deliver it: each reply
(`bot.words.reply`) with its outbox entry and place, and the village's language and links."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.words.reply import Reply

_NONCE_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"
NONCE_LENGTH = 20
"""Random enough that no two posts of one bot ever share one (36^19), short enough to leave
room within Discord's 25 characters for a long reply's piece number (`.1`)."""
_NONCES = len(_NONCE_LETTERS) ** (NONCE_LENGTH - 1)


def new_nonce(first: str = "r") -> str:
    """A nonce for one post, unique to it for good: a second database behind the same bot (a
    restored dump) never makes it again, as it would an id of its own sequence. `first` says
    what kind of post it is (`r` a reply of its own, `g` replies posted together)."""
    # One draw of the whole number, written in base 36: as uniform as a letter drawn at a
    # time, for a seventh of the time (every reply kept on Discord gets one).
    number = secrets.randbelow(_NONCES)
    letters = []
    for _ in range(NONCE_LENGTH - 1):
        number, letter = divmod(number, len(_NONCE_LETTERS))
        letters.append(_NONCE_LETTERS[letter])
    return first + "".join(letters)


@dataclass(frozen=True, slots=True)
class Delivery:
    """A reply with what an adapter needs to deliver it."""

    reply: Reply
    outbox_id: int | None = None
    """Its outbox entry, when the village keeps one (Discord); None in the console."""
    seq: int = 0
    """Its place among the replies to one message (for the send's nonce)."""
    place_id: int | None = None
    """Where an announcement that answers no message goes (a table's thread); None: the
    day's place."""
    nonce: str | None = None
    """The nonce kept with its outbox entry, for a post of its own."""
    group_nonce: str | None = None
    """The nonce of the post planned to carry it (its own, for a post of its own); None:
    it may go out together with others (`OutboxRecord.group_nonce`)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """Everything the village answers to one message, and what the chat needs to post it."""

    deliveries: tuple[Delivery, ...] = ()
    locale: str = "ja"
    """The village's language (Japanese when there is no village)."""
    refusal_ttl: int | None = None
    """Seconds after which a public refusal of a play message deletes itself; None keeps it."""
    places: Mapping[int, int] = field(default_factory=dict)
    """Where each cited message was posted (message id → channel or post id), for links."""
    guild_id: int | None = None

    @property
    def replies(self) -> list[Reply]:
        return [d.reply for d in self.deliveries]
