"""What a replay shows of hidden hands: every hand reaches its player in a private reply, the
whole game can be followed from those replies alone, and no public reply ever shows a card
or a pip that is still hidden (gleek.md §6, regidice.md §7).

The replay plays every seat, so it prints the private replies too: a reader of its JSON sees
exactly what each player was told, and can check that nothing leaked into the channel.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from tests.games.contract import Played, play_transcripts
from tests.games.test_reply_contract import won_by_three

CARD = re.compile(r"(?:10|[AKQJ98765432])[♠♥♦♣]")
DIE = re.compile(r"(?<![0-9])([1-6])([rbyk]|赤|青|黄|黒)(?![a-z])")
COLOURS = {"赤": "r", "青": "b", "黄": "y", "黒": "k"}


def shown(reply: dict[str, Any]) -> str:
    """Everything a reader sees of a reply: its data and its text."""
    data = {k: reply[k] for k in ("params", "state", "text")}
    return json.dumps(data, ensure_ascii=False)


def cards_in(value: Any) -> set[str]:
    return set(CARD.findall(json.dumps(value, ensure_ascii=False)))


# -- Gleek --------------------------------------------------------------------------------------


def _revealed_cards(reply: dict[str, Any]) -> set[str]:
    """The cards a public Gleek reply makes public itself: the turn-up, a card played, the
    ruff cards of a showdown, the cards of a gleek or mournival shown."""
    p = reply["params"]
    found = {p[name] for name in ("turn_up", "card") if isinstance(p.get(name), str)}
    for ruff in p.get("shown") or []:
        found |= set(ruff["cards"])
    for gleek in p.get("gleeks") or []:
        found |= set(gleek["cards"])
    return found


async def test_a_whole_gleek_deal_is_followed_from_the_private_hands_alone() -> None:
    played = [p for p in await play_transcripts(["gleek_worked_example"]) if p.reply["key"]]
    hands: dict[str, set[str]] = {}
    public: set[str] = set()
    plays: Counter[str] = Counter()
    for item in played:
        reply = item.reply
        if item.kind == "deal_scored":
            break  # the first deal, played to its end (the next one is shuffled afresh)
        if reply["private"] and item.kind == "hand":
            player, hand = reply["to"], set(item.params["hand"])
            if player in hands and "taken" not in item.params:
                # A hand told again (in the tricks) is the one the replies let us follow.
                assert hand == hands[player], item
            hands[player] = hand
            continue
        if reply["private"]:
            continue
        public |= _revealed_cards(reply)
        # Nothing public shows a card still hidden in someone's hand, or the stock.
        hidden = cards_in({k: reply[k] for k in ("params", "state", "text")}) - public
        assert hidden == set(), (item, hidden)
        if item.kind in ("played", "timeout") and "card" in item.params:
            player, card = item.params["player"], item.params["card"]
            assert card in hands[player], (item, hands[player])  # known only privately
            hands[player].discard(card)
            plays[player] += 1
    assert set(hands) == {"Ann", "Bob", "Cid"}
    # All twelve tricks: every card each player was told they held, played.
    assert plays == Counter({"Ann": 12, "Bob": 12, "Cid": 12})
    assert all(hand == set() for hand in hands.values()), hands


async def test_the_gleek_hands_are_told_to_their_players_only() -> None:
    played = await play_transcripts(["gleek_worked_example", "gleek_refusals_and_deadlines"])
    for item in played:
        if item.kind == "hand":
            assert item.reply["private"] is True and item.reply["to"] == item.params["player"]
            assert len(item.params["hand"]) == len(set(item.params["hand"])) <= 12


# -- Regidice -----------------------------------------------------------------------------------


def _dice(text: str) -> Counter[str]:
    """The dice named in `text` (`5r`, `5赤`), pips and colour, locks dropped."""
    return Counter(f"{pip}{COLOURS.get(colour, colour)}" for pip, colour in DIE.findall(text))


def _rounds(played: list[Played]) -> list[list[Played]]:
    """The replies of each table's rounds, from the round's start to the next one's (a new
    transcript starts a new table)."""
    rounds: list[list[Played]] = []
    for item in played:
        if item.kind == "round_started" or (item.kind == "table_opened" and rounds):
            rounds.append([])
        if rounds:
            rounds[-1].append(item)
    return rounds


async def test_a_regidice_game_is_followed_from_the_private_dice_alone() -> None:
    played = await play_transcripts(["regidice_worked_examples"], [won_by_three()])
    checked = 0
    for round_ in _rounds([p for p in played if p.reply["key"]]):
        dealt: dict[str, list[str]] = {}
        locked: Counter[str] = Counter()
        revealed = False
        for item in round_:
            reply = item.reply
            if item.kind == "hand" and reply["private"] and not revealed:
                hand = list(item.params["hand"])
                dealt[reply["to"]] = hand
                locked += Counter(token.rstrip("*") for token in hand if token.endswith("*"))
                continue
            if item.kind == "revealed":
                revealed = True
                for entry in item.params["players"]:
                    # What the reveal shows each player rolled is what they alone were told.
                    told = Counter(token.rstrip("*") for token in dealt[entry["player"]])
                    assert Counter(entry["rolled"]) == told, (item, entry)
                    checked += 1
                continue
            if reply["private"] or revealed or not dealt:
                continue
            if any(r["kind"] == "revealed" for r in item.replies):
                continue  # the message that closes the step reveals: its replies may show all
            # Before the reveal, a public reply names no die but the locked ones (passed in
            # the open), in its data or its text.
            named = _dice(shown(reply))
            assert named - locked == Counter(), (item, named - locked)
    assert checked >= 3 * 2 + 3  # both rounds of the worked example, and the won game's
