"""The replies that let players check the dice (odds, verify, export, stats), in ja and en."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from bot.chat import catalog_en, catalog_ja
from bot.chat.render import display_width, render
from bot.words.reply import Reply, ReplyKind

LOCALES = ("ja", "en")
CATALOGS = {"ja": catalog_ja.TEXTS, "en": catalog_en.TEXTS}

ODDS_THROW = {
    "variant": "official",
    "points": 0,
    "opened": False,
    "mode": "throw",
    "dice": 6,
    "greed_out": 0.0308641975308642,
    "sweep": 0.0331790123456790,
    "ev_roll": 410.6,
    "advice": "roll",
}

ODDS_CHOOSE = {
    "variant": "official",
    "points": 0,
    "opened": True,
    "mode": "choose",
    "options": [
        {
            "count": 1,
            "dice": ["D"],
            "points": 100,
            "next": 5,
            "greed_out": 0.0771604938271605,
            "sweep": 0.0254629629629630,
            "value": 288.4,
        },
        {
            "count": 2,
            "dice": ["G", "D"],
            "points": 150,
            "next": 4,
            "greed_out": 0.1566358024691358,
            "sweep": 0.0370370370370370,
            "value": 411.6,
        },
    ],
    "turn_end": 150,
    "advice": "roll",
    "best_next": 4,
}

DOCUMENT = {
    "village_id": 1234567890,
    "day": 3,
    "commitment": "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
    "seed": "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
    "scripted": False,
    "throws": [
        {
            "player_id": 42,
            "throw_seq": 1,
            "message_id": 111,
            "faces": ["D", "R", "D", "G", "$", "D"],
            "voided": False,
        }
    ],
    "stats": {"day": {"counts": {"$": 1}, "total": 6, "chi_square": 6.0, "p_value": 0.3}},
}


def uniformity(counts: list[int], chi_square: float, p_value: float) -> dict[str, Any]:
    faces = ("$", "G", "R", "Eg", "Eb", "D")
    return {
        "counts": dict(zip(faces, counts, strict=True)),
        "total": sum(counts),
        "chi_square": chi_square,
        "p_value": p_value,
    }


STATS = {
    "day": None,
    "village": uniformity([40, 35, 38, 31, 29, 43], 4.0425, 0.543291),
    "players": [
        {"player": "たろう", **uniformity([20, 15, 18, 11, 9, 23], 9.4, 0.094058)},
        {"player": "bob", **uniformity([20, 20, 20, 20, 20, 20], 0.0, 1.0)},
        {"player": "ｶﾀｶﾅ", **uniformity([0, 0, 0, 0, 0, 0], 0.0, 1.0)},
    ],
}

VERIFY_OK = {
    "day": 3,
    "throws": 12,
    "ok": True,
    "scripted": False,
    "commitment": DOCUMENT["commitment"],
    "mismatches": [],
}

FACES_WRONG = {
    "what": "faces",
    "detail": "player 42 throw 1 (message 111): the seed gives D R D G $ D, recorded D D D D D D",
}
SCRIPTED = {"what": "scripted", "detail": "some faces were scripted, not drawn from the seed"}


def info(key: str, params: dict[str, Any], to: str | None = None) -> Reply:
    state = {"day": 1, "turn": 1} if key == "greed.odds" else None
    return Reply(ReplyKind.INFO, key, params, to=to, state=state)


SAMPLES: dict[str, Reply] = {
    "odds_throw": info("greed.odds", ODDS_THROW, "alice"),
    "odds_choose": info("greed.odds", ODDS_CHOOSE, "alice"),
    "odds_house": info("greed.odds", {**ODDS_CHOOSE, "variant": "house"}, "alice"),
    "verify_ok": info("greed.verify", VERIFY_OK),
    "verify_failed": info("greed.verify", {**VERIFY_OK, "ok": False, "mismatches": [FACES_WRONG]}),
    "verify_scripted": info(
        "greed.verify", {**VERIFY_OK, "ok": False, "scripted": True, "mismatches": [SCRIPTED]}
    ),
    "export_closed": info(
        "greed.export",
        {
            "day": 3,
            "throws": 1,
            "closed": True,
            "filename": "greed-village1234567890-day3.json",
            "document": DOCUMENT,
        },
    ),
    "export_open": info(
        "greed.export",
        {
            "day": 3,
            "throws": 1,
            "closed": False,
            "filename": "greed-village1234567890-day3.json",
            "document": {**DOCUMENT, "seed": None},
        },
    ),
    "stats": info("greed.stats", STATS),
    "stats_day": info("greed.stats", {**STATS, "day": 2}),
    "stats_empty": info(
        "greed.stats", {"day": None, "village": uniformity([0] * 6, 0.0, 1.0), "players": []}
    ),
    "day_not_closed": Reply(ReplyKind.REFUSED, "day_not_closed", {"day": 4}, to="alice"),
}


def text(name: str, locale: str = "ja") -> str:
    return render(SAMPLES[name], locale)


def before_code_block(shown: str) -> str:
    """The text outside the export's JSON block (which is expected to hold braces)."""
    return shown.split("```json")[0]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_dice_check_reply_renders_without_fallback_or_leftovers(
    name: str, locale: str
) -> None:
    reply = SAMPLES[name]
    shown = render(reply, locale)
    assert shown.strip()
    assert shown != CATALOGS[locale]["unknown"].format(key=reply.key)
    outside = before_code_block(shown)
    for leak in ("None", "{", "}", "['", "Traceback"):
        assert leak not in outside


# -- odds --------------------------------------------------------------------------------------


def test_odds_before_a_six_dice_throw_show_its_chances_and_the_expected_turn_score() -> None:
    lines = text("odds_throw").splitlines()
    assert lines[0].startswith("【alice】")
    assert lines[1] == "次は6個: GO 3.1% ・ 総取り 3.3% ・ このターンの期待得点 411点"
    en = text("odds_throw", "en")
    assert "Next throw, 6 dice: greed out 3.1% · sweep 3.3% · expected turn score 411 pts" in en


def test_odds_after_a_throw_show_one_line_per_take_with_chances_and_value() -> None:
    lines = text("odds_choose").splitlines()
    assert "D 100点→5個: GO 7.7% ・ 総取り 2.5% ・ 期待値 288点" in lines
    assert "DG 150点→4個: GO 15.7% ・ 総取り 3.7% ・ 期待値 412点" in lines
    en = text("odds_choose", "en").splitlines()
    assert "DG 150 pts → throw 4: greed out 15.7% · sweep 3.7% · expected 412 pts" in en


def test_odds_say_what_turn_end_banks_and_advise_the_best_throw() -> None:
    lines = text("odds_choose").splitlines()
    assert "TE: 150点で確定" in lines
    assert lines[-1] == "おすすめ: `[[greed]]×4`"
    en = text("odds_choose", "en").splitlines()
    assert "Turn End: banks 150 pts" in en
    assert en[-1] == "Best move: `[[greed]]×4`"


def test_odds_advise_turn_end_when_stopping_is_worth_more() -> None:
    reply = info("greed.odds", {**ODDS_CHOOSE, "turn_end": 600, "advice": "stop"}, "alice")
    assert render(reply, "ja").splitlines()[-1] == "おすすめ: TE"
    assert render(reply, "en").splitlines()[-1] == "Best move: Turn End"


def test_odds_say_turn_end_is_not_allowed_below_the_threshold() -> None:
    reply = info("greed.odds", {**ODDS_CHOOSE, "opened": False, "turn_end": None}, "alice")
    ja = render(reply, "ja")
    assert "TE不可" in ja
    assert "TE: " not in ja
    assert "not allowed" in render(reply, "en")


@pytest.mark.parametrize("variant", ["house", "revised"])
def test_odds_under_house_rules_note_the_figures_are_for_the_official_rules(variant: str) -> None:
    reply = info("greed.odds", {**ODDS_CHOOSE, "variant": variant}, "alice")
    ja = render(reply, "ja")
    assert "公式ルールで計算" in ja
    assert "本日の持ち点も失う" in ja
    assert "official rules" in render(reply, "en")
    throw = info("greed.odds", {**ODDS_THROW, "variant": variant}, "alice")
    assert "公式ルールで計算" in render(throw, "ja")


def test_odds_under_the_official_rules_have_no_rules_note() -> None:
    for name in ("odds_choose", "odds_throw"):
        assert "公式ルール" not in text(name)
        assert "official rules" not in text(name, "en")


# -- verify ------------------------------------------------------------------------------------


def test_a_verified_day_is_one_line_saying_seed_and_every_throw_match() -> None:
    assert text("verify_ok") == (
        "✅ 3dの検証: シードはコミットメントと一致し、"
        "全12投の出目がシードから再計算した通りでした。"
    )
    en = text("verify_ok", "en")
    assert en.startswith("✅ Day 3 verified")
    assert "throws checked: 12" in en
    assert len(en.splitlines()) == 1


def test_a_failed_verification_lists_each_mismatch_with_a_label_and_its_detail() -> None:
    lines = text("verify_failed").splitlines()
    assert lines[0].startswith("❌ 3dの検証")
    assert "1件" in lines[0]
    assert lines[1] == f"・出目: {FACES_WRONG['detail']}"
    assert f"- faces: {FACES_WRONG['detail']}" in text("verify_failed", "en").splitlines()


@pytest.mark.parametrize(
    ("what", "label"),
    [
        ("seed", "シード"),
        ("commitment", "コミットメント"),
        ("throw_seq", "投番号"),
        ("duplicate", "重複"),
        ("gap", "欠番"),
        ("format", "形式"),
        ("digest", "ダイジェスト"),
    ],
)
def test_each_kind_of_mismatch_has_a_japanese_label(what: str, label: str) -> None:
    params = {**VERIFY_OK, "ok": False, "mismatches": [{"what": what, "detail": "x"}]}
    lines = render(info("greed.verify", params), "ja").splitlines()
    # Its detail in Japanese where the village says it so (a record that cannot be read),
    # else the detail as it came.
    assert f"・{label}: x" in lines or (what == "format" and f"・{label}: 日や卓の記録" in lines[1])


def test_a_scripted_day_says_plainly_it_cannot_verify_as_fair() -> None:
    ja = text("verify_scripted")
    assert ja.startswith("❌")
    assert "手入力" in ja
    assert "公平なダイスとしては検証できません" in ja
    assert "・手入力の出目: " in ja
    en = text("verify_scripted", "en")
    assert "typed-in (scripted) dice" in en
    assert "cannot verify as fair" in en
    assert "scripted" not in text("verify_failed", "en").lower()


def test_a_day_with_many_mismatches_shows_the_first_ten_and_counts_the_rest() -> None:
    params = {**VERIFY_OK, "ok": False, "mismatches": [FACES_WRONG] * 25}
    ja = render(info("greed.verify", params), "ja")
    assert ja.count("・出目: ") == 10
    assert "ほか15件" in ja
    assert "25件" in ja.splitlines()[0]
    assert len(ja) < 2000


# -- export ------------------------------------------------------------------------------------


def code_block(shown: str) -> str:
    assert shown.endswith("```")
    return shown.split("```json\n", 1)[1].removesuffix("```")


@pytest.mark.parametrize("locale", LOCALES)
def test_an_export_names_the_file_and_ends_with_the_document_as_json(locale: str) -> None:
    shown = text("export_closed", locale)
    summary = before_code_block(shown)
    assert "greed-village1234567890-day3.json" in summary
    assert "`greedbot verify greed-village1234567890-day3.json`" in summary
    assert "`/greed verify day:3`" in summary
    assert json.loads(code_block(shown)) == DOCUMENT


def test_an_export_keeps_japanese_unescaped_and_indents_by_two() -> None:
    document = {**DOCUMENT, "note": "たろう"}
    params = {**SAMPLES["export_closed"].params, "document": document}
    shown = render(info("greed.export", params), "ja")
    assert '"note": "たろう"' in shown
    assert '\n  "day": 3,' in shown


def test_an_export_of_an_open_day_says_the_seed_is_still_secret() -> None:
    ja = before_code_block(text("export_open"))
    assert "締切まで非公開" in ja
    assert "公開済み" not in ja
    assert "公開済み" in before_code_block(text("export_closed"))
    assert "secret until the day closes" in text("export_open", "en")
    assert json.loads(code_block(text("export_open")))["seed"] is None


# -- stats -------------------------------------------------------------------------------------


def table(shown: str) -> list[str]:
    lines = shown.splitlines()
    start = lines.index("```")
    end = lines.index("```", start + 1)
    return lines[start + 1 : end]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_stats_table_lines_have_equal_display_width(locale: str) -> None:
    rows = table(text("stats", locale))
    assert len(rows) == 5  # the header, the village, three players
    assert len({display_width(row) for row in rows}) == 1


def test_the_stats_table_starts_with_the_village_then_each_player() -> None:
    rows = table(text("stats"))
    assert rows[0].split() == ["名前", "＄", "G", "R", "E緑", "E黒", "D", "計", "χ²", "p"]
    assert rows[1].split() == ["村全体", "40", "35", "38", "31", "29", "43", "216", "4.04", "0.543"]
    assert rows[2].split()[0] == "たろう"
    assert rows[2].split()[-2:] == ["9.40", "0.094"]
    assert table(text("stats", "en"))[1].split()[0] == "village"


def test_a_player_without_dice_shows_no_test_result() -> None:
    assert table(text("stats"))[4].split()[-3:] == ["0", "-", "-"]


def test_the_stats_explain_p_in_two_plain_lines_after_the_table() -> None:
    lines = text("stats").splitlines()
    after = lines[lines.index("```", lines.index("```") + 1) + 1 :]
    assert len(after) == 2
    assert "100日に1日" in after[0]
    assert "p < 0.01" in after[0]
    en = text("stats", "en")
    assert "About 1 day in 100 shows p < 0.01 by pure chance" in en
    assert "with few throws the test says little" in en


def test_the_stats_head_says_whether_it_counts_all_days_or_one() -> None:
    assert text("stats").splitlines()[0].startswith("出目の統計（全日程")
    assert text("stats_day").splitlines()[0].startswith("出目の統計（2d")
    assert "day 2" in text("stats_day", "en").splitlines()[0]


def test_stats_without_throws_say_there_are_none_and_show_no_table() -> None:
    ja = text("stats_empty")
    assert "まだ1投も振られていません" in ja
    assert "```" not in ja
    assert "No throws yet." in text("stats_empty", "en")


# -- a day not closed yet ------------------------------------------------------------------------


def test_verifying_an_open_day_names_the_day_and_points_at_export() -> None:
    ja = text("day_not_closed")
    assert ja.startswith("【alice】4dはまだ締め切られていない")
    assert "`/village export day:4`" in ja
    en = text("day_not_closed", "en")
    assert "Day 4 is still open" in en
    assert "`/village export day:4`" in en


def test_an_export_whose_document_is_not_json_falls_back_and_logs_the_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    broken = info("greed.export", {**SAMPLES["export_open"].params, "document": {"faces": {"D"}}})
    with caplog.at_level(logging.ERROR, logger="bot.chat.render"):
        shown = {locale: render(broken, locale) for locale in LOCALES}
    assert shown == {
        locale: CATALOGS[locale]["unknown"].format(key="greed.export") for locale in LOCALES
    }
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [r.getMessage() for r in errors] == ["cannot render reply 'greed.export'"] * 2
    assert all(r.exc_info is not None for r in errors)


def test_dice_check_replies_with_malformed_params_fall_back_and_log_the_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    written = []
    for key in ("greed.odds", "greed.verify", "greed.export", "greed.stats"):
        for params in ({}, {"options": "x", "mismatches": 3, "village": [], "players": 1}):
            caplog.clear()
            with caplog.at_level(logging.ERROR, logger="bot.chat.render"):
                shown = render(info(key, params), "ja")
            logged = [r.getMessage() for r in caplog.records]
            if shown != CATALOGS["ja"]["unknown"].format(key=key) or not logged:
                written.append(f"{key} {params}: {shown!r}")
    assert not written, "\n".join(written)


def test_a_mismatch_with_its_facts_is_told_in_the_villages_language() -> None:
    mismatch = {
        **FACES_WRONG,
        "player_id": 42,
        "throw_seq": 1,
        "message_id": 111,
        "expected": ["D", "R", "D", "G", "$", "Eb"],
        "recorded": ["D", "D", "D", "D", "D", "D"],
    }
    gap = {"what": "gap", "detail": "...", "player_id": 42, "missing": [2, 3], "last": 4}
    reply = info("greed.verify", {**VERIFY_OK, "ok": False, "mismatches": [mismatch, gap]})
    ja = render(reply, "ja").splitlines()
    assert ja[1].startswith("・出目: プレイヤー42の1投目（発言 111）: シードからは")
    assert "E⬛黒" in ja[1] and "the seed gives" not in ja[1]
    assert ja[2] == "・欠番: プレイヤー42の2、3投目の記録がありません（番号は4まで）"
    en = render(reply, "en").splitlines()
    assert "the record says D D D D D D" in en[1]
