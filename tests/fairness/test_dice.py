"""Fair dice: the published test vectors, the byte reading, commitments and day verification."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.fairness import (
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
from bot.games.greed import FACES, Face, format_faces, parse_faces

SEED = bytes(range(32))
VILLAGE = 1234567890
DAY = 3
PLAYER = 42
DOC = Path(__file__).resolve().parents[2] / "docs" / "fair-dice.md"

# The published test vectors (docs/fair-dice.md): (throw_seq, message_id, faces of 6 dice).
# Frozen as literals so that any change to the construction fails here.
VECTORS = [
    (1, 111, "D R D G $ D"),
    (2, 222, "$ Eg R $ Eg Eg"),
    (3, 333, "Eg Eb $ $ R Eb"),
]
SEED_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def reference_faces(seed: bytes, msg: str, dice: int) -> list[str]:
    """The construction written out again from its description, independent of the module."""
    tokens = ["$", "G", "R", "Eg", "Eb", "D"]
    out: list[str] = []
    i = 0
    while len(out) < dice:
        data = msg.encode("utf-8") if i == 0 else f"{msg}|{i}".encode()
        block = hmac.new(seed, data, hashlib.sha256).digest()
        out.extend(tokens[b % 6] for b in block if b < 252)
        i += 1
    return out[:dice]


@pytest.mark.parametrize(("throw_seq", "message_id", "expected"), VECTORS)
def test_published_vectors(throw_seq: int, message_id: int, expected: str) -> None:
    faces = derive_faces(SEED, VILLAGE, DAY, PLAYER, throw_seq, message_id, 6)
    msg = f"greed/v1|{VILLAGE}|{DAY}|{PLAYER}|{throw_seq}|{message_id}"
    assert [face.token for face in faces] == reference_faces(SEED, msg, 6)
    assert format_faces(faces) == expected


def test_vector_seed_commitment() -> None:
    assert commitment(SEED) == SEED_COMMITMENT == hashlib.sha256(SEED).hexdigest()


def test_throw_message_is_the_pipe_separated_decimal_ids() -> None:
    assert throw_message(VILLAGE, DAY, PLAYER, 2, 222) == b"greed/v1|1234567890|3|42|2|222"
    snowflake = 1_180_000_000_000_000_123
    assert throw_message(1, 10, snowflake, 1, 7) == f"greed/v1|1|10|{snowflake}|1|7".encode()


def test_fewer_dice_are_a_prefix_of_six() -> None:
    six = derive_faces(SEED, VILLAGE, DAY, PLAYER, 1, 111, 6)
    for dice in range(1, 6):
        assert derive_faces(SEED, VILLAGE, DAY, PLAYER, 1, 111, dice) == six[:dice]


def test_every_input_changes_the_faces() -> None:
    throws = {
        derive_faces(SEED, VILLAGE, DAY, PLAYER, 1, 111, 6),
        derive_faces(bytes(32), VILLAGE, DAY, PLAYER, 1, 111, 6),
        derive_faces(SEED, VILLAGE + 1, DAY, PLAYER, 1, 111, 6),
        derive_faces(SEED, VILLAGE, DAY + 1, PLAYER, 1, 111, 6),
        derive_faces(SEED, VILLAGE, DAY, PLAYER + 1, 1, 111, 6),
        derive_faces(SEED, VILLAGE, DAY, PLAYER, 2, 111, 6),
        derive_faces(SEED, VILLAGE, DAY, PLAYER, 1, 112, 6),
    }
    assert len(throws) == 7


def test_blocks_after_the_first_append_the_block_number() -> None:
    msg = throw_message(VILLAGE, DAY, PLAYER, 1, 111)
    blocks = throw_blocks(SEED, msg)
    assert next(blocks) == hmac.new(SEED, msg, hashlib.sha256).digest()
    assert next(blocks) == hmac.new(SEED, msg + b"|1", hashlib.sha256).digest()
    assert next(blocks) == hmac.new(SEED, msg + b"|2", hashlib.sha256).digest()


def test_each_face_comes_from_42_byte_values() -> None:
    for b in range(252):
        assert faces_from_bytes([bytes([b])], 1) == (FACES[b % 6],)
    assert faces_from_bytes([bytes([5, 6, 251])], 3) == (Face.D, Face.DOLLAR, Face.D)


def test_bytes_from_252_up_are_skipped() -> None:
    block = bytes([252, 0, 253, 254, 1, 255, 2])
    assert faces_from_bytes([block], 3) == (Face.DOLLAR, Face.G, Face.R)


def test_reading_spills_into_the_next_block() -> None:
    block_0 = bytes([255, 0, 1, 2] + [252] * 28)
    block_1 = bytes([253, 3, 254, 4, 5, 0])
    assert faces_from_bytes([block_0, block_1], 6) == FACES


def test_a_block_is_not_read_unless_needed() -> None:
    def blocks() -> Iterator[bytes]:
        yield bytes([0, 1, 2, 3, 4, 5])
        raise AssertionError("block_1 was read although block_0 was enough")

    assert faces_from_bytes(blocks(), 6) == FACES


def test_running_out_of_blocks_is_an_error() -> None:
    with pytest.raises(ValueError, match="only 2 of 6"):
        faces_from_bytes([bytes([0, 255, 1, 252])], 6)


@pytest.mark.parametrize("dice", [0, 7, -1])
def test_a_throw_has_one_to_six_dice(dice: int) -> None:
    with pytest.raises(ValueError, match="1 to 6 dice"):
        derive_faces(SEED, VILLAGE, DAY, PLAYER, 1, 111, dice)


def test_throw_seq_starts_at_one() -> None:
    with pytest.raises(ValueError, match="starts at 1"):
        derive_faces(SEED, VILLAGE, DAY, PLAYER, 0, 111, 6)


def test_new_seed_is_32_fresh_bytes() -> None:
    first, second = new_seed(), new_seed()
    assert len(first) == len(second) == 32
    assert first != second


def test_commitment_is_lowercase_sha256_hex() -> None:
    seed = b"\xff" * 32
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert re.fullmatch(r"[0-9a-f]{64}", commitment(seed))


# --- verify_day ---------------------------------------------------------------------------------


def honest_day() -> list[ThrowRecord]:
    """Two players; player 7's second throw was voided but keeps its number."""
    plan = [(42, 1, 111, 6), (42, 2, 222, 6), (42, 3, 333, 3), (7, 1, 444, 6), (7, 2, 555, 6)]
    plan += [(7, 3, 666, 2)]
    return [
        ThrowRecord(
            player,
            seq,
            message,
            derive_faces(SEED, VILLAGE, DAY, player, seq, message, dice),
            voided=(player, seq) == (7, 2),
        )
        for player, seq, message, dice in plan
    ]


def test_an_honest_day_verifies() -> None:
    assert verify_day(VILLAGE, DAY, commitment(SEED), SEED, honest_day()) == []


def test_the_commitment_may_be_given_in_upper_case() -> None:
    assert verify_day(VILLAGE, DAY, commitment(SEED).upper(), SEED, honest_day()) == []


def test_an_empty_day_verifies() -> None:
    assert verify_day(VILLAGE, DAY, commitment(SEED), SEED, []) == []


def test_a_tampered_face_is_caught() -> None:
    throws = honest_day()
    original = throws[1].faces
    tampered = (Face.DOLLAR if original[0] != Face.DOLLAR else Face.G, *original[1:])
    throws[1] = replace(throws[1], faces=tampered)
    problems = verify_day(VILLAGE, DAY, commitment(SEED), SEED, throws)
    assert problems == [
        Mismatch(
            "faces",
            f"player 42 throw 2 (message 222): the seed gives {format_faces(original)}, "
            f"recorded {format_faces(tampered)}",
        )
    ]


def test_a_face_moved_to_another_message_is_caught() -> None:
    throws = honest_day()
    throws[0] = replace(throws[0], message_id=999)
    problems = verify_day(VILLAGE, DAY, commitment(SEED), SEED, throws)
    assert [p.what for p in problems] == ["faces"]
    assert "message 999" in problems[0].detail


def test_a_tampered_seed_is_caught() -> None:
    other = bytes(reversed(SEED))
    problems = verify_day(VILLAGE, DAY, commitment(SEED), other, honest_day())
    assert problems[0].what == "commitment"
    assert commitment(other) in problems[0].detail
    # Faces are checked against the seed that was revealed, so almost every throw fails too.
    assert sum(p.what == "faces" for p in problems) >= 5


def test_a_tampered_commitment_is_caught() -> None:
    wrong = commitment(b"another seed")
    problems = verify_day(VILLAGE, DAY, wrong, SEED, honest_day())
    assert problems == [
        Mismatch(
            "commitment",
            f"sha256 of the revealed seed is {commitment(SEED)}, "
            f"but the commitment posted was {wrong}",
        )
    ]


def test_a_missing_seed_is_caught() -> None:
    problems = verify_day(VILLAGE, DAY, commitment(SEED), None, honest_day())
    assert problems == [Mismatch("seed", "seed not revealed")]


def test_a_reused_throw_seq_is_caught() -> None:
    throws = honest_day()
    # A second throw under number 2: the faces are the honest derivation for its message,
    # so only the reused counter gives it away.
    throws.append(
        ThrowRecord(42, 2, 777, derive_faces(SEED, VILLAGE, DAY, 42, 2, 777, 6), voided=False)
    )
    problems = verify_day(VILLAGE, DAY, commitment(SEED), SEED, throws)
    assert problems == [
        Mismatch(
            "duplicate",
            "player 42 throw 2 is recorded 2 times; a throw number is never reused",
        )
    ]


def test_a_hidden_throw_leaves_a_gap() -> None:
    throws = [t for t in honest_day() if (t.player_id, t.throw_seq) != (7, 2)]
    problems = verify_day(VILLAGE, DAY, commitment(SEED), SEED, throws)
    assert problems == [
        Mismatch("gap", "player 7 has no record of throw 2 (numbers run to 3)"),
    ]


def test_a_gap_is_caught_even_without_the_seed() -> None:
    throws = [t for t in honest_day() if (t.player_id, t.throw_seq) != (42, 1)]
    problems = verify_day(VILLAGE, DAY, commitment(SEED), None, throws)
    assert [p.what for p in problems] == ["seed", "gap"]


def test_a_throw_with_no_faces_is_caught() -> None:
    throws = honest_day()
    throws[0] = replace(throws[0], faces=())
    problems = verify_day(VILLAGE, DAY, commitment(SEED), SEED, throws)
    assert [p.what for p in problems] == ["faces"]


def test_a_throw_seq_below_one_is_caught() -> None:
    throws = [*honest_day(), ThrowRecord(42, 0, 888, FACES, voided=False)]
    problems = verify_day(VILLAGE, DAY, commitment(SEED), SEED, throws)
    assert [p.what for p in problems] == ["throw_seq"]


# --- the player-facing page ----------------------------------------------------------------------


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def test_the_page_publishes_the_frozen_vectors() -> None:
    text = doc_text()
    assert SEED.hex() in text
    assert SEED_COMMITMENT in text
    for throw_seq, message_id, faces in VECTORS:
        msg = throw_message(VILLAGE, DAY, PLAYER, throw_seq, message_id).decode()
        assert msg in text
        assert faces in text
        assert parse_faces(faces) == derive_faces(
            SEED, VILLAGE, DAY, PLAYER, throw_seq, message_id, 6
        )


def run_page_verifier(
    tmp_path: Path, export: dict[str, object]
) -> subprocess.CompletedProcess[str]:
    blocks = re.findall(r"```python\n(.*?)```", doc_text(), flags=re.DOTALL)
    assert len(blocks) == 1, "the page has exactly one Python block: the verifier"
    script = tmp_path / "verify_greed.py"
    script.write_text(blocks[0], encoding="utf-8")
    path = tmp_path / "day.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(script), str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def export_of(throws: list[ThrowRecord], seed: bytes | None = SEED) -> dict[str, object]:
    return {
        "village_id": VILLAGE,
        "day": DAY,
        "commitment": commitment(SEED),
        "seed": None if seed is None else seed.hex(),
        "scripted": False,
        "throws": [
            {
                "player_id": t.player_id,
                "throw_seq": t.throw_seq,
                "message_id": t.message_id,
                "faces": [face.token for face in t.faces],
                "voided": t.voided,
            }
            for t in throws
        ],
    }


def test_the_page_verifier_accepts_an_honest_day(tmp_path: Path) -> None:
    result = run_page_verifier(tmp_path, export_of(honest_day()))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith("OK")


def test_the_page_verifier_rejects_tampering(tmp_path: Path) -> None:
    throws = honest_day()
    throws[0] = replace(throws[0], faces=(Face.D,) * 6)
    for export in (
        export_of(throws),
        export_of(honest_day(), seed=bytes(32)),
        export_of([t for t in honest_day() if t.throw_seq != 2]),
        {**export_of(honest_day()), "scripted": True},
        export_of(honest_day(), seed=None),
    ):
        result = run_page_verifier(tmp_path, export)
        assert result.returncode != 0, export
        assert "OK" not in result.stdout


def test_the_page_example_export_verifies(tmp_path: Path) -> None:
    blocks = re.findall(r"```json\n(.*?)```", doc_text(), flags=re.DOTALL)
    assert len(blocks) == 1
    export = json.loads(blocks[0])
    throws = [
        ThrowRecord(
            t["player_id"], t["throw_seq"], t["message_id"], parse_faces(t["faces"]), t["voided"]
        )
        for t in export["throws"]
    ]
    seed = bytes.fromhex(export["seed"])
    assert verify_day(export["village_id"], export["day"], export["commitment"], seed, throws) == []
    result = run_page_verifier(tmp_path, export)
    assert (result.returncode, result.stdout.strip()) == (0, "OK")
