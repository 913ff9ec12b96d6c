"""Regidice on Discord: each player's roll reaches that player alone. A round's dice go by
DM with a notice in the channel in their place; `/regidice hand` answers its asker
ephemerally; a sealed declaration answers its player alone; and no channel message shows a
pip before the reveal."""

from __future__ import annotations

import re

import pytest

from bot.village.ports import Store
from tests.discord.harness import ALICE, BOB, Village
from tests.discord.interactions import Slashes

pytestmark = pytest.mark.discord

SENT_BY_DM = "あなただけに見える内容をDMで送りました。"
ROLL = "@dice alice: 3r 1r 6r 2b 3b 5b 1y 4y 6y | bob: 5r 5r 2r 5b 6b 1b 5y 3y 2y"
PIPS = re.compile(r"[1-6](赤|青|黄|黒)")


def rolled_line() -> str:
    return ROLL.removeprefix("@dice ")


async def test_a_rounds_dice_go_by_dm_and_the_channel_sees_only_notices(
    store: Store, village_id: int
) -> None:
    village = Village(store, village_id)
    await village.create()
    await village.command(ALICE, "/regidice new declare:sealed dice:3")
    await village.command(BOB, "/regidice 参加")
    village.dice.queue(rolled_line())
    await village.command(ALICE, "/regidice start")
    dms = {to: dm.text for to, dm in village.chat.dms}
    assert set(dms) == {ALICE.player_id, BOB.player_id}
    assert "1赤 3赤 6赤 2青 3青 5青 1黄 4黄 6黄" in dms[ALICE.player_id]
    assert "2赤 5赤 5赤 1青 5青 6青 2黄 3黄 5黄" in dms[BOB.player_id]
    channel = village.chat.texts(village_id)
    assert f"【alice】{SENT_BY_DM}" in channel and f"【bob】{SENT_BY_DM}" in channel
    assert not any(PIPS.search(text) for text in channel)
    # A sealed declaration: to alice alone (by DM, as she typed it in the channel).
    await village.command(ALICE, "/regidice declare attack 3")
    assert "攻撃 3" in village.chat.dms[-1][1].text
    assert not any("攻撃 3" in text for text in village.chat.texts(village_id))
    # Bob's closes the step: the reveal is public, with every roll.
    await village.command(BOB, "/regidice declare block 5")
    [revealed] = [t for t in village.chat.texts(village_id) if "ラウンド1の公開" in t]
    assert "出目 1赤 3赤 6赤 2青 3青 5青 1黄 4黄 6黄" in revealed


async def test_the_dice_asked_with_the_slash_command_are_ephemeral(
    slashes: Slashes, store: Store
) -> None:
    await slashes.moderator(["village", "create"])
    await slashes.call(["regidice", "new"], {"dice": "3"}, user_id=ALICE.player_id, name="alice")
    await slashes.call(["regidice", "join"], user_id=BOB.player_id, name="bob")
    slashes.bridge.service.core.dice.queue(rolled_line())  # type: ignore[attr-defined]
    await slashes.call(["regidice", "start"], user_id=ALICE.player_id, name="alice")
    dms = len(slashes.chat.dms)
    call = await slashes.call(["regidice", "hand"], user_id=ALICE.player_id, name="alice")
    [(text, private)] = call.said()
    assert private and "1赤 3赤 6赤 2青 3青 5青 1黄 4黄 6黄" in text
    assert len(slashes.chat.dms) == dms
    # An act's options, one of them `pass:` (a Python keyword), reach the village by name.
    await slashes.call(
        ["regidice", "declare"], {"action": "attack", "value": "3"}, user_id=2, name="alice"
    )
    await slashes.call(
        ["regidice", "declare"], {"action": "block", "value": "5"}, user_id=3, name="bob"
    )
    call = await slashes.call(["regidice", "prepare"], {"pass": "6r"}, user_id=2, name="alice")
    said = "\n".join(text for text, _ in call.said())
    assert "準備" in said  # refused in the act step, by the village, not by Discord
    assert not any(PIPS.search(t) for t in slashes.chat.texts(slashes.channel_id)[:4])
