"""The reply contract of each game, as a reader outside the project checks it from a replay's
JSON: every kind of reply its spec names, with its `to`, `private` and `state` (chat.md for
Greed's days; ducks.md §6, gleek.md §6, regidice.md §7 for the tables).

Each test replays the game's transcripts (and a few lines of its own for kinds they do not
reach) through the village on SQLite, then checks every reply about the game.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Any

from tests.console.golden import TRANSCRIPTS_DIR
from tests.games.contract import Played, missing_fields, of_game, play_transcripts
from tests.games.ducks.test_replies import TABLE_FIELDS, TURN_FIELDS
from tests.village.test_service import STATE_FIELDS

# -- Greed (chat.md) ----------------------------------------------------------------------------

GREED_STATE = tuple(sorted(STATE_FIELDS))  # chat.md's `state` keys
GREED_PLAY = ("throw", "sweep", "greed_out", "turn_end")
GREED_KINDS = {*GREED_PLAY, "refused", "ignored", "memo", "day_opened", "day_closed", "info"}


async def test_greed_replies_keep_chat_md() -> None:
    played = await play_transcripts(
        [
            "example_a_how_to_turn",
            "example_c_three_laps",
            "example_d_late_sweep",
            "refusals",
            "double_post",
            "day_close",
            "rollback",
        ]
    )
    seen: Counter[str] = Counter()
    for item in played:
        reply = item.reply
        assert set(reply) >= {"kind", "to", "private", "text", "state"}, item
        assert isinstance(reply["private"], bool), item
        seen[item.kind] += 1
        if item.kind in GREED_PLAY:
            # A play's reply: to the player, public, with where they stand after it.
            assert reply["to"] == item.sender and reply["private"] is False, item
            assert missing_fields(item.state, GREED_STATE) == [], item
        elif item.kind == "refused" and item.sender is not None:
            # Every refusal addressed to a player says where they stand, unchanged.
            assert reply["to"] == item.sender, item
            if not item.text.startswith("/") or item.text.startswith("/greed "):
                assert missing_fields(item.state, GREED_STATE) == [], item
        elif item.kind in ("day_opened", "day_closed"):
            assert reply["to"] is None and reply["state"] is None, item
        elif item.kind == "ignored":
            assert reply["to"] == item.sender, item
    assert set(seen) >= GREED_KINDS, GREED_KINDS - set(seen)


# -- Ducks (ducks.md §6) ------------------------------------------------------------------------

DUCKS_TABLE = tuple(TABLE_FIELDS)  # ducks.md §6's table fields
DUCKS_TURN = tuple(TURN_FIELDS)  # and its turn fields
DUCKS_MOVES = ("roll", "no_promotion", "promote", "pass", "stop", "bust", "forfeit")
DUCKS_KINDS = {*DUCKS_MOVES, "refused", "ignored", "table", "info", "round_end", "game_end"}
DUCKS_PASS = [
    "@clock 2026-12-01T12:00:00+09:00",
    "ann: /ducks new",
    "bob: /ducks join",
    "ann: /ducks start",
    "@dice 5 | 2 3 5 5 6",
    "ann: [[ducks]]",
    "ann: パス",
    "@dice 2 | 1 3 4 5",
    "ann: [[ducks]]",
    "# Two tags in one message roll nothing (ducks.md §5), in every spelling.",
    "ann: [[ducks]] [[ducks]]",
    "ann: [[ducks]][[DUCKS]]",
    "ann: ［［ｄｕｃｋｓ］］ と [[ ducks ]]!",
    "bob: [[ducks]] [[ducks]]",
]


async def test_ducks_replies_keep_ducks_md_6() -> None:
    played = await play_transcripts(
        [
            "ducks_a_whole_game",
            "ducks_rollback_and_refusals",
            "ducks_example_d_bust",
            "ducks_double_post",
            "ducks_fair_dice",
        ],
        [DUCKS_PASS],
    )
    seen: Counter[str] = Counter()
    for item in of_game(played, "ducks"):
        reply, state = item.reply, item.state
        assert set(reply) >= {"kind", "to", "private", "text", "state"}, item
        seen[item.kind] += 1
        if item.kind in DUCKS_MOVES:
            # To the player whose turn it is about: the mover, or the one whose time ran out.
            assert state is not None and reply["to"] == state["player"], item
            if item.sender is not None and not item.text.startswith("/ducks skip"):
                assert reply["to"] == item.sender, item
            assert reply["private"] is False, item
        elif item.kind in ("refused", "ignored"):
            assert reply["to"] == item.sender, item
            assert reply["private"] is (item.kind == "refused"), item
        elif item.kind in ("table", "info"):
            assert reply["to"] == item.sender, item
        else:
            assert item.kind in ("round_end", "game_end"), item
            assert reply["to"] is None and reply["private"] is False, item
        if state == {}:
            assert item.kind == "refused", item  # no table here: nothing to show
            continue
        assert missing_fields(state, (*DUCKS_TABLE, *DUCKS_TURN)) == [], item
    assert set(seen) >= DUCKS_KINDS, DUCKS_KINDS - set(seen)


async def test_a_ducks_refusal_shows_the_table_waiting_or_finished() -> None:
    played = [p for p in await play_transcripts(["ducks_a_whole_game"]) if p.kind == "refused"]
    before = [p for p in played if p.text.strip() == "[[ducks]]" and p.number < 12]
    after = [p for p in played if p.reply["key"] == "table_not_playing" and p.number > 12]
    assert before and after
    for item in before:
        assert item.state is not None and item.state["phase"] == "waiting", item
        assert item.state["finished"] is False and item.state["seats"], item
    for item in after:
        assert item.state is not None and item.state["finished"] is True, item
        assert item.state["winners"] == ["ann"] and item.state["turn_of"] is None, item


async def test_two_ducks_tags_in_one_message_roll_nothing() -> None:
    played = await play_transcripts([], [DUCKS_PASS])
    tagged = [p for p in played if unicodedata.normalize("NFKC", p.text).lower().count("ducks") > 1]
    assert len(tagged) == 4
    for item in tagged:
        assert (item.kind, item.reply["key"]) == ("refused", "ducks.malformed"), item
        assert item.params["reason"] == "too_many_tags" and item.params["tags"] == 2, item
    # The roll before them stands, and nobody rolled since: still the same roll of the turn.
    rolls = [p.state["roll"] for p in tagged if p.state is not None]
    assert rolls == [2, 2, 2, 2]


# -- Gleek (gleek.md §6) ------------------------------------------------------------------------

GLEEK_STATE = (
    "deal",
    "deals",
    "dealer",
    "eldest",
    "to_act",
    "phase",
    "trump",
    "turn_up",
    "ruff_stake",
    "pot",
    "bid",
    "trick",
    "seats",
    "tricks",
    "points",
    "chips",
    "deadline",
)
GLEEK_PUBLIC = (
    "dealt",
    "bid",
    "stock_bought",
    "exchanged",
    "vied",
    "showdown",
    "gleeks",
    "played",
    "trick_won",
    "deal_scored",
    "game_over",
    "timeout",
)
GLEEK_KINDS = {*GLEEK_PUBLIC, "refused", "table_opened", "joined", "info", "hand"}
_NO_DEAL = ("waiting", "over")  # before the first deal, after the game: no hand to show


async def test_gleek_replies_keep_gleek_md_6() -> None:
    played = await play_transcripts(["gleek_worked_example", "gleek_refusals_and_deadlines"])
    seen: Counter[str] = Counter()
    own_replies = 0
    for item in of_game(played, "gleek"):
        reply, state = item.reply, item.state
        assert set(reply) >= {"kind", "to", "private", "text", "state"}, item
        assert state is not None, item  # every reply has a state ({} with no table)
        seen[item.kind] += 1
        if item.kind == "hand":
            # A hand is for its player's eyes: private, to them, with their cards.
            assert reply["private"] is True and reply["to"] == item.params["player"], item
            assert state["hand"] == item.params["hand"] and "legal" in state, item
        elif item.kind == "refused":
            assert reply["private"] is True and reply["to"] == item.sender, item
        elif item.kind in GLEEK_PUBLIC:
            assert reply["private"] is False, item
            assert reply["to"] == _gleek_cause(item), item
        else:
            assert item.kind in ("table_opened", "joined", "info"), item
            assert reply["to"] == item.sender, item
        if state == {}:
            assert item.kind == "refused", item
            continue
        assert missing_fields(state, GLEEK_STATE) == [], item
        if reply["private"] and reply["to"] in state["seats"] and state["phase"] not in _NO_DEAL:
            # §6: a private reply to a player in a deal adds their hand and legal cards.
            assert missing_fields(state, ("hand", "legal")) == [], item
            own_replies += 1
        if not reply["private"] and item.kind in GLEEK_PUBLIC and not _last_public(item):
            # Who acts next, and by when: in the last public reply of what a message (or
            # each deadline) caused only.
            assert state["to_act"] is None and state["deadline"] is None, item
    assert set(seen) >= GLEEK_KINDS, GLEEK_KINDS - set(seen)
    assert own_replies > seen["hand"], "no private reply but `hand` was checked for a hand"


def _last_public(item: Played) -> bool:
    """Whether the reply is the last public one of its cause: the message, or (on a line
    that moves the clock past several deadlines) the deadline whose `timeout` it follows."""
    for later in item.replies[item.index + 1 :]:
        if item.sender is None and later["kind"] == "timeout":
            return True  # the next deadline's replies begin
        if not later["private"]:
            return False
    return True


def _gleek_cause(item: Played) -> str | None:
    """Whom a public Gleek reply goes to: the sender of the message that caused it, or the
    player whose move a deadline or `skip` played (the last `timeout` before it)."""
    timed_out = [r for r in item.replies[: item.index + 1] if r["kind"] == "timeout"]
    if timed_out:
        return str(timed_out[-1]["params"]["player"])
    return item.sender


# -- Regidice (regidice.md §7) ------------------------------------------------------------------

REGIDICE_STATE = (
    "round",
    "step",
    "lead",
    "enemy",
    "injured",
    "players",
    "waiting_for",
    "target",
    "loss",
    "deadline",
    "result",
    "reason",
    "progress",
)
REGIDICE_TO_SENDER = ("table_opened", "joined", "declared", "acted", "boosted", "prepared", "info")
REGIDICE_ANNOUNCED = ("round_started", "revealed", "resolved", "enemy_defeated", "won", "lost")
REGIDICE_ABANDONED = "ended"
"""The end of a table a moderator abandoned (result `abandoned`), which §7 leaves unnamed:
announced as `won` and `lost` are (docs/regidice.md)."""
REGIDICE_KINDS = {*REGIDICE_TO_SENDER, *REGIDICE_ANNOUNCED, "refused", "hand", "timeout"}


def won_by_three() -> list[str]:
    """Three players win in three rounds: every die shows the enemy's defence unit (3, then
    4, then 5), and Ann's attack collects them all, each die a set of its own. Bob and Cid
    hold nothing after the first round, and roll nothing."""
    lines = [
        "@clock 2026-12-01T12:00:00+09:00",
        "@mods Mod",
        "Ann: /regidice new dice:9 rounds:0",
        "Bob: /regidice join",
        "Cid: /regidice join",
        "@dice " + " | ".join(f"{n}: " + " ".join(["3r", "3b", "3y"] * 9) for n in "ABC"),
    ]
    lines[-1] = lines[-1].replace("A:", "Ann:").replace("B:", "Bob:").replace("C:", "Cid:")
    lines.append("Ann: /regidice start")
    held = {"r": 27, "b": 27, "y": 27, "k": 0}
    for pip in (3, 4, 5):
        lines += [
            f"Ann: /regidice declare attack {pip}",
            "Bob: /regidice declare block 1",
            "Cid: /regidice declare heal 2",
            "Ann: /regidice act",
            "Bob: /regidice act",
            "Cid: /regidice act",
        ]
        held["k"] += pip  # the enemy's dice, every one to Ann as spoils
        if pip < 5:
            # The next round rolls when the prepare step closes (nobody passing).
            tokens = [f"{pip + 1}{colour}" for colour, n in held.items() for _ in range(n)]
            lines += [f"@dice Ann: {' '.join(tokens)}", "Mod: /regidice skip"]
    return lines


async def test_regidice_replies_keep_regidice_md_7() -> None:
    played = await play_transcripts(
        [
            "regidice_worked_examples",
            "regidice_refusals_and_sealed",
            "regidice_solo",
            "regidice_defeat",
        ],
        [won_by_three()],
    )
    seen: Counter[str] = Counter()
    own_replies: Counter[str] = Counter()
    told: dict[str, list[str]] = {}  # each player's dice as their last `hand` told them
    for item in of_game(played, "regidice"):
        reply, state = item.reply, item.state
        assert set(reply) >= {"kind", "to", "private", "text", "state"}, item
        assert state is not None, item
        seen[item.kind] += 1
        if item.kind == "hand":
            assert reply["private"] is True and reply["to"] == item.params["player"], item
            assert state["hand"] == item.params["hand"], item
        elif item.kind == "refused":
            assert reply["private"] is True and reply["to"] == item.sender, item
        elif item.kind == "declared" and state.get("sealed"):
            # A sealed declaration: for its player alone.
            assert reply["private"] is True and reply["to"] == item.sender, item
        elif item.kind in (*REGIDICE_ANNOUNCED, REGIDICE_ABANDONED):
            assert reply["to"] is None and reply["private"] is False, item
        elif item.kind == "timeout":
            # One public `timeout` for each player the step still waited for.
            assert reply["private"] is False and reply["to"] == item.params["player"], item
        else:
            assert item.kind in REGIDICE_TO_SENDER, item
            assert reply["to"] == item.sender, item
            # Only what reads the table for its asker is answered privately.
            assert reply["private"] is (item.kind == "info" and "status" in item.text), item
            # A command gets one reply, to its sender, before anything it causes.
            assert item.index == 0, item
        if state == {}:
            assert item.kind == "refused", item
            continue
        assert missing_fields(state, REGIDICE_STATE) == [], item
        if item.kind == "hand":
            told[reply["to"]] = list(item.params["hand"])
        if reply["private"] and _holds_dice(state, reply["to"]):
            # §7: a private reply adds the player's hand, after all the message caused.
            assert "hand" in state, item
            assert state["hand"] == _hand_after(state, reply["to"], told), item
            own_replies[item.kind] += 1
    assert set(seen) >= REGIDICE_KINDS, REGIDICE_KINDS - set(seen)
    # Not only `hand`: a sealed declaration and the refusals of seated players show it too.
    assert {"declared", "refused", "info"} <= set(own_replies), own_replies


def _holds_dice(state: dict[str, Any], name: str | None) -> bool:
    """Whether `name` sits at the table in `state` while its game is played."""
    seated = [p["name"] for p in state.get("players", [])]
    return name in seated and state.get("step") not in ("lobby", "ended")


def _hand_after(state: dict[str, Any], name: str, told: dict[str, list[str]]) -> list[str] | None:
    """The hand a private reply must show: once revealed (the act step on), the hand the
    reveal shows everyone in `players`; before, the one its `hand` reply told the player."""
    [player] = [p for p in state["players"] if p["name"] == name]
    if "hand" in player:
        return list(player["hand"])
    return told.get(name)


SEALED_CLOSE = [
    "@clock 2026-12-01T12:00:00+09:00",
    "Ann: /regidice new declare:sealed dice:3",
    "Bob: /regidice join",
    "@dice Ann: 5r 5r 1r 2b 3b 4b 5y 6y 1y | Bob: 5r 2r 3r 5b 1b 2b 3y 4y 6y",
    "Ann: /regidice start",
    "Ann: /regidice declare attack 5",
    "# Bob's declaration closes the step: Ann, the lead, collects every 5, Bob's too.",
    "Bob: /regidice declare block 2",
]


async def test_a_sealed_declaration_closing_the_step_shows_the_hand_after_collecting() -> None:
    played = await play_transcripts([], [SEALED_CLOSE])
    [rolled] = [p for p in played if p.kind == "hand" and p.reply["to"] == "Bob"]
    [closing] = [p for p in played if p.kind == "declared" and p.sender == "Bob"]
    state = closing.state or {}
    assert closing.reply["private"] is True and state["step"] == "act", closing
    [bob] = [p for p in state["players"] if p["name"] == "Bob"]
    # The reveal collected: the reply shows Bob's hand as it now is, not as rolled.
    assert state["hand"] == bob["hand"] != rolled.params["hand"], closing
    assert "5r" in rolled.params["hand"] and "5r" not in state["hand"], closing


async def test_every_refusal_of_every_game_is_private_to_its_author() -> None:
    names = [p.stem for p in TRANSCRIPTS_DIR.glob("*.txt")]
    played = await play_transcripts(names)
    refusals = [p for p in played if p.kind == "refused"]
    games = {str(p.reply["key"]).partition(".")[0] for p in refusals if "." in p.reply["key"]}
    assert {"ducks", "gleek", "regidice"} <= games and len(refusals) > 50, games
    shared = [str(p) for p in refusals if p.reply["private"] is not True]
    assert not shared, "\n".join(shared)


async def test_three_players_win_regidice() -> None:
    played = await play_transcripts([], [won_by_three()])
    [won] = [p for p in played if p.kind == "won"]
    assert won.state is not None and won.state["result"] == "won"
    assert won.state["progress"] == 60 and won.reply["to"] is None
