"""What the village answers to one message, with what a chat needs to deliver it: each reply
(`bot.words.reply`) with its outbox entry and place, and the village's language and links."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.words.reply import Reply


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
