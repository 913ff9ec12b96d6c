"""Greed's fair dice: greed.md §8.

A throw's faces are fixed by the day's committed seed (`bot.fairness.seed`): HMAC-SHA256 keyed
by the seed over `greed/v1|village|day|player|throw_seq|message`, its bytes read in order, a
byte b < 252 giving the face `FACES[b % 6]` and the bytes 252..255 skipped. This module is that
derivation, the check of a closed day's exported record against it, and the face statistics
an export carries. The published vectors (docs/fair-dice.md) pin every value.
"""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.fairness.digest import Digest, day_rows_digest, digest_problems
from bot.fairness.seed import Mismatch, commitment, missing_numbers
from bot.fairness.stats import Uniformity, uniformity
from bot.games.greed.faces import FACES, Face, UnknownFaceError, format_faces, parse_faces
from bot.games.greed.throw import MAX_DICE

__all__ = [
    "MAX_DICE",
    "ThrowRecord",
    "derive_faces",
    "face_uniformity",
    "faces_from_bytes",
    "throw_blocks",
    "throw_message",
    "uniformity_json",
    "verify_day",
    "verify_record",
]

# 252 is the largest multiple of 6 that fits in a byte: bytes 252..255 are skipped so that every
# face comes from exactly 42 byte values and no face is favoured.
_UNBIASED_LIMIT = 252
_PREFIX = "greed/v1"


def throw_message(
    village_id: int, day: int, player_id: int, throw_seq: int, message_id: int
) -> bytes:
    """The HMAC message that names one throw: `greed/v1|village|day|player|throw_seq|message`."""
    return f"{_PREFIX}|{village_id}|{day}|{player_id}|{throw_seq}|{message_id}".encode()


def throw_blocks(seed: bytes, msg: bytes) -> Iterator[bytes]:
    """The HMAC-SHA256 blocks of one throw, computed lazily: block_0, block_1, …"""
    yield hmac.digest(seed, msg, hashlib.sha256)
    i = 1
    while True:
        yield hmac.digest(seed, msg + b"|" + str(i).encode(), hashlib.sha256)
        i += 1


def faces_from_bytes(blocks: Iterable[bytes], dice: int) -> tuple[Face, ...]:
    """Read `dice` faces from the blocks in order: byte b < 252 is `FACES[b % 6]`, others skipped.

    Blocks are pulled only while faces are still missing, so a lazy iterable never computes a
    block it does not need. Raises ValueError if the blocks run out first.
    """
    if dice < 0:
        raise ValueError(f"cannot read {dice} dice")
    if dice == 0:
        return ()
    faces: list[Face] = []
    for block in blocks:
        for b in block:
            if b < _UNBIASED_LIMIT:
                faces.append(FACES[b % 6])
                if len(faces) == dice:
                    return tuple(faces)
    raise ValueError(f"the blocks gave only {len(faces)} of {dice} faces")


def derive_faces(
    seed: bytes,
    village_id: int,
    day: int,
    player_id: int,
    throw_seq: int,
    message_id: int,
    dice: int,
) -> tuple[Face, ...]:
    """The faces of one throw of `dice` dice, as fixed by the day's seed."""
    if not 1 <= dice <= MAX_DICE:
        raise ValueError(f"a throw has 1 to {MAX_DICE} dice, not {dice}")
    if throw_seq < 1:
        raise ValueError(f"throw_seq starts at 1, not {throw_seq}")
    msg = throw_message(village_id, day, player_id, throw_seq, message_id)
    return faces_from_bytes(throw_blocks(seed, msg), dice)


@dataclass(frozen=True, slots=True)
class ThrowRecord:
    """One throw as the day's export records it."""

    player_id: int
    throw_seq: int
    message_id: int
    faces: tuple[Face, ...]
    voided: bool


def verify_day(
    village_id: int,
    day: int,
    commitment_hex: str,
    seed: bytes | None,
    throws: Sequence[ThrowRecord],
) -> list[Mismatch]:
    """Check a closed day: the seed against its commitment, every throw against the seed, and
    that no throw was hidden or numbered twice. An empty list means everything holds.
    """
    problems: list[Mismatch] = []
    if seed is None:
        problems.append(Mismatch("seed", "seed not revealed", {"reason": "not_revealed"}))
    else:
        actual = commitment(seed)
        # Hex is case-insensitive; someone pasting the commitment back may change its case.
        if actual != commitment_hex.strip().lower():
            problems.append(
                Mismatch(
                    "commitment",
                    f"sha256 of the revealed seed is {actual}, "
                    f"but the commitment posted was {commitment_hex}",
                    {"actual": actual, "posted": commitment_hex},
                )
            )
    seqs: defaultdict[int, list[int]] = defaultdict(list)
    for throw in throws:
        where = f"player {throw.player_id} throw {throw.throw_seq} (message {throw.message_id})"
        facts = {
            "player_id": throw.player_id,
            "throw_seq": throw.throw_seq,
            "message_id": throw.message_id,
        }
        seqs[throw.player_id].append(throw.throw_seq)
        if throw.throw_seq < 1:
            problems.append(Mismatch("throw_seq", f"{where}: throw_seq starts at 1", facts))
            continue
        if not 1 <= len(throw.faces) <= MAX_DICE:
            problems.append(
                Mismatch(
                    "faces",
                    f"{where}: {len(throw.faces)} faces recorded, 1 to 6 allowed",
                    {**facts, "count": len(throw.faces)},
                )
            )
            continue
        if seed is None:
            continue  # nothing to derive from; the seed mismatch above already says so
        expected = derive_faces(
            seed,
            village_id,
            day,
            throw.player_id,
            throw.throw_seq,
            throw.message_id,
            len(throw.faces),
        )
        if expected != tuple(throw.faces):
            problems.append(
                Mismatch(
                    "faces",
                    f"{where}: the seed gives {format_faces(expected)}, "
                    f"recorded {format_faces(throw.faces)}",
                    {
                        **facts,
                        "expected": [f.token for f in expected],
                        "recorded": [f.token for f in throw.faces],
                    },
                )
            )
    for player_id in sorted(seqs):
        uses = Counter(seqs[player_id])
        for n in sorted(uses):
            if uses[n] > 1:
                problems.append(
                    Mismatch(
                        "duplicate",
                        f"player {player_id} throw {n} is recorded {uses[n]} times; "
                        "a throw number is never reused",
                        {"player_id": player_id, "throw_seq": n, "uses": uses[n]},
                    )
                )
        # Every throw, voided ones included, takes the next number: a missing number is a throw
        # that was made and left out of the record.
        last = max(uses)
        missing, count = missing_numbers(uses)
        if missing:
            listed = ", ".join(str(n) for n in missing) + (" …" if count > len(missing) else "")
            problems.append(
                Mismatch(
                    "gap",
                    f"player {player_id} has no record of throw {listed} (numbers run to {last})",
                    {"player_id": player_id, "missing": missing, "last": last, "count": count},
                )
            )
    return problems


def verify_record(document: Mapping[str, Any]) -> tuple[int, list[Mismatch]]:
    """The number of throws checked and every mismatch of an exported day (none: all holds)."""
    try:
        village_id = int(document["village_id"])
        day = int(document["day"])
        commitment = str(document["commitment"])
        seed_hex = document["seed"]
        scripted = bool(document.get("scripted", False))
        rows = list(document["throws"])
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        return 0, [
            Mismatch(
                "format", f"not a day record: {error!r} is missing or wrong", {"error": str(error)}
            )
        ]
    problems: list[Mismatch] = []
    if scripted:
        # Typed-in faces come from no seed: such a day never verifies as fair.
        problems.append(
            Mismatch("scripted", "some faces were scripted, not drawn from the seed", {})
        )
    seed: bytes | None = None
    if seed_hex is not None:
        try:
            seed = bytes.fromhex(str(seed_hex))
        except ValueError:
            problems.append(
                Mismatch("seed", f"the seed {seed_hex!r} is not hex", {"reason": "not_hex"})
            )
    throws: list[ThrowRecord] = []
    for index, row in enumerate(rows):
        try:
            throws.append(
                ThrowRecord(
                    player_id=int(row["player_id"]),
                    throw_seq=int(row["throw_seq"]),
                    message_id=int(row["message_id"]),
                    faces=parse_faces(list(row["faces"])),
                    voided=bool(row.get("voided", False)),
                )
            )
        except (KeyError, TypeError, ValueError, OverflowError, UnknownFaceError) as error:
            problems.append(
                Mismatch(
                    "format",
                    f"throw #{index + 1} cannot be read: {error}",
                    {"throw": index + 1, "error": str(error)},
                )
            )
    # Last: a record whose draws each hold may still not be the whole of what was posted.
    whole = record_digest(rows) if len(throws) == len(rows) else None
    digested = digest_problems(document, whole)
    if seed is None and seed_hex is not None:
        return len(throws), problems + digested
    return len(throws), problems + verify_day(village_id, day, commitment, seed, throws) + digested


def record_digest(rows: Sequence[Any]) -> Digest | None:
    """How many throws a day's record holds and their digest (docs/fair-dice.md §1), each
    throw's faces read as the check reads them and written as their tokens; None when a
    throw cannot be read."""
    return day_rows_digest(rows, lambda faces: [f.token for f in parse_faces(list(faces))])


def face_uniformity(faces: Iterable[Face]) -> Uniformity[Face]:
    """Pearson's chi-square test of face counts against six equally likely faces (5 degrees
    of freedom); the counts are keyed by every face, in the order of `FACES`."""
    return uniformity(faces, FACES)


def uniformity_json(faces: Iterable[Face]) -> dict[str, Any]:
    """The statistics an export and `/village stats` carry (greed.md §8, docs/fair-dice.md §6):
    `{counts: {token: n}, total, chi_square, p_value}`, rounded to 4 and 6 places."""
    result = face_uniformity(faces)
    return {
        "counts": {face.token: count for face, count in result.counts.items()},
        "total": result.total,
        "chi_square": round(result.chi_square, 4),
        "p_value": round(result.p_value, 6),
    }
