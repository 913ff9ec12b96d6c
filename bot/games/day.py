"""What a day game brings to the village besides its rules.

A day game is played by each player alone in the village's channel, on a one-seat table per
player and day (Greed). It names its group of commands and what they take (`commands`); the
village's day commands do them, asking the game for its own knowledge: the odds of a
position, what a set of outcomes scores, how a day's exported record is checked, and how
recorded outcomes are counted for the fairness test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bot.fairness.digest import Digest
from bot.fairness.seed import Mismatch
from bot.games.api import Answers, Game, Json, Params
from bot.words.text import GameTexts

S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class DayArgument:
    """An argument of a day command, as it is typed (`player:`, `turn:`)."""

    name: str
    kind: str = "text"
    """How it is asked for: `text`, `number`, `choice` (one of `choices`), `player` and `day`
    (the village offers its players and days), `faces` (outcomes as players write them),
    `file` (an attached file)."""
    required: bool = False
    low: int | None = None
    high: int | None = None
    free_text: bool = False
    """Takes the rest of the line (a reason, the faces to score)."""
    choices: tuple[str, ...] = ()
    """The values it takes, where they are few (a rule variant): a chat offers them."""


@dataclass(frozen=True, slots=True)
class DayCommand:
    """A command of a day game's group (`/greed status`): its name and arguments as players
    type them, and which of the village's day commands it is (`does`): `status`, `end` (the
    turn's end, played as a message), `log`, `memo`, `odds`, `calculate`, `rollback`,
    `restore`, `verify` or `help`. What each does is the village's; what it is called and
    takes is the game's."""

    name: str
    does: str
    arguments: tuple[DayArgument, ...] = ()


@dataclass(frozen=True, slots=True)
class DayGame(Generic[S, M, E]):
    game: Game[S, M, E]
    odds: Callable[[S], Params]
    """`/greed odds`: the chances of the player's position; raises RuleError when there is
    nothing to play."""
    calculate: Callable[[str], Params]
    """`/greed score faces:…`: what outcomes written as players write them score; raises
    RuleError for what cannot be read."""
    verify: Callable[[Mapping[str, Any]], tuple[int, list[Mismatch]]]
    """A day's exported record checked against its seed: the draws checked and what does not
    hold (an export is anyone's JSON, hence `Any`)."""
    tally: Callable[[Sequence[Sequence[Json]]], dict[str, Json]]
    """Recorded outcomes (each as the record writes it) counted and tested for fairness."""
    digest: Callable[[Sequence[Any]], Digest | None]
    """How many draws a day's record holds and their digest (docs/fair-dice.md §1), from its
    rows as the record writes them: what the day's close posts with its seed."""
    drawn: Callable[[Mapping[str, Json]], list[Json]] = field(kw_only=True)
    """The outcome of a move's draw as a day's record lists it (Greed: the faces of a throw),
    from the data of the move's stored event: the village reads no field of it itself."""
    turns: Callable[[S], tuple[dict[str, Json], ...]] = field(kw_only=True)
    """The entries of a player's day that the score row keeps and the memo lists (Greed: its
    turns played); a day that gains one at the close had an unfinished one."""
    answers: Answers[S, E] = field(kw_only=True)
    """How it answers a move, a refusal and a message it cannot play, and the position a
    reply shows: the one way every game answers, a table game's presenter included."""
    texts: GameTexts | None = None
    """Its reply writers and catalogue, as `TableGame.texts`."""
    commands: tuple[DayCommand, ...] = ()
    """Its group of commands (`/greed …`), named after the game."""
    settings: tuple[DayArgument, ...] = ()
    """Its rules as `/village create` and `/village config` take them, each one of its
    `Game.setting_keys` (Greed: `rules`, `turns`, `threshold`): the village offers them
    beside its own settings and hands their values to the game to check."""
    position: tuple[str, ...] = ()
    """The fields of a move's position (`Game.observe`) that name where it was made (Greed:
    turn, lap, throw): a log's lines show them, and a rollback names its target by them, the
    first required, the others 1 when left out."""
    aliases: Mapping[str, str] = field(default_factory=dict)
    """Other names of its commands (`状態` for `status`), in any language."""
    argument_aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Other names of its commands' arguments (`ターン` for `turn`)."""
    group_aliases: tuple[str, ...] = ()
    """Other names of its group (`グリード`)."""
    tags: tuple[str, ...] = ()
    """The tags its grammar reads in a message (`[[greed]]`): no two games may read the
    same one (the registry refuses it)."""


def day_key(game: str, name: str) -> str:
    """A day game's reply key: the name of the reply (its kind, for a move) after the game's
    key (`greed.status`), as a table game's are (`ducks.roll`), so that two day games in one
    registry never claim the same key and the village's own keys stay its own."""
    return f"{game}.{name}"
