"""Gleek on Discord: each player's hand reaches that player alone. Dealt hands go by DM with
a notice in the channel in their place; `/gleek hand` answers its asker ephemerally; and no
channel message ever shows a card of a hand."""

from __future__ import annotations

import pytest

from bot.games.gleek.cards import card_text
from bot.village.core import Author
from bot.village.ports import Store
from tests.discord.harness import ALICE, BOB, Village
from tests.discord.interactions import Slashes
from tests.village.secrets import Shown, leaks

pytestmark = pytest.mark.discord

SENT_BY_DM = "あなただけに見える内容をDMで送りました。"
WORKED_HANDS = {
    "alice": "A♠ J♠ 9♠ 5♠ A♥ K♥ 10♥ K♦ Q♦ K♣ 7♣ 4♣",
    "bob": "Q♠ 8♠ 7♠ 6♠ Q♥ J♥ Q♣ J♣ 10♣ 9♣ A♦ 4♦",
    "carl": "A♣ 6♣ 5♣ J♦ 10♦ 9♦ 8♦ 5♦ 8♥ 7♥ 6♥ 4♥",
}
DEAL = (
    "dealer:carl | alice: AS JS 9S 5S AH KH TH KD QD KC 7C 4C | "
    "bob: QS 8S 7S 6S QH JH QC JC TC 9C AD 4D | "
    "carl: AC 6C 5C JD TD 9D 8D 5D 8H 7H 6H 4H | stock: 4S KS TS 9H 5H 7D 6D 8C"
)


def hand_cards(name: str) -> set[str]:
    return set(WORKED_HANDS[name].split())


async def test_dealt_hands_go_by_dm_and_the_channel_sees_only_notices(
    store: Store, village_id: int
) -> None:
    carl = Author(4, "carl")
    village = Village(store, village_id)
    await village.create()
    await village.command(ALICE, "/gleek new")
    await village.command(BOB, "/gleek join")
    await village.command(carl, "/gleek 参加")
    village.dice.queue(DEAL, "@deal")
    await village.command(ALICE, "/gleek start")
    by_player = {to: dm.text for to, dm in village.chat.dms}
    assert set(by_player) == {ALICE.player_id, BOB.player_id, carl.player_id}
    for author in (ALICE, BOB, carl):
        # Each gets their own twelve (sorted trumps first), and no one else's.
        dm = by_player[author.player_id]
        assert all(card in dm for card in hand_cards(author.name))
        others = {c for n in WORKED_HANDS if n != author.name for c in hand_cards(n)}
        assert not card_text_in(dm, others)
    channel = village.chat.texts(village_id)
    for name in ("alice", "bob", "carl"):
        assert f"【{name}】{SENT_BY_DM}" in channel
    # Nobody's card is in the channel; only the turn-up (4♠) is public.
    secrets = {card: a.player_id for a in (ALICE, BOB, carl) for card in hand_cards(a.name)}
    shown = [Shown(text) for text in channel]
    shown += [Shown(dm.text, to) for to, dm in village.chat.dms]
    assert leaks(secrets, shown) == []
    assert any("4♠" in text for text in channel)


async def test_a_hand_asked_with_the_slash_command_is_ephemeral(
    slashes: Slashes, store: Store
) -> None:
    await slashes.moderator(["village", "create"])
    await slashes.call(["gleek", "new"], user_id=ALICE.player_id, name="alice")
    await slashes.call(["gleek", "join"], user_id=BOB.player_id, name="bob")
    await slashes.call(["gleek", "join"], user_id=4, name="carl")
    slashes.bridge.service.core.dice.queue(DEAL, "@deal")  # type: ignore[attr-defined]
    await slashes.call(["gleek", "start"], user_id=ALICE.player_id, name="alice")
    dms = len(slashes.chat.dms)
    call = await slashes.call(["gleek", "hand"], user_id=ALICE.player_id, name="alice")
    [(text, private)] = call.said()
    assert private and all(card in text for card in hand_cards("alice"))
    assert len(slashes.chat.dms) == dms  # answered where it was asked, not by DM
    # Bob's bid is public; a refusal that lists his legal cards would be his alone.
    call = await slashes.call(["gleek", "bid"], {"amount": "13"}, user_id=BOB.player_id, name="bob")
    said = call.said()
    assert said and not any(card_text_in(text, hand_cards("bob")) for text, _ in said)
    channel = slashes.chat.texts(slashes.channel_id)
    for name in WORKED_HANDS:
        assert not any(card_text_in(text, hand_cards(name)) for text in channel), name


def card_text_in(text: str, cards: set[str]) -> bool:
    return any(card in text for card in cards)


def test_the_worked_hands_are_the_deal_scripted() -> None:
    # The texts above are §8's hands as the bot writes them.
    from bot.games.gleek.cards import parse_cards

    for name, part in zip(("alice", "bob", "carl"), DEAL.split(" | ")[1:4], strict=True):
        cards = parse_cards(part.split(":", 1)[1])
        assert " ".join(card_text(c) for c in cards) == WORKED_HANDS[name]
