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
    "log.head": "【{player}】{day}dの記録",
    "log.empty": "まだ1投も振っていません。",
    "log.line": "T{turn} {lap}周{throw}投目 {faces}",
    "log.then": " → ",
    "log.lap": "総取り {lap}周目へ",
    "log.greed_out": "グリードアウト",
    "log.greed_out_day": "グリードアウト（本日の持ち点 {day_lost} も失効）",
    "log.turn_end": "ターンエンド（ターン {score}）",
    "log.turn_end_forced": "ターン終了（ターン {score}）",
    "log.turn_end_forced_zero": "ターン終了 0点（持ち点不足で {lost} 失効）",
    "log.unfinished": "未完了のまま締切（{lost} 失効）",
    "log.day_closed": "締切",
    "log.voided": "【無効】{line}（{by} が無効化 {at}・理由: {reason}）",
    "rollback.pos": "{turn}ターン目 {lap}周{throw}投目",
    "rolled_back": (
        "{by} が {player} を {pos} の前まで戻しました（{count}投を無効化）。理由: {reason}"
    ),
    "restored": (
        "{by} が {player} の直前のロールバックを取り消しました（{count}投を復元）。理由: {reason}"
    ),
    "memo.head": "【{player}】{day}d 得点メモ",
    "memo.final": "最終得点: {points}",
    "memo.so_far": "現在の得点: {points}（本日のプレイ中）",
    "memo.overall": "総合得点: {points}",
    "memo.day": "{day}d: {points}",
    "memo.no_turns": "(未プレイ)",
    "memo.no_turn_finished": "(終わったターンはまだありません)",
    "memo.wiped": "{score}(-{lost})",
    "verify.ok": (
        "✅ {day}dの検証: シードはコミットメントと一致し、"
        "全{throws}投の出目がシードから再計算した通りでした。"
    ),
    "verify.failed": "❌ {day}dの検証: {throws}投を調べ、{count}件の食い違いがありました。",
    "verify.scripted": (
        "この日は手入力（scripted）の出目を使ったので、公平なダイスとしては検証できません。"
    ),
    "export.closed": (
        "{day}dの記録（{throws}投）: {filename}。シードは公開済みです。"
        "`greedbot verify {filename}` か `/greed verify day:{day}` で全出目を検証できます。"
    ),
    "export.open": (
        "{day}dの記録（{throws}投）: {filename}。シードはこの日の締切まで非公開です。"
        "締切後にもう一度エクスポートすれば、`greedbot verify {filename}` か "
        "`/greed verify day:{day}` で全出目を検証できます。"
    ),
    "stats.head_all": "出目の統計（全日程・{total}個）",
    "stats.head_day": "出目の統計（{day}d・{total}個）",
    "stats.empty": "まだ1投も振られていません。",
    "stats.columns": "名前 ＄ G R E緑 E黒 D 計 χ² p",
    "stats.village": "村全体",
    "stats.p": (
        "p は、公平なダイスでもこれ以上偏って見える確率です。"
        "公平でも100日に1日ほどは p < 0.01 になるので、1日だけ小さくても証拠にはなりません。"
    ),
    "stats.caution": (
        "怪しいのは何日も続けて p がとても小さいときだけです。"
        "出目が少ないうちは、この検定ではほとんど何もわかりません。"
    ),
    "cmd.greed.status": "プレイヤーの状況（日・ターン・周・持ち点・次にできること）",
    "cmd.greed.end": "ターンエンド（TE と書き込むのと同じ）",
    "cmd.greed.log": "その日の全投の記録（無効になった投も表示）",
    "cmd.greed.memo": "得点メモ",
    "cmd.greed.odds": "いまの局面の確率と期待値",
    "cmd.greed.score": "出目の得点と取れる役（例: faces:$ Eg Eg D G G）",
    "cmd.greed.rollback": "プレイヤーの本日を指定の投の前まで戻す（理由つきで記録）",
    "cmd.greed.restore": "直前のロールバックを取り消す",
    "cmd.greed.verify": "締め切った日のダイスをシードで検証（書き出したファイルも添付できます）",
    "cmd.greed.help": "使えるコマンドの一覧",
    "slash.greed": "グリード",
    "slash.greed.status": "状況",
    "slash.greed.end": "ターンエンド",
    "slash.greed.log": "記録",
    "slash.greed.memo": "得点メモ",
    "slash.greed.odds": "確率",
    "slash.greed.score": "得点計算",
    "slash.greed.rollback": "ロールバック",
    "slash.greed.restore": "ロールバック取消",
    "slash.greed.verify": "検証",
    "slash.greed.help": "ヘルプ",
    "slash.group.greed": "グリードのプレイ・記録・検証",
    "arg.faces": "出目",
    "arg.faces.text": "出目（$ G R Eg Eb D をスペース区切りで）",
    "arg.turn": "ターン",
    "arg.turn.text": "戻す先のターン",
    "arg.lap": "周",
    "arg.lap.text": "戻す先の周（省略すると1周目）",
    "arg.throw": "投",
    "arg.throw.text": "戻す先の投（省略すると1投目）",
    # -- refusals of a throw or a command, and the game's name ----------------------------
    "greed.unknown_face": (
        "{who}「{face}」は出目ではありません。出目は $ G R Eg Eb D で書きます"
        "（Eg = 緑のE、Eb = 黒のE）。"
    ),
    "greed.score_dice": "{who}ダイスは1〜6個で指定してください（{dice}個でした）。",
    "greed.too_many_tags": (
        "{who}`[[greed]]` タグが{tags}個あります。一度に振れるのは6個までです。何も振っていません。"
    ),
    "greed.tags_and_turn_end": (
        "{who}`[[greed]]` タグとTEが同じ発言に入っています。何も振っていません。"
        "振るかTEか、どちらか一方だけを発言してください。"
    ),
    "choice.game.greed": "グリード",
    # How a player joins, as the village's creation says it (`village_created`).
    "greed.join": "`[[greed]]` を6個並べて発言すると参加して1ターン目が始まります。",
    "greed.join.posts": (
        "その日の投稿に `[[greed]]` を6個並べて書き込むと参加して1ターン目が始まります。"
    ),
    "greed.rollback_target": (
        "{who}{player} の本日の記録に {turn}ターン目 {lap}周{throw}投目 はありません。"
        "何も変更していません。"
    ),
    "verify.detail.faces.count.greed": (
        "プレイヤー{player_id}の{throw_seq}投目: 出目が{count}個記録されています（1〜6個のはず）"
    ),
    # Greed's rules as a village sets them (`/village config rules: turns: threshold:`).
    "allowed.rules": "official（公式ルール）、house（ハウスルール）、revised（改定版ハウスルール）",
    "allowed.turns": "1〜20",
    "allowed.threshold": "0〜100000 の50点刻み",
    "setting.rules": "ルール",
    "setting.turns": "ターン数",
    "setting.threshold": "TE条件",
    "value.turns": "{n}ターン",
    "arg.rules": "ルール",
    "arg.rules.text": "ルール（次の日から）",
    "arg.turns": "ターン数",
    "arg.turns.text": "1日のターン数 1〜20（次の日から）",
    "arg.threshold": "te条件",
    "arg.threshold.text": "TEに必要な持ち点（50点刻み、次の日から）",
    "choice.rules.official": "公式ルール",
    "choice.rules.house": "ハウスルール",
    "choice.rules.revised": "改定版ハウスルール",
    "setting.variant": "ルール",
    "greed.day_closed": "{who}この日はもう締め切られています。何も振っていません。",
}
