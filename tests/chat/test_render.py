"""What the bot's replies say, in Japanese and English, rendered from replies the village
really sent: the golden outputs of the transcripts (tests/transcripts/*.out), and a short
replay below for the few cases no transcript reaches."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from bot.chat import catalog_en, catalog_ja
from bot.chat.render import Surface, catalog, display_width, no_link, render
from bot.console.session import CONSOLE
from bot.games.greed.text import faces_text
from bot.words.checking import mismatch_detail
from bot.words.reply import Reply, ReplyKind, refused, reply_from_data
from bot.words.text import Text
from tests.console.golden import FALLBACKS, TRANSCRIPTS_DIR, golden_replies, replay_lines

LOCALES = ("ja", "en")
CATALOGS = {"ja": catalog_ja.TEXTS, "en": catalog_en.TEXTS}


def fake_link(message_id: int | None) -> str:
    return "" if message_id is None else f"#{message_id}"


def real(transcript: str, key: str, line: str | None = None, nth: int = 0, **params: Any) -> Reply:
    """The `nth` reply `key` kept in tests/transcripts/TRANSCRIPT.out, among the replies to
    the transcript line `line` when it is given, and with these `params`."""
    found = [
        reply
        for block, reply, _ in golden_replies(transcript)
        if reply.key == key
        and (line is None or block.line == line)
        and all(reply.params.get(name) == value for name, value in params.items())
    ]
    assert len(found) > nth, f"{transcript}.out has no reply {key} #{nth} {line!r} {params}"
    return found[nth]


# Cases no transcript plays: Turn End offered with a wrong count, wide names in the
# standings, braces in names, a sweep scored, a threshold other than 500.
EXTRA = """\
@clock 2026-12-01T12:00:00+09:00
@mods gm
@dice $ $ $ D D R
bob: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
bob: TE
@dice D G $ R R Eb
bob: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
bob: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
@dice D G $ R R Eb
たろう: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
@dice $ $ R R Eg Eb
ｶﾀｶﾅ名前: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
a{0}: /greed status player:{who}
alice: /greed score faces:R R R D G G
gm: /village config threshold:800
gm: /village day next
@dice D G $ R R Eb
bob: [[greed]][[greed]][[greed]][[greed]][[greed]][[greed]]
"""


@cache
def extra_replies() -> tuple[Reply, ...]:
    blocks = asyncio.run(replay_lines(EXTRA.splitlines()))
    return tuple(reply_from_data(data) for block in blocks for data in block.replies)


def extra(key: str, nth: int = 0) -> Reply:
    found = [reply for reply in extra_replies() if reply.key == key]
    assert found and nth < len(found), f"the extra replay has no reply {key} #{nth}"
    return found[nth]


THROW = real("example_b_options", "greed.throw")  # $ Eg Eg D G G, the seed's options example

# One reply for every key the village sends, as it sent it.
SAMPLES: dict[str, Reply] = {
    "throw": THROW,
    "sweep": real("example_a_how_to_turn", "greed.sweep", "carol: [[greed]]"),
    "greed_out": real("example_a_how_to_turn", "greed.greed_out", "alice: [[greed]]"),
    "turn_end": real("example_e_five_turn_day", "greed.turn_end", turn=3),
    "double_post": real("double_post", "greed.double_post"),
    "illegal_count": real("refusals", "greed.illegal_count", asked=6),
    "turn_end_refused": real("example_a_how_to_turn", "greed.turn_end_refused"),
    "no_turns_left": real("example_e_five_turn_day", "greed.no_turns_left"),
    "village_exists": real("refusals", "village_exists"),
    "moderators_only": real("refusals", "moderators_only", "alice: /village create"),
    "unknown_player": real("refusals", "unknown_player"),
    "missing_argument": real("refusals", "missing_argument"),
    "bad_number": real("refusals", "bad_number"),
    "unknown_day": real("refusals", "unknown_day"),
    "unknown_face": real("refusals", "greed.unknown_face"),
    "score_dice": real("refusals", "greed.score_dice"),
    "rollback_target": real("refusals", "greed.rollback_target"),
    "nothing_to_restore": real("refusals", "nothing_to_restore"),
    "nothing_to_roll_back": real("refusals", "nothing_to_roll_back"),
    "reason_too_long": real("refusals", "reason_too_long"),
    "bad_setting": real("refusals", "bad_setting", "gm: /village config period:36"),
    "unknown_setting": real("refusals", "unknown_setting"),
    "unknown_argument": real("refusals", "unknown_argument"),
    "unknown_command": real("refusals", "unknown_command"),
    "message_too_many_tags": real("refusals", "greed.too_many_tags"),
    "message_tags_and_turn_end": real("refusals", "greed.tags_and_turn_end"),
    "message_too_long": real("refusals", "message_too_long"),
    "village_created": real("refusals", "village_created"),
    "status": real("refusals", "greed.status"),
    "log": real("rollback", "greed.log", nth=1),
    "score": real("refusals", "greed.score"),
    "rolled_back": real("rollback", "greed.rolled_back"),
    "restored": real("rollback", "greed.restored"),
    "settings": real("day_close", "settings"),
    "day_extended": real("day_close", "day_extended"),
    "standings": real("fair_dice", "standings", days=2),
    "memo": real("example_e_five_turn_day", "greed.memo", "alice: /greed memo"),
    "day_opened": real("refusals", "day_opened", day=2),
    "day_closed_announcement": real("fair_dice", "day_closed", day=2),
    # Refusals no console village meets (its village is always there, its database up, and
    # a due day closes before the next line reaches it), made as the village makes them.
    "day_closed": refused("day_closed", to="alice"),
    "no_village": refused("no_village", to="alice"),
    "store_unavailable": refused("store_unavailable", to="alice"),
}


def text(key: str, locale: str = "ja", link: Any = no_link) -> str:
    return render(SAMPLES[key], locale, Surface(link=link))


# -- faces -----------------------------------------------------------------------------------


def format_faces(tokens: list[str], locale: str) -> str:
    return faces_text(Text(catalog(locale), Surface()), tokens)


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
    # Besides, English has singular forms (`pts.one`: "1 pt") of some counted words.
    singular = {key for key in catalog_en.TEXTS if key.endswith(".one")}
    assert set(catalog_ja.TEXTS) == set(catalog_en.TEXTS) - singular
    assert {key.removesuffix(".one") for key in singular} <= set(catalog_en.TEXTS)


# -- play ------------------------------------------------------------------------------------


def test_a_throw_shows_position_faces_options_and_points() -> None:
    assert render(THROW, "ja").splitlines() == [
        "【alice】1ターン目 1周1投目: 【＄】【E🟩緑】【E🟩緑】【D】【G】【G】",
        "取れる役: D 100点→5個 / DG 150点→4個 / DGG 200点→3個",
        "ターン得点 0点 ・ 持ち点 200点 ・ 本日 0点 ・ 総合 0点",
        "次: `[[greed]]×3` / `[[greed]]×4` / `[[greed]]×5` ・ TE不可（持ち点500点未満）",
    ]
    en = render(THROW, "en")
    assert en.startswith("[alice] Turn 1, lap 1, throw 1: $ E🟩green E🟩green D G G")
    assert "DG 150 pts → throw 4" in en


def test_a_throw_below_the_threshold_names_the_villages_threshold() -> None:
    assert THROW.state is not None and THROW.state["threshold"] == 500
    assert "TE不可（持ち点500点未満）" in render(THROW, "ja")
    assert "no Turn End yet (held below 500 pts)" in render(THROW, "en")
    # A village with another threshold says that one.
    higher = extra("greed.throw", -1)
    assert higher.state is not None and higher.state["threshold"] == 800
    assert "TE不可（持ち点800点未満）" in render(higher, "ja")
    assert "no Turn End yet (held below 800 pts)" in render(higher, "en")


def test_a_throw_without_any_threshold_still_says_turn_end_is_not_allowed() -> None:
    # The village always sends the threshold; a reply without one gets a general clause.
    state = {k: v for k, v in (THROW.state or {}).items() if k != "threshold"}
    assert "TE不可（持ち点がまだ足りません）" in render(replace(THROW, state=state), "ja")


def test_a_throw_says_what_turn_end_would_bank_when_allowed() -> None:
    lap_two = real("example_e_five_turn_day", "greed.throw", turn=3, lap=2, throw=1)
    assert lap_two.state is not None and lap_two.state["can_end"] is True
    assert render(lap_two, "ja").splitlines()[-1] == (
        "次: `[[greed]]×4` / `[[greed]]×5` ・ TE可（DG 150点を取ってターン計 850点）"
    )
    assert "Turn End allowed (takes DG 150 pts, the turn banks 850 pts)" in render(lap_two, "en")


def test_a_throw_names_the_take_from_the_previous_throw() -> None:
    assert "取った役: エメラルド 300点（前の出目から）" in text("greed_out")
    assert "Set aside from the previous throw: Emerald 300 pts" in text("greed_out", "en")


def test_a_sweep_forces_a_six_dice_lap_without_turn_end() -> None:
    ja = text("sweep").splitlines()
    assert ja[2:] == [
        "総取り！ G 50点 → 強制2周目へ",
        "ターン得点 500点 ・ 持ち点 500点 ・ 本日 0点 ・ 総合 0点",
        "次: `[[greed]]×6` のみ（強制周回なのでTEはできません）",
    ]
    en = text("sweep", "en")
    assert "lap 2 is forced" in en
    assert "a forced lap allows no Turn End" in en


def test_a_greed_out_scores_zero_and_points_to_the_next_turn() -> None:
    ja = text("greed_out")
    assert "グリードアウト！ 1ターン目は0点（450点を失いました）" in ja
    assert ja.endswith("次: 2ターン目 `[[greed]]×6`")
    assert "本日の持ち点" not in ja


def test_a_house_greed_out_mentions_the_day_points_wiped() -> None:
    wiped = real("variants", "greed.greed_out", variant="house")
    assert wiped.params["day_lost"] == 1100
    assert "ハウスルールなので、本日の持ち点 1100点 も失いました" in render(wiped, "ja")
    assert "today's banked 1100 pts are lost too" in render(wiped, "en")
    revised = real("variants", "greed.greed_out", variant="revised")
    assert "改定版ハウスルールなので、本日の持ち点 800点 も失いました" in render(revised, "ja")


def test_the_last_turn_of_the_day_says_the_day_is_done() -> None:
    last = real("refusals", "greed.greed_out")
    assert last.state is not None and last.state["finished"] is True
    assert render(last, "ja").endswith("本日の1ターンはすべて終了しました")
    assert "All 1 turns of today are played" in render(last, "en")


def test_a_turn_end_shows_the_turn_score_and_the_day() -> None:
    assert text("turn_end").splitlines() == [
        "【alice】3ターン目 ターンエンド！",
        "取った役: DD 200点",
        "3ターン目の得点: 1000点",
        "本日 1000点 ・ 総合 5200点",
        "次: 4ターン目 `[[greed]]×6`",
    ]
    assert "Turn 3 scores 1000 pts" in text("turn_end", "en")


def test_a_house_sweep_after_the_first_throw_ends_the_turn() -> None:
    banked = real("variants", "greed.turn_end", forced=True, score=300)
    ja = render(banked, "ja")
    assert (
        "総取り G 50点。ハウスルールでは周回はターン最初の1投目だけなので、ここでターン終了" in ja
    )
    assert "2ターン目の得点: 300点" in ja


def test_a_house_sweep_below_the_threshold_ends_the_turn_at_zero() -> None:
    below = real("variants", "greed.turn_end", forced=True, score=0)
    ja = render(below, "ja")
    assert "ハウスルールでは周回はターン最初の1投目だけ" in ja
    assert "持ち点がTE条件に届かず、4ターン目は0点（400点を失いました）" in ja
    assert "turn 4 scores 0 (400 pts lost)" in render(below, "en")


# -- refusals and notices ----------------------------------------------------------------------


def test_an_illegal_count_names_the_legal_counts() -> None:
    assert text("illegal_count").splitlines() == [
        "【alice】今は6個は振れません。何も振っていません。",
        "今できること: `[[greed]]×4` / `[[greed]]×5`",
    ]
    assert "Legal now: `[[greed]]×4` / `[[greed]]×5`" in text("illegal_count", "en")


def test_an_illegal_count_offers_turn_end_when_allowed() -> None:
    wrong = extra("greed.illegal_count")
    assert wrong.params["can_end"] is True
    assert render(wrong, "ja").endswith("今できること: `[[greed]]×4` / `[[greed]]×5` ・ TE")


def test_a_refused_turn_end_below_the_threshold_names_held_threshold_and_counts() -> None:
    assert text("turn_end_refused").splitlines() == [
        "【alice】持ち点 450点 がTE条件（500点）に届かないので、TEできません。",
        "今できること: `[[greed]]×1`",
    ]
    assert "held 450 pts is below the threshold of 500 pts" in text("turn_end_refused", "en")


def test_a_refused_turn_end_in_a_forced_lap_says_throw_six() -> None:
    forced = real("example_a_how_to_turn", "greed.turn_end_refused", "bob: TE")
    assert render(forced, "ja").splitlines() == [
        "【bob】総取りの後の強制周回なので、TEできません。6個で振ってください。",
        "今できること: `[[greed]]×6`",
    ]


def test_a_turn_end_before_any_throw_says_nothing_was_thrown() -> None:
    early = real("refusals", "greed.turn_end_refused")
    assert early.params["reason"] == "nothing_thrown"
    assert render(early, "ja").startswith("【alice】このターンはまだ1投も振っていないので")


def test_too_many_tags_says_six_at_most_whatever_the_length_limit() -> None:
    assert SAMPLES["message_too_many_tags"].params["limit"] == 2000
    ja = text("message_too_many_tags")
    assert "7個" in ja
    assert "6個まで" in ja
    assert "2000" not in ja


def test_a_double_post_is_ignored_with_a_notice() -> None:
    ja = text("double_post")
    assert "`[[greed]]×6` は二重投稿として無視しました" in ja
    assert "The first one counts; this one is ignored." in text("double_post", "en")


def test_a_closed_day_refusal_differs_from_the_closing_announcement() -> None:
    assert "もう締め切られています" in text("day_closed")
    assert text("day_closed_announcement").startswith("━━ 2d 終了（gm が締切） ━━")


def test_no_turns_left_names_the_days_turns() -> None:
    assert text("no_turns_left") == (
        "【alice】本日の5ターンはすべて振り終えました。次の日が始まったらまた振れます。"
    )


# -- information -------------------------------------------------------------------------------


def test_status_shows_where_the_player_stands() -> None:
    assert text("status").splitlines() == [
        "【alice】1dの状況",
        "1ターン目 1周1投目: 【D】【G】【＄】【R】【R】【E⬛黒】",
        "ターン得点 0点 ・ 持ち点 150点 ・ 本日 0点 ・ 総合 0点",
        "消化 0/5ターン",
        "次: `[[greed]]×4` / `[[greed]]×5` ・ TE不可（持ち点500点未満）",
    ]


def test_status_before_a_turns_first_throw() -> None:
    fresh = real("day_close", "greed.status", "alice: /greed status", nth=2)
    assert render(fresh, "ja").splitlines()[1:] == [
        "1ターン目（これから1投目）",
        "ターン得点 0点 ・ 持ち点 0点 ・ 本日 0点 ・ 総合 800点",
        "消化 0/5ターン",
        "次: `[[greed]]×6`",
    ]


def test_the_log_has_one_line_per_throw_with_takes_links_and_voided_marks() -> None:
    lines = text("log", "ja", fake_link).splitlines()
    assert lines[0] == "【alice】1dの記録"
    assert lines[1] == (
        "T1 1周1投目 【＄】【＄】【＄】【D】【D】【R】 → シルバー+DD 800点"
        " → ターンエンド（ターン 800点） #2"
    )
    assert lines[2] == "T2 1周1投目 【D】【＄】【R】【R】【E🟩緑】【E⬛黒】 → D 100点 #4"
    assert lines[3].startswith(
        "【無効】T2 1周2投目 【＄】【R】【R】【E🟩緑】【E⬛黒】 → グリードアウト #5"
    )
    assert "gm が無効化 12/1(火) 12:00 (Asia/Tokyo)" in lines[3]
    assert "理由: the dice were posted in the wrong channel" in lines[3]
    assert lines[4] == "T2 1周2投目 【G】【R】【R】【E🟩緑】【E⬛黒】 #8"
    assert "[voided] T2 lap 1 throw 2" in text("log", "en")


def test_the_log_marks_each_sweep_and_the_lap_it_starts() -> None:
    laps = render(real("example_c_three_laps", "greed.log"), "ja").splitlines()
    assert laps[1].endswith("→ ルビー+DGG 600点 → 総取り 2周目へ")
    assert laps[2].endswith("→ ダイヤモンド+GG 1100点 → 総取り 3周目へ")
    assert laps[3].endswith("→ グリードアウト")


def test_score_lists_every_take_and_the_turn_end_take() -> None:
    assert text("score").splitlines() == [
        "【＄】【E🟩緑】【E🟩緑】【D】【G】【G】 の得点",
        "取れる役: D 100点→5個 / DG 150点→4個 / DGG 200点→3個",
        "TEするなら DGG 200点（持ち点がTE条件を満たすとき）",
    ]


def test_score_of_a_sweep_names_the_combinations_and_the_forced_lap() -> None:
    sweep = extra("greed.score")
    assert sweep.params["sweep"] is True
    assert "総取り！ 全ダイスに役がつくので ルビー+DGG 600点 を取り" in render(sweep, "ja")
    assert "take Ruby+DGG 600 pts" in render(sweep, "en")


def test_names_with_braces_are_shown_as_typed() -> None:
    assert render(extra("unknown_player"), "ja") == "【a{0}】プレイヤー「{who}」が見つかりません。"


def test_a_rollback_names_the_moderator_the_target_and_the_reason() -> None:
    ja = text("rolled_back")
    assert ja.startswith("gm が alice を 2ターン目 1周2投目 の前まで戻しました（1投を無効化）")
    assert "理由: the dice were posted in the wrong channel" in ja
    assert ja.endswith("次: `[[greed]]×5` ・ TE可（ターン計 100点で終了）")
    assert text("rolled_back", "en").startswith(
        "gm rolled alice back to before turn 2 (lap 1, throw 2). Throws voided: 1. Reason: "
    )


def test_a_rollback_into_a_forced_lap_says_turn_end_is_not_allowed() -> None:
    lap = real("rollback", "greed.rolled_back", player="bob")
    assert render(lap, "ja").endswith("次: `[[greed]]×6` ・ TE不可（強制周回）")


def test_a_restore_names_the_throws_restored() -> None:
    ja = text("restored")
    assert ja.startswith("gm が alice の直前のロールバックを取り消しました（3投を復元）")
    assert "理由: that was the wrong player" in ja


def test_changed_settings_say_what_applies_tomorrow_and_what_applies_now() -> None:
    ja = text("settings")
    assert "変更しました: 言語、更新時刻、1日の長さ" in ja
    assert "更新時刻、1日の長さは2dから適用されます。" in ja
    assert "言語はすぐに適用されます。" in ja
    assert "・1日の長さ: 24時間 → 48時間" in ja
    en = text("settings", "en")
    assert "Takes effect on day 2: update time, day length." in en
    assert "- update time: 00:00 → 21:30" in en
    rules = render(real("variants", "settings"), "ja")
    assert "ルールは2dから適用されます。" in rules
    assert "・ルール: 公式ルール → ハウスルール" in rules


def test_a_day_extension_shows_the_close_in_the_village_time_zone() -> None:
    assert text("day_extended") == "1dの締切を延長しました。新しい締切: 12/3(木) 00:00 (Asia/Tokyo)"
    assert "Thu 2026-12-03 00:00 (Asia/Tokyo)" in text("day_extended", "en")


def test_a_day_opening_shows_its_close_rules_and_commitment() -> None:
    reply = SAMPLES["day_opened"]
    ja = text("day_opened")
    assert "━━ 2d 開始 ━━" in ja
    assert "締切: 12/2(水) 00:00 (Asia/Tokyo)" in ja
    assert "公式ルール ・ 1日1ターン" in ja
    assert f"sha256: {reply.params['commitment']}" in ja


def test_a_day_closing_lists_unfinished_players_and_reveals_the_seed() -> None:
    reply = SAMPLES["day_closed_announcement"]
    ja = text("day_closed_announcement")
    assert "未完了のターンは0点: alice、bob" in ja
    assert f"シード公開: {reply.params['seed']}" in ja


def test_standings_align_wide_names_in_a_code_block() -> None:
    lines = render(extra("standings"), "ja").splitlines()
    assert lines[1] == "```"
    assert lines[-1] == "```"
    table = lines[2:-1]
    assert table[0].split() == ["順位", "名前", "1d", "総合"]
    assert [row.split()[1] for row in table[1:]] == ["bob", "たろう", "ｶﾀｶﾅ名前"]
    assert len({display_width(line) for line in table}) == 1


def test_standings_share_a_rank_between_equal_totals() -> None:
    rows = text("standings").splitlines()[2:-1]
    assert [row.split()[:2] for row in rows[1:]] == [["1", "alice"], ["1", "bob"]]


# -- the memo ----------------------------------------------------------------------------------


def test_the_memo_reproduces_the_seed_example_in_japanese() -> None:
    assert text("memo", "ja", fake_link).splitlines() == [
        "【alice】5d 得点メモ",
        "最終得点: 1300点 #36",
        "0+0+1000+0+300=1300",
        "総合得点: 5500点",
        "1800+1500+0+900+1300=5500",
        "--",
        "1d: 1800点 #4",
        "2d: 1500点 #9",
        "3d: 0点 #12",
        "4d: 900点 #16",
        "5d: 1300点 #36",
    ]


def test_the_memo_reproduces_the_seed_example_in_english() -> None:
    assert text("memo", "en", fake_link).splitlines() == [
        "[alice] day 5 score memo",
        "Final score: 1300 pts #36",
        "0+0+1000+0+300=1300",
        "Overall: 5500 pts",
        "1800+1500+0+900+1300=5500",
        "--",
        "1d: 1800 pts #4",
        "2d: 1500 pts #9",
        "3d: 0 pts #12",
        "4d: 900 pts #16",
        "5d: 1300 pts #36",
    ]


def test_the_memo_leaves_out_missing_links_without_trailing_spaces() -> None:
    lines = text("memo").splitlines()
    assert lines[1] == "最終得点: 1300点"
    assert lines[-1] == "5d: 1300点"


def test_the_memo_during_the_day_shows_the_score_so_far() -> None:
    lines = render(real("day_close", "greed.memo", final=False, points=800), "ja").splitlines()
    assert lines[1:3] == ["現在の得点: 800点（本日のプレイ中）", "800=800"]


def test_the_memo_shows_a_house_wipe_so_the_sum_adds_up() -> None:
    wiped = real("variants", "greed.memo", day=2)
    assert "800+300+0(-1100)+0=0" in render(wiped, "ja").splitlines()


def test_the_memo_of_a_day_without_turns_says_so() -> None:
    idle = real("day_close", "greed.memo", day=2, player="alice")
    assert idle.params["turns"] == []
    assert render(idle, "ja").splitlines()[2] == "(未プレイ)"
    assert render(idle, "en").splitlines()[2] == "(no turns played)"


# -- every reply -------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_kind_of_reply_renders_plain_text_in_both_locales(name: str, locale: str) -> None:
    reply = SAMPLES[name]
    shown = render(reply, locale, Surface(link=fake_link))
    assert shown.strip()
    assert shown != CATALOGS[locale]["unknown"].format(key=reply.key)
    for leak in ("None", "{'", "['", "Traceback", "{"):
        assert leak not in shown
    assert len(shown) < 2000


OUTS = sorted(p.stem for p in TRANSCRIPTS_DIR.glob("*.out"))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("transcript", OUTS)
def test_every_reply_the_transcripts_got_renders_in_both_locales(
    transcript: str, locale: str
) -> None:
    problems = []
    for block, reply, _ in golden_replies(transcript):
        shown = render(reply, locale, Surface(link=fake_link))
        where = f"line {block.number} {reply.key}"
        if not shown.strip() or any(fallback in shown for fallback in FALLBACKS):
            problems.append(f"{where}: no text")
        # The export's document is JSON; nothing else shows a brace or a Python value.
        leaks = ("None", "{'", "['", "Traceback") + (
            () if reply.key in ("greed.export", "table.export") else ("{",)
        )
        problems += [f"{where}: {leak!r} in {shown!r}" for leak in leaks if leak in shown]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("transcript", OUTS)
def test_a_reply_read_back_from_a_golden_file_renders_the_text_kept_with_it(
    transcript: str,
) -> None:
    # What these tests render is what the village sent: the JSON kept in the `.out` file
    # loses nothing the console's text was made from (but the order of a document's keys,
    # which the file sorts).
    for block, reply, kept in golden_replies(transcript):
        shown = [render(reply, locale, CONSOLE) for locale in LOCALES]
        if reply.key in ("greed.export", "table.export"):
            kept, shown = _document(kept), [_document(text) for text in shown]
        assert kept in shown, f"{transcript}.out line {block.number}: {reply.key}"


def _document(text: str) -> tuple[str, str, Any]:
    """An export's text on the console: its first line, the line saying what to save it as,
    and the document printed under them."""
    head, save, document = text.split("\n", 2)
    return head, save, json.loads(document)


def test_an_unknown_key_falls_back_to_a_text_naming_it() -> None:
    reply = Reply(ReplyKind.INFO, "odds_table", {"x": 1})
    assert render(reply, "ja") == "（この返信の文面が見つかりません: odds_table）"
    assert render(reply, "en") == "(no text for the reply odds_table)"


def test_a_reply_its_writer_cannot_write_falls_back_and_logs_the_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Params are plain JSON data; a set in the document cannot be written out.
    broken = Reply(ReplyKind.INFO, "greed.export", {"day": 1, "document": {"faces": {"D"}}})
    with caplog.at_level(logging.ERROR, logger="bot.chat.render"):
        ja, en = render(broken, "ja"), render(broken, "en")
    assert ja == "（この返信の文面が見つかりません: greed.export）"
    assert en == "(no text for the reply greed.export)"
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [r.getMessage() for r in errors] == ["cannot render reply 'greed.export'"] * 2
    assert all(r.exc_info is not None for r in errors)


def test_a_reply_with_malformed_params_falls_back_and_logs_the_error(
    caplog: pytest.LogCaptureFixture,
) -> None:
    written = []
    for broken in (
        Reply(ReplyKind.THROW, "greed.throw", {"options": [{"points": "lots", "next": None}]}),
        Reply(ReplyKind.INFO, "standings", {"days": "x", "rows": "not a list"}),
    ):
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="bot.chat.render"):
            shown = render(broken, "ja")
        logged = [r.getMessage() for r in caplog.records]
        if shown != CATALOGS["ja"]["unknown"].format(key=broken.key) or not logged:
            written.append(f"{broken.key}: {shown!r}")
    assert not written, "\n".join(written)


@pytest.mark.parametrize("number", [float("inf"), float("-inf"), float("nan"), 3.0, True, "3"])
def test_a_number_that_is_no_whole_number_renders_as_if_missing(
    number: object, caplog: pytest.LogCaptureFixture
) -> None:
    # A reply read back from JSON may carry anything: a writer never raises on it. A turn
    # that is no whole number does not fit a throw's shape, as a missing one does not: both
    # fall back to the "unknown" text (they used to read as turn 0) and log why.
    odd = Reply(ReplyKind.THROW, "greed.throw", {**THROW.params, "turn": number}, to="alice")
    missing = Reply(ReplyKind.THROW, "greed.throw", {**THROW.params, "turn": None}, to="alice")
    with caplog.at_level(logging.ERROR, logger="bot.chat.render"):
        shown = render(odd, "ja"), render(missing, "ja")
    assert shown == (CATALOGS["ja"]["unknown"].format(key="greed.throw"),) * 2
    assert [r.getMessage() for r in caplog.records] == ["cannot render reply 'greed.throw'"] * 2


def test_english_counts_one_point_and_one_die_in_the_singular() -> None:
    t = Text(catalog("en"), Surface())
    assert [t.pts(1), t.pts(2), t.pts(0)] == ["1 pt", "2 pts", "0 pts"]
    assert t.counted("ducks.white_dice", 1) == "1 white die"
    assert Text(catalog("ja"), Surface()).pts(1) == "1点"


@pytest.mark.parametrize(
    ("locale", "greed", "other"),
    [
        ("ja", "（1〜6個のはず）", "（このゲームが振る数ではありません）"),
        ("en", "(1 to 6 allowed)", "more or fewer than the game draws"),
    ],
)
def test_a_throw_recorded_with_too_many_faces_is_worded_by_its_game(
    locale: str, greed: str, other: str
) -> None:
    """How many faces a throw may hold is Greed's to say; another day game's record gets
    the village's neutral words."""
    t = Text(catalog(locale), Surface())
    mismatch = {"what": "faces", "player_id": 7, "throw_seq": 2, "count": 9, "detail": "x"}
    assert mismatch_detail(t, mismatch, game="greed").endswith(greed)
    assert mismatch_detail(t, mismatch, game="pips").endswith(other)
    assert mismatch_detail(t, mismatch).endswith(other)
