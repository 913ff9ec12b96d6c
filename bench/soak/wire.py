"""What the fake chat and the bot say to each other over the soak's unix socket: one JSON
object a line, with the port's data classes written out field by field."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from bot.discord_adapter.port import Outgoing, Posted, Seen


def seen_data(seen: Seen) -> dict[str, Any]:
    return {
        "message_id": seen.message_id,
        "channel_id": seen.channel_id,
        "guild_id": seen.guild_id,
        "author_id": seen.author_id,
        "author_name": seen.author_name,
        "content": seen.content,
        "created_at": seen.created_at.isoformat(),
        "parent_id": seen.parent_id,
        "in_forum": seen.in_forum,
        "author_is_bot": seen.author_is_bot,
        "manages_server": seen.manages_server,
        "role_ids": sorted(seen.role_ids),
        "edited_at": None if seen.edited_at is None else seen.edited_at.isoformat(),
        "reply_to": seen.reply_to,
    }


def seen_of(data: dict[str, Any]) -> Seen:
    edited = data["edited_at"]
    return Seen(
        message_id=data["message_id"],
        channel_id=data["channel_id"],
        guild_id=data["guild_id"],
        author_id=data["author_id"],
        author_name=data["author_name"],
        content=data["content"],
        created_at=dt.datetime.fromisoformat(data["created_at"]),
        parent_id=data["parent_id"],
        in_forum=data["in_forum"],
        author_is_bot=data["author_is_bot"],
        manages_server=data["manages_server"],
        role_ids=frozenset(data["role_ids"]),
        edited_at=None if edited is None else dt.datetime.fromisoformat(edited),
        reply_to=data.get("reply_to"),
    )


def outgoing_data(message: Outgoing) -> dict[str, Any]:
    # Files are left out: the soak's village posts no pictures, and their bytes say nothing
    # about delivery.
    return {
        "text": message.text,
        "files": [name for name, _ in message.files],
        "reply_to": message.reply_to,
        "nonce": message.nonce,
    }


def posted_data(posted: Posted) -> dict[str, Any]:
    return {
        "message_id": posted.message_id,
        "channel_id": posted.channel_id,
        "posted_at": posted.posted_at.isoformat(),
    }


def posted_of(data: dict[str, Any]) -> Posted:
    return Posted(
        data["message_id"], data["channel_id"], dt.datetime.fromisoformat(data["posted_at"])
    )


def line(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, ensure_ascii=False).encode() + b"\n"
