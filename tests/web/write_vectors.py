"""Write web/verify/vectors.json, the published test vectors of every game's derivation.

Run once by hand (`python -m tests.web.write_vectors`) when a vector is added; the file is then
fixed, and the Python tests (tests/fairness/test_vectors.py) and the page's Node tests
(web/verify/test/) both check their own derivation against it. The documented vectors of
docs/fair-dice.md are among them; tests/fairness/test_vectors.py checks them as the docs print
them, so that the file cannot drift from the docs.
"""

from __future__ import annotations

import hashlib
import json
from itertools import count
from pathlib import Path
from typing import Any

from bot.fairness.derive import label, small_ints, stream_bytes
from bot.fairness.seed import commitment
from bot.fairness.stats import uniformity
from bot.games.api import ChanceContext, ChanceRequest, Dice
from bot.games.ducks.game import GAME as DUCKS
from bot.games.gleek.cards import DECK
from bot.games.gleek.deal import fair_first_dealer, fair_shuffle
from bot.games.greed.fair import derive_faces
from bot.games.regidice.roll import fair_value

OUT = Path(__file__).parents[2] / "web" / "verify" / "vectors.json"
COUNTING = bytes(range(32))
ZERO = bytes(32)
OTHER = hashlib.sha256(b"greedbot vector seed").digest()
# Discord ids are 64-bit: above 2**53, where a JavaScript number is no longer exact.
BIG_VILLAGE, BIG_PLAYER, BIG_MESSAGE = 1234567890123456789, 987654321098765432, 1300000000000000001


def card(index: int) -> str:
    return str(DECK[index])


def greed(seed: bytes, ids: tuple[int, int, int, int, int], dice: int = 6) -> dict[str, Any]:
    faces = derive_faces(seed, *ids, dice)
    return {
        "seed": seed.hex(),
        "village_id": ids[0],
        "day": ids[1],
        "player_id": ids[2],
        "throw_seq": ids[3],
        "message_id": ids[4],
        "message": label("greed", *ids).decode(),
        "faces": [f.token for f in faces],
    }


def ducks(seed: bytes, ids: tuple[int, int, int, int, int], dice: int) -> dict[str, Any]:
    village, table, player, seq, message = ids
    context = ChanceContext(village, 1, table, player, message, seq)
    values = DUCKS.fair(seed, context, ChanceRequest(Dice(6, dice)))
    return {
        "seed": seed.hex(),
        "village_id": village,
        "table_id": table,
        "player_id": player,
        "roll_seq": seq,
        "message_id": message,
        "dice": dice,
        "message": label("ducks", *ids).decode(),
        "values": list(values),
    }


def skipping_label() -> tuple[bytes, int]:
    """A Ducks message whose block_0 skips at least one byte ≥ 252, and how many of its bytes
    give a die: a roll of more dice than that goes on into block_1."""
    for n in count(1):
        msg = label("ducks", 1, 1, 42, n, 1001)
        block = bytes(b for _, b in zip(range(32), stream_bytes(OTHER, msg), strict=False))
        skipped = sum(1 for b in block if b >= 252)
        if skipped >= 1 and block[0] < 252:
            return msg, 32 - skipped
    raise AssertionError("unreachable")


def regidice_skipping() -> tuple[int, str]:
    """A round and die of table 1 whose first byte is skipped (≥ 252) under the zero seed."""
    for round_ in count(1):
        for die in ("R1", "R2", "B1", "Y1", "K1"):
            if next(stream_bytes(ZERO, label("regidice", 1, round_, die))) >= 252:
                return round_, die
    raise AssertionError("unreachable")


def main() -> None:
    skip_msg, usable = skipping_label()
    skip_round, skip_die = regidice_skipping()
    regidice = [(ZERO, 1, 1, die) for die in ("R1", "R2", "B1", "Y1", "K1")] + [
        (OTHER, 7, 3, "B6"),
        (ZERO, 1, skip_round, skip_die),
    ]
    vectors: dict[str, Any] = {
        "about": (
            "Published test vectors of greedbot's fair dice (docs/fair-dice.md). Seeds and "
            "bytes in hex; ids are exact decimal integers (some are above 2**53). "
            "greedbot's Python tests and this page's tests both check against this file."
        ),
        "commitments": [
            {"seed": s.hex(), "commitment": commitment(s)} for s in (COUNTING, ZERO, OTHER, b"")
        ],
        "streams": [
            {
                "seed": s.hex(),
                "label": msg.decode(),
                "bytes": bytes(
                    b for _, b in zip(range(100), stream_bytes(s, msg), strict=False)
                ).hex(),
            }
            for s, msg in ((COUNTING, b"greed/v1|1234567890|3|42|1|111"), (OTHER, skip_msg))
        ],
        "dice": [
            {
                "seed": OTHER.hex(),
                "label": skip_msg.decode(),
                "count": usable + 2,
                "block_0_gives": usable,
                "values": list(small_ints(stream_bytes(OTHER, skip_msg), 6, usable + 2)),
            }
        ],
        "greed": [
            greed(COUNTING, (1234567890, 3, 42, 1, 111)),
            greed(COUNTING, (1234567890, 3, 42, 2, 222)),
            greed(COUNTING, (1234567890, 3, 42, 3, 333)),
            greed(COUNTING, (1234567890, 3, 42, 3, 333), 3),
            greed(OTHER, (BIG_VILLAGE, 12, BIG_PLAYER, 7, BIG_MESSAGE)),
            greed(ZERO, (1, 1, 1, 1, 1)),
        ],
        "ducks": [
            ducks(COUNTING, (1, 1, 42, 1, 1001), 6),
            ducks(COUNTING, (1, 1, 42, 1, 1001), 4),
            ducks(OTHER, (BIG_VILLAGE, 3, BIG_PLAYER, 12, BIG_MESSAGE), 6),
        ],
        "gleek_first_dealer": [
            {
                "seed": s.hex(),
                "table_id": t,
                "label": label("gleek", t, "first-dealer").decode(),
                "value": fair_first_dealer(s, t),
            }
            for s, t in ((ZERO, 1), (ZERO, 2), (OTHER, 5), (COUNTING, 1))
        ],
        "gleek_shuffle": [
            {
                "seed": s.hex(),
                "table_id": t,
                "deal": d,
                "label": label("gleek", t, d).decode(),
                "order": list(fair_shuffle(s, t, d)),
                "cards": [card(i) for i in fair_shuffle(s, t, d)],
            }
            for s, t, d in ((ZERO, 1, 1), (ZERO, 1, 2), (OTHER, 5, 3))
        ],
        "regidice": [
            {
                "seed": s.hex(),
                "table_id": t,
                "round": r,
                "die": die,
                "label": label("regidice", t, r, die).decode(),
                "pips": fair_value(s, t, r, die) + 1,
            }
            for s, t, r, die in regidice
        ],
        "digests": [_digest(kind, rows) for kind, rows in DIGESTS],
        "chi_square": [
            {"counts": c, **_test(c)}
            for c in (
                [1, 1, 2, 4, 7, 3],
                [10, 10, 10, 10, 10, 10],
                [0, 0, 0, 0, 0, 6],
                [3, 2],
                [170, 160, 171, 150, 180, 169],
                [1000, 1100, 980, 1020, 1010, 890],
                [0, 0, 0, 0, 0, 100000],
                [5, 9, 1, 4],
            )
        ],
    }
    OUT.write_text(json.dumps(vectors, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _throw(seq: int, message: int, faces: str, voided: bool) -> dict[str, Any]:
    return {
        "player_id": 42,
        "throw_seq": seq,
        "message_id": message,
        "faces": faces.split(),
        "voided": voided,
    }


def _draw(
    seq: int,
    message: int | None,
    player: int,
    draw: dict[str, Any],
    label: list[Any],
    outcome: list[int],
    voided: bool = False,
) -> dict[str, Any]:
    return {
        "seq": seq,
        "message_id": message,
        "player_id": player,
        "seat": None,
        "draw": draw,
        "label": label,
        "seen_by": [],
        "outcome": outcome,
        "voided": voided,
    }


DIGESTS: list[tuple[str, list[dict[str, Any]]]] = [
    # docs/fair-dice.md §1: the day of §3, three throws, the second voided.
    (
        "day",
        [
            _throw(1, 111, "D R D G $ D", False),
            _throw(2, 222, "$ Eg R $ Eg Eg", True),
            _throw(3, 333, "Eg Eb $", False),
        ],
    ),
    # A Regidice roll of two dice, then a roll of no dice (every player has lost theirs).
    (
        "table",
        [
            _draw(1, None, 0, {"dice": [6, 2]}, [1, "R1", "B1"], [4, 0]),
            _draw(2, None, 0, {"dice": [6, 0]}, [2], []),
        ],
    ),
    # A Ducks roll made by a message (ids above 2**53), voided; a shuffle no message made.
    (
        "table",
        [
            _draw(
                1, BIG_MESSAGE, BIG_PLAYER, {"dice": [6, 6]}, [1, 0, 1], [4, 3, 4, 3, 4, 1], True
            ),
            _draw(2, None, 0, {"shuffle": 5}, [1], [3, 0, 4, 1, 2]),
        ],
    ),
    ("day", []),
]


def _digest(kind: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A record's draws, the canonical text they give, and its count and digest."""
    from bot.fairness.digest import day_rows_digest, throw_line
    from bot.village.table_record import draw_lines, draws_digest

    if kind == "day":
        lines = [
            throw_line(r["player_id"], r["throw_seq"], r["message_id"], r["faces"], r["voided"])
            for r in rows
        ]
        whole = day_rows_digest(rows)
    else:
        lines = draw_lines(rows)
        whole = draws_digest(rows)
    assert whole is not None
    return {
        "kind": kind,
        "rows": rows,
        "lines": lines,
        "count": whole.count,
        "sha256": whole.sha256,
    }


def _test(c: list[int]) -> dict[str, float]:
    result = uniformity([i for i, n in enumerate(c) for _ in range(n)], list(range(len(c))))
    return {"chi_square": result.chi_square, "p_value": result.p_value}


if __name__ == "__main__":
    main()
