"""What a player asks for at a Regidice table (regidice.md §6): one move per step.

Every step is simultaneous: each player submits once, and may submit again until the step
closes (the last counts). Dice are named as typed, by `Token`; the rules pick the ids.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, TypeAlias

from bot.games.regidice.dice import Colour, Parity, Token


class Action(enum.StrEnum):
    """§3.1's actions, in the order the target is chosen by (§3.4: Block first) after
    `TARGET_ORDER`; this order is the commands'."""

    ATTACK = "attack"
    BLOCK = "block"
    HEAL = "heal"
    CAST = "cast"
    ANIMAL = "animal"


NUMBER_ACTIONS: Final = (Action.ATTACK, Action.BLOCK, Action.HEAL)
"""The actions that collect one number."""
TARGET_ORDER: Final = (Action.BLOCK, Action.ATTACK, Action.CAST, Action.HEAL, Action.ANIMAL)
"""§3.4: who suffers first."""


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare an action and what it collects (`/regidice declare attack 3`, `cast red odd`):
    a number for Attack, Block and Heal, a colour and parity for Cast, nothing for Animal
    (and nothing for any action at a solo table)."""

    action: Action
    number: int | None = None
    colour: Colour | None = None
    parity: Parity | None = None


@dataclass(frozen=True, slots=True)
class Boost:
    """+1 on a die of another player, named by its pips and colour (`Bob:2b`)."""

    seat: int
    die: Token


@dataclass(frozen=True, slots=True)
class Act:
    """Use one's dice (`/regidice act colour:red take:b boost:Bob:2b`): the result is the
    best the dice give; `colour` picks a Cast's spell, `take` a healer's colours from the
    injured pool, `boosts` an Animal's +1s (a repeated entry raises the same die again)."""

    colour: Colour | None = None
    take: tuple[Colour, ...] = ()
    boosts: tuple[Boost, ...] = ()


LoseItem: TypeAlias = Token | Colour
"""A die the target loses: a token, or a colour (its lowest die not otherwise named)."""


@dataclass(frozen=True, slots=True)
class Prepare:
    """The target's loss (`lose:`) and the dice passed to the left neighbour (`pass:`)."""

    lose: tuple[LoseItem, ...] = ()
    passes: tuple[Token, ...] = ()


RegidiceMove: TypeAlias = Declare | Act | Prepare

MOVE_NAMES: Final[dict[type[RegidiceMove], str]] = {
    Declare: "declare",
    Act: "act",
    Prepare: "prepare",
}
"""A move's command name, as refusals say which is wanted."""
