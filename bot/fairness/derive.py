"""Fair draws for any game from a committed seed: one HMAC-SHA256 stream per label, read unbiased.

Every game the village hosts derives its chances the way Greed always has (greed.md §8): a secret
32-byte seed, committed by its sha256 before play, keys HMAC-SHA256 over a label that names one
chance (`greed/v1|village|day|player|throw_seq|message`, `ducks/v1|…`, `gleek/v1|table|deal`), and
the resulting bytes are read in order. What differs from game to game is only how the bytes become
an outcome, and each game's spec fixes that. This module is the common part:

- `stream` / `stream_bytes`: the blocks `block_0 = HMAC(seed, label)`, `block_i = HMAC(seed,
  label + b"|" + str(i))`, computed lazily, so no block is computed that the reading does not
  need (almost every draw uses `block_0` alone), and a verifier repeats exactly the same work;
- `small_ints`: dice of 2 to 256 sides, one byte per value, by rejection (Greed, Ducks, Regidice);
- `uniform_below` and `shuffle`: 4-byte integers by rejection and Fisher–Yates (gleek.md §7);
- `label`: the `game/v1|part|part…` message.

Every reader rejects instead of reducing a biased range, so every value is exactly equally likely
given uniform bytes, and every reader pulls from the byte iterator only the bytes it uses, so
several readers may share one stream in a fixed order and a verifier that repeats them reads the
same bytes. With sides = 6 `small_ints` is Greed's byte rule, so Greed's published vectors come out
bit-for-bit the same through it (`FACES[v]`).

Standard library only, and nothing from the rest of the bot: any game, and any verifier, can use it.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from itertools import chain

__all__ = [
    "label",
    "shuffle",
    "small_ints",
    "stream",
    "stream_bytes",
    "uniform_below",
]

_WORD_BYTES = 4
_WORD_RANGE = 1 << (8 * _WORD_BYTES)  # 2**32: the values a 4-byte word can take


def stream(seed: bytes, label: bytes) -> Iterator[bytes]:
    """The 32-byte HMAC-SHA256 blocks of `label` under `seed`: block_0, block_1, … without end.

    `block_0 = HMAC-SHA256(seed, label)` and `block_i = HMAC-SHA256(seed, label + b"|" + str(i))`
    for i ≥ 1, as greed.md §8 has always had it (and as ducks, gleek and regidice cite it). The
    blocks are computed one at a time as they are asked for: a reading that stops in block_0 never
    computes block_1.
    """
    yield hmac.digest(seed, label, hashlib.sha256)
    i = 1
    while True:
        yield hmac.digest(seed, label + b"|" + str(i).encode("ascii"), hashlib.sha256)
        i += 1


def stream_bytes(seed: bytes, label: bytes) -> Iterator[int]:
    """The bytes of `stream(seed, label)` in order, one at a time; still lazy per block."""
    return chain.from_iterable(stream(seed, label))


def _next_byte(bytes_: Iterator[int]) -> int:
    try:
        return next(bytes_)
    except StopIteration:
        raise ValueError("the byte stream ran out") from None


def small_ints(bytes_: Iterator[int], sides: int, count: int) -> tuple[int, ...]:
    """`count` values in `range(sides)`, one byte each, rejecting the bytes that would bias them.

    A byte b < 256 − (256 mod sides) gives b mod sides; a byte at or above that limit is skipped,
    so that each value comes from exactly the same number of byte values (for sides = 6 the limit
    is 252 and each value has 42 bytes; plain `b % 6` would favour 0–3, 43 bytes to 42). This is
    greed.md §8's rule, so `FACES[v]` for v in `small_ints(…, 6, n)` is Greed's throw bit for bit;
    Ducks' faces are v + 1 and Regidice's pips 1 + v.

    Exactly the bytes needed are pulled from `bytes_` (none when count is 0), so whatever follows
    can keep reading the same iterator. Raises ValueError for sides outside 2..256, a negative
    count, or an iterator that runs out first.
    """
    if not 2 <= sides <= 256:
        raise ValueError(f"a byte can decide 2 to 256 sides, not {sides}")
    if count < 0:
        raise ValueError(f"cannot read {count} values")
    limit = 256 - 256 % sides
    values: list[int] = []
    while len(values) < count:
        b = _next_byte(bytes_)
        if not 0 <= b <= 255:
            raise ValueError(f"{b} is not a byte")
        if b < limit:
            values.append(b % sides)
    return tuple(values)


def uniform_below(bytes_: Iterator[int], m: int) -> int:
    """One integer in [0, m), unbiased, from 4-byte big-endian words (gleek.md §7).

    Read the next 4 bytes as a big-endian x; if x < 2^32 − (2^32 mod m) the result is x mod m,
    else the word is dropped and the next 4 bytes are read. The accepted range is a multiple of m,
    so each result has the same number of words. Fewer than half the words are ever rejected (the
    worst m is just above 2^31); for a deck-sized m almost none are. Only the words read are
    pulled from `bytes_`. Raises ValueError for m outside 1..2^32 or a stream that runs out.
    """
    if not 1 <= m <= _WORD_RANGE:
        raise ValueError(f"a 4-byte word can decide 1 to 2**32 outcomes, not {m}")
    limit = _WORD_RANGE - _WORD_RANGE % m
    while True:
        x = 0
        for _ in range(_WORD_BYTES):
            b = _next_byte(bytes_)
            if not 0 <= b <= 255:
                raise ValueError(f"{b} is not a byte")
            x = (x << 8) | b
        if x < limit:
            return x % m


def shuffle(bytes_: Iterator[int], size: int) -> tuple[int, ...]:
    """A uniformly random permutation of `range(size)`, by Fisher–Yates as gleek.md §7 has it.

    Start from the identity order; for i = size − 1 down to 1 swap positions i and
    j = `uniform_below(bytes_, i + 1)`. Entry k of the result is the canonical index of the card
    that ends up at position k: the caller maps it to its own cards (`deck[perm[k]]`). Every
    permutation has the same chance because every j is unbiased. A deck of 0 or 1 cards reads
    no bytes. Raises ValueError for a negative size or one above 2^32.
    """
    if not 0 <= size <= _WORD_RANGE:
        raise ValueError(f"cannot shuffle {size} cards")
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = uniform_below(bytes_, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def label(game: str, *parts: int | str, version: int = 1) -> bytes:
    """The UTF-8 message that names one chance: `{game}/v{version}|part|part…`.

    `label("ducks", 1, 1, 42, 1, 1001)` is `b"ducks/v1|1|1|42|1|1001"`, ducks.md §7's message;
    ints are written in decimal. The version is a keyword with the default 1 that every spec
    uses today: a game that ever changes its derivation bumps it at one call site, and old
    tables keep verifying under v1.

    A label must name one chance only, so a part may not contain `|` (`("a|b",)` and
    `("a", "b")` would be the same message) and the game may contain neither `|` nor `/`;
    bools are refused because they would print as `True`. Raises ValueError or TypeError.
    """
    if not game or "|" in game or "/" in game:
        raise ValueError(f"a game name is non-empty, without '|' or '/': {game!r}")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"a derivation version is a positive int, not {version!r}")
    texts = [f"{game}/v{version}"]
    for part in parts:
        if isinstance(part, bool) or not isinstance(part, int | str):
            raise TypeError(f"a label part is an int or a str, not {part!r}")
        text = str(part) if isinstance(part, str) else str(int(part))
        if "|" in text:
            raise ValueError(f"a label part may not contain '|': {part!r}")
        texts.append(text)
    return "|".join(texts).encode("utf-8")
