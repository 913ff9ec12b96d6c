"""How replies read on Discord: Markdown, files attached, jump links to the messages they
cite, channel and role mentions that link without pinging anyone."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.chat.render import Surface


def jump_url(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


_JUMP = re.compile(r"https://discord\.com/channels/\d+/\d+/(\d+)")


def linked_messages(text: str) -> set[int]:
    """The messages a post links to (`jump_url`): in a shared post, those it answers."""
    return {int(found) for found in _JUMP.findall(text)}


def discord_surface(
    guild_id: int | None, places: Mapping[int, int], village_id: int, verify_page: str = ""
) -> Surface:
    """The surface of a village: `places` says where each cited message was posted (a day's
    post); the others were posted in the village channel. `verify_page` is the address of
    the verifier page that export and verify replies give (VERIFY_PAGE_URL)."""

    def link(message_id: int | None) -> str:
        if message_id is None or guild_id is None:
            return ""
        channel = places.get(message_id, village_id)
        # A masked link, its preview suppressed by the angle brackets.
        return f"[↗](<{jump_url(guild_id, channel, message_id)}>)"

    def place(place_id: int | None) -> str:
        return "" if place_id is None else f"<#{place_id}>"

    return Surface(
        link=link,
        place=place,
        role=lambda role_id: f"<@&{role_id}>",
        user=lambda user_id: f"<@{user_id}>",
        markdown=True,
        files=True,
        verify_page=verify_page,
    )
