"""The words of Regidice's commands (regidice.md §6), read into moves.

The presenter hands over the raw text of each keyed argument; everything is NFKC-normalised
and read in any case, lists are separated by `,`, `、` or spaces, and a die is pip + colour
(`5r`, `5赤`, `5red`), a trailing `*` (a locked die, as the replies show it) ignored. Ill-formed
text raises `RuleError("regidice.<key>", params)`, one of `rules.REFUSALS`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Final

from bot.games.api import RuleError
from bot.games.regidice.dice import PIPS, Colour, Parity, Token
from bot.games.regidice.moves import NUMBER_ACTIONS, Act, Action, Boost, Declare, LoseItem, Prepare

ACTION_WORDS: Final[dict[str, Action]] = {
    "attack": Action.ATTACK,
    "攻撃": Action.ATTACK,
    "block": Action.BLOCK,
    "ブロック": Action.BLOCK,
    "heal": Action.HEAL,
    "回復": Action.HEAL,
    "cast": Action.CAST,
    "呪文": Action.CAST,
    "animal": Action.ANIMAL,
    "動物": Action.ANIMAL,
    "動物の仲間": Action.ANIMAL,
}
COLOUR_WORDS: Final[dict[str, Colour]] = {
    "red": Colour.RED,
    "赤": Colour.RED,
    "r": Colour.RED,
    "blue": Colour.BLUE,
    "青": Colour.BLUE,
    "b": Colour.BLUE,
    "yellow": Colour.YELLOW,
    "黄": Colour.YELLOW,
    "y": Colour.YELLOW,
    "black": Colour.BLACK,
    "黒": Colour.BLACK,
    "k": Colour.BLACK,
}
PARITY_WORDS: Final[dict[str, Parity]] = {
    "odd": Parity.ODD,
    "奇数": Parity.ODD,
    "even": Parity.EVEN,
    "偶数": Parity.EVEN,
}
_SEPARATORS: Final = re.compile(r"[\s,、]+")
_WANTS: Final = {a: ("number" if a in NUMBER_ACTIONS else "nothing") for a in Action}
_WANTS[Action.CAST] = "colour parity"


def _typed(text: str | None) -> str:
    return unicodedata.normalize("NFKC", text or "").strip().casefold()


def _items(text: str | None) -> list[str]:
    return [w for w in _SEPARATORS.split(_typed(text)) if w]


def parse_token(word: str) -> Token | None:
    """A die as typed (`5r`, `5赤`, `6y*`), or None."""
    text = _typed(word).removesuffix("*")
    if len(text) < 2 or not text[0].isdigit() or not text[0].isascii():
        return None
    colour = COLOUR_WORDS.get(text[1:])
    pips = int(text[0])
    if colour is None or pips not in PIPS:
        return None
    return Token(pips, colour)


def parse_colour(word: str) -> Colour | None:
    return COLOUR_WORDS.get(_typed(word))


def _words(text: str) -> list[str]:
    """The words of a value, also when written without spaces (`赤奇数`): each item is cut
    into the longest known words from its start."""
    known = sorted((*COLOUR_WORDS, *PARITY_WORDS), key=len, reverse=True)
    found: list[str] = []
    for item in _items(text):
        if item in COLOUR_WORDS or item in PARITY_WORDS or item.isdigit():
            found.append(item)
            continue
        rest = item
        while rest:
            word = next((w for w in known if rest.startswith(w)), None)
            if word is None:
                found.append(rest)
                break
            found.append(word)
            rest = rest[len(word) :]
    return found


def parse_declare(action_text: str | None, value_text: str | None = None) -> Declare:
    """`/regidice declare action: [value:]`: an action word, then a number (1–6), or a colour
    and a parity in either order, or nothing. Whether the action wants the value (and the
    table any value at all) is the rules' business; here only the words are read."""
    action = ACTION_WORDS.get(_typed(action_text))
    if action is None:
        raise RuleError(
            "regidice.unknown_action",
            {"action": (action_text or "").strip(), "actions": [a.value for a in Action]},
        )
    words = _words(value_text or "")
    if not words:
        return Declare(action)
    wants = _WANTS[action]
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():
        number = int(words[0])
        if number not in PIPS:
            raise RuleError("regidice.value_ill_formed", {"value": words[0], "wants": wants})
        return Declare(action, number)
    colours = [COLOUR_WORDS[w] for w in words if w in COLOUR_WORDS]
    parities = [PARITY_WORDS[w] for w in words if w in PARITY_WORDS]
    if len(colours) != 1 or len(parities) != 1 or len(words) != 2:
        raise RuleError(
            "regidice.value_ill_formed", {"value": (value_text or "").strip(), "wants": wants}
        )
    return Declare(action, None, colours[0], parities[0])


def _colours(text: str | None) -> tuple[Colour, ...]:
    found = []
    for item in _items(text):
        colour = COLOUR_WORDS.get(item)
        if colour is None:
            raise RuleError("regidice.colour_ill_formed", {"colour": item})
        found.append(colour)
    return tuple(found)


def _seat(name: str, names: Sequence[str]) -> int:
    keys = [_typed(n) for n in names]
    if _typed(name) not in keys:
        raise RuleError("regidice.name_unknown", {"name": name, "names": list(names)})
    return keys.index(_typed(name))


def parse_act(colour: str | None, take: str | None, boost: str | None, names: Sequence[str]) -> Act:
    """`/regidice act [colour:] [take:] [boost:]`: one colour; colours; `NAME:DIE` entries
    (NAME a player's name, in seat order `names`)."""
    spell: Colour | None = None
    if _typed(colour):
        spell = parse_colour(colour or "")
        if spell is None:
            raise RuleError("regidice.colour_ill_formed", {"colour": (colour or "").strip()})
    boosts = []
    for entry in _items(boost):
        name, sep, die = entry.rpartition(":")
        if not sep or not name:
            raise RuleError("regidice.boost_ill_formed", {"boost": entry})
        token = parse_token(die)
        if token is None:
            raise RuleError("regidice.die_ill_formed", {"die": die})
        boosts.append(Boost(_seat(name, names), token))
    return Act(spell, _colours(take), tuple(boosts))


def _tokens(text: str | None) -> tuple[Token, ...]:
    found = []
    for item in _items(text):
        token = parse_token(item)
        if token is None:
            raise RuleError("regidice.die_ill_formed", {"die": item})
        found.append(token)
    return tuple(found)


def parse_prepare(lose: str | None, pass_: str | None) -> Prepare:
    """`/regidice prepare [lose:] [pass:]`: dice or colours lost; dice passed."""
    lost: list[LoseItem] = []
    for item in _items(lose):
        token = parse_token(item)
        if token is not None:
            lost.append(token)
            continue
        colour = COLOUR_WORDS.get(item)
        if colour is None:
            raise RuleError("regidice.die_ill_formed", {"die": item})
        lost.append(colour)
    return Prepare(tuple(lost), _tokens(pass_))
