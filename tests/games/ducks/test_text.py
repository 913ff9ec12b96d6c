"""What Ducks' replies say, in Japanese and English, from data made by playing a table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.api import ChanceRequest, Outcome, RuleError, replay
from bot.games.ducks import TABLE, replies
from bot.games.ducks.game import GAME
from bot.games.ducks.grammar import Malformed, Moves, read
from bot.games.ducks.moves import DuckMove, Leave, Pass, Promote, Roll, Stop
from bot.games.ducks.script import parse
from bot.games.ducks.text import TEXTS_EN, TEXTS_JA, WRITERS
from bot.words.reply import Reply, move_kind
from bot.words.text import Surface, Text
from tests.games.ducks.scripted import play

NAMES = ["May", "Kent", "Will"]
Rendered = tuple[Reply, dict[str, list[str]]]


class Recorder:
    """A table played move by move, keeping every reply the village would send."""

    def __init__(self, names: list[str], **settings: str) -> None:
        self.names = names
        self.state = GAME.new(GAME.settings(settings, {}), len(names))
        self.replies: list[Reply] = []

    def keep(self, key: str, params: dict[str, Any], to: str | None, kind: str = "") -> None:
        state = replies.position(self.state, self.names)
        self.replies.append(Reply(kind or move_kind(key), key, params, to=to, state=state))

    def after(self, before: Any, events: tuple[Any, ...], to: str | None) -> None:
        self.keep(*replies.outcome(before, events, self.state, self.names), to)
        for key, params in replies.channel_replies(before, events, self.state, self.names):
            self.keep(key, params, None)

    def move(self, seat: int, move: DuckMove, *dice: str) -> None:
        self.message(seat, [move], *dice)

    def message(self, seat: int, moves: list[DuckMove], *dice: str) -> None:
        queue = list(dice)

        def draw(request: ChanceRequest) -> Outcome:
            return parse(queue.pop(0), request)

        before = self.state
        try:
            events = play(before, seat, moves, draw)
        except RuleError as error:
            name = self.names[seat] if seat < len(self.names) else None
            self.keep(*replies.refusal(error, before, self.names), name, "refused")
            return
        assert not queue
        self.state = replay(GAME, before, events)
        self.after(before, events, self.names[seat])

    def while_rolling(self, seat: int, move: DuckMove) -> None:
        """A move made while the roll of the seat on turn waits for its dice."""
        (rolling,) = GAME.to_move(self.state)
        pending = replay(GAME, self.state, GAME.decide(self.state, rolling, Roll()))
        with pytest.raises(RuleError) as caught:
            GAME.decide(pending, seat, move)
        key, params = replies.refusal(caught.value, pending, self.names)
        self.keep(key, params, self.names[seat], "refused")

    def command(self, seat: int, name: str, **args: str) -> None:
        """A move typed as a slash command (`/ducks promote dice:…`)."""
        try:
            move = TABLE.presenter.command(name, args, ())
        except RuleError as error:
            key, params = replies.refusal(error, self.state, self.names)
            self.keep(key, params, self.names[seat], "refused")
            return
        self.move(seat, move)

    def text(self, seat: int, text: str, *dice: str) -> None:
        reading = read(text)
        if isinstance(reading, Malformed):
            key, params = replies.malformed(reading, self.state, self.names)
            self.keep(key, params, self.names[seat], "refused")
            return
        assert isinstance(reading, Moves)
        self.message(seat, list(reading.moves), *dice)

    def expire(self) -> None:
        before = self.state
        events = GAME.expire(before)
        self.state = replay(GAME, before, events)
        self.after(before, events, None)

    def status(self) -> None:
        self.keep("ducks.status", replies.status(self.state, self.names), None)

    def score(self) -> None:
        self.keep("ducks.score", replies.score_table(self.state, self.names), None)


def play_a_table() -> Recorder:
    """Three players, every kind of reply: rolls, promotions, passes, stops of every cause,
    busts, forfeits, refusals of every class, leaving, the rounds' ends and the game's end."""
    t = Recorder(NAMES)
    may, kent, will = 0, 1, 2
    t.status()
    t.move(may, Stop())  # refused: nothing rolled yet
    t.move(may, Promote((5,)))  # refused: promote before rolling
    t.move(kent, Roll())  # refused: not Kent's turn
    t.while_rolling(may, Roll())  # refused: the roll before is still waiting for its dice
    t.move(may, Roll(), "5|2 3 5 5 6")
    t.status()
    t.move(may, Roll())  # refused: a bare roll must say pass
    for values in ((4,), (6,), (5, 2, 3), (2, 6), (5, 5, 5)):
        t.move(may, Promote(values))  # refused, each for its reason
    t.move(may, Promote((5, 5)))
    t.status()
    t.move(may, Pass())  # refused: second choice on the same roll
    t.move(may, Roll(), "1|3 4 6")  # no promotion: a die set aside
    t.move(may, Roll(), "2|2 6")
    t.move(may, Pass())
    t.move(may, Roll(), "2|2")
    t.move(may, Promote((2,)))  # fills what is left: stops by itself, 5+5+2→5
    t.move(kent, Roll(), "6|6 1 1 1 1")
    t.text(kent, "昇格 6 [[ducks]]", "4|4 1 1 1")
    t.text(kent, "[[ducks]] [[ducks]]")
    t.text(kent, "ストップ [[ducks]]")
    t.text(kent, "promote 2 2 please")
    t.command(kent, "promote", dice="7 7")  # refused: no such face
    t.text(kent, "promote 4 stop")
    for dice in ("1|3 4 5 6 6", "1|3 4 5 6", "1|3 4 5", "1|5 6", "1|4"):
        t.move(will, Roll(), dice)  # a bust with an empty bucket, then round 1 ends
    t.score()
    t.expire()  # Kent opens round 2 and forfeits it untouched
    t.move(will, Roll(), "5|5 1 1 1 1")
    t.move(will, Promote((5,)))
    t.expire()  # stops with the bucket
    t.move(may, Roll(), "6|6 1 1 1 1")
    t.text(may, "パス [[ducks]]", "6|6 3 4 1")
    t.move(may, Promote((6,)))
    t.move(may, Roll(), "4|1 3 5")
    t.expire()  # forfeits in phase rolled: the bucket is lost
    t.move(will, Roll(), "3|3 1 1 1 1")
    t.move(will, Promote((3,)))
    t.move(will, Roll(), "1|2 2 2 2")
    t.move(will, Roll(), "5|2 3 4")
    t.move(will, Pass())
    t.move(will, Roll(), "6|4 5")
    t.move(will, Roll(), "1|6")  # busts with 3 in the bucket
    t.move(may, Roll(), "6|6 6 1 1 1")
    t.move(may, Promote((6, 6)))
    t.move(may, Leave())  # leaves on turn after promoting: stops with the bucket
    t.move(may, Roll())  # refused: May has left
    t.move(7, Roll())  # refused: no such seat
    t.status()
    t.move(kent, Roll(), "2|2 2 3 4 6")
    t.move(kent, Promote((2, 2)))
    t.score()
    t.move(will, Leave())  # one player left: the game ends, round 3 unscored
    t.move(kent, Roll())  # refused: the game is over
    t.status()
    t.score()
    return t


def shared_win() -> Recorder:
    """Two players whose every turn runs out of time: a shared win after the last round."""
    t = Recorder(["fay", "gus"])
    while not t.state.finished:
        t.expire()
    t.move(0, Roll())
    return t


@pytest.fixture(scope="module")
def played() -> list[Reply]:
    return [*play_a_table().replies, *shared_win().replies]


def write(reply: Reply, texts: dict[str, str] | Any) -> list[str]:
    return WRITERS[reply.key](Text(texts, Surface()), reply)


def test_every_writer_is_reached_by_play(played: list[Reply]) -> None:
    assert {r.key for r in played} == set(WRITERS)


def test_every_move_kind_and_refusal_of_section_6_is_played(played: list[Reply]) -> None:
    kinds = {move_kind(r.key) for r in played}
    assert {"roll", "no_promotion", "promote", "pass", "stop", "bust", "forfeit"} <= kinds
    assert {"round_end", "game_end", "left", "score", "status", "malformed"} <= kinds
    causes = {r.params.get("cause") for r in played if r.key == "ducks.stop"}
    assert causes == {"player", "auto", "time"}
    reasons = {r.params.get("reason") for r in played if r.key == "ducks.bad_promotion"}
    assert reasons == {"not_rolled", "single_not_boss", "mixed", "not_sum"}
    malformed = {r.params.get("reason") for r in played if r.key == "ducks.malformed"}
    assert malformed == {"too_many_tags", "tag_and_stop", "unreadable"}


@pytest.mark.parametrize("texts", [TEXTS_JA, TEXTS_EN], ids=["ja", "en"])
def test_every_reply_renders_in_both_languages(played: list[Reply], texts: Any) -> None:
    for reply in played:
        lines = write(reply, texts)
        assert lines and all(line.strip() for line in lines), reply.key
        assert not any("{" in line or "}" in line for line in lines), (reply.key, lines)


def test_the_catalogues_have_the_same_keys() -> None:
    # Besides, English has singular forms (`ducks.points.one`: "1 pt") of counted words.
    singular = {key for key in TEXTS_EN if key.endswith(".one")}
    assert set(TEXTS_JA) == set(TEXTS_EN) - singular
    assert {key.removesuffix(".one") for key in singular} <= set(TEXTS_EN)
    # Every key names the game (`ducks.roll`, `slash.ducks.new`): no clash with another game's.
    assert all("ducks" in key.split(".") for key in TEXTS_JA)


def rendered(played: list[Reply], key: str, texts: Any, pick: Callable[[Reply], bool]) -> str:
    reply = next(r for r in played if r.key == key and pick(r))
    return "\n".join(write(reply, texts))


def first(_: Reply) -> bool:
    return True


def test_a_roll_states_whose_turn_the_round_the_roll_the_faces_and_every_choice(
    played: list[Reply],
) -> None:
    ja = rendered(played, "ducks.roll", TEXTS_JA, first)
    assert "【May】ラウンド1/3 ・ 1投目: 【ボス 5】 ［2］［3］［5］［5］［6］" in ja
    assert "バケツ: 空 ・ 残り5個 ・ 除外0個" in ja
    assert "昇格できる組: 5 / 2+3 / 5+5" in ja
    assert "`昇格 5`" in ja and "`パス`" in ja
    en = rendered(played, "ducks.roll", TEXTS_EN, first)
    assert "[May] Round 1/3, roll 1: [Boss 5] [2] [3] [5] [5] [6]" in en
    assert "Promotions: 5 / 2+3 / 5+5" in en
    assert "`promote 5`" in en and "`pass`" in en


def test_a_stop_shows_the_hand_with_the_wild_duck_and_whose_turn_is_next(
    played: list[Reply],
) -> None:
    auto = rendered(played, "ducks.stop", TEXTS_JA, lambda r: r.params["cause"] == "auto")
    assert "5+5+2→5 スリーカード" in auto
    assert "次の手番: 【Kent】（ラウンド1）" in auto
    en = rendered(played, "ducks.stop", TEXTS_EN, lambda r: r.params["cause"] == "auto")
    assert "5+5+2→5 three of a kind" in en and "Next: Kent's turn (round 1)" in en


def test_a_combined_message_says_the_promotion_before_the_new_roll(played: list[Reply]) -> None:
    ja = rendered(played, "ducks.roll", TEXTS_JA, lambda r: r.params["promoted"] == [6])
    assert "前の出目から 6 を昇格して振りました。" in ja
    assert "2投目: 【ボス 4】 ［4］［1］［1］［1］" in ja


def test_a_bust_says_what_was_lost(played: list[Reply]) -> None:
    ja = rendered(played, "ducks.bust", TEXTS_JA, lambda r: r.params["lost"] == [3])
    assert "ドボン！" in ja and "バケツの 3 を失い" in ja
    en = rendered(played, "ducks.bust", TEXTS_EN, lambda r: r.params["lost"] == [3])
    assert "Bust!" in en and "The bucket's 3 is lost" in en


def test_a_refusal_says_what_was_wrong_and_what_is_legal(played: list[Reply]) -> None:
    ja = rendered(played, "ducks.bad_promotion", TEXTS_JA, lambda r: r.params["reason"] == "mixed")
    assert "2+3+5 は昇格できません" in ja
    assert "昇格できる組: 5 / 2+3 / 5+5" in ja and "今できること:" in ja
    en = rendered(played, "ducks.not_your_turn", TEXTS_EN, first)
    assert "It is May's turn" in en


def test_the_round_end_ranks_the_hands_and_gives_the_totals(played: list[Reply]) -> None:
    ja = rendered(played, "ducks.round_end", TEXTS_JA, first)
    assert ja.splitlines()[:4] == [
        "ラウンド1/3の結果",
        "1位 【May】 5+5+2→5 スリーカード → 3点",
        "2位 【Kent】 6+4 ハイカード → 2点",
        "－ 【Will】 ガチョウの卵 → 0点",
    ]
    assert "次はラウンド2、最初の手番は【Kent】です。" in ja


def test_the_game_end_names_the_winners(played: list[Reply]) -> None:
    early = rendered(played, "ducks.game_end", TEXTS_EN, lambda r: r.params["early"])
    assert "Winner: Kent" in early and "after 2 rounds" in early
    shared = rendered(played, "ducks.game_end", TEXTS_JA, lambda r: not r.params["early"])
    assert "同点優勝: 【fay】、【gus】" in shared


def test_the_score_table_has_a_hand_and_a_points_line_per_round(played: list[Reply]) -> None:
    table = [r for r in played if r.key == "ducks.score"][-1]
    lines = write(table, TEXTS_JA)
    assert lines[0] == "得点表（全3ラウンド中2ラウンド終了）"
    body = "\n".join(lines)
    assert "R1 役" in body and "R1 点" in body and "R2 点" in body and "合計" in body
    assert "5+5+2→5 スリーカード" in body and "–" in body
    assert "R3" not in body  # the round the game ended in was not scored


def test_the_status_gives_the_chances_of_rolling_on(played: list[Reply]) -> None:
    ja = rendered(played, "ducks.status", TEXTS_JA, first)
    assert "白ダイス5個を振ると: 昇格できる確率 80.8%" in ja
    after_pass = rendered(played, "ducks.status", TEXTS_EN, lambda r: r.params["phase"] == "rolled")
    assert "After a pass you roll 4 white dice" in after_pass


def test_replies_without_names_name_the_seats() -> None:
    state = GAME.new(GAME.settings({}, {}), 2)
    events = GAME.decide(state, 0, Roll())
    after = replay(GAME, state, events)
    rolled = GAME.resolve(after, (4, 1, 2, 4, 4, 5))
    after = replay(GAME, after, rolled)
    key, params = GAME.outcome(state, [*events, *rolled], after)
    reply = Reply(move_kind(key), key, params, state=GAME.observe(after, 0))
    assert write(reply, TEXTS_JA)[0].startswith("【1番席】ラウンド1/2")
    assert write(reply, TEXTS_EN)[0].startswith("[seat 1] Round 1/2")


def test_random_play_renders_in_both_languages() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        t = Recorder(["a", "b", "c", "d"][: rng.randint(2, 4)], rounds=rng.choice(["N", "2N"]))
        while not t.state.finished:
            (seat,) = GAME.to_move(t.state)
            turn = t.state.turn
            assert turn is not None
            move = rng.choice(list(GAME.legal_moves(t.state, seat)))
            faces = " ".join(str(rng.randint(1, 6)) for _ in range(1 + turn.out))
            dice = [faces.replace(" ", " | ", 1)] if isinstance(move, Roll) else []
            t.move(seat, move, *dice)
            waiting = [s for s in range(len(t.names)) if s not in GAME.to_move(t.state)]
            if rng.random() < 0.1:
                t.move(rng.choice(waiting), rng.choice([Roll(), Pass(), Stop()]))  # refused
        for reply in t.replies:
            for texts in (TEXTS_JA, TEXTS_EN):
                assert write(reply, texts)
