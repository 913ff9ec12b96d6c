"""What the village answers, as data: the chat layer renders it in the village's language."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class ReplyKind(enum.StrEnum):
    THROW = "throw"
    SWEEP = "sweep"
    GREED_OUT = "greed_out"
    TURN_END = "turn_end"
    REFUSED = "refused"
    IGNORED = "ignored"
    MEMO = "memo"
    DAY_OPENED = "day_opened"
    DAY_CLOSED = "day_closed"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer of the bot.

    `key` names the text in the message catalogue and `params` fills it: plain data only
    (numbers, strings, lists, dicts), so that it renders in any language and prints as JSON.
    """

    kind: ReplyKind
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    to: str | None = None
    """The player the reply is about or addressed to."""
    state: Mapping[str, Any] | None = None
    """The player's position after the reply (see the chat protocol's `state`)."""
    private: bool = False
    """Only the asker needs to see it (an ephemeral reply on Discord)."""


def refused(key: str, to: str | None = None, **params: Any) -> Reply:
    return Reply(ReplyKind.REFUSED, key, params, to=to, private=True)
