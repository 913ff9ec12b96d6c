"""Regidice's chance anyone can check (regidice.md §8): each die's pips in each round.

`bot.fairness.derive` reads the stream exactly as §8 says: `label("regidice", table, r, D)`
is `regidice/v1|{table}|{r}|{D}` in UTF-8, `stream_bytes` gives block_0 = HMAC-SHA256(seed,
msg), then block_i = HMAC-SHA256(seed, msg + "|" + str(i)), and `small_ints(…, 6, 1)` takes
the first byte b < 252 as b mod 6. So the pips are that value + 1, and §8's test vector is a
test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.fairness.derive import label, small_ints, stream_bytes

KEY: Final = "regidice"
SIDES: Final = 6


def die_label(table_id: int, round_: int, die: str) -> bytes:
    return label(KEY, table_id, round_, die)


def fair_value(seed: bytes, table_id: int, round_: int, die: str) -> int:
    """Die `die`'s value in round `round_`, 0 to 5 (its pips − 1)."""
    return small_ints(stream_bytes(seed, die_label(table_id, round_, die)), SIDES, 1)[0]


def fair_roll(seed: bytes, table_id: int, round_: int, dice: Sequence[str]) -> tuple[int, ...]:
    return tuple(fair_value(seed, table_id, round_, d) for d in dice)
