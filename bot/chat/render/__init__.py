"""Turn the village's replies into chat text in the village's language (ja or en)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from bot.chat.render import days, info, shapes, tables
from bot.chat.text import DEFAULT_LOCALE, LOCALES, catalog, game_shapes
from bot.games.registry import DEFAULT, Registry
from bot.words import shapes as checked
from bot.words.reply import Reply
from bot.words.shapes import Params, Shapes
from bot.words.text import Link, Surface, Text, Writer, display_width, no_link

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "Link",
    "Surface",
    "catalog",
    "cited_messages",
    "display_width",
    "made",
    "no_link",
    "render",
    "reply_shapes",
]

_logger = logging.getLogger(__name__)


def cited_messages(reply: Reply) -> set[int]:
    """The chat messages a reply links to (a memo's days, a log's throws)."""
    found: set[int] = set()

    def walk(value: object) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                if key == "message_id" and isinstance(item, int):
                    found.add(item)
                else:
                    walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    walk(reply.params)
    return found


def render(
    reply: Reply, locale: str, surface: Surface | None = None, games: Registry = DEFAULT
) -> str:
    """The text of `reply` in `locale` ("ja" or "en"; anything else falls back to "ja"),
    for the chat `surface` (Discord's Markdown without links when left out), with the
    texts of the games of `games`."""
    t = Text(catalog(locale, games), surface or Surface())
    writer = _WRITERS.get(reply.key) or games.derived(_writers).get(reply.key)
    if writer is None and reply.key in games.former:
        # Kept in the outbox by an earlier release, under the key its game had then.
        reply = replace(reply, key=games.former[reply.key])
        writer = games.derived(_writers).get(reply.key)
    if writer is None:
        return t("unknown", key=reply.key)
    shape = reply_shapes(games).get(reply.key)
    try:
        # Params that do not fit their key's shape (a count missing, a bool for a number)
        # fall back like a writer's error, rather than being written as a 0 or nothing.
        if shape is not None:
            shape.of(reply)
        lines = writer(t, reply)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        # A reply whose data has the wrong shape must not reach a player as a traceback.
        _logger.exception("cannot render reply %r", reply.key)
        return t("unknown", key=reply.key)
    return "\n".join(lines)


def reply_shapes(games: Registry = DEFAULT) -> Shapes:
    """The shape of every reply key's params: the village's and each game's of `games`."""
    return games.derived(_shapes)


def _shapes(games: Registry) -> Shapes:
    found: dict[str, type[Params]] = dict(shapes.SHAPES)
    found.update(game_shapes(games))
    return found


def made(reply: Reply, games: Registry = DEFAULT) -> Reply:
    """The reply as the village hands it to a chat, checked against its shape
    (`bot.words.shapes.made`: raised under the tests, logged in a running village)."""
    return checked.made(reply, reply_shapes(games))


_simple = info.simple

_WRITERS: Final[Mapping[str, Writer]] = {
    # refusals
    "no_village": _simple("no_village"),
    "village_exists": _simple("village_exists"),
    "moderators_only": _simple("moderators_only", "command"),
    "unknown_player": _simple("unknown_player", "player"),
    "missing_argument": _simple("missing_argument", "argument", "command"),
    "bad_number": _simple("bad_number", "argument", "value"),
    "unknown_day": _simple("unknown_day", "day", "last"),
    "nothing_to_restore": _simple("nothing_to_restore", "player"),
    "nothing_to_roll_back": _simple("nothing_to_roll_back", "player"),
    "reason_too_long": _simple("reason_too_long", "limit"),
    "bad_setting": info.bad_setting,
    "file_unreadable": info.file_unreadable,
    "unknown_setting": _simple("unknown_setting", "setting", "allowed"),
    "unknown_argument": _simple("unknown_argument", "argument", "command", "allowed"),
    "bad_text": _simple("bad_text", "argument", "command"),
    "no_arguments": _simple("no_arguments", "argument", "command"),
    "unknown_command": _simple("unknown_command", "command", "known"),
    "too_many_values": _simple("too_many_values", "command", "values", "takes"),
    "values_need_keys": _simple("values_need_keys", "command", "keys"),
    "message_too_long": _simple("message_too_long", "limit"),
    "store_unavailable": _simple("store_unavailable"),
    "play_elsewhere": info.play_elsewhere,
    "post_not_open": _simple("post_not_open", "day"),
    "ambiguous_player": info.ambiguous_player,
    "flood": _simple("flood", "messages", "seconds"),
    "edited": _simple("edited"),
    "message_use_slash": _simple("message_use_slash"),
    "export_unreadable": _simple("export_unreadable", "limit"),
    "internal_error": _simple("internal_error"),
    # information
    "day_extended": days.day_extended,
    "standings": info.standings,
    # memo and days
    # checking the dice
    "day_not_closed": info.day_not_closed,
    # what a chat shows in place of a reply only one player may see
    "secret.sent_by_dm": _simple("secret.sent_by_dm"),
    "secret.dm_failed": _simple("secret.dm_failed"),
    "secret.elsewhere": _simple("secret.elsewhere", "name"),
    "secret.only_for": _simple("secret.only_for", "name"),
}


def _writers(games: Registry) -> Mapping[str, Writer]:
    """Every reply's writer for a village hosting `games`: the village's own, the tables',
    and each game's; the ones that name the games (the help, a day's rules) made from it."""
    return {
        # The tables' common writers before a game's own where a key is claimed twice (the
        # village's own, `_WRITERS`, are looked up first of all).
        **games.writers,
        **tables.WRITERS,
        "village_created": info.village_created(games),
        "settings": info.settings(games),
        "help": info.help_lines(games),
        "day_opened": days.day_opened(games),
        "day_closed": days.day_closed(games),
    }
