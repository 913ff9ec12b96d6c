"""Turn a chat message into a game's move, a command, a refusal or plain chatter.

The games read their own words (`Game.read`): Greed's `[[greed]]` tags and TE, a table
game's tag and keywords. What is left here is the chat's: the length limit and commands.
"""

import re
from typing import Final

from bot.games.chat_text import normalize
from bot.games.registry import GAMES
from bot.village.registry import ARGUMENT_NAMES, FREE_TEXT_ARGUMENTS, GROUP_ALIASES, KEY_ALIASES
from bot.village.requests import (
    MAX_LENGTH,
    Chatter,
    CommandRequest,
    GamePlay,
    Parsed,
    Unplayable,
)

__all__ = [
    "MAX_LENGTH",
    "TOO_LONG",
    "Chatter",
    "CommandRequest",
    "GamePlay",
    "Parsed",
    "Unplayable",
    "parse_message",
]

TOO_LONG: Final = "too_long"

_COMMAND: Final = re.compile(r"/(\S*)(.*)", re.DOTALL)
# `https://…` inside a value must not start a new key.
# Japanese keys (`額:13`) are the games' own other names of arguments; longer names first, so
# that `回数:` is not read as `回` and a value.
_KEY_NAMES: Final = "|".join(
    ["[A-Za-z_]+", *sorted(map(re.escape, KEY_ALIASES), key=len, reverse=True)]
)
_KEY: Final = re.compile(rf"(?<!\S)({_KEY_NAMES}):(?!//)", re.IGNORECASE)
# A reason is free text: inside it only the commands' own argument names start a new key,
# so "reason:see above: wrong channel turn:2" keeps "see above: wrong channel". Both sets come
# from the command registry, where every command and its arguments are declared.


def parse_message(text: str) -> Parsed:
    """Classify one chat message; never raises."""
    if len(text) > MAX_LENGTH:
        return Unplayable(TOO_LONG)
    # Greed first: it is every village's day game, and its tags were here before any table.
    for game in GAMES.values():
        reading = game.read(text)
        if reading is not None:
            return GamePlay(game.key, reading)
    stripped = normalize(text).strip()
    if stripped.startswith("/"):
        return _parse_command(stripped)
    return Chatter()


def _parse_command(text: str) -> Parsed:
    match = _COMMAND.fullmatch(text)
    if match is None or not match[1]:
        return Chatter()
    group = match[1].lower()
    group = GROUP_ALIASES.get(group, group)
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
    return CommandRequest(group, name, args, text, tuple(head.split()))
