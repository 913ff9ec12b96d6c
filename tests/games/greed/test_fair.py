"""Greed's fair dice (greed.md §8): the published test vectors, the byte reading, day
verification, the face statistics an export carries, and the player-facing page."""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.fairness import Mismatch, commitment, uniformity
from bot.games.greed import FACES, Face, format_faces, parse_faces
from bot.games.greed.fair import (
    MAX_DICE,
    ThrowRecord,
    derive_faces,
    face_uniformity,
    faces_from_bytes,
    throw_blocks,
    throw_message,
    uniformity_json,
    verify_day,
)

SEED = bytes(range(32))
VILLAGE = 1234567890
DAY = 3
PLAYER = 42
DOC = Path(__file__).resolve().parents[3] / "docs" / "fair-dice.md"

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


def test_max_dice_is_greeds() -> None:
    assert MAX_DICE == 6
    assert len(derive_faces(SEED, VILLAGE, DAY, PLAYER, 1, 111, MAX_DICE)) == MAX_DICE


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


# --- face statistics ----------------------------------------------------------------------------

# Fixed inputs only: every face below is a pure function of these constants, so each test has
# one outcome, the same on every run. Nothing seeds or draws from a random number generator.
STATS_SEED = hashlib.sha256(b"greedbot fairness statistics").digest()
THROWS = 10_000


def closed_form_df5(x: float) -> float:
    """The chi-square upper tail for 5 degrees of freedom: Q(5/2, x/2) through erfc."""
    return math.erfc(math.sqrt(x / 2)) + math.exp(-x / 2) * math.sqrt(2 * x / math.pi) * (1 + x / 3)


def test_face_counts_have_every_face() -> None:
    counts = face_uniformity([Face.D, Face.D, Face.E_GREEN]).counts
    assert list(counts) == list(FACES)
    assert counts == {
        Face.DOLLAR: 0,
        Face.G: 0,
        Face.R: 0,
        Face.E_GREEN: 1,
        Face.E_BLACK: 0,
        Face.D: 2,
    }
    assert face_uniformity([]).counts == dict.fromkeys(FACES, 0)


def test_no_faces_is_no_evidence() -> None:
    result = face_uniformity([])
    assert (result.total, result.chi_square, result.p_value) == (0, 0.0, 1.0)
    assert result.degrees_of_freedom == 5


def test_perfectly_even_faces() -> None:
    result = face_uniformity(FACES * 10)
    assert result.total == 60
    assert result.chi_square == 0.0
    assert result.p_value == 1.0


def test_pearson_statistic_by_hand() -> None:
    faces = [Face.DOLLAR] * 20 + [Face.G] * 10 + [Face.R] * 10
    faces += [Face.E_GREEN] * 10 + [Face.E_BLACK] * 10 + [Face.D] * 0
    result = face_uniformity(faces)
    expected = 60 / 6
    chi_square = ((20 - expected) ** 2 + (0 - expected) ** 2) / expected
    assert result.total == 60
    assert result.chi_square == pytest.approx(chi_square, abs=1e-12)
    assert result.degrees_of_freedom == 5
    assert result.p_value == pytest.approx(closed_form_df5(chi_square), abs=1e-10)
    assert result == uniformity(faces, FACES)


def test_uniformity_json_is_what_an_export_carries() -> None:
    faces = [Face.DOLLAR] * 20 + [Face.G] * 10 + [Face.R] * 10
    faces += [Face.E_GREEN] * 10 + [Face.E_BLACK] * 10
    assert uniformity_json(faces) == {
        "counts": {"$": 20, "G": 10, "R": 10, "Eg": 10, "Eb": 10, "D": 0},
        "total": 60,
        "chi_square": 20.0,
        "p_value": 0.00125,
    }
    assert list(uniformity_json(faces)["counts"]) == [face.token for face in FACES]
    assert uniformity_json([]) == {
        "counts": dict.fromkeys(["$", "G", "R", "Eg", "Eb", "D"], 0),
        "total": 0,
        "chi_square": 0.0,
        "p_value": 1.0,
    }


def test_uniformity_json_rounds_to_four_and_six_places() -> None:
    result = face_uniformity([Face.D, Face.D, Face.G])
    document = uniformity_json([Face.D, Face.D, Face.G])
    assert document["chi_square"] == round(result.chi_square, 4) == 7.0
    assert document["p_value"] == round(result.p_value, 6) == 0.22064


def block_0s() -> list[bytes]:
    """block_0 of the same fixed throws the dice-source test derives its faces from."""
    return [
        hmac.digest(
            STATS_SEED,
            throw_message(VILLAGE, DAY, PLAYER, seq, 900_000 + seq),
            hashlib.sha256,
        )
        for seq in range(1, THROWS + 1)
    ]


def test_the_dice_source_looks_uniform() -> None:
    # Deterministic: fixed seed and ids, so the p-value is the same number on every run
    # (about 0.009 today). A failure means the construction changed, not bad luck.
    faces = [
        face
        for seq in range(1, THROWS + 1)
        for face in derive_faces(STATS_SEED, VILLAGE, DAY, PLAYER, seq, 900_000 + seq, 6)
    ]
    result = face_uniformity(faces)
    assert result.total == 60_000
    assert result.p_value > 0.001


def test_a_biased_mapping_is_detected() -> None:
    # Mapping all 256 byte values with b % 6 favours $ G R Eg (43 values each) over Eb D (42).
    # That bias is small: 60,000 faces would only give p around 1e-4, so both mappings read
    # every byte of the same 10,000 block_0s (320,000 bytes). Fixed inputs: deterministic.
    data = b"".join(block_0s())
    biased = face_uniformity(FACES[b % 6] for b in data)
    fair = face_uniformity(FACES[b % 6] for b in data if b < 252)
    assert biased.total == 320_000
    assert biased.p_value < 1e-6
    assert fair.p_value > 0.001


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
    found = re.findall(r"```python\n(.*?)```", doc_text(), flags=re.DOTALL)
    # The page has a verifier for each game's chance; Greed's derives `greed/v1` throws.
    blocks = [block for block in found if '"greed/v1|' in block]
    assert len(blocks) == 1, "the page has exactly one verifier of Greed's throws"
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
