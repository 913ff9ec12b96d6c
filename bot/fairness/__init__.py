"""Fair chance for any game: committed seeds, the HMAC stream and its unbiased readers, and the
chi-square test of uniformity. Nothing here knows a game: each game's derivation of its
outcomes and the check of its records live in the game's own package."""

from bot.fairness.derive import (
    label,
    shuffle,
    small_ints,
    stream,
    stream_bytes,
    uniform_below,
)
from bot.fairness.seed import SEED_BYTES, Mismatch, commitment, new_seed
from bot.fairness.stats import (
    Uniformity,
    chi_square_p_value,
    counts,
    gamma_q,
    uniformity,
)

__all__ = [
    "SEED_BYTES",
    "Mismatch",
    "Uniformity",
    "chi_square_p_value",
    "commitment",
    "counts",
    "gamma_q",
    "label",
    "new_seed",
    "shuffle",
    "small_ints",
    "stream",
    "stream_bytes",
    "uniform_below",
    "uniformity",
]
