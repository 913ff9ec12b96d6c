"""Fair dice: seed commitments, HMAC-derived faces and draws, day verification and uniformity
statistics."""

from bot.fairness.derive import (
    label,
    shuffle,
    small_ints,
    stream,
    stream_bytes,
    uniform_below,
)
from bot.fairness.dice import (
    Mismatch,
    ThrowRecord,
    commitment,
    derive_faces,
    faces_from_bytes,
    new_seed,
    throw_blocks,
    throw_message,
    verify_day,
)
from bot.fairness.stats import (
    Uniformity,
    chi_square_p_value,
    face_counts,
    gamma_q,
    uniformity,
)

__all__ = [
    "Mismatch",
    "ThrowRecord",
    "Uniformity",
    "chi_square_p_value",
    "commitment",
    "derive_faces",
    "face_counts",
    "faces_from_bytes",
    "gamma_q",
    "label",
    "new_seed",
    "shuffle",
    "small_ints",
    "stream",
    "stream_bytes",
    "throw_blocks",
    "throw_message",
    "uniform_below",
    "uniformity",
    "verify_day",
]
