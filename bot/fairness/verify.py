"""Checking a day's exported record: the document any player can download and verify."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.fairness.dice import Mismatch, ThrowRecord, verify_day
from bot.games.greed import UnknownFaceError, parse_faces


def verify_record(document: Mapping[str, Any]) -> tuple[int, list[Mismatch]]:
    """The number of throws checked and every mismatch of an exported day (none: all holds)."""
    try:
        village_id = int(document["village_id"])
        day = int(document["day"])
        commitment = str(document["commitment"])
        seed_hex = document["seed"]
        scripted = bool(document.get("scripted", False))
        rows = list(document["throws"])
    except (KeyError, TypeError, ValueError) as error:
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
        except (KeyError, TypeError, ValueError, UnknownFaceError) as error:
            problems.append(
                Mismatch(
                    "format",
                    f"throw #{index + 1} cannot be read: {error}",
                    {"throw": index + 1, "error": str(error)},
                )
            )
    if seed is None and seed_hex is not None:
        return len(throws), problems
    return len(throws), problems + verify_day(village_id, day, commitment, seed, throws)
