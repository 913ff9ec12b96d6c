"""Ducks in a Bucket の返信文（日本語）: the Japanese texts, in the words of the seed's players."""

from collections.abc import Mapping
from typing import Final

# Templates are filled with `str.format`: a value never goes through the template engine
# itself, so a player name with braces in it is shown as typed.
TEXTS: Final[Mapping[str, str]] = {
    # -- words ---------------------------------------------------------------------------------
    "ducks.seat": "{n}番席",
    "ducks.who": "【{name}】",
    "ducks.name": "【{name}】",
    "ducks.boss": "【ボス {face}】",
    "ducks.white": "［{face}］",
    "ducks.white_sep": "",
    "ducks.faces": "{boss} {whites}",
    "ducks.sep": " ・ ",
    "ducks.or_sep": " / ",
    "ducks.list_sep": "、",
    "ducks.wild": "{face}→{value}",
    "ducks.category.five_of_a_kind": "ファイヴカード",
    "ducks.category.four_of_a_kind": "フォーカード",
    "ducks.category.straight": "ストレート",
    "ducks.category.full_house": "フルハウス",
    "ducks.category.three_of_a_kind": "スリーカード",
    "ducks.category.two_pair": "ツーペア",
    "ducks.category.one_pair": "ワンペア",
    "ducks.category.high_card": "ハイカード",
    "ducks.hand": "{dice} {category}",
    "ducks.goose_egg": "ガチョウの卵",
    "ducks.points": "{n}点",
    "ducks.white_dice": "白ダイス{n}個",
    "ducks.percent": "{value}",
    # -- a turn --------------------------------------------------------------------------------
    "ducks.head": "{who}ラウンド{round}/{rounds} ・ {roll}投目: {faces}",
    "ducks.head_no_roll": "{who}ラウンド{round}/{rounds} ・ まだ振っていません",
    "ducks.bucket": "バケツ: {hand} ・ 残り{out}個 ・ 除外{set_aside}個",
    "ducks.bucket_empty": "空",
    "ducks.promotions": "昇格できる組: {promotions}",
    "ducks.next": "次: {moves}",
    "ducks.move.promote": "昇格（`昇格 {example}` のように組を書く）",
    "ducks.move.pass": "パス（`パス`、白ダイスを1個除外）",
    "ducks.move.roll": "振る（`[[ducks]]`）",
    "ducks.move.stop": "ストップ（`ストップ`）",
    "ducks.combined": "昇格してすぐ振るなら `昇格 {example} [[ducks]]`",
    "ducks.next_turn": "次の手番: 【{name}】（ラウンド{round}）",
    "ducks.round_over": "ラウンド{round}が終わりました（得点表は `/ducks score`）。",
    "ducks.game_over_line": "ゲーム終了です。",
    "ducks.before.promote": "前の出目から {promotion} を昇格して振りました。",
    "ducks.before.pass": "前の出目はパスして（白ダイスを1個除外）振りました。",
    "ducks.result.no_promotion": (
        "昇格できる組がありません。白ダイスを1個除外しました。もう一度振ってください。"
    ),
    "ducks.result.promote": "{promotion} を昇格しました。",
    "ducks.result.pass": "パス: 白ダイスを1個除外しました。もう一度振ってください。",
    "ducks.result.pass_bust": "パス: 最後の白ダイスを除外しました。",
    "ducks.result.stop.player": "ストップ！ このラウンドの役: {hand}",
    "ducks.result.stop.auto": (
        "{promotion} を昇格。振れる白ダイスが残っていないので自動でストップ。"
        "このラウンドの役: {hand}"
    ),
    "ducks.result.stop.time": "時間切れ: バケツのままストップしました。このラウンドの役: {hand}",
    "ducks.result.stop.left": (
        "退席したので、バケツのままストップしました。このラウンドの役: {hand}"
    ),
    "ducks.result.bust": (
        "ドボン！ 振れる白ダイスがなくなりました。バケツの {lost} を失い、ガチョウの卵（0点）です。"
    ),
    "ducks.result.bust_empty": "ドボン！ 振れる白ダイスがなくなりました。ガチョウの卵（0点）です。",
    "ducks.result.forfeit.time": "時間切れ: この手番は没収、ガチョウの卵（0点）です。",
    "ducks.result.forfeit.left": "退席したので、この手番は没収、ガチョウの卵（0点）です。",
    "ducks.lost": "（バケツの {lost} は失われました）",
    # -- the table -----------------------------------------------------------------------------
    "ducks.left": "{who}が退席しました。このあとの手番はガチョウの卵として飛ばします。",
    "ducks.left_early": (
        "残りのプレイヤーが1人になったので、ゲームはここで終了です"
        "（ラウンド{round}は採点しません）。"
    ),
    "ducks.status.head": "{who}の手番 ・ ラウンド{round}/{rounds} ・ {roll}投目: {faces}",
    "ducks.status.head_no_roll": "{who}の手番 ・ ラウンド{round}/{rounds} ・ まだ振っていません",
    "ducks.status.chances": (
        "{white}を振ると: 昇格できる確率 {promotion} ・ 昇格できないままドボンする確率 {bust}"
    ),
    "ducks.status.chances_after_pass": (
        "パスすると{white}で振ります: 昇格できる確率 {promotion} ・ "
        "昇格できないままドボンする確率 {bust}"
    ),
    "ducks.status.finished": "このゲームは終了しています。",
    "ducks.totals": "合計: {totals}",
    "ducks.total": "{name} {points}",
    "ducks.total_left": "{name} {points}（退席）",
    "ducks.round_end.head": "ラウンド{round}/{rounds}の結果",
    "ducks.round_end.rank": "{rank}位 【{name}】 {hand} → {points}",
    "ducks.round_end.goose_egg": "－ 【{name}】 ガチョウの卵 → {points}",
    "ducks.round_end.next": "次はラウンド{round}、最初の手番は【{name}】です。",
    "ducks.game_end.head": "ゲーム終了！ 優勝: {winners}（合計{points}）",
    "ducks.game_end.shared": "ゲーム終了！ 同点優勝: {winners}（合計{points}）",
    "ducks.game_end.plain": "ゲーム終了！",
    "ducks.draws": (
        "この卓の投げは全部で{count}回、ダイジェスト sha256: {digest}"
        "（記録の検証でこれと同じダイジェストが出れば、欠けた投げはありません）"
    ),
    "ducks.seed": "シード: {seed}（`/ducks verify` ですべての投げを確かめられます）",
    "ducks.game_end.early": (
        "プレイヤーが2人未満になったため、{played}ラウンドで終了しました（途中のラウンドは採点しません）。"
    ),
    "ducks.score.head": "得点表（全{rounds}ラウンド中{played}ラウンド終了）",
    "ducks.score.corner": "",
    "ducks.score.hands": "R{round} 役",
    "ducks.score.points": "R{round} 点",
    "ducks.score.total": "合計",
    "ducks.score.waiting": "",
    "ducks.score.goose_egg": "–",
    "ducks.score.winners": "優勝: {winners}",
    # -- refused ---------------------------------------------------------------------------------
    "ducks.turn_is": "いまは【{name}】の手番です（ラウンド{round}）。",
    "ducks.legal": "今できること: {moves}",
    "ducks.nothing_changed": "何も変えていません。",
    "ducks.not_your_turn": "{who}いまは【{turn}】の手番です。自分の手番まで待ってください。",
    "ducks.game_over": "{who}このゲームは終了しています。",
    "ducks.not_seated": "{who}この卓の席についていません。",
    "ducks.seat_left": "{who}この卓からはもう退席しています。",
    "ducks.roll_pending": "{who}前の振りの結果を待っているところです。",
    "ducks.roll_first": "{who}昇格とパスは振った後です。まず振ってください。",
    "ducks.already_promoted": (
        "{who}この出目ではもう昇格しました。1回の出目で昇格できるのは1組だけです。"
    ),
    "ducks.must_pass": (
        "{who}昇格しないで振るなら、先に `パス` と書いてください（白ダイスを1個除外します）。"
        "`パス [[ducks]]` で続けて振れます。"
    ),
    "ducks.stop_not_allowed": "{who}ストップできるのは、振って昇格した直後だけです。",
    "ducks.bad_promotion": "{who}{values} は昇格できません。",
    "ducks.bad_promotion.empty": "{who}昇格する目を書いてください（`昇格 2 3` のように）。",
    "ducks.bad_promotion.not_rolled": (
        "{who}{values} は昇格できません: 出ていない目か、出た数より多く書いています"
        "（白ダイス: {whites}）。"
    ),
    "ducks.bad_promotion.single_not_boss": (
        "{who}{values} は昇格できません: 1個だけ昇格できるのはボス（{boss}）と同じ目だけです。"
    ),
    "ducks.bad_promotion.mixed": (
        "{who}{values} は昇格できません: 一致（ボスと同じ目）と合計を1回に混ぜることはできません。"
    ),
    "ducks.bad_promotion.not_sum": (
        "{who}{values} は昇格できません: 合計がボス（{boss}）になりません。"
    ),
    "ducks.bad_dice": (
        "{who}`dice:` には昇格する目（1〜6）を1〜5個書いてください（`dice:2 3` のように）。"
        "「{dice}」は読めません。"
    ),
    "ducks.malformed": "{who}読み取れませんでした。何も振っていません。",
    "ducks.malformed.too_many_tags": (
        "{who}`[[ducks]]` は1通に1つだけです（{tags}個ありました）。何も振っていません。"
    ),
    "ducks.malformed.tag_and_stop": (
        "{who}`[[ducks]]` とストップは一緒に書けません。何も振っていません。"
    ),
    "ducks.malformed.unreadable": (
        "{who}読み取れませんでした。書き方: `昇格 2 3` ・ `2+3を昇格` ・ `パス` ・ `ストップ` ・ "
        "`[[ducks]]`（`昇格 5 [[ducks]]`、`昇格 6 6 ストップ` のように続けても書けます）。"
        "何も振っていません。"
    ),
    # -- the game's name, and its commands on Discord and in the help --------------------------
    "game.ducks": "ダックス・イン・ア・バケツ",
    "slash.ducks": "ダックス",
    "slash.group.ducks": "ダックス・イン・ア・バケツの卓",
    "slash.ducks.new": "卓を開く",
    "slash.ducks.config": "卓の設定",
    "slash.ducks.join": "着席",
    "slash.ducks.leave": "離席",
    "slash.ducks.start": "開始",
    "slash.ducks.roll": "振る",
    "slash.ducks.promote": "昇格",
    "slash.ducks.pass": "パス",
    "slash.ducks.stop": "ストップ",
    "slash.ducks.status": "状況",
    "slash.ducks.score": "得点表",
    "slash.ducks.skip": "スキップ",
    "slash.ducks.abandon": "卓を閉じる",
    "cmd.ducks.new": "このチャンネル（スレッド）にダックスの卓を開いて着席する",
    "cmd.ducks.config": "始まる前の卓の設定を見る・変える（開いた人か進行役）",
    "cmd.ducks.join": "卓の次の席に着く（開始前、6人まで）",
    "cmd.ducks.leave": "卓を離れる（開始後は残りの手番が0点）",
    "cmd.ducks.start": "席を確定して始める（2〜6人、開いた人か進行役）",
    "cmd.ducks.roll": "ボスと残りの白ダイスを振る（[[ducks]] と同じ）",
    "cmd.ducks.promote": "出目の組をバケツへ昇格する",
    "cmd.ducks.pass": "昇格しない（白ダイスを1個除外して振り直し）",
    "cmd.ducks.stop": "バケツを役にして手番を終える",
    "cmd.ducks.status": "いまの手番・できること・確率",
    "cmd.ducks.score": "得点表",
    "cmd.ducks.skip": "いまの手番に持ち時間切れと同じ処理をする（進行役）",
    "cmd.ducks.abandon": "勝者なしで卓を閉じる（進行役、開始前は開いた人も）",
    "choice.game.ducks": "ダックス・イン・ア・バケツ",
    "game_short.ducks": "ダックス",
    "slash.ducks.rollback": "ロールバック",
    "cmd.ducks.rollback": "手番を無効にしてその始めに戻す（進行役）",
    "slash.ducks.export": "書き出し",
    "slash.ducks.verify": "検証",
    "cmd.ducks.export": "卓の記録（すべての投げ）をJSONで書き出す",
    "cmd.ducks.verify": "終わった卓の投げをシードで検証する（書き出したファイルも添付できます）",
}
