"""Several answers in one post: what a busy place's next post carries, and how it reads.

Each answer keeps its own text, which begins with its player and their place in the game
(`【alice】1ターン目 1周2投目: …`), so a player scanning the channel on a phone finds theirs
at once. The post is a Discord reply to the first answer's message; when the post has room,
every other answer ends its first line with a link (↗) to the message it answers. A full
post leaves the links out rather than an answer: in a busy channel they would cost a third
of what a post can carry. An answer the village could not keep ("try again" while the
database is down) always keeps its link, though: it is how the history says which message
was told to try again, which the catch-up of a later start must leave alone. Answers are kept
in the order the village made them; a post never passes Discord's 2,000 characters (what does
not fit waits for the next one).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.discord_adapter.jobs import Job
from bot.discord_adapter.places import Waiting
from bot.discord_adapter.split import LIMIT

SEPARATOR = "\n\n"
"""Between two answers of one post: a blank line."""
LINK_ROOM = 100
"""Room kept for the link of an answer that must keep it: ` [↗](<https://discord.com/
channels/G/C/M>)` with ids of up to 20 digits is 91 characters."""

Written = Callable[[Waiting[Job]], Awaitable[str]]
"""A waiting reply's own text (written once, then kept on it)."""
Linked = Callable[[Job], str]
"""The link to the message a reply answers."""


def with_link(text: str, link: str) -> str:
    """`text` with `link` at the end of its first line."""
    if not link:
        return text
    first, newline, rest = text.partition("\n")
    return f"{first} {link}{newline}{rest}"


def part(text: str, job: Job, before: Job | None, link: Linked) -> str:
    """An answer as a part of a shared post: linked to its message, unless it is the first
    (the post itself replies to that message) or answers the same message as the one
    before it."""
    if before is None or before.message_id == job.message_id:
        return text
    return with_link(text, link(job))


async def choose(
    waiting: Sequence[Waiting[Job]], written: Written, limit: int = LIMIT
) -> list[Waiting[Job]]:
    """What the place's next post carries: the first waiting reply, and the answers after it
    that may share its post, in order, as many as fit. A post recorded before a restart
    carries the same replies again. A reply that may not share (a memo, a notice among
    answers) is left for a later post, and so is every later reply to its message: nothing
    overtakes what answers the same message before it."""
    head = waiting[0]
    if head.item.group_nonce is not None:
        return [entry for entry in waiting if entry.item.group_nonce == head.item.group_nonce]
    if not head.item.gathers:
        return [head]
    size = len(await written(head))
    if size > limit:
        return [head]  # cut into pieces on its own
    chosen = [head]
    left_behind: set[int | None] = set()
    for entry in waiting[1:]:
        job = entry.item
        if (
            job.message_id in left_behind
            or not job.gathers
            # Notices that delete themselves never share a post with answers that stay.
            or job.delete_after != head.item.delete_after
        ):
            left_behind.add(job.message_id)
            continue
        text = await written(entry)
        needed = len(SEPARATOR) + len(text) + (LINK_ROOM if job.unkept else 0)
        if size + needed > limit:
            break
        chosen.append(entry)
        size += needed
    return chosen


async def text_of(
    entries: Sequence[Waiting[Job]], written: Written, link: Linked, limit: int = LIMIT
) -> str:
    """The text of a shared post: its answers linked to their messages where they all fit
    so, else as they are (the same answers give the same text, after a restart too)."""
    texts = [await written(entry) for entry in entries]
    linked: list[str] = []
    kept_links: list[str] = []  # only the links that must stay (`choose` kept room for them)
    before: Job | None = None
    for text, entry in zip(texts, entries, strict=True):
        job = entry.item
        linked.append(part(text, job, before, link))
        kept_links.append(linked[-1] if job.unkept else text)
        before = job
    shown = SEPARATOR.join(linked)
    return shown if len(shown) <= limit else SEPARATOR.join(kept_links)
