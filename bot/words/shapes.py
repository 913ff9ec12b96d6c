"""The checked shape of a reply's params: one pydantic model per reply key, which says what
its writer reads and of what type.

A reply's params stay plain JSON data (they are kept in the outbox and printed by a
replay), so a shape only reads them: it never changes what is stored or printed. Each owner
of reply keys names their shapes in one place, beside its writers (`GameTexts.shapes` for a
game; the village's in `bot/chat/render/shapes.py`). A reply is checked twice: where the
village hands it to a chat (`made`: a bug in whatever built it; raised under the tests,
logged in a running village) and in `render` before its writer runs (the catalogue's
"unknown" text and an ERROR log instead of a text with a 0 where a number was missing).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt, StrictStr

from bot.words.reply import Reply

__all__ = [
    "STRICT",
    "Flag",
    "Int",
    "Loose",
    "Number",
    "Params",
    "Part",
    "ShapeError",
    "Shapes",
    "Str",
    "check",
    "made",
]

_logger = logging.getLogger(__name__)

# Strict where a wrong type would be written as something else: a bool is no count, "3" is
# no number, and an infinite float no whole number; a number may be whole or not.
Int = StrictInt
Str = StrictStr
Flag = StrictBool
Number = Annotated[StrictFloat | StrictInt, Field(allow_inf_nan=False)]


class Part(BaseModel):
    """A record inside a reply's params (a take, a row of the standings): typed like the
    params, and open to fields its writer does not read."""

    model_config = ConfigDict(extra="allow", frozen=True)


class Params(Part):
    """The params of one reply key: the fields its writer reads. Other params pass through
    unread (a table game's position, which a replay prints), so that data a newer village
    wrote still renders."""

    secret_params: tuple[Str, ...] = ()
    """The params of a secret reply that hold the secret (`bot.words.reply.SECRET_PARAMS`)."""

    @classmethod
    def of(cls, reply: Reply) -> Self:
        """The reply's params read through this shape; a ValueError (pydantic's
        ValidationError) when they do not fit, which `render` turns into its fallback."""
        return cls.model_validate(dict(reply.params))


Shapes = Mapping[str, type[Params]]
"""The shapes of an owner's reply keys, by key."""


class Loose(Params):
    """The shape of a reply whose writer reads no param (a refusal in one fixed line)."""


STRICT = False
"""Raise, rather than log, when a reply is made with params that do not fit its shape:
the tests turn it on (tests/conftest.py), a running village logs and renders the fallback."""


class ShapeError(ValueError):
    """A reply was made with params that do not fit its key's shape."""


def check(reply: Reply, shapes: Shapes) -> str | None:
    """Why the reply's params do not fit the shape of its key, or None when they do (or
    when no shape is known for the key: a key nobody writes renders as "unknown" anyway)."""
    shape = shapes.get(reply.key)
    if shape is None:
        return None
    try:
        shape.of(reply)
    except ValueError as error:
        return str(error)
    return None


def made(reply: Reply, shapes: Shapes) -> Reply:
    """The reply, checked where it is made: a reply that does not fit its shape is a bug of
    whoever built it. It raises ShapeError under the tests (`STRICT`); a running village
    logs it and goes on (the chat shows the fallback text in its place)."""
    why = check(reply, shapes)
    if why is not None:
        if STRICT:
            raise ShapeError(f"reply {reply.key!r} made with params that do not fit: {why}")
        _logger.error("reply %r made with params that do not fit its shape: %s", reply.key, why)
    return reply
