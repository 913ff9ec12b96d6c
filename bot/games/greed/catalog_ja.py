"""Greed's texts in Japanese, in the words GR village players use: faces, combinations,
the replies to a move, where a player stands, the odds and the score calculator."""

from collections.abc import Mapping
from typing import Final

# Filled with `str.format`, like the village's catalogue they join.
TEXTS: Final[Mapping[str, str]] = {
    "die": "【{face}】",
    "dice_sep": "",
    "face.$": "＄",
    "face.G": "G",
    "face.R": "R",
    "face.Eg": "E🟩緑",
    "face.Eb": "E⬛黒",
    "face.D": "D",
    "combo.six_of_a_kind": "シックスオブアカインド",
    "combo.greed": "グリード",
    "combo.diamond": "ダイヤモンド",
    "combo.silver": "シルバー",
    "combo.gold": "ゴールド",
    "combo.ruby": "ルビー",
    "combo.emerald": "エメラルド",
    "combo.ebony": "エボニー",
    "combo.single_d": "D",
    "combo.single_g": "G",
    "variant.official": "公式ルール",
    "variant.house": "ハウスルール",
    "variant.revised": "改定版ハウスルール",
    "game.greed": "グリード",
    "take": "{label} {points}",
    "count": "`[[greed]]×{n}`",
    "rules_line": "ルール: {variant} ・ 1日{turns}ターン ・ TEは持ち点{threshold}以上",
    "play.head": "{who}{turn}ターン目 {lap}周{throw}投目: {faces}",
    "play.take": "取った役: {take}（前の出目から）",
    "play.options": "取れる役: {options}",
    "play.option": "{label} {points}→{next}個",
    "play.points": "ターン得点 {turn_points} ・ 持ち点 {held} ・ 本日 {day} ・ 総合 {total}",
    "play.day_points": "本日 {day} ・ 総合 {total}",
    "next": "次: {moves}",
    "te.allowed": "TE可（{take}を取ってターン計 {total}）",
    "te.allowed_plain": "TE可（ターン計 {total}で終了）",
    "te.below": "TE不可（持ち点{threshold}未満）",
    "te.below_unknown": "TE不可（持ち点がまだ足りません）",
    "te.forced": "TE不可（強制周回）",
    "te.short": "TE",
    "sweep.result": "総取り！ {take} → 強制{lap}周目へ",
    "sweep.next": "次: {counts} のみ（強制周回なのでTEはできません）",
    "greed_out.result": "グリードアウト！ {turn}ターン目は0点",
    "greed_out.result_lost": "グリードアウト！ {turn}ターン目は0点（{lost}を失いました）",
    "greed_out.day_lost": "{variant}なので、本日の持ち点 {day_lost} も失いました",
    "turn_end.head": "{who}{turn}ターン目 ターンエンド！",
    "turn_end.take": "取った役: {take}",
    "turn_end.score": "{turn}ターン目の得点: {score}",
    "turn_end.forced": (
        "総取り {take}。{variant}では周回はターン最初の1投目だけなので、ここでターン終了"
    ),
    "turn_end.forced_short": "持ち点がTE条件に届かず、{turn}ターン目は0点（{lost}を失いました）",
    "next_turn": "次: {turn}ターン目 {counts}",
    "day_done": "本日の{turns}ターンはすべて終了しました",
    "double_post": (
        "{who}前の結果が出る前に送信された {counts} は二重投稿として無視しました"
        "（最初の投稿が有効です）。"
    ),
    "legal_moves": "今できること: {moves}",
    "no_moves": "今振れるダイスはありません",
    "illegal_count": "{who}今は{asked}個は振れません。何も振っていません。",
    "turn_end_refused": "{who}今はTEできません。",
    "turn_end_refused.nothing_thrown": "{who}このターンはまだ1投も振っていないので、TEできません。",
    "turn_end_refused.forced_lap": (
        "{who}総取りの後の強制周回なので、TEできません。6個で振ってください。"
    ),
    "turn_end_refused.below_threshold": (
        "{who}持ち点 {held} がTE条件（{threshold}）に届かないので、TEできません。"
    ),
    "no_turns_left": (
        "{who}本日の{turns}ターンはすべて振り終えました。次の日が始まったらまた振れます。"
    ),
    "status.head": "【{player}】{day}dの状況",
    "standing.pos": "{turn}ターン目 {lap}周{throw}投目: {faces}",
    "standing.start": "{turn}ターン目（これから1投目）",
    "standing.lap_start": "{turn}ターン目 {lap}周目（これから6個で1投目）",
    "standing.turns": "消化 {played}/{turns}ターン",
    "score.head": "{faces} の得点",
    "score.greed_out": "役がひとつもありません。グリードアウト（0点）です。",
    "score.sweep": "総取り！ 全ダイスに役がつくので {take} を取り、6個で次の周へ（TE不可）",
    "score.te": "TEするなら {take}（持ち点がTE条件を満たすとき）",
    "odds.head": "{who}確率と期待値（ここまでのターン得点 {points}）",
    "odds.throw": "次は{dice}個: GO {greed_out} ・ 総取り {sweep} ・ このターンの期待得点 {ev}",
    "odds.option": "{option}: GO {greed_out} ・ 総取り {sweep} ・ 期待値 {value}",
    "odds.te": "TE: {points}で確定",
    "odds.no_te": "TE不可（持ち点がまだTE条件に届きません）",
    "odds.advice": "おすすめ: {move}",
    "odds.not_official": (
        "※数字は公式ルールで計算しています。{variant}ではグリードアウトすると"
        "本日の持ち点も失うので、もっと慎重に。"
    ),
}
