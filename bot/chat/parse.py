"""Turn a chat message into a throw, a Turn End, a command, a refusal or plain chatter."""

import re
import unicodedata
from typing import Final

from bot.games.registry import TABLE_GAMES
from bot.village.registry import ARGUMENT_NAMES, FREE_TEXT_ARGUMENTS
from bot.village.requests import (
    MAX_LENGTH,
    Chatter,
    CommandRequest,
    Parsed,
    TablePlay,
    ThrowRequest,
    TurnEndRequest,
    Unplayable,
)

__all__ = [
    "MAX_LENGTH",
    "MAX_TAGS",
    "TAGS_AND_TURN_END",
    "TOO_LONG",
    "TOO_MANY_TAGS",
    "Chatter",
    "CommandRequest",
    "Parsed",
    "ThrowRequest",
    "TurnEndRequest",
    "Unplayable",
    "parse_message",
]

MAX_TAGS: Final = 6

TOO_MANY_TAGS: Final = "too_many_tags"
TAGS_AND_TURN_END: Final = "tags_and_turn_end"
TOO_LONG: Final = "too_long"


# Invisible characters that could split a tag so it looks thrown but is not, or the reverse.
_ZERO_WIDTH: Final = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))

# An unclosed fence runs to the end of the message, as Discord renders it.
_FENCE: Final = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
# Fences are gone by the time this runs, so only runs of one or two backticks remain; a span
# closes on a run of exactly the same length, as in Markdown.
_INLINE_CODE: Final = re.compile(r"(?<!`)(`{1,2})(?!`).+?(?<!`)\1(?!`)", re.DOTALL)

_TAG: Final = re.compile(r"\[\[\s*greed\s*\]\]", re.IGNORECASE)

_TURN_END_WORD: Final = r"(?:te|ターンエンド|turn\s*end)"
_TURN_END_ONLY: Final = re.compile(rf"{_TURN_END_WORD}\s*[!.。]*|/greed\s+end", re.IGNORECASE)
# Only Latin letters (and digits) glue onto "te": "steak" and "côte" are words, but "次はTEで"
# mentions a Turn End, because Japanese is written without spaces.
_GLUE: Final = r"0-9A-Za-z\u00c0-\u024f\u0300-\u036f\u1e00-\u1eff"
_TURN_END_TOKEN: Final = re.compile(
    rf"ターンエンド|(?<![{_GLUE}])(?:te|turn\s*end|/greed\s+end)(?![{_GLUE}])", re.IGNORECASE
)

_COMMAND: Final = re.compile(r"/(\S*)(.*)", re.DOTALL)
# `https://…` inside a value must not start a new key.
_KEY: Final = re.compile(r"(?<!\S)([A-Za-z_]+):(?!//)")
# A reason is free text: inside it only the commands' own argument names start a new key,
# so "reason:see above: wrong channel turn:2" keeps "see above: wrong channel". Both sets come
# from the command registry, where every command and its arguments are declared.


def parse_message(text: str) -> Parsed:
    """Classify one chat message; never raises."""
    if len(text) > MAX_LENGTH:
        return Unplayable(TOO_LONG, 0)
    text = unicodedata.normalize("NFKC", text).translate(_ZERO_WIDTH)
    stripped = text.strip()
    if stripped.startswith("/"):
        return _parse_command(stripped)

    visible = _visible(text)
    tags = len(_TAG.findall(visible))
    if tags == 0:
        if _TURN_END_ONLY.fullmatch(visible.strip()):
            return TurnEndRequest()
        return _table_play(text)
    if _TURN_END_TOKEN.search(_TAG.sub(" ", visible)):
        return Unplayable(TAGS_AND_TURN_END, tags)
    if tags > MAX_TAGS:
        return Unplayable(TOO_MANY_TAGS, tags)
    return ThrowRequest(tags)


def _table_play(text: str) -> Parsed:
    """No Greed in it: a move at a table of another game, or chatter."""
    for game in TABLE_GAMES.values():
        reading = game.game.read(text)
        if reading is not None:
            return TablePlay(game.game.key, reading)
    return Chatter()


def _parse_command(text: str) -> Parsed:
    match = _COMMAND.fullmatch(text)
    if match is None or not match[1]:
        return Chatter()
    group = match[1].lower()
    rest = match[2]
    keys = []
    free_text = False
    for key in _KEY.finditer(rest):
        name = key[1].lower()
        if free_text and name not in ARGUMENT_NAMES:
            continue
        keys.append(key)
        free_text = name in FREE_TEXT_ARGUMENTS
    head = rest[: keys[0].start()] if keys else rest
    name = " ".join(head.split()).lower()
    starts = [key.start() for key in keys] + [len(rest)]
    args: dict[str, str] = {}
    for key, end in zip(keys, starts[1:], strict=True):
        args[key[1].lower()] = rest[key.end() : end].strip()
    if group == "greed" and name == "end" and not args:
        return TurnEndRequest()
    return CommandRequest(group, name, args, text)


def _visible(text: str) -> str:
    """The text that is neither code nor quoted: quoting someone's throw never throws dice."""
    # A fence becomes a space rather than a line break, so whatever follows it stays on the
    # opener's line and is dropped with it when that line is quoted.
    text = _FENCE.sub(" ", text)
    kept: list[str] = []
    for line in text.split("\n"):
        head = line.lstrip()
        if head.startswith(">>>"):
            break
        kept.append("" if head.startswith(">") else line)
    # A space, not nothing, so code cannot join two halves of a tag into one.
    return _INLINE_CODE.sub(" ", "\n".join(kept))
