"""Fair dice for Ducks (ducks.md §7): the published test vector and the byte rule."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from bot.fairness.seed import commitment
from bot.games.api import ChanceContext, ChanceRequest, Dice
from bot.games.ducks import game as ducks_game
from bot.games.ducks.game import GAME

SEED = bytes(range(32))


def context(roll_seq: int = 1, message: int = 1001) -> ChanceContext:
    return ChanceContext(
        village_id=1, day=9, table_id=1, player_id=42, message_id=message, chance_seq=roll_seq
    )


def test_the_seed_of_the_vector_has_the_published_commitment() -> None:
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_the_vector_rolls_boss_5_and_white_4_5_4_5_2() -> None:
    outcome = GAME.fair(SEED, context(), ChanceRequest(Dice(6, 6), seat=0))
    boss, *whites = (v + 1 for v in outcome)
    assert (boss, whites) == (5, [4, 5, 4, 5, 2])


def test_fewer_dice_are_the_first_values_of_the_same_roll() -> None:
    full = GAME.fair(SEED, context(), ChanceRequest(Dice(6, 6), seat=0))
    assert GAME.fair(SEED, context(), ChanceRequest(Dice(6, 3), seat=0)) == full[:3]


def test_the_message_is_ducks_v1_with_the_table_ids_and_no_day() -> None:
    msg = b"ducks/v1|1|1|42|2|1001"
    first = hmac.digest(SEED, msg, hashlib.sha256)
    expected = tuple(b % 6 for b in first if b < 252)[:6]
    assert GAME.fair(SEED, context(roll_seq=2), ChanceRequest(Dice(6, 6), seat=0)) == expected


def test_bytes_from_252_up_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    def stream_bytes(seed: bytes, label: bytes) -> object:
        return iter([252, 253, 254, 255, 0, 251, 7])

    monkeypatch.setattr(ducks_game, "stream_bytes", stream_bytes)
    assert GAME.fair(SEED, context(), ChanceRequest(Dice(6, 3), seat=0)) == (0, 5, 1)


def test_only_six_sided_dice_are_ducks_dice() -> None:
    with pytest.raises(ValueError):
        GAME.fair(SEED, context(), ChanceRequest(Dice(8, 2), seat=0))
