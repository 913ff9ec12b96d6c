"""The games a village can host, gathered in one `Registry`: adding a game is one line here.

A registry is made from a list of day games and table games; everything made from the
games (the games by key, their texts and reply writers, and, through `derived`, the
village's command table and the chat's grammar) is made from it, once. The service, the
parser, the commands and the renderer are handed a registry; `DEFAULT` is the one the bot
runs, and the module constants below are read from it for code that asks for no other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar

from bot.games.api import Game, TableGame
from bot.games.day import DayGame
from bot.games.ducks import TABLE as DUCKS
from bot.games.gleek import TABLE as GLEEK
from bot.games.greed.day_game import DAY as GREED
from bot.games.regidice import TABLE as REGIDICE
from bot.words.text import GameTexts, Text, Writer

AnyGame = Game[Any, Any, Any]
"""A game as the village holds it: games of different state, move and event types side by
side. Each game is checked against the API with its own types, in its own package."""

AnyTableGame = TableGame[Any, Any, Any]
AnyDayGame = DayGame[Any, Any, Any]

T = TypeVar("T")


class ClashError(ValueError):
    """Two games claim the same name: a key, a group of commands, a reply key or a tag.
    Raised when the registry is made, so that a clash never reaches a player as one game
    answering for another."""


class Claims:
    """Who claimed which name, of one kind: the second claim of a name is a clash."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._by: dict[str, str] = {}

    def claim(self, names: Iterable[str], owner: str) -> None:
        for name in names:
            folded = name.lower()
            first = self._by.setdefault(folded, owner)
            if first != owner:
                raise ClashError(f"{owner} and {first} both claim the {self.kind} {name!r}")


class Registry:
    """The games one village service hosts: day games first, then table games, in the
    order a message is offered to their grammars."""

    def __init__(
        self,
        day_games: Sequence[AnyDayGame],
        table_games: Sequence[AnyTableGame],
        default_day_game: str | None = None,
    ) -> None:
        if not day_games:
            raise ValueError("a registry needs a day game: every village plays one")
        every = [d.game.key for d in day_games] + [t.game.key for t in table_games]
        twice = next((key for n, key in enumerate(every) if key in every[:n]), None)
        if twice is not None:
            raise ClashError(f"two games claim the game key {twice!r}")
        groups, replies, tags = Claims("command group"), Claims("reply key"), Claims("tag")
        # The catalogues join one catalogue per language: a text two games hold would be
        # one game's words in the other's replies.
        words = Claims("text")
        for game, aliases, texts, own_tags in [
            *((d.game, d.group_aliases, d.texts, d.tags) for d in day_games),
            *((t.game, t.commands.group_aliases, t.texts, t.tags) for t in table_games),
        ]:
            # A game's key is its group of commands (`/ducks …`): its other names share it.
            groups.claim([game.key, *aliases], game.key)
            if texts is not None:
                replies.claim(texts.writers, game.key)
                words.claim({*texts.ja, *texts.en}, game.key)
            tags.claim(own_tags, game.key)
        self.day_games: Mapping[str, AnyDayGame] = {d.game.key: d for d in day_games}
        """The games each player plays alone in the village's channel, one table per player
        and day; a village has one (`VillageRecord.game`)."""
        self.table_games: Mapping[str, AnyTableGame] = {t.game.key: t for t in table_games}
        """The games played at tables of several seats, with their commands and replies."""
        self.games: Mapping[str, AnyGame] = {
            **{key: day.game for key, day in self.day_games.items()},
            **{key: table.game for key, table in self.table_games.items()},
        }
        """Every game, day games first: a message is offered to each game's grammar in this
        order."""
        self.default_day_game: str = default_day_game or next(iter(self.day_games))
        """The day game a new village plays."""
        if self.default_day_game not in self.day_games:
            raise ValueError(f"{self.default_day_game!r} is no day game of the registry")
        self.texts: tuple[GameTexts, ...] = tuple(
            texts
            for texts in (
                *(d.texts for d in day_games),
                *(t.texts for t in table_games),
            )
            if texts is not None
        )
        """Every game's texts, day games first."""
        self.writers: Mapping[str, Writer] = {
            key: writer for texts in self.texts for key, writer in texts.writers.items()
        }
        """The games' reply writers, by reply key (no two games share one)."""
        self.former: Mapping[str, str] = {
            old: key for texts in self.texts for old, key in texts.former.items()
        }
        """Reply keys of an earlier release, to the keys now (`GameTexts.former`)."""
        self._derived: dict[Callable[[Registry], Any], Any] = {}
        # Which day game a day's rules belong to: the one whose settings keys they all
        # hold (a reply carries the rules, not the game), the game of most keys first.
        self._rule_keys = sorted(
            (
                (frozenset(day.game.settings({}, {})), day.texts.rules)
                for day in day_games
                if day.texts is not None and day.texts.rules is not None
            ),
            key=lambda found: -len(found[0]),
        )

    def derived(self, build: Callable[[Registry], T]) -> T:
        """What `build` makes from this registry (the command table, the grammar, the
        merged catalogues), made once and kept: the layers above the games make their own
        tables from the games without this module knowing them."""
        if build not in self._derived:
            self._derived[build] = build(self)
        made: T = self._derived[build]
        return made

    def rule_value(self, t: Text, game: str | None, field: str, value: Any) -> str | None:
        """A value of a day game's rules as `game` shows it; None where it does not."""
        day = self.day_games.get(game) if game is not None else None
        texts = day.texts if day is not None else None
        if texts is None or texts.setting is None:
            return None
        return texts.setting(t, field, value)

    def day_rules(self, t: Text, rules: Mapping[str, Any], game: str | None = None) -> str:
        """A day's rules in a line, as the village's day game `game` words them (the
        village's own replies show them: a day's opening, the settings); "" when it words
        none. A reply that names no game (kept from before they did) is worded by the day
        game whose settings the rules hold."""
        if game is not None and game in self.day_games:
            texts = self.day_games[game].texts
            return texts.rules(t, rules) if texts is not None and texts.rules else ""
        for keys, words in self._rule_keys:
            if keys.issubset(rules):
                return words(t, rules)
        return ""


DEFAULT: Final = Registry((GREED,), (DUCKS, GLEEK, REGIDICE))
"""The games the bot hosts: Greed by day, Ducks in a Bucket, Gleek and Regidice at tables."""

# Read from the default registry, for code that is handed none (tools, tests).
DAY_GAMES: Final = DEFAULT.day_games
DEFAULT_DAY_GAME: Final = DEFAULT.default_day_game
TABLE_GAMES: Final = DEFAULT.table_games
GAMES: Final = DEFAULT.games
