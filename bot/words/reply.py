"""A reply of the bot, as data: what a game or the village says, which the chat renders in
the village's language. Below the games, which build their replies with it."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class ReplyKind(enum.StrEnum):
    """The village's own kinds of reply; a game's moves add theirs (`roll`, `bust`), which
    are its reply keys without the game's prefix."""

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
    TABLE = "table"
    """A table opened, joined, left, started, rolled back or closed (ducks.md §6)."""


class Attachment(enum.StrEnum):
    """A file that goes with a reply, made from its params where the chat can attach files."""

    DOCUMENT = "document"
    """`params["document"]` as a JSON file named `params["filename"]`."""
    STANDINGS_PICTURE = "standings_picture"
    """The standings drawn as a chart and a table (a PNG)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer of the bot.

    `key` names the text in the message catalogue and `params` fills it: plain data only
    (numbers, strings, lists, dicts), so that it renders in any language and prints as JSON,
    of the shape its key names (`bot.words.shapes`: checked where the reply reaches a chat,
    and again before it is written).

    A reply that holds a secret (a hidden hand, a secret roll) names in `secret_for` the one
    player who may see it. Each chat shows it to that player alone: on Discord as an
    ephemeral answer to their slash command, or by DM with a short notice in the channel in
    its place; in the console only while speaking as that player. It is always `private` too.
    Its `params[SECRET_PARAMS]` lists the names of the params that hold the secret itself
    (the cards, the roll), so that tests can check no other reply ever carries them.
    """

    kind: str
    """A `ReplyKind`, or the kind of a game's move."""
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    to: str | None = None
    """The player the reply is about or addressed to."""
    state: Mapping[str, Any] | None = None
    """The player's position after the reply (see the chat protocol's `state`)."""
    private: bool = False
    """Only the asker needs to see it (an ephemeral reply to a slash command on Discord)."""
    day_post: int | None = None
    """A village announcement that belongs in this day's place (the day's own post in a
    forum village, the channel otherwise) rather than under the message that caused it."""
    attachments: tuple[Attachment, ...] = ()
    secret_for: int | None = None
    """The player id of the only player who may see the reply; None: anyone may."""

    def __post_init__(self) -> None:
        # Whoever built it: what only looks at `private` (an ephemeral slash answer, an
        # undelivered one dropped after a restart) must treat a secret the same way.
        if self.secret_for is not None and not self.private:
            object.__setattr__(self, "private", True)
        # One rule for every game (chat.md): a refusal is for its author alone. Where the
        # chat cannot answer privately (a refused play message on Discord) it still posts
        # it, and the notice deletes itself.
        if self.kind == ReplyKind.REFUSED and not self.private:
            object.__setattr__(self, "private", True)


def move_kind(key: str) -> str:
    """The kind of a move's reply: its key without the game's prefix (`ducks.roll` is a
    `roll`; Greed's keys have none)."""
    return key.rpartition(".")[2]


def refused(key: str, to: str | None = None, **params: Any) -> Reply:
    return Reply(ReplyKind.REFUSED, key, params, to=to, private=True)


SECRET_PARAMS = "secret_params"
"""The param of a secret reply that names its params holding the secret (see `Reply`)."""

# The notices a chat shows where a secret reply would have been: sent to its player by DM,
# not sent (the player takes no DMs), or there for another player (the console).
SENT_BY_DM = "secret.sent_by_dm"
DM_FAILED = "secret.dm_failed"
ELSEWHERE = "secret.elsewhere"
ONLY_FOR = "secret.only_for"
"""The line a replay (which reads for every player) puts above a secret reply it shows."""


def in_place_of(secret: Reply, key: str, **params: Any) -> Reply:
    """The notice shown instead of a secret reply to everyone it is not for: it names the
    player and the place of the reply, never a word of its content."""
    return Reply(ReplyKind.INFO, key, params, to=secret.to, day_post=secret.day_post)


def reply_data(reply: Reply) -> dict[str, Any]:
    """The reply as JSON-ready data (kept in the outbox until it is delivered)."""
    return {
        "kind": str(reply.kind),
        "key": reply.key,
        "params": dict(reply.params),
        "to": reply.to,
        "state": None if reply.state is None else dict(reply.state),
        "private": reply.private,
        "day_post": reply.day_post,
        "attachments": [a.value for a in reply.attachments],
        "secret_for": reply.secret_for,
    }


def reply_from_data(data: Mapping[str, Any]) -> Reply:
    state = data.get("state")
    return Reply(
        str(data["kind"]),
        str(data["key"]),
        dict(data.get("params") or {}),
        to=data.get("to"),
        state=None if state is None else dict(state),
        private=bool(data.get("private", False)),
        day_post=data.get("day_post"),
        attachments=tuple(Attachment(a) for a in data.get("attachments", ())),
        secret_for=data.get("secret_for"),
    )
