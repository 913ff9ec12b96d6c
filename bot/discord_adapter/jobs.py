"""A reply to post, with where and how: made from the village's answer as it is given (live),
or from the outbox entry it was kept in (after a restart, or a send that kept failing)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.chat.render import made
from bot.village.records import OutboxRecord
from bot.village.replies import Answer
from bot.words.reply import Reply, ReplyKind, reply_from_data

NOTICES = frozenset({ReplyKind.REFUSED, ReplyKind.IGNORED})
"""Replies that delete themselves after the village's time, where it sets one."""
ALONE = frozenset({ReplyKind.MEMO})
"""Replies that are posted on their own even in a busy place: a player's score memo is read
and kept apart from the play around it."""


@dataclass(frozen=True, slots=True)
class Job:
    """One reply to post, with where and how."""

    village_id: int
    reply: Reply
    locale: str
    seq: int
    outbox_id: int | None
    message_id: int | None
    """The message answered (the reply refers to it), if any."""
    place_id: int | None
    """Where the answered message was; None for a day's announcement."""
    guild_id: int | None = None
    delete_after: float | None = None
    kept_nonce: str | None = None
    """The nonce kept with its outbox entry, for a post of its own."""
    group_nonce: str | None = None
    """The post recorded to carry it: its own nonce for a post of its own, or the nonce of
    a post shared with other replies (which goes out again, whole, after a restart). None:
    never sent, so it may go out together with others."""

    @property
    def nonce(self) -> str | None:
        """The nonce of a post of its own: the same on every try, and never another post's
        (a retried send that Discord already took posts nothing new). At most 25
        characters, with room for a piece number (`.1`)."""
        if self.kept_nonce is not None:
            return self.kept_nonce
        if self.message_id is not None and self.outbox_id is None:
            # A reply the village could not keep ("try again" while the database is down):
            # a nonce of its own, so that the message's real answer, if it is ever handled,
            # is not taken by Discord for this one posted again.
            return f"{self.message_id}:u{self.seq}"
        if self.outbox_id is not None:
            return f"o{self.outbox_id}"  # kept before nonces were (their outbox has none)
        return None  # nothing to tell two such replies apart by: no deduplication

    @property
    def unkept(self) -> bool:
        """An answer the village could not keep ("try again" while the database is down):
        nothing but the post itself says which message it answered, and the catch-up reads
        the history back to leave that message alone (its player posts again)."""
        return self.message_id is not None and self.outbox_id is None

    @property
    def alone(self) -> bool:
        """Planned for a post of its own (or never kept): posted on its own, under its
        own nonce, with nothing to record first."""
        return self.outbox_id is None or (
            self.group_nonce is not None and self.group_nonce == self.kept_nonce
        )

    @property
    def gathers(self) -> bool:
        """It may share a post with other answers in its place: an answer to a player's
        message, addressed to a player, in the open, with no file, never sent (or never kept:
        a "try again" while the database is down); not an announcement (a day's, or a
        table's to everyone: a round's result), a secret, a memo or the answer to a slash
        command (an interaction is not a message to refer to)."""
        reply = self.reply
        return (
            self.message_id is not None
            and self.place_id is not None
            and self.group_nonce is None
            and reply.to is not None
            and reply.day_post is None
            and reply.secret_for is None
            and not reply.attachments
            and reply.kind not in ALONE
        )


def jobs_of(
    answer: Answer, village_id: int, message_id: int | None, place_id: int | None
) -> list[Job]:
    """The jobs of an answer given to a message posted at `place_id`."""
    jobs = []
    for delivery in answer.deliveries:
        reply = made(delivery.reply)  # a reply that does not fit its shape is a bug: said here
        announced = reply.day_post is not None
        notice = reply.kind in NOTICES and not announced
        jobs.append(
            Job(
                village_id,
                reply,
                answer.locale,
                delivery.seq,
                delivery.outbox_id,
                None if announced else message_id,
                # A table's announcement goes to its own place (a thread), not the day's.
                None if announced else place_id if place_id is not None else delivery.place_id,
                answer.guild_id,
                float(answer.refusal_ttl) if notice and answer.refusal_ttl else None,
                delivery.nonce,
                delivery.group_nonce,
            )
        )
    return jobs


def job_of(entry: OutboxRecord, guild_id: int | None) -> Job:
    """A kept reply read back from the outbox."""
    reply = reply_from_data(entry.reply)
    return Job(
        entry.village_id,
        reply,
        entry.locale,
        entry.seq,
        entry.outbox_id,
        entry.message_id if reply.day_post is None else None,
        entry.place_id,
        guild_id,
        kept_nonce=entry.nonce,
        group_nonce=entry.group_nonce,
    )
