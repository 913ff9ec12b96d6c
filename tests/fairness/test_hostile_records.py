"""A record anyone may hand in is read strictly and checked without raising or hanging."""

from __future__ import annotations

import hashlib

import pytest

from bot.fairness.document import UnreadableRecordError, loads
from bot.fairness.seed import missing_numbers
from bot.games.greed.fair import verify_record

DAY = {"village_id": 1, "day": 1, "commitment": "x", "seed": None}


def test_missing_numbers_name_the_first_and_count_the_rest() -> None:
    assert missing_numbers([1, 2, 4, 7]) == ([3, 5, 6], 3)
    assert missing_numbers([10**12]) == (list(range(1, 21)), 10**12 - 1)
    assert missing_numbers([]) == ([], 0)
    assert missing_numbers([0, -5, 1]) == ([], 0)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": Infinity}',
        '{"a": NaN}',
        '{"a": 1e999}',
        '{"a": ' + "9" * 5000 + "}",
        "[" * 100_000 + "]" * 100_000,
        "[1, 2]",
        "   ",
        '{"a": "\\ud800"}',
    ],
)
def test_json_no_record_holds_is_unreadable(text: str) -> None:
    with pytest.raises(UnreadableRecordError):
        loads(text)


def test_a_byte_order_mark_is_allowed() -> None:
    assert loads('\ufeff{"day": 1}') == {"day": 1}


def test_a_day_record_with_an_endless_throw_number_is_checked_at_once() -> None:
    throw = {"player_id": 1, "throw_seq": 10**12, "message_id": 1, "faces": ["G"]}
    _, mismatches = verify_record({**DAY, "throws": [throw]})
    gap = next(m for m in mismatches if m.what == "gap")
    assert gap.params["count"] == 10**12 - 1 and len(gap.params["missing"]) == 20


def test_a_day_record_with_an_infinite_id_is_a_format_problem() -> None:
    _, mismatches = verify_record({**DAY, "village_id": float("inf"), "throws": []})
    assert [m.what for m in mismatches] == ["format"]


def test_a_table_record_of_greed_claiming_a_shuffle_is_a_mismatch_not_a_crash() -> None:
    from bot.village.table_record import verify_table

    seed = "00" * 32
    record = {
        "game": "greed",
        "village_id": 1,
        "table_id": 1,
        "day": 1,
        "seats": [1],
        "commitment": hashlib.sha256(bytes(32)).hexdigest(),
        "seed": seed,
        "scripted": False,
        "draws": [
            {
                "seq": 1,
                "message_id": 1,
                "player_id": 1,
                "seat": 0,
                "draw": {"shuffle": 3},
                "label": [],
                "seen_by": None,
                "outcome": [2, 0, 1],
                "voided": False,
            }
        ],
    }
    checked, mismatches = verify_table(record)
    assert checked == 1 and [m.what for m in mismatches] == ["faces"]
