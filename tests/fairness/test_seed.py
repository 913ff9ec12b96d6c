"""Seeds and their commitments, the part of every game's fair chance that knows no game."""

from __future__ import annotations

import hashlib
import re

from bot.fairness import SEED_BYTES, Mismatch, commitment, new_seed

# The seed of greed's and ducks' published vectors (docs/fair-dice.md §4) and its commitment.
COUNTING_SEED = bytes(range(32))
VECTOR_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_new_seed_is_32_fresh_bytes() -> None:
    first, second = new_seed(), new_seed()
    assert SEED_BYTES == 32
    assert len(first) == len(second) == 32
    assert first != second


def test_commitment_is_lowercase_sha256_hex() -> None:
    seed = b"\xff" * 32
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert re.fullmatch(r"[0-9a-f]{64}", commitment(seed))


def test_the_published_commitment() -> None:
    assert commitment(COUNTING_SEED) == VECTOR_COMMITMENT


def test_a_mismatch_compares_by_what_and_detail_only() -> None:
    assert Mismatch("gap", "throw 2 missing", {"missing": [2]}) == Mismatch(
        "gap", "throw 2 missing"
    )
    assert Mismatch("gap", "throw 2 missing").params == {}
    assert Mismatch("gap", "a") != Mismatch("seed", "a")
