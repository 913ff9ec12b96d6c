"""A committed seed anyone can check: a fresh secret per day or table, published by its sha256
before play and revealed after, and `Mismatch`, one thing about a record that does not check out.

Standard library only, and nothing from the rest of the bot: every game's verification uses it.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SEED_BYTES", "Mismatch", "commitment", "new_seed"]

SEED_BYTES = 32


def new_seed() -> bytes:
    """A fresh secret seed for one village day."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """What is published when the day opens: sha256 of the seed, in lowercase hex."""
    return hashlib.sha256(seed).hexdigest()


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One thing about a day that does not check out.

    `what` is one of "seed", "commitment", "faces", "throw_seq", "duplicate", "gap"; `detail`
    says it in words.
    """

    what: str
    detail: str
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """The facts of the detail, so that a reply can say it in the village's language."""


MAX_LISTED = 20
"""How many missing draw numbers a mismatch names; the rest are counted."""


def missing_numbers(used: Collection[int], shown: int = MAX_LISTED) -> tuple[list[int], int]:
    """The first `shown` numbers from 1 to the largest used that are not used, and how many
    are missing in all. Never walks the whole range: a hostile record may claim draw
    1,000,000,000,000."""
    present = sorted({n for n in used if n >= 1})
    if not present:
        return [], 0
    listed: list[int] = []
    expected = 1
    for n in present:
        while expected < n and len(listed) < shown:
            listed.append(expected)
            expected += 1
        expected = n + 1
        if len(listed) >= shown:
            break
    return listed, present[-1] - len(present)
