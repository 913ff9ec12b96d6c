"""Every kept reply keeps the nonce it is posted under, and grouped replies the nonce of the
post that carries them.

Discord takes a message's nonce once per bot for a few minutes: a second post under the same
nonce returns the first message and posts nothing. Replies were posted under a nonce made from
the outbox id (`o12`), which a second database behind the same bot (a restored dump, a staging
copy) hands out again: its day opening then came back as another channel's message and was
never shown. From here on each reply is kept with a random nonce of its own (`nonce`), made
when the reply is kept. In a busy channel several replies go out in one post; which ones, and
that post's nonce, are recorded before it is sent (`group_nonce`), so that after a restart the
same post is sent again under the same nonce.

The replies still waiting when this runs may already have been posted, each on its own: they
keep the nonce it was posted under (the message's id and the reply's place, or `o` and the
outbox id), as the nonce of their own post, so that each is sent again on its own under it.
Replies posted already are never posted again and keep none.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

NONCE_LENGTH = 25
"""Discord's longest nonce."""


def upgrade() -> None:
    op.add_column("outbox", sa.Column("nonce", sa.String(NONCE_LENGTH), nullable=True))
    op.add_column("outbox", sa.Column("group_nonce", sa.String(NONCE_LENGTH), nullable=True))
    outbox = sa.table(
        "outbox",
        sa.column("outbox_id", sa.BigInteger()),
        sa.column("message_id", sa.BigInteger()),
        sa.column("seq", sa.Integer()),
        sa.column("via", sa.String()),
        sa.column("reply", sa.JSON()),
        sa.column("status", sa.String()),
        sa.column("nonce", sa.String()),
        sa.column("group_nonce", sa.String()),
    )
    bind = op.get_bind()
    waiting = bind.execute(
        sa.select(
            outbox.c.outbox_id, outbox.c.message_id, outbox.c.seq, outbox.c.via, outbox.c.reply
        ).where(outbox.c.status == "pending")
    ).all()
    for outbox_id, message_id, seq, via, reply in waiting:
        nonce = _earlier_nonce(outbox_id, message_id, seq, via, reply)
        bind.execute(
            outbox.update()
            .where(outbox.c.outbox_id == outbox_id)
            .values(nonce=nonce, group_nonce=nonce)
        )


def _earlier_nonce(outbox_id: int, message_id: int | None, seq: int, via: str, reply: Any) -> str:
    """The nonce the releases before this one posted a kept reply under: under the message it
    answers `message:seq`; an announcement, or a slash command's answer posted in the channel
    after its interaction was gone, `o` and the outbox id."""
    announced = isinstance(reply, dict) and reply.get("day_post") is not None
    if message_id is None or announced or via == "interaction":
        return f"o{outbox_id}"
    return f"{message_id}:{seq}"


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE outbox DROP COLUMN group_nonce")
        op.execute("ALTER TABLE outbox DROP COLUMN nonce")
    else:
        op.drop_column("outbox", "group_nonce")
        op.drop_column("outbox", "nonce")
