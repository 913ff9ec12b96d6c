"""The table's settings (regidice.md §2): `dice:` and `rounds:` by declarations and number of
players unless the table says otherwise, `auto` going back to that default, the spec's own 50
rounds still a value a table may ask for; what a refusal and the settings line say, in both
languages; and the round limit the rules enforce."""

from __future__ import annotations

import asyncio

import pytest

from bot.chat.render import render
from bot.games.api import SettingError
from bot.games.regidice import catalog_en, catalog_ja
from bot.games.regidice.game import GAME
from bot.games.regidice.moves import Act, Action, Declare
from bot.games.regidice.settings import ALLOWED, BY_PLAYERS, DICE, MAX_ROUNDS, OPEN, SEALED
from bot.words.reply import Reply, reply_from_data
from tests.console.golden import replay_lines

from .scripted import Table


def started(changes: dict[str, str], players: int) -> tuple[int, int]:
    """(dice of each colour, round limit) of a table with these settings, once started."""
    setup = GAME.new(GAME.settings(changes, {}), players).setup
    return setup.dice, setup.rounds


def test_the_defaults_go_by_declarations_and_players() -> None:
    assert GAME.settings({}, {}) == {
        "declare": "open",
        "dice": None,
        "deadline": 12,
        "rounds": None,
    }
    for players in (1, 2, 3, 4):
        assert started({}, players) == BY_PLAYERS[OPEN][players]
        assert started({"declare": "非公開"}, players) == BY_PLAYERS[SEALED][players]
    # Sealed tables start with more dice, except alone, where nothing is ever seen.
    assert BY_PLAYERS[SEALED][1] == BY_PLAYERS[OPEN][1]
    assert all(BY_PLAYERS[SEALED][n].dice > BY_PLAYERS[OPEN][n].dice for n in (2, 3, 4))


def test_each_setting_left_out_takes_its_own_default() -> None:
    assert started({"dice": "5"}, 3) == (5, BY_PLAYERS[OPEN][3].rounds)
    assert started({"rounds": "40", "declare": "sealed"}, 4) == (BY_PLAYERS[SEALED][4].dice, 40)


def test_a_table_may_set_its_own_dice_and_round_limit() -> None:
    # The spec's worked examples: three players, 3 of each colour, its 50 rounds.
    assert started({"dice": "3", "rounds": "50"}, 3) == (3, 50)
    assert started({"rounds": "0"}, 2) == (BY_PLAYERS[OPEN][2].dice, 0)  # no limit
    assert started({"rounds": "９９９", "dice": "２"}, 4) == (2, MAX_ROUNDS)  # full-width


@pytest.mark.parametrize("word", ["auto", "AUTO", "default", "自動", "ａｕｔｏ"])
def test_auto_goes_back_to_the_default(word: str) -> None:
    chosen = GAME.settings({"dice": "5", "rounds": "30"}, {})
    back = GAME.settings({"dice": word, "rounds": word}, chosen)
    assert back["dice"] is None and back["rounds"] is None
    assert started({"dice": word, "rounds": word}, 4) == BY_PLAYERS[OPEN][4]


@pytest.mark.parametrize(
    ("key", "value"),
    [("rounds", "1000"), ("rounds", "-1"), ("rounds", "many"), ("rounds", ""), ("dice", "auto9")],
)
def test_a_wrong_value_is_refused(key: str, value: str) -> None:
    with pytest.raises(SettingError) as caught:
        GAME.settings({key: value}, {})
    assert (caught.value.key, caught.value.allowed) == (key, ALLOWED[key])


def test_what_a_refusal_says_is_allowed_follows_the_code() -> None:
    """The catalogues' words for what `dice:` and `rounds:` take name the code's bounds."""
    for key, (ja, en) in {
        "dice": (f"{DICE.start}〜{DICE.stop - 1}", f"{DICE.start}-{DICE.stop - 1}"),
        "rounds": (f"0〜{MAX_ROUNDS}", f"0-{MAX_ROUNDS}"),
    }.items():
        for texts, bounds in ((catalog_ja.TEXTS, ja), (catalog_en.TEXTS, en)):
            allowed = texts[f"allowed.{ALLOWED[key]}"]
            assert allowed.startswith(bounds) and "auto" in allowed, allowed


def test_a_stored_value_out_of_range_is_refused_at_the_start() -> None:
    with pytest.raises(SettingError):
        GAME.new({"rounds": MAX_ROUNDS + 1}, 2)
    with pytest.raises(SettingError):
        GAME.new({"rounds": "50"}, 2)  # stored settings hold numbers, never text


def test_the_round_limit_ends_a_table_by_default() -> None:
    """Everybody lets every deadline pass: the defaults (animal, no boosts) deal no damage, so
    the table runs until its limit, the one for its number of players. With 9 dice of each
    colour nobody runs out first (the team loses at most 5 dice a round)."""
    table = Table(names=("Ann", "Bob", "Cid", "Dan"), settings={"dice": "9"})
    while not GAME.finished(table.state):
        table.expire()
    state = table.state
    assert (state.result, state.reason) == ("lost", "out_of_rounds")
    assert state.round == BY_PLAYERS[OPEN][4].rounds and state.progress == 0


def replies_to(lines: list[str]) -> dict[str, Reply]:
    """The replies to these console lines, by key (the last of each)."""
    blocks = asyncio.run(replay_lines(["@clock 2026-12-01T12:00:00+09:00", *lines]))
    return {data["key"]: reply_from_data(data) for block in blocks for data in block.replies}


def test_what_the_players_read_in_both_languages() -> None:
    replies = replies_to(
        [
            "Ann: /regidice new",
            "Ann: /regidice config rounds:many",
            "Ann: /regidice config ラウンド数:自動 ダイス:4",
            "Bob: /regidice join",
            "Ann: /regidice start",
            "Ann: /regidice status",
        ]
    )
    opened, refused = replies["table.opened"], replies["bad_setting"]
    configured = replies["table.configured"]
    assert opened.params["settings"] == {
        "declare": "open",
        "dice": None,
        "deadline": 12,
        "rounds": None,
    }
    assert "ラウンド数 人数と宣言方式で決める" in render(opened, "ja")
    assert "rounds by players and declarations" in render(opened, "en")
    assert refused.key == "bad_setting"
    # Regidice's own words, not those of Ducks' `rounds:` (N or 2N).
    assert render(refused, "ja") == (
        "【Ann】設定 ラウンド数 に「many」は使えません。"
        "指定できる値: 0〜999（0 で無制限）か auto（自動: 人数と宣言方式で決める）"
    )
    assert render(refused, "en").endswith(
        "rounds cannot be “many”. "
        "Allowed: 0-999 (0: no limit), or auto (by players and declarations)"
    )
    assert configured.params["settings"]["dice"] == 4
    assert configured.params["settings"]["rounds"] is None
    # Once started, each round says how near the limit is, as does the status.
    limit = BY_PLAYERS[OPEN][2].rounds
    round_started = replies["regidice.round_started"]
    assert f"ラウンド1/{limit}（リード Ann）" in render(round_started, "ja")
    assert f"Round 1/{limit} (lead Ann)" in render(round_started, "en")
    status = replies["regidice.status"]
    assert render(status, "ja").startswith(f"ラウンド1/{limit} ・ ")
    assert render(status, "en").startswith(f"Round 1/{limit} · ")


def test_no_limit_shows_the_round_alone() -> None:
    replies = replies_to(["Ann: /regidice new dice:2 rounds:0", "Ann: /regidice start"])
    round_started = replies["regidice.round_started"]
    assert "━━ ラウンド1（リード Ann）━━" in render(round_started, "ja")
    assert "━━ Round 1 (lead Ann) ━━" in render(round_started, "en")


def rolled(pips: int, black: int) -> str:
    """A solo roll of 9 dice of each colour and `black` black dice, every die showing `pips`."""
    dice = [f"{pips}{c}" for c in "rby" for _ in range(9)] + [f"{pips}k"] * black
    return "@dice Ann: " + " ".join(dice)


def test_the_last_round_may_still_be_won() -> None:
    """The limit ends the table only at the end of its last round: a table that defeats its
    last enemy in that round wins. Alone, with 9 dice of each colour all showing the defence,
    each round kills its enemy (§4 spoils: 3, then 4 more black dice)."""
    rolls = [rolled(3, 0), rolled(4, 3), rolled(5, 7)]
    for limit, result in ((3, ("won", None, 3, 60)), (2, ("lost", "out_of_rounds", 2, 35))):
        table = Table(rolls, names=("Ann",), settings={"dice": "9", "rounds": str(limit)})
        while not GAME.finished(table.state):
            table.move(0, Declare(Action.ATTACK))
            if not GAME.finished(table.state):
                table.move(0, Act())
        state = table.state
        assert (state.result, state.reason, state.round, state.progress) == result
