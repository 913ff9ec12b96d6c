"""How many draws a record holds, and a digest of them all: what the bot posts when it reveals
a day's or a table's seed, so that anyone can tell a record that is whole from one missing a
draw or with a draw cut short (the seed alone only says each recorded draw is one it gives).

The digest is the SHA-256, in lowercase hex, of a canonical text: one line per draw, in the
record's order, each ended by a newline (`\\n`), in UTF-8. Voided draws are in it too, marked.

- A day's throw: `throw|{player_id}|{throw_seq}|{message_id}|{faces}|{kept or voided}`, the
  faces as their tokens (`$ G R Eg Eb D`) separated by spaces.
- A table's draw: `draw|{seq}|{message_id}|{player_id}|{draw}|{label}|{outcome}|{kept or
  voided}`, with `-` for a draw no message made, the draw as `dice {sides}x{count}` or
  `shuffle {size}`, its label's parts separated by commas, and its outcome's values by spaces.

docs/fair-dice.md gives the definition with a test vector.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.fairness.seed import Mismatch

KEPT = "kept"
VOIDED = "voided"


@dataclass(frozen=True, slots=True)
class Digest:
    """A record's draws as the bot posts them when it reveals the seed."""

    count: int
    sha256: str


def throw_line(
    player_id: int, throw_seq: int, message_id: int, faces: Sequence[str], voided: bool
) -> str:
    mark = VOIDED if voided else KEPT
    return f"throw|{player_id}|{throw_seq}|{message_id}|{' '.join(faces)}|{mark}"


def draw_line(
    seq: int,
    message_id: int | None,
    player_id: int,
    draw: str,
    label: Sequence[int | str],
    outcome: Sequence[int],
    voided: bool,
) -> str:
    message = "-" if message_id is None else str(message_id)
    parts = ",".join(str(part) for part in label)
    values = " ".join(str(value) for value in outcome)
    mark = VOIDED if voided else KEPT
    return f"draw|{seq}|{message}|{player_id}|{draw}|{parts}|{values}|{mark}"


def dice_draw(sides: int, count: int) -> str:
    return f"dice {sides}x{count}"


def shuffle_draw(size: int) -> str:
    return f"shuffle {size}"


def digest(lines: Iterable[str]) -> Digest:
    """The count and SHA-256 of the canonical text made of `lines`."""
    hasher = hashlib.sha256()
    count = 0
    for line in lines:
        hasher.update(f"{line}\n".encode())
        count += 1
    return Digest(count, hasher.hexdigest())


def as_written(outcome: Any) -> list[str]:
    """A throw's outcome as the record writes it, each value as its text."""
    return [str(value) for value in outcome]


def day_rows_digest(
    rows: Sequence[Any], faces: Callable[[Any], Sequence[str]] = as_written
) -> Digest | None:
    """The count and digest of a day record's throws (`None` when a throw cannot be read),
    with each throw's outcome read by `faces` (the day game's reader: the same outcome
    written another way, in full-width letters say, gives the same digest)."""
    try:
        lines = [
            throw_line(
                int(row["player_id"]),
                int(row["throw_seq"]),
                int(row["message_id"]),
                faces(row["faces"]),
                bool(row.get("voided", False)),
            )
            for row in rows
        ]
    except (KeyError, TypeError, ValueError, OverflowError, AttributeError):
        return None
    return digest(lines)


def digest_problems(document: Mapping[str, Any], computed: Digest | None) -> list[Mismatch]:
    """A record that states how many draws it holds, and their digest (as the bot posted
    them when it revealed the seed), against what its draws give: a mismatch where they
    differ (a draw taken out, one cut short or changed). A record that states neither (made
    before records did) has nothing to hold its draws to but what was posted."""
    stated_count = document.get("draw_count")
    stated_digest = document.get("draw_digest")
    if computed is None or (stated_count is None and stated_digest is None):
        return []
    count_holds = type(stated_count) is int and stated_count == computed.count
    if count_holds and str(stated_digest).strip().lower() == computed.sha256:
        return []
    return [
        Mismatch(
            "digest",
            f"the record says it holds {stated_count} draws of digest {stated_digest}, but "
            f"its draws are {computed.count} of digest {computed.sha256}: a draw was taken "
            "out, cut short or changed",
            {
                "draws": computed.count,
                "digest": computed.sha256,
                "stated_draws": stated_count if type(stated_count) is int else None,
                "stated_digest": str(stated_digest) if stated_digest is not None else None,
            },
        )
    ]
