"""The published vectors (web/verify/vectors.json) against the bot's own derivation.

The same file is read by the verifier page's tests (web/verify/test/vectors.test.mjs), so the
two verifiers are pinned to one set of values; the documented vectors of docs/fair-dice.md are
checked to be among them, as the docs print them.
"""

from __future__ import annotations

import json
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

from bot.fairness.derive import label, small_ints, stream_bytes
from bot.fairness.digest import Digest, day_rows_digest, digest
from bot.fairness.seed import commitment
from bot.fairness.stats import uniformity
from bot.games.api import ChanceContext, ChanceRequest, Dice
from bot.games.ducks.game import GAME as DUCKS
from bot.games.gleek.cards import DECK
from bot.games.gleek.deal import fair_first_dealer, fair_shuffle
from bot.games.greed.fair import derive_faces
from bot.games.regidice.roll import fair_value
from bot.village.table_record import draw_lines, draws_digest

VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).parents[2] / "web" / "verify" / "vectors.json").read_text(encoding="utf-8")
)


def by(section: str) -> list[dict[str, Any]]:
    return list(VECTORS[section])


@pytest.mark.parametrize("v", by("commitments"))
def test_commitments(v: dict[str, Any]) -> None:
    assert commitment(bytes.fromhex(v["seed"])) == v["commitment"]


@pytest.mark.parametrize("v", by("streams"))
def test_streams_run_on_into_block_1_and_beyond(v: dict[str, Any]) -> None:
    seed, want = bytes.fromhex(v["seed"]), bytes.fromhex(v["bytes"])
    assert len(want) > 64  # block_0, block_1 and some of block_2
    assert bytes(islice(stream_bytes(seed, v["label"].encode()), len(want))) == want


@pytest.mark.parametrize("v", by("dice"))
def test_dice_past_the_skipped_bytes_of_block_0(v: dict[str, Any]) -> None:
    seed, msg = bytes.fromhex(v["seed"]), v["label"].encode()
    block_0 = bytes(islice(stream_bytes(seed, msg), 32))
    assert v["block_0_gives"] == sum(1 for b in block_0 if b < 252) < v["count"]
    assert list(small_ints(stream_bytes(seed, msg), 6, v["count"])) == v["values"]


@pytest.mark.parametrize("v", by("greed"))
def test_greed(v: dict[str, Any]) -> None:
    ids = (v["village_id"], v["day"], v["player_id"], v["throw_seq"], v["message_id"])
    assert label("greed", *ids).decode() == v["message"]
    faces = derive_faces(bytes.fromhex(v["seed"]), *ids, len(v["faces"]))
    assert [f.token for f in faces] == v["faces"]


@pytest.mark.parametrize("v", by("ducks"))
def test_ducks(v: dict[str, Any]) -> None:
    context = ChanceContext(
        v["village_id"], 1, v["table_id"], v["player_id"], v["message_id"], v["roll_seq"]
    )
    values = DUCKS.fair(bytes.fromhex(v["seed"]), context, ChanceRequest(Dice(6, v["dice"])))
    assert list(values) == v["values"]


@pytest.mark.parametrize("v", by("gleek_first_dealer"))
def test_gleek_first_dealer(v: dict[str, Any]) -> None:
    assert fair_first_dealer(bytes.fromhex(v["seed"]), v["table_id"]) == v["value"]


@pytest.mark.parametrize("v", by("gleek_shuffle"))
def test_gleek_shuffle(v: dict[str, Any]) -> None:
    order = fair_shuffle(bytes.fromhex(v["seed"]), v["table_id"], v["deal"])
    assert list(order) == v["order"]
    assert [str(DECK[i]) for i in order] == v["cards"]


@pytest.mark.parametrize("v", by("regidice"))
def test_regidice(v: dict[str, Any]) -> None:
    value = fair_value(bytes.fromhex(v["seed"]), v["table_id"], v["round"], v["die"])
    assert value + 1 == v["pips"]


@pytest.mark.parametrize("v", by("chi_square"))
def test_chi_square(v: dict[str, Any]) -> None:
    counts: list[int] = v["counts"]
    result = uniformity([i for i, n in enumerate(counts) for _ in range(n)], range(len(counts)))
    assert (result.chi_square, result.p_value) == (v["chi_square"], v["p_value"])


@pytest.mark.parametrize("v", by("digests"))
def test_digests(v: dict[str, Any]) -> None:
    """A record's draws give the canonical text, and its count and digest, that are published
    (the bot's, when it reveals a seed; every verifier's)."""
    rows = v["rows"]
    whole = day_rows_digest(rows) if v["kind"] == "day" else draws_digest(rows)
    assert whole == Digest(v["count"], v["sha256"])
    assert digest(v["lines"]) == whole
    if v["kind"] == "table":
        assert draw_lines(rows) == v["lines"]


def test_the_documented_digests_are_published() -> None:
    """docs/fair-dice.md §1's test vectors, as printed there."""
    page = (Path(__file__).parents[2] / "docs" / "fair-dice.md").read_text(encoding="utf-8")
    for vector in by("digests"):
        if vector["rows"] and all(line in page for line in vector["lines"]):
            assert vector["sha256"] in page
    shown = [vector for vector in by("digests") if vector["sha256"] in page]
    assert len(shown) == 3  # the day, the Regidice rolls, and a record of no draws


def test_the_documented_vectors_are_published() -> None:
    """docs/fair-dice.md §4, §7, §8 and §9, as printed there."""
    counting, zero = bytes(range(32)).hex(), bytes(32).hex()
    greed = {(v["seed"], v["message"], len(v["faces"])): " ".join(v["faces"]) for v in by("greed")}
    assert greed[(counting, "greed/v1|1234567890|3|42|1|111", 6)] == "D R D G $ D"
    assert greed[(counting, "greed/v1|1234567890|3|42|2|222", 6)] == "$ Eg R $ Eg Eg"
    assert greed[(counting, "greed/v1|1234567890|3|42|3|333", 6)] == "Eg Eb $ $ R Eb"
    assert greed[(counting, "greed/v1|1234567890|3|42|3|333", 3)] == "Eg Eb $"
    ducks = {(v["seed"], v["message"], v["dice"]): v["values"] for v in by("ducks")}
    assert [x + 1 for x in ducks[(counting, "ducks/v1|1|1|42|1|1001", 6)]] == [5, 4, 5, 4, 5, 2]
    [first] = [v for v in by("gleek_first_dealer") if (v["seed"], v["table_id"]) == (zero, 1)]
    assert first["value"] == 0  # seat 1
    [deal] = [
        v for v in by("gleek_shuffle") if (v["seed"], v["table_id"], v["deal"]) == (zero, 1, 1)
    ]
    assert deal["cards"][:8] == ["Q♠", "K♥", "5♦", "5♥", "9♠", "Q♥", "A♥", "5♠"]
    assert deal["cards"][36] == "J♣"
    pips = {
        v["die"]: v["pips"] for v in by("regidice") if v["label"].startswith("regidice/v1|1|1|")
    }
    assert pips == {"R1": 1, "R2": 6, "B1": 1, "Y1": 4, "K1": 2}
