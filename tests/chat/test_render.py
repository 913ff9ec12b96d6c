"""What the bot's replies say, in Japanese and English, built from the village's reply data."""

from __future__ import annotations

from typing import Any

import pytest

from bot.chat import catalog_en, catalog_ja
from bot.chat.render import Surface, display_width, format_faces, no_link, render
from bot.village.replies import Reply, ReplyKind

LOCALES = ("ja", "en")


def fake_link(message_id: int | None) -> str:
    return "" if message_id is None else f"#{message_id}"


def state(**changes: Any) -> dict[str, Any]:
    """A player's position as the village reports it: mid-turn unless changed."""
    base: dict[str, Any] = {
        "day": 1,
        "turn": 1,
        "lap": 1,
        "throw": 1,
        "faces": ["$", "Eg", "Eg", "D", "G", "G"],
        "turn_points": 0,
        "best_take": 200,
        "day_points": 0,
        "held": 200,
        "total_points": 0,
        "can_end": False,
        "legal_counts": [5, 4, 3],
        "turns_played": 0,
        "turns_per_day": 5,
        "finished": False,
    }
    return {**base, **changes}


def next_turn(turn: int, day_points: int = 0, total_points: int = 0) -> dict[str, Any]:
    return state(
        turn=turn,
        throw=0,
        faces=[],
        best_take=0,
        held=day_points,
        day_points=day_points,
        total_points=total_points,
        legal_counts=[6],
        turns_played=turn - 1,
    )


FINISHED = state(
    turn=None,
    lap=None,
    throw=None,
    faces=[],
    best_take=0,
    day_points=1300,
    held=1300,
    total_points=5500,
    legal_counts=[],
    turns_played=5,
    finished=True,
)

OPTIONS = [
    {"count": 1, "dice": ["D"], "points": 100, "combinations": ["single_d"], "next": 5},
    {
        "count": 2,
        "dice": ["G", "D"],
        "points": 150,
        "combinations": ["single_g", "single_d"],
        "next": 4,
    },
    {
        "count": 3,
        "dice": ["G", "G", "D"],
        "points": 200,
        "combinations": ["single_g", "single_g", "single_d"],
        "next": 3,
    },
]
BEST = {k: v for k, v in OPTIONS[2].items() if k != "next"}

THROW = Reply(
    ReplyKind.THROW,
    "throw",
    {
        "turn": 1,
        "lap": 1,
        "throw": 1,
        "variant": "official",
        "faces": ["$", "Eg", "Eg", "D", "G", "G"],
        "dice": 6,
        "options": OPTIONS,
        "best_take": BEST,
    },
    to="alice",
    state=state(),
)

SEED_MEMO = Reply(
    ReplyKind.MEMO,
    "memo",
    {
        "player": "alice",
        "day": 5,
        "points": 1300,
        "message_id": 105,
        "turns": [
            {
                "number": n,
                "outcome": o,
                "score": s,
                "lost": 0,
                "day_lost": 0,
                "laps": 1,
                "throws": 2,
            }
            for n, o, s in [
                (1, "greed_out", 0),
                (2, "greed_out", 0),
                (3, "turn_end", 1000),
                (4, "greed_out", 0),
                (5, "turn_end", 300),
            ]
        ],
        "total": 5500,
        "days": [
            {"day": 1, "points": 1800, "message_id": 302},
            {"day": 2, "points": 1500, "message_id": 39},
            {"day": 3, "points": 0, "message_id": 156},
            {"day": 4, "points": 900, "message_id": 79},
            {"day": 5, "points": 1300, "message_id": 105},
        ],
    },
    to="alice",
)

SETTINGS = {
    "variant": "official",
    "turns": 5,
    "threshold": 500,
    "locale": "ja",
    "timezone": "Asia/Tokyo",
    "update": "00:00",
    "period": 24,
}

VOIDED = {
    "by": 7,
    "by_name": "mod",
    "reason": "outage",
    "at": "2024-11-29T16:00:00+00:00",
    "target": {"turn": 2, "lap": 1, "throw": 1},
    "to_version": 9,
    "throws_voided": 1,
}


def log_step(seq: int, position: str, faces: str, then: list[Any]) -> dict[str, Any]:
    """One throw of the log: `position` is "turn lap throw", `faces` space-separated tokens."""
    turn, lap, throw = (int(n) for n in position.split())
    return {
        "turn": turn,
        "lap": lap,
        "throw": throw,
        "faces": faces.split(),
        "throw_seq": seq,
        "message_id": 100 + seq,
        "at": "2024-11-29T15:30:00+00:00",
        "then": then,
        "voided": None,
    }


def set_aside(dice: str, points: int) -> dict[str, Any]:
    return {
        "type": "DiceSetAside",
        "count": len(dice.split()),
        "dice": dice.split(),
        "points": points,
    }


LOG = Reply(
    ReplyKind.INFO,
    "log",
    {
        "player": "alice",
        "day": 1,
        "steps": [
            log_step(1, "1 1 1", "D G $ $ R Eb", [set_aside("G D", 150)]),
            log_step(
                2, "1 1 2", "R R R G", [set_aside("G R R R", 450), {"type": "LapStarted", "lap": 2}]
            ),
            log_step(
                3,
                "1 2 1",
                "$ R R Eg Eb Eb",
                [{"type": "GreedOut", "turn_points_lost": 600, "day_points_lost": 0}],
            ),
            {**log_step(4, "2 1 1", "D D R R $ Eg", []), "voided": VOIDED},
        ],
    },
    to="alice",
)

# One reply for every key the village sends, with the params it carries.
SAMPLES: dict[str, Reply] = {
    "throw": THROW,
    "sweep": Reply(
        ReplyKind.SWEEP,
        "sweep",
        {
            "turn": 1,
            "lap": 1,
            "throw": 3,
            "faces": ["G"],
            "dice": 1,
            "take": {"dice": ["Eg", "Eg", "Eg"], "points": 300},
            "sweep_points": 50,
            "next_lap": 2,
        },
        to="alice",
        state=state(
            lap=2, throw=0, faces=["G"], turn_points=500, best_take=0, held=500, legal_counts=[6]
        ),
    ),
    "greed_out": Reply(
        ReplyKind.GREED_OUT,
        "greed_out",
        {
            "turn": 1,
            "lap": 1,
            "throw": 3,
            "faces": ["$"],
            "dice": 1,
            "take": {"dice": ["Eg", "Eg", "Eg"], "points": 300},
            "lost": 450,
            "day_lost": 0,
            "variant": "official",
        },
        to="alice",
        state=next_turn(2),
    ),
    "turn_end": Reply(
        ReplyKind.TURN_END,
        "turn_end",
        {
            "turn": 3,
            "lap": 2,
            "variant": "official",
            "take": {"dice": ["D", "D"], "points": 200},
            "score": 1000,
            "lost": 0,
            "forced": False,
        },
        to="alice",
        state=next_turn(4, 1000, 1000),
    ),
    "double_post": Reply(ReplyKind.IGNORED, "double_post", {"dice": 4}, to="alice", state=state()),
    "illegal_count": Reply(
        ReplyKind.REFUSED,
        "illegal_count",
        {"asked": 6, "legal": [5, 4, 3], "can_end": False},
        to="alice",
        state=state(),
    ),
    "turn_end_refused": Reply(
        ReplyKind.REFUSED,
        "turn_end_refused",
        {"reason": "below_threshold", "held": 450, "threshold": 500, "legal": [1]},
        to="alice",
        state=state(),
    ),
    "no_turns_left": Reply(
        ReplyKind.REFUSED, "no_turns_left", {"turns_per_day": 5}, to="alice", state=FINISHED
    ),
    "day_closed": Reply(ReplyKind.REFUSED, "day_closed", {}, to="alice"),
    "no_village": Reply(ReplyKind.REFUSED, "no_village", {}, to="alice"),
    "village_exists": Reply(ReplyKind.REFUSED, "village_exists", {}, to="mod"),
    "moderators_only": Reply(
        ReplyKind.REFUSED, "moderators_only", {"command": "village create"}, to="alice"
    ),
    "unknown_player": Reply(ReplyKind.REFUSED, "unknown_player", {"player": "zed"}, to="alice"),
    "missing_argument": Reply(
        ReplyKind.REFUSED,
        "missing_argument",
        {"argument": "reason", "command": "rollback"},
        to="mod",
    ),
    "bad_number": Reply(
        ReplyKind.REFUSED, "bad_number", {"argument": "turn", "value": "two"}, to="mod"
    ),
    "unknown_day": Reply(ReplyKind.REFUSED, "unknown_day", {"day": 9, "last": 3}, to="alice"),
    "unknown_face": Reply(ReplyKind.REFUSED, "unknown_face", {"face": "E"}, to="alice"),
    "score_dice": Reply(ReplyKind.REFUSED, "score_dice", {"dice": 7}, to="alice"),
    "rollback_target": Reply(
        ReplyKind.REFUSED,
        "rollback_target",
        {"player": "alice", "turn": 4, "lap": 1, "throw": 1},
        to="mod",
    ),
    "nothing_to_restore": Reply(
        ReplyKind.REFUSED, "nothing_to_restore", {"player": "alice"}, to="mod"
    ),
    "nothing_to_roll_back": Reply(
        ReplyKind.REFUSED, "nothing_to_roll_back", {"player": "alice"}, to="mod"
    ),
    "reason_too_long": Reply(ReplyKind.REFUSED, "reason_too_long", {"limit": 300}, to="mod"),
    "bad_setting": Reply(
        ReplyKind.REFUSED,
        "bad_setting",
        {"setting": "period", "value": "12", "allowed": "24, 48, 72"},
        to="mod",
    ),
    "unknown_setting": Reply(
        ReplyKind.REFUSED,
        "unknown_setting",
        {"setting": "colour", "allowed": "rules, turns, threshold, locale"},
        to="mod",
    ),
    "unknown_command": Reply(
        ReplyKind.REFUSED,
        "unknown_command",
        {"command": "greed dance", "known": "status, log, memo"},
        to="alice",
    ),
    "message_too_many_tags": Reply(
        ReplyKind.REFUSED, "message_too_many_tags", {"tags": 7, "limit": 2000}, to="alice"
    ),
    "message_tags_and_turn_end": Reply(
        ReplyKind.REFUSED, "message_tags_and_turn_end", {"tags": 3, "limit": 2000}, to="alice"
    ),
    "message_too_long": Reply(
        ReplyKind.REFUSED, "message_too_long", {"tags": 0, "limit": 2000}, to="alice"
    ),
    "store_unavailable": Reply(ReplyKind.REFUSED, "store_unavailable", {}, to="alice"),
    "village_created": Reply(ReplyKind.INFO, "village_created", {"game": "greed"}),
    "status": Reply(
        ReplyKind.INFO,
        "status",
        {"player": "alice"},
        to="alice",
        state=state(throw=2, faces=["R", "Eg", "Eg", "Eg"], turn_points=150, legal_counts=[1]),
    ),
    "log": LOG,
    "score": Reply(
        ReplyKind.INFO,
        "score",
        {
            "faces": ["$", "Eg", "Eg", "D", "G", "G"],
            "points": 200,
            "sweep": False,
            "greed_out": False,
            "options": OPTIONS,
            "legal_counts": [5, 4, 3],
        },
    ),
    "rolled_back": Reply(
        ReplyKind.INFO,
        "rolled_back",
        {
            "player": "alice",
            "by": 7,
            "by_name": "mod",
            "reason": "outage",
            "target": {"turn": 2, "lap": 1, "throw": 1},
            "throws_voided": 3,
            "to_version": 9,
        },
        to="alice",
        state=next_turn(2),
    ),
    "restored": Reply(
        ReplyKind.INFO,
        "restored",
        {
            "player": "alice",
            "by": 7,
            "by_name": "mod",
            "reason": "mistake",
            "rollback_version": 10,
            "throws_restored": 3,
        },
        to="alice",
        state=state(),
    ),
    "settings": Reply(
        ReplyKind.INFO,
        "settings",
        {
            "day": 2,
            "current": SETTINGS,
            "next": {**SETTINGS, "variant": "house", "locale": "en"},
            "changed": ["rules", "locale"],
        },
    ),
    "day_extended": Reply(
        ReplyKind.INFO,
        "day_extended",
        {"day": 1, "closes_at": "2024-11-29T15:00:00+00:00", "timezone": "Asia/Tokyo"},
    ),
    "standings": Reply(
        ReplyKind.INFO,
        "standings",
        {
            "days": 2,
            "rows": [
                {"rank": 1, "player": "たろう", "days": [1800, 1500], "total": 3300},
                {"rank": 2, "player": "bob", "days": [900, 0], "total": 900},
                {"rank": 3, "player": "ｶﾀｶﾅ名前", "days": [0, 0], "total": 0},
            ],
        },
    ),
    "memo": SEED_MEMO,
    "day_opened": Reply(
        ReplyKind.DAY_OPENED,
        "day_opened",
        {
            "day": 2,
            "closes_at": "2024-11-30T15:00:00+00:00",
            "timezone": "Asia/Tokyo",
            "commitment": "ab" * 32,
            "rules": {"variant": "official", "turns": 5, "threshold": 500},
        },
    ),
    "day_closed_announcement": Reply(
        ReplyKind.DAY_CLOSED,
        "day_closed",
        {
            "day": 1,
            "reason": "advanced",
            "by": "mod",
            "unfinished": ["bob", "carol"],
            "seed": "cd" * 32,
            "commitment": "ab" * 32,
        },
    ),
}


def text(key: str, locale: str = "ja", link: Any = no_link) -> str:
    return render(SAMPLES[key], locale, Surface(link=link))


# -- faces -----------------------------------------------------------------------------------


def test_japanese_faces_tell_the_two_es_apart_by_mark_and_word() -> None:
    shown = format_faces(["$", "G", "R", "Eg", "Eb", "D"], "ja")
    assert shown == "【＄】【G】【R】【E🟩緑】【E⬛黒】【D】"


def test_english_faces_tell_the_two_es_apart_by_mark_and_word() -> None:
    assert format_faces(["$", "G", "R", "Eg", "Eb", "D"], "en") == "$ G R E🟩green E⬛black D"


def test_faces_accept_tokens_in_any_case() -> None:
    assert format_faces(["eg", "EB"], "en") == "E🟩green E⬛black"


def test_an_unknown_locale_renders_in_japanese() -> None:
    assert format_faces(["Eg"], "fr") == "【E🟩緑】"
    assert render(THROW, "fr") == render(THROW, "ja")


def test_the_catalogues_have_the_same_keys() -> None:
    assert set(catalog_ja.TEXTS) == set(catalog_en.TEXTS)


# -- play ------------------------------------------------------------------------------------


def test_a_throw_shows_position_faces_options_and_points() -> None:
    ja = render(THROW, "ja")
    assert ja.startswith("【alice】1ターン目 1周1投目: 【＄】【E🟩緑】【E🟩緑】【D】【G】【G】")
    assert "D 100点→5個 / DG 150点→4個 / DGG 200点→3個" in ja
    assert "持ち点 200点" in ja
    assert "`[[greed]]×5` / `[[greed]]×4` / `[[greed]]×3`" in ja
    assert 3 <= len(ja.splitlines()) <= 6
    en = render(THROW, "en")
    assert "Turn 1, lap 1, throw 1" in en
    assert "DG 150 pts → throw 4" in en


def test_a_throw_says_turn_end_is_not_yet_allowed_below_the_threshold() -> None:
    assert "TE不可" in render(THROW, "ja")
    assert "no Turn End yet" in render(THROW, "en")


def test_a_throw_names_the_threshold_when_the_village_sends_it() -> None:
    reply = Reply(ReplyKind.THROW, "throw", {**THROW.params, "threshold": 800}, "alice", state())
    assert "TE不可（持ち点800点未満）" in render(reply, "ja")


def test_a_throw_says_what_turn_end_would_bank_when_allowed() -> None:
    allowed = state(can_end=True, turn_points=150, best_take=200, held=850, day_points=500)
    reply = Reply(ReplyKind.THROW, "throw", THROW.params, "alice", allowed)
    assert "TE可（DGG 200点を取ってターン計 350点）" in render(reply, "ja")
    assert "Turn End allowed (takes DGG 200 pts, the turn banks 350 pts)" in render(reply, "en")


def test_a_throw_names_the_take_from_the_previous_throw() -> None:
    assert "取った役: エメラルド 300点" in text("greed_out")
    assert "Set aside from the previous throw: Emerald 300 pts" in text("greed_out", "en")


def test_a_sweep_forces_a_six_dice_lap_without_turn_end() -> None:
    ja = text("sweep")
    assert "総取り！ G 50点 → 強制2周目へ" in ja
    assert "`[[greed]]×6` のみ" in ja
    assert "TEはできません" in ja
    en = text("sweep", "en")
    assert "lap 2 is forced" in en
    assert "no Turn End" in en


def test_a_greed_out_scores_zero_and_points_to_the_next_turn() -> None:
    ja = text("greed_out")
    assert "グリードアウト！ 1ターン目は0点（450点を失いました）" in ja
    assert "次: 2ターン目 `[[greed]]×6`" in ja
    assert "本日の持ち点" not in ja


def test_a_house_greed_out_mentions_the_day_points_wiped() -> None:
    reply = SAMPLES["greed_out"]
    wiped = Reply(
        reply.kind,
        reply.key,
        {**reply.params, "day_lost": 800, "variant": "house"},
        "alice",
        reply.state,
    )
    assert "ハウスルールなので、本日の持ち点 800点 も失いました" in render(wiped, "ja")
    assert "today's banked 800 pts are lost too" in render(wiped, "en")


def test_the_last_turn_of_the_day_says_the_day_is_done() -> None:
    reply = SAMPLES["greed_out"]
    last = Reply(reply.kind, reply.key, reply.params, "alice", FINISHED)
    assert "本日の5ターンはすべて終了しました" in render(last, "ja")
    assert "All 5 turns of today are played" in render(last, "en")


def test_a_turn_end_shows_the_turn_score_and_the_day() -> None:
    ja = text("turn_end")
    assert "【alice】3ターン目 ターンエンド！" in ja
    assert "取った役: DD 200点" in ja
    assert "3ターン目の得点: 1000点" in ja
    assert "本日 1000点 ・ 総合 1000点" in ja
    assert "Turn 3 scores 1000 pts" in text("turn_end", "en")


def test_a_house_sweep_below_the_threshold_ends_the_turn_at_zero() -> None:
    params = {
        "turn": 1,
        "lap": 1,
        "throw": 3,
        "variant": "house",
        "faces": ["G"],
        "dice": 1,
        "take": {"dice": ["Eg", "Eg", "Eg"], "points": 300},
        "score": 0,
        "lost": 500,
        "forced": True,
        "sweep_points": 50,
    }
    reply = Reply(ReplyKind.TURN_END, "turn_end", params, "alice", next_turn(2))
    ja = render(reply, "ja")
    assert "ハウスルールでは周回はターン最初の1投目だけ" in ja
    assert "1ターン目は0点（500点を失いました）" in ja


# -- refusals and notices ----------------------------------------------------------------------


def test_an_illegal_count_names_the_legal_counts() -> None:
    ja = text("illegal_count")
    assert "今は6個は振れません" in ja
    assert "何も振っていません" in ja
    assert "`[[greed]]×5` / `[[greed]]×4` / `[[greed]]×3`" in ja
    assert "Legal now: `[[greed]]×5`" in text("illegal_count", "en")


def test_an_illegal_count_offers_turn_end_when_allowed() -> None:
    reply = Reply(
        ReplyKind.REFUSED, "illegal_count", {"asked": 2, "legal": [1], "can_end": True}, "alice"
    )
    assert render(reply, "ja").endswith("今できること: `[[greed]]×1` ・ TE")


def test_a_refused_turn_end_below_the_threshold_names_held_threshold_and_counts() -> None:
    ja = text("turn_end_refused")
    assert "持ち点 450点 がTE条件（500点）に届かない" in ja
    assert "`[[greed]]×1`" in ja
    assert "held 450 pts is below the threshold of 500 pts" in text("turn_end_refused", "en")


def test_a_refused_turn_end_in_a_forced_lap_says_throw_six() -> None:
    reply = Reply(
        ReplyKind.REFUSED,
        "turn_end_refused",
        {"reason": "forced_lap", "held": 600, "threshold": 500, "legal": [6]},
        "alice",
    )
    assert "強制周回" in render(reply, "ja")
    assert "`[[greed]]×6`" in render(reply, "ja")


def test_too_many_tags_says_six_at_most_whatever_the_length_limit() -> None:
    ja = text("message_too_many_tags")
    assert "7個" in ja
    assert "6個まで" in ja
    assert "2000" not in ja


def test_a_double_post_is_ignored_with_a_notice() -> None:
    ja = text("double_post")
    assert "二重投稿として無視しました" in ja
    assert "The first one counts; this one is ignored." in text("double_post", "en")


def test_a_closed_day_refusal_differs_from_the_closing_announcement() -> None:
    assert "もう締め切られています" in text("day_closed")
    assert text("day_closed_announcement").startswith("━━ 1d 終了（mod が締切） ━━")


# -- information -------------------------------------------------------------------------------


def test_status_shows_where_the_player_stands() -> None:
    ja = text("status")
    assert ja.startswith("【alice】1dの状況")
    assert "1ターン目 1周2投目: 【R】【E🟩緑】【E🟩緑】【E🟩緑】" in ja
    assert "消化 0/5ターン" in ja
    assert "`[[greed]]×1`" in ja


def test_status_after_the_last_turn_has_no_moves() -> None:
    reply = Reply(ReplyKind.INFO, "status", {"player": "alice"}, "alice", FINISHED)
    ja = render(reply, "ja")
    assert "本日の5ターンはすべて終了しました" in ja
    assert "[[greed]]" not in ja


def test_the_log_has_one_line_per_throw_with_takes_links_and_voided_marks() -> None:
    lines = text("log", "ja", fake_link).splitlines()
    assert lines[0] == "【alice】1dの記録"
    assert lines[1] == "T1 1周1投目 【D】【G】【＄】【＄】【R】【E⬛黒】 → DG 150点 #101"
    assert lines[2] == "T1 1周2投目 【R】【R】【R】【G】 → ルビー+G 450点 → 総取り 2周目へ #102"
    assert lines[3].endswith("→ グリードアウト #103")
    assert lines[4].startswith("【無効】T2 1周1投目")
    assert "mod が無効化" in lines[4]
    assert "理由: outage" in lines[4]
    assert "[voided] T2 lap 1 throw 1" in text("log", "en")


def test_score_lists_every_take_and_the_turn_end_take() -> None:
    ja = text("score")
    assert "D 100点→5個 / DG 150点→4個 / DGG 200点→3個" in ja
    assert "TEするなら DGG 200点" in ja


def test_score_of_a_sweep_names_the_combinations_and_the_forced_lap() -> None:
    faces = ["R", "R", "R", "D", "G", "G"]
    take = {
        "count": 6,
        "dice": faces,
        "points": 600,
        "combinations": ["ruby", "single_g", "single_d", "single_g"],
        "next": 6,
    }
    params = {"faces": faces, "points": 600, "sweep": True, "greed_out": False, "options": [take]}
    reply = Reply(ReplyKind.INFO, "score", {**params, "legal_counts": [6]})
    assert "総取り！ 全ダイスに役がつくので ルビー+DGG 600点 を取り" in render(reply, "ja")
    assert "take Ruby+DGG 600 pts" in render(reply, "en")


def test_names_with_braces_are_shown_as_typed() -> None:
    reply = Reply(ReplyKind.REFUSED, "unknown_player", {"player": "{who}"}, to="a{0}")
    assert render(reply, "ja") == "【a{0}】プレイヤー「{who}」が見つかりません。"


def test_a_rollback_names_the_moderator_the_target_and_the_reason() -> None:
    ja = text("rolled_back")
    assert ja.startswith("mod が alice を 2ターン目 1周1投目 の前まで戻しました（3投を無効化）")
    assert "理由: outage" in ja
    en = text("rolled_back", "en")
    assert en.startswith(
        "mod rolled alice back to before turn 2 (lap 1, throw 1). Throws voided: 3. Reason: outage"
    )


def test_changed_settings_say_what_applies_tomorrow_and_what_applies_now() -> None:
    ja = text("settings")
    assert "変更しました: ルール、言語" in ja
    assert "ルールは3dから適用されます。" in ja
    assert "言語はすぐに適用されます。" in ja
    assert "・ルール: 公式ルール → ハウスルール" in ja
    en = text("settings", "en")
    assert "Takes effect on day 3: rules." in en
    assert "- rules: official rules → house rules" in en


def test_a_day_extension_shows_the_close_in_the_village_time_zone() -> None:
    assert "11/30(土) 00:00 (Asia/Tokyo)" in text("day_extended")
    assert "Sat 2024-11-30 00:00 (Asia/Tokyo)" in text("day_extended", "en")


def test_a_day_opening_shows_its_close_rules_and_commitment() -> None:
    ja = text("day_opened")
    assert "締切: 12/1(日) 00:00 (Asia/Tokyo)" in ja
    assert "公式ルール ・ 1日5ターン" in ja
    assert f"sha256: {'ab' * 32}" in ja


def test_a_day_closing_lists_unfinished_players_and_reveals_the_seed() -> None:
    ja = text("day_closed_announcement")
    assert "未完了のターンは0点: bob、carol" in ja
    assert f"シード公開: {'cd' * 32}" in ja


def test_standings_align_wide_names_in_a_code_block() -> None:
    lines = text("standings").splitlines()
    assert lines[1] == "```"
    assert lines[-1] == "```"
    table = lines[2:-1]
    assert table[0].split() == ["順位", "名前", "1d", "2d", "総合"]
    assert "たろう" in table[1]
    assert len({display_width(line) for line in table}) == 1


# -- the memo ----------------------------------------------------------------------------------


def test_the_memo_reproduces_the_seed_example_in_japanese() -> None:
    assert render(SEED_MEMO, "ja", Surface(link=fake_link)) == "\n".join(
        [
            "【alice】5d 得点メモ",
            "最終得点: 1300点 #105",
            "0+0+1000+0+300=1300",
            "総合得点: 5500点",
            "1800+1500+0+900+1300=5500",
            "--",
            "1d: 1800点 #302",
            "2d: 1500点 #39",
            "3d: 0点 #156",
            "4d: 900点 #79",
            "5d: 1300点 #105",
        ]
    )


def test_the_memo_reproduces_the_seed_example_in_english() -> None:
    assert render(SEED_MEMO, "en", Surface(link=fake_link)) == "\n".join(
        [
            "[alice] day 5 score memo",
            "Final score: 1300 pts #105",
            "0+0+1000+0+300=1300",
            "Overall: 5500 pts",
            "1800+1500+0+900+1300=5500",
            "--",
            "1d: 1800 pts #302",
            "2d: 1500 pts #39",
            "3d: 0 pts #156",
            "4d: 900 pts #79",
            "5d: 1300 pts #105",
        ]
    )


def test_the_memo_leaves_out_missing_links_without_trailing_spaces() -> None:
    lines = render(SEED_MEMO, "ja").splitlines()
    assert lines[1] == "最終得点: 1300点"
    assert lines[-1] == "5d: 1300点"


def test_the_memo_shows_a_house_wipe_so_the_sum_adds_up() -> None:
    turns = [
        {"number": 1, "outcome": "turn_end", "score": 500, "lost": 0, "day_lost": 0},
        {"number": 2, "outcome": "turn_end", "score": 300, "lost": 0, "day_lost": 0},
        {"number": 3, "outcome": "greed_out", "score": 0, "lost": 200, "day_lost": 800},
        {"number": 4, "outcome": "turn_end", "score": 600, "lost": 0, "day_lost": 0},
    ]
    days = [{"day": 1, "points": 600, "message_id": None}]
    params = {**SEED_MEMO.params, "day": 1, "points": 600, "turns": turns, "total": 600}
    reply = Reply(ReplyKind.MEMO, "memo", {**params, "days": days}, "alice")
    assert "500+300+0(-800)+600=600" in render(reply, "ja").splitlines()


def test_the_memo_of_a_day_without_turns_says_so() -> None:
    days = [{"day": 1, "points": 0, "message_id": None}]
    params = {**SEED_MEMO.params, "day": 1, "points": 0, "turns": [], "total": 0, "days": days}
    reply = Reply(ReplyKind.MEMO, "memo", params, "alice")
    assert render(reply, "ja").splitlines()[2] == "(未プレイ)"
    assert render(reply, "en").splitlines()[2] == "(no turns played)"


# -- every reply -------------------------------------------------------------------------------


CATALOGS = {"ja": catalog_ja.TEXTS, "en": catalog_en.TEXTS}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_reply_renders_plain_text_in_both_locales(name: str, locale: str) -> None:
    reply = SAMPLES[name]
    shown = render(reply, locale, Surface(link=fake_link))
    assert shown.strip()
    assert shown != CATALOGS[locale]["unknown"].format(key=reply.key)
    for leak in ("None", "{'", "['", "Traceback", "{who}", "{"):
        assert leak not in shown
    assert len(shown) < 2000


def test_an_unknown_key_falls_back_to_a_text_naming_it() -> None:
    reply = Reply(ReplyKind.INFO, "odds_table", {"x": 1})
    assert render(reply, "ja") == "（この返信の文面が見つかりません: odds_table）"
    assert render(reply, "en") == "(no text for the reply odds_table)"


def test_a_reply_with_malformed_params_falls_back_instead_of_raising() -> None:
    reply = Reply(ReplyKind.THROW, "throw", {"options": [{"points": "lots", "next": None}]})
    assert render(reply, "en")
    standings = Reply(ReplyKind.INFO, "standings", {"days": "x", "rows": "not a list"})
    assert render(standings, "ja")
