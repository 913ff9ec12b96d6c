"""Gleek の返信文（日本語）: the Japanese texts, in the words of the seed's translation
(グリーク、モニバル、ラフ、切り札)."""

from collections.abc import Mapping
from typing import Final

# Templates are filled with `str.format`: a value never goes through the template engine
# itself, so a player name with braces in it is shown as typed.
TEXTS: Final[Mapping[str, str]] = {
    # -- words ---------------------------------------------------------------------------------
    "gleek.who": "【{name}】",
    "gleek.none": "なし",
    "gleek.list_sep": "、",
    "gleek.or_sep": " / ",
    "gleek.seat_value": "{name} {value}",
    "gleek.unchanged": "何も変わっていません。",
    "gleek.honour.tib": "（ティブ）",
    "gleek.honour.tom": "（トム）",
    "gleek.move.bid": "`/gleek bid 額`（入札）",
    "gleek.move.pass": "`/gleek pass`（パス）",
    "gleek.move.discard": "`/gleek discard 札7枚`（捨てる）",
    "gleek.move.vie": "`/gleek vie`（ベット）",
    "gleek.move.see": "`/gleek see`（コール）",
    "gleek.move.raise": "`/gleek raise`（レイズ）",
    "gleek.move.play": "`/gleek play 札`（出す）",
    "gleek.phase.waiting": "着席受付中",
    "gleek.phase.bid": "山札の入札",
    "gleek.phase.discard": "捨て札と山札の取得",
    "gleek.phase.vie": "ラフの賭け",
    "gleek.phase.gleeks": "グリークの支払い",
    "gleek.phase.tricks": "トリック",
    "gleek.phase.score": "精算",
    "gleek.phase.over": "終了",
    "gleek.doing.bid": "入札（`/gleek bid 額` か `/gleek pass`）",
    "gleek.doing.discard": "捨て札（`/gleek discard` で7枚）",
    "gleek.doing.vie": "ラフの賭け（`/gleek vie` ・ `see` ・ `raise` ・ `pass`）",
    "gleek.doing.tricks": "カードを出す番（`/gleek play 札`）",
    "gleek.next": "次は【{name}】の{doing}です。",
    "gleek.next_by": "次は【{name}】の{doing}です（期限 {when}）。",
    # -- a deal --------------------------------------------------------------------------------
    "gleek.dealt": (
        "第{deal}回（全{deals}回）: 親は{dealer}。12枚ずつ配りました。"
        "表にした札は {turn_up}、切り札は{trump}です。"
    ),
    "gleek.dealt.paid": (
        "切り札の {chips} が表になったので、{dealer}が他の2人から{chips}チップずつ受け取ります。"
    ),
    "gleek.dealt.honour": "表の札はオナー{name}: 親の{dealer}に{points}点。",
    "gleek.dealt.opening": (
        "{eldest}（エルデスト）の最初の入札{bid}は自動で済みました。ラフの掛け金は{stake}です。"
    ),
    "gleek.hand": "{who}第{deal}回のあなたの手札（あなただけに見えます）",
    "gleek.hand.cards": "手札: {cards}",
    "gleek.hand.taken": "山札から取った札: {cards}",
    "gleek.hand.legal": "出せる札: {cards}",
    "gleek.hand.moves": "できること: {moves}",
    # -- the moves -----------------------------------------------------------------------------
    "gleek.bid.raise": "{who}山札に{amount}を入札しました。",
    "gleek.bid.pass": "{who}入札をパスしました（いまの入札 {amount}）。",
    "gleek.stock_bought": "{buyer}が山札を{price}で買いました。",
    "gleek.payments": "支払い: {payments}",
    "gleek.exchanged": "{who}{count}枚を伏せて捨て、山札を取りました。",
    "gleek.vied.vie": "{who}ラフに{chips}チップ賭けました（場 {pot}）。",
    "gleek.vied.see": "{who}コールしました（{chips}チップ、場 {pot}）。",
    "gleek.vied.raise": "{who}レイズしました（{chips}チップ、場 {pot}）。",
    "gleek.vied.pass": "{who}パスしました（場 {pot}）。",
    "gleek.vied.no_ruff": "誰も賭けなかったので、今回のラフはありません。",
    "gleek.showdown": "ショーダウン: {winner}のラフが勝ち、場の{pot}チップを取ります。",
    "gleek.showdown.unseen": (
        "残ったのは{winner}だけなので、札を見せずに場の{pot}チップを取ります。"
    ),
    "gleek.showdown.ruff": "{name}: {suit} {cards}（{value}）",
    "gleek.showdown.four_aces": "{name}: エース4枚 {cards}",
    "gleek.gleeks.gleek": "{name}のグリーク {cards}: 他の2人から{chips}チップずつ。",
    "gleek.gleeks.mournival": "{name}のモニバル {cards}: 他の2人から{chips}チップずつ。",
    "gleek.played": "{who}{card} を出しました（第{number}トリック: {trick}）。",
    "gleek.played.honour": "オナー{name}: {points}点。",
    "gleek.played.low_trump": "切り札の低い札: 他の2人から{chips}チップずつ。",
    "gleek.trick_won": "第{number}トリック（{plays}）は{winner}の勝ちです。",
    "gleek.timeout": "{who}決まりの手（期限切れのときの手）で進めました。",
    "gleek.deal_scored": "第{deal}回の精算（点 = トリック×3 + オナー、22点との差をチップで）",
    "gleek.scored.tricks": "トリック",
    "gleek.scored.points": "点",
    "gleek.scored.settlement": "精算",
    "gleek.scored.deal_chips": "この回のチップ",
    "gleek.scored.chips": "累計チップ",
    "gleek.game_over": "ゲーム終了！ チップの収支です。",
    "gleek.game_over.abandoned": (
        "進行役が卓を閉じました。途中の回は無効、終わった回のチップはそのまま残ります。"
    ),
    "gleek.draws": (
        "この卓の抽選（最初の親と配札）は全部で{count}回、ダイジェスト sha256: {digest}"
        "（記録の検証でこれと同じダイジェストが出れば、欠けた配札はありません）"
    ),
    "gleek.seed": "シード: {seed}（`/gleek verify` でどの配札も確かめられます）",
    "gleek.score.corner": "",
    "gleek.score.deal": "第{deal}回",
    "gleek.score.total": "合計",
    "gleek.score.head": "グリークのチップ（{played}/{deals}回）",
    # -- looking at the table ------------------------------------------------------------------
    "gleek.status": "第{deal}回（全{deals}回）・{phase}・親 {dealer}・表の札 {turn_up}",
    "gleek.status.vie": "ラフの掛け金 {stake}・場 {pot}",
    "gleek.status.trick": "いまのトリック: {trick}",
    "gleek.status.tricks": "取ったトリック: {values}",
    "gleek.status.chips": "チップ: {values}",
    "gleek.status.to_act": "手番は【{name}】: {moves}",
    "gleek.log": "第{deal}回の記録: 親 {dealer}・表の札 {turn_up}",
    "gleek.log.buyer": "山札: {buyer}が{price}で購入",
    "gleek.log.trick": "{number}: {plays} → {winner}",
    "gleek.log.points": "点: {values}",
    "gleek.log.chips": "チップ: {values}",
    # -- refusals ------------------------------------------------------------------------------
    "gleek.finished": "{who}このゲームはもう終わっています。",
    "gleek.not_seated": "{who}この卓の席に着いていません。",
    "gleek.dealing": "{who}いまは配っているところです。",
    "gleek.wrong_phase": "{who}いまは{phase}の段階なので、{move}はできません。",
    "gleek.not_your_turn": "{who}いまは【{to_act}】の番です。",
    "gleek.not_buyer": "{who}捨てられるのは山札を買った{buyer}だけです。",
    "gleek.bid_too_low": "{who}入札は{min}以上の整数で（いまの入札を上回る額で）お願いします。",
    "gleek.bid_too_high": "{who}入札は{max}までです。",
    "gleek.discard_count": "{who}捨てるのはちょうど{needed}枚です（{count}枚指定されました）。",
    "gleek.discard_repeated": (
        "{who}同じ札が2回あります: {cards}。違う{needed}枚を指定してください。"
    ),
    "gleek.card_not_held": "{who}{card} は手札にありません。",
    "gleek.must_follow": "{who}出された組（{suit}）の札があるので、それを出してください。",
    "gleek.no_bet": "{who}まだ誰も賭けていないので、コールやレイズはできません（`/gleek vie`）。",
    "gleek.bet_open": "{who}もう賭けが始まっています。`see` か `raise` か `pass` です。",
    "gleek.raise_cap": "{who}レイズは1回に{raises}回までです。",
    "gleek.bad_card": (
        "{who}「{token}」はグリークの札ではありません（QH、10♠、♦A のように。2と3はありません）。"
    ),
    "gleek.bad_amount": "{who}入札額「{amount}」は整数ではありません。",
    "gleek.one_card": "{who}出すのは1枚です（{cards}）。",
    "gleek.no_deal": "{who}第{deal}回はありません（いまは第{played}回）。",
    "gleek.bad_move": "{who}読み取れない手です。",
    "gleek.legal.moves": "できること: {moves}",
    "gleek.legal.cards": "出せる札: {cards}",
    "gleek.legal.wait": "【{name}】の番を待ってください。",
    # -- the game's name, and its commands on Discord and in the help --------------------------
    "table.export.closed.gleek": (
        "{game}の卓{table}の記録です（配札{draws}回、シード公開済み）。ファイル: {filename}"
    ),
    "table.export.open.gleek": (
        "{game}の卓{table}の記録です（配札{draws}回）。シードは卓が終わると公開されます。"
        "ファイル: {filename}"
    ),
    "table.verify.ok.gleek": (
        "✅ {game}の卓{table}の検証: シードは封印と一致し、"
        "{draws}回の配札がすべてシードどおりです。"
    ),
    "table.verify.failed.gleek": (
        "❌ {game}の卓{table}の検証: 配札{draws}回を調べ、{count}件の食い違いがありました。"
    ),
    "table.verify.detail.faces.gleek": (
        "{throw_seq}回目の抽選（配札）: シードからは {expected}、記録は {recorded}（0から数えた値）"
    ),
    "table.verify.detail.duplicate.gleek": "{throw_seq}回目の配札が{uses}回記録されています",
    "table.verify.detail.gap.gleek": "{missing}回目の配札の記録がありません（番号は{last}まで）",
    "table.commitment.gleek": (
        "配札の封印 sha256: {commitment}（ゲーム終了時にシードを公開します。"
        "誰でもすべての配札を検証できます）"
    ),
    "game.gleek": "グリーク",
    "game_short.gleek": "グリーク",
    "choice.game.gleek": "グリーク",
    "slash.gleek": "グリーク",
    "slash.group.gleek": "グリークの卓（3人のトランプ）",
    "slash.gleek.new": "新規",
    "slash.gleek.config": "設定",
    "slash.gleek.join": "参加",
    "slash.gleek.leave": "退出",
    "slash.gleek.start": "開始",
    "slash.gleek.bid": "入札",
    "slash.gleek.pass": "パス",
    "slash.gleek.discard": "捨てる",
    "slash.gleek.vie": "ベット",
    "slash.gleek.see": "コール",
    "slash.gleek.raise": "レイズ",
    "slash.gleek.play": "出す",
    "slash.gleek.hand": "手札",
    "slash.gleek.log": "記録",
    "slash.gleek.status": "状況",
    "slash.gleek.score": "チップ表",
    "slash.gleek.export": "書き出し",
    "slash.gleek.verify": "検証",
    "slash.gleek.skip": "スキップ",
    "slash.gleek.abandon": "中止",
    "cmd.gleek.new": "このチャンネル（スレッド）にグリークの卓を開いて着席する",
    "cmd.gleek.config": "始まる前の卓の設定を見る・変える（開いた人か進行役）",
    "cmd.gleek.join": "卓の次の席に着く（開始前、3人まで）",
    "cmd.gleek.leave": "開始前の卓を離れる",
    "cmd.gleek.start": "3人で始める（開いた人か進行役）",
    "cmd.gleek.bid": "山札に入札する（いまの入札より上、40まで）",
    "cmd.gleek.pass": "入札やラフの賭けをパスする",
    "cmd.gleek.discard": "山札を買った人が7枚捨てる（あなただけに見えます）",
    "cmd.gleek.vie": "ラフに賭ける",
    "cmd.gleek.see": "いちばん高い賭けに合わせる",
    "cmd.gleek.raise": "賭けを上げる（1回に3回まで）",
    "cmd.gleek.play": "カードを1枚出す",
    "cmd.gleek.hand": "自分の手札を見る（あなただけに見えます）",
    "cmd.gleek.log": "回の記録（トリックの出し札）",
    "cmd.gleek.status": "いまの回・段階・手番・チップ",
    "cmd.gleek.score": "回ごとのチップ表",
    "cmd.gleek.export": "卓の記録（すべての配札）をJSONで書き出す（配札は終了後に公開）",
    "cmd.gleek.verify": "終わった卓のすべての配札をシードで検証する",
    "cmd.gleek.skip": "いまの手に期限切れと同じ決まりの手を打つ（進行役）",
    "cmd.gleek.abandon": "卓を閉じる（進行役。途中の回は無効、終わった回は残る）",
    "choice.deals.3": "3回",
    "choice.deals.6": "6回",
    "choice.deals.9": "9回",
    "choice.deals.12": "12回",
    "arg.deals": "回数",
    "arg.deals.text": "配る回数（3、6、9、12）",
    "arg.amount": "額",
    "arg.amount.text": "入札額（いまの入札より上、40まで）",
    "arg.cards": "札",
    "arg.cards.text": "捨てる7枚（例: QH JH QC JC TC 9C 4D）",
    "arg.card": "札",
    "arg.card.text": "出す札（例: QH、10♠、♦A）",
    "arg.deal": "回",
    "arg.deal.text": "何回目の配札か",
}
