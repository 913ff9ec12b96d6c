"""Turn a chat message into a game's move, a command, a refusal or plain chatter.

The games read their own words (`Game.read`): a day game's tags and words, a table game's
tag and keywords. What is left here is the chat's: the length limit and commands.
"""

import re
from typing import Final

from bot.games.chat_text import normalize
from bot.games.registry import DEFAULT, Registry
from bot.village.registry import commands_of
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


class Grammar:
    """How the chat reads a message for a registry's games: each game's own words, then
    the commands' groups and argument keys, all from the registry's command table."""

    def __init__(self, games: Registry) -> None:
        self.games = games
        table = commands_of(games)
        self.group_aliases = table.group_aliases
        self.argument_names = table.argument_names
        self.free_text_arguments = table.free_text_arguments
        # `https://…` inside a value must not start a new key.
        # Japanese keys (`額:13`) are the games' own other names of arguments; longer names
        # first, so that `回数:` is not read as `回` and a value.
        names = "|".join(
            ["[A-Za-z_]+", *sorted(map(re.escape, table.key_aliases), key=len, reverse=True)]
        )
        self.key = re.compile(rf"(?<!\S)({names}):(?!//)", re.IGNORECASE)
        # A reason is free text: inside it only the commands' own argument names start a
        # new key, so "reason:see above: wrong channel turn:2" keeps "see above: wrong
        # channel". Both sets come from the command table, where every command and its
        # arguments are declared.

    def parse(self, text: str) -> Parsed:
        if len(text) > MAX_LENGTH:
            return Unplayable(TOO_LONG)
        # The day games first: every village plays one, and their tags were here before any
        # table.
        for game in self.games.games.values():
            reading = game.read(text)
            if reading is not None:
                return GamePlay(game.key, reading)
        stripped = normalize(text).strip()
        if stripped.startswith("/"):
            return self._command(stripped)
        return Chatter()

    def _command(self, text: str) -> Parsed:
        match = _COMMAND.fullmatch(text)
        if match is None or not match[1]:
            return Chatter()
        group = match[1].lower()
        group = self.group_aliases.get(group, group)
        rest = match[2]
        keys = []
        free_text = False
        for key in self.key.finditer(rest):
            name = key[1].lower()
            if free_text and name not in self.argument_names:
                continue
            keys.append(key)
            free_text = name in self.free_text_arguments
        head = rest[: keys[0].start()] if keys else rest
        name = " ".join(head.split()).lower()
        starts = [key.start() for key in keys] + [len(rest)]
        args: dict[str, str] = {}
        for key, end in zip(keys, starts[1:], strict=True):
            args[key[1].lower()] = rest[key.end() : end].strip()
        return CommandRequest(group, name, args, text, tuple(head.split()))


def grammar_of(games: Registry) -> Grammar:
    """The grammar of a registry's games, made once per registry."""
    return games.derived(Grammar)


def parse_message(text: str, games: Registry = DEFAULT) -> Parsed:
    """Classify one chat message for the games of `games`; never raises."""
    return grammar_of(games).parse(text)
