"""The files that go with a reply where the chat can attach them: a day's record as JSON,
the standings as a picture."""

from __future__ import annotations

import json
from collections.abc import Collection

from bot.games.registry import DEFAULT, Registry
from bot.words.reply import Attachment, Reply
from bot.words.text import as_map, plain


def files_of(
    reply: Reply,
    locale: str,
    kinds: Collection[Attachment] = tuple(Attachment),
    games: Registry = DEFAULT,
) -> list[tuple[str, bytes]]:
    """(file name, contents) of each of the reply's attachments among `kinds`, in the words
    of the games of `games` (the standings' columns name them)."""
    files: list[tuple[str, bytes]] = []
    for attachment in reply.attachments:
        if attachment not in kinds:
            continue
        if attachment is Attachment.DOCUMENT:
            document = json.dumps(
                as_map(reply.params.get("document")), ensure_ascii=False, indent=2
            )
            name = plain(reply.params.get("filename")) or "record.json"
            files.append((name, (document + "\n").encode()))
        elif attachment is Attachment.STANDINGS_PICTURE:
            # Imported here: drawing needs matplotlib, which nothing else on a throw's path does.
            from bot.chat.chart import standings_picture

            day = plain(reply.params.get("days")) or "0"
            files.append((f"standings-{day}d.png", standings_picture(reply.params, locale, games)))
    return files
