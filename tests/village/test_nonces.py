"""A post's nonce: Discord recognises a post sent again under it for a while, so no two
posts of one bot may ever share one."""

from __future__ import annotations

from collections import Counter

from bot.village.replies import NONCE_LENGTH, new_nonce


def test_a_nonce_is_its_kind_and_nineteen_letters_or_digits() -> None:
    for first in ("r", "g"):
        nonce = new_nonce(first)
        assert len(nonce) == NONCE_LENGTH and nonce[0] == first
        assert all(c.isascii() and (c.islower() or c.isdigit()) for c in nonce[1:])


def test_nonces_do_not_repeat_and_use_every_letter_at_every_place() -> None:
    made = [new_nonce() for _ in range(4000)]
    assert len(set(made)) == len(made)
    # Drawn as one number: each place still takes all 36 letters, none far more than others
    # (4000 draws, 111 expected per letter, give or take 10: one at 50 or 180 is a broken draw).
    for place in (1, NONCE_LENGTH // 2, NONCE_LENGTH - 1):
        counts = Counter(nonce[place] for nonce in made)
        assert len(counts) == 36
        assert min(counts.values()) > 50 and max(counts.values()) < 180
