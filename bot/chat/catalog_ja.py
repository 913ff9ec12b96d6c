"""The Japanese texts of the bot's replies, in the words GR village players use."""

from collections.abc import Mapping
from typing import Final

# Templates are filled with `str.format`: a value never goes through the template engine
# itself, so a player name with braces in it is shown as typed.
TEXTS: Final[Mapping[str, str]] = {
    # -- common words (each game's own words, its moves and refusals are in its catalogue) -----
    "locale.ja": "日本語",
    "locale.en": "英語",
    "pts": "{n}点",
    "sep": " ・ ",
    "list_sep": "、",
    "or_sep": " / ",
    "who": "【{name}】",
    "name": "【{name}】",
    "time": "{month}/{day}({weekday}) {hour}:{minute} ({zone})",
    "weekdays": "月 火 水 木 金 土 日",
    # -- ignored and refused ---------------------------------------------------------------------
    "day_closed.refused": "{who}この日はもう締め切られています。何も振っていません。",
    "no_village": (
        "{who}このチャンネルは村ではありません。モデレーターが `/village create` で村を作れます。"
    ),
    "village_exists": "{who}このチャンネルはすでに村です。",
    "moderators_only": "{who}`/{command}` はモデレーター専用です。何も変更していません。",
    "unknown_player": "{who}プレイヤー「{player}」が見つかりません。",
    "missing_argument": "{who}`/{command}` には `{argument}:` の指定が必要です。",
    "bad_number": (
        "{who}`{argument}:` には数字を指定してください（「{value}」は数字ではありません）。"
    ),
    "unknown_day": "{who}{day}d はありません。指定できるのは 1d〜{last}d です。",
    "nothing_to_restore": (
        "{who}{player} の直前の操作はロールバックではないので、元に戻せるものがありません。"
    ),
    "nothing_to_roll_back": "{who}{player} は本日まだ振っていないので、戻せる記録がありません。",
    "reason_too_long": "{who}理由は{limit}文字以内で書いてください。",
    "file_unreadable.missing": (
        "{who}ファイル {path} が見つかりません。書き出したファイルの場所と名前を確かめてください。"
    ),
    "file_unreadable.folder": (
        "{who}{path} はフォルダです。書き出した JSON のファイルを指定してください。"
    ),
    "file_unreadable.not_utf8": "{who}ファイル {path} は UTF-8 のテキストではありません。",
    "file_unreadable.unreadable": (
        "{who}ファイル {path} を読めません（読む権限がないかもしれません）。"
    ),
    "bad_setting": "{who}設定 {setting} に「{value}」は使えません。指定できる値: {allowed}",
    "bad_setting.no_value": "{who}設定 {setting} を変更できません: {allowed}",
    "allowed.locale": "ja、en",
    "allowed.timezone": "Asia/Tokyo のようなタイムゾーン名",
    "allowed.update": "HH:00 か HH:30",
    "allowed.period": "24、48、72（時間）",
    "allowed.name": "1〜80文字",
    "allowed.modrole": (
        "ロール（@ロール かそのID）、または off（Discordでは @everyone を選ぶと外れます）"
    ),
    "allowed.refusal_ttl": "5〜3600（秒）、または off",
    "allowed.flood": "N/M（M秒にN回を超えたら。Nは1〜60、Mは1〜600）、または off",
    "unknown_setting": "{who}設定「{setting}」はありません。設定できる項目: {allowed}",
    "unknown_argument": (
        "{who}/{command} に「{argument}:」は指定できません。指定できるもの: {allowed}。"
        "何も変更していません。"
    ),
    "bad_text": (
        "{who}/{command} の「{argument}:」に使えない文字（制御文字か壊れた文字）があります。"
        "何も変更していません。"
    ),
    "no_arguments": (
        "{who}/{command} は何も指定せずに使います（「{argument}:」は要りません）。"
        "何も変更していません。"
    ),
    "too_many_values": (
        "{who}/{command} に値が多すぎます（余り: {values}）。"
        "キー無しで書ける値は{takes}個までです。何も変更していません。"
    ),
    "values_need_keys": (
        "{who}/{command} の値はキーを付けて書いてください（{keys}）。何も変更していません。"
    ),
    "unknown_command": "{who}`/{command}` というコマンドはありません。使えるもの: {known}",
    "message_too_long": "{who}発言が長すぎます（{limit}文字まで）。何も振っていません。",
    "store_unavailable": (
        "{who}記録用のデータベースにつながりません。何も振っておらず、点数も失われていません。"
        "少し待ってからもう一度どうぞ。"
    ),
    # -- information -----------------------------------------------------------------------------
    # {join}: how a player joins, in the day game's words (its `<game>.join` text).
    "village_created": "このチャンネルを{game}の村にしました。{join}",
    "settings.head": "村の設定（{day}d）",
    "settings.schedule": (
        "言語: {locale} ・ タイムゾーン: {timezone} ・ 更新時刻 {update} ・ 1日の長さ {period}"
    ),
    "settings.changed": "変更しました: {names}",
    "settings.from_next": "{names}は{next_day}dから適用されます。",
    "settings.now": "{names}はすぐに適用されます。",
    "settings.diff_head": "{next_day}dからの変更:",
    "settings.diff": "・{name}: {old} → {new}",
    "setting.locale": "言語",
    "setting.timezone": "タイムゾーン",
    "setting.update": "更新時刻",
    "setting.period": "1日の長さ",
    "value.period": "{n}時間",
    "day_extended": "{day}dの締切を延長しました。新しい締切: {closes}",
    "standings.head": "順位表（{days}dまで）",
    "standings.rank": "順位",
    "standings.player": "名前",
    "standings.day": "{day}d",
    "standings.total": "総合",
    "standings.tables": "卓数",
    "standings.apart": "{game}（別集計）",
    "standings.empty": "まだプレイヤーがいません。",
    "standings.posts": "各日の投稿: {posts}",
    "standings.post": "{day}d {post}",
    # -- memo and days ---------------------------------------------------------------------------
    "day_opened.head": "━━ {day}d 開始 ━━",
    "day_opened.closes": "締切: {closes}",
    "day_opened.commitment": "ダイスの封印 sha256: {commitment}",
    "day_opened.explain": (
        "（この日の出目は、このハッシュを持つ秘密のシードから決まります。"
        "シードは締切時に公開するので、誰でも出目を検証できます）"
    ),
    "day_closed.head": "━━ {day}d 終了 ━━",
    "day_closed.head_by": "━━ {day}d 終了（{by} が締切） ━━",
    "day_closed.unfinished": "未完了のターンは0点: {names}",
    "day_closed.draws": (
        "この日の投げは全部で{count}投、ダイジェスト sha256: {digest}"
        "（記録の検証でこれと同じダイジェストが出れば、欠けた投げはありません）"
    ),
    "day_closed.seed": "シード公開: {seed}",
    "day_closed.verify": (
        "検証: sha256(シード) = {commitment}（{command} で全出目を確認できます）"
    ),
    # -- checking the dice ---------------------------------------------------------------------
    "verify.mismatch": "・{what}: {detail}",
    "verify.more": "・ほか{count}件",
    "verify.page": (
        "ブラウザでも検証できます（インストール不要、ファイルはどこにも送信されません）: <{url}>"
    ),
    "verify.page_local": (
        "ブラウザでも検証できます: このボットのリポジトリから `web/verify` フォルダを"
        "ダウンロードし、その中の `index.html` をブラウザで開いて、"
        "エクスポートのファイルを選んでください（インストール不要、ファイルはどこにも送信されません）。"
    ),
    "verify.detail.seed.not_revealed": "シードがまだ公開されていません（締切前の日です）",
    "verify.detail.seed.not_hex": "シードが16進数ではありません",
    "verify.detail.commitment": (
        "公開されたシードのsha256は {actual} ですが、日の開始時に示された値は {posted} です"
    ),
    "verify.detail.faces": (
        "プレイヤー{player_id}の{throw_seq}投目（発言 {message_id}）: "
        "シードからは {expected}、記録は {recorded}"
    ),
    "verify.detail.faces.count": (
        "プレイヤー{player_id}の{throw_seq}投目: 出目が{count}個記録されています"
        "（このゲームが振る数ではありません）"
    ),
    "verify.detail.throw_seq": "プレイヤー{player_id}の投番号 {throw_seq}: 投番号は1から数えます",
    "verify.detail.duplicate": (
        "プレイヤー{player_id}の{throw_seq}投目が{uses}回記録されています（投番号は使い回しません）"
    ),
    "verify.detail.gap": (
        "プレイヤー{player_id}の{missing}投目の記録がありません（番号は{last}まで）"
    ),
    "verify.detail.digest": (
        "記録には{stated_draws}回分・ダイジェスト {stated_digest} とありますが、"
        "記録の中身は{draws}回分・ダイジェスト {digest} です。"
        "抽選が抜かれたか、削られたか、書き換えられています"
    ),
    "verify.detail.scripted": "手入力の出目があり、シードから導いた出目ではありません",
    "verify.detail.format": "日や卓の記録として読めない値があります",
    "verify.detail.format.row": "{throw}件目の抽選を読めません（記録にあるはずのない値です）",
    "verify.what.seed": "シード",
    "verify.what.commitment": "コミットメント",
    "verify.what.faces": "出目",
    "verify.what.throw_seq": "投番号",
    "verify.what.duplicate": "重複",
    "verify.what.gap": "欠番",
    "verify.what.scripted": "手入力の出目",
    "verify.what.digest": "ダイジェスト",
    "verify.what.format": "形式",
    "export.inline": "下のJSONを {filename} という名前で保存すれば、そのまま検証に使えます。",
    "day_not_closed": (
        "{who}{day}dはまだ締め切られていないので、シードは非公開です。検証は締切後にどうぞ"
        "（`/village export day:{day}` は今でも使えますが、シードはまだ入っていません）。"
    ),
    "internal_error": (
        "{who}ボット側で問題が起きたため、この発言は処理しませんでした。何も振っていません。"
        "続くようなら進行役に知らせてください。"
    ),
    "unknown": "（この返信の文面が見つかりません: {key}）",
    # -- places, floods, edits (chat platforms) --------------------------------------------------
    "village_created.posts": (
        "このフォーラムを{game}の村にしました。1日ごとに投稿（スレッド）を立てるので、{join}"
    ),
    "play_elsewhere": "{who}ここでは振れません。{day}d はこちらで遊びます: {post}",
    "post_not_open": (
        "{who}{day}d の投稿をいま立てているところです。何も振っていません。少し待ってから"
        "その投稿に書き込んでください。"
    ),
    "ambiguous_player": (
        "{who}「{player}」という名前のプレイヤーが複数います: {ids}。"
        "メンションかIDで指定してください。"
    ),
    "flood": (
        "{who}発言が速すぎます（{seconds}秒に{messages}回まで）。しばらくの発言は"
        "ダイスを振らずに無視します。結果を読んでから次を書き込んでください。"
    ),
    "edited": (
        "{who}編集した発言ではダイスを振りません（編集前の内容のまま記録しています）。"
        "振るときは新しく発言してください。"
    ),
    "message_use_slash": (
        "{who}コマンドはスラッシュコマンドで入力してください（`/` を打つと候補が出ます）。"
        "何も実行していません。"
    ),
    "export_unreadable": (
        "{who}添付ファイルを日の記録として読めません（`/village export` のJSON、"
        "{limit}バイトまで）。"
    ),
    "history_unreadable": (
        "このチャンネルの履歴を読む権限（メッセージ履歴を読む）がないため、ボットが止まっていた"
        "間の発言に答えられません。管理者の方は権限を付けてください。"
    ),
    "answer.posted": "✅ {place} に投稿しました。",
    "answer.nothing": "何もすることがありませんでした（すでに済んでいます）。",
    "verify.attached_ours": "添付された記録は、この村が公開したコミットメントと一致しています。",
    "verify.attached_not_ours": (
        "⚠ 添付された記録は、この村がその日に公開したコミットメントと一致しません"
        "（ファイル自体の整合性だけを確認しました）。"
    ),
    "verify.attached_other": (
        "添付された記録は別の村のものです（ファイル自体の整合性を確認しました）。"
    ),
    "settings.village": (
        "村の名前: {name} ・ 進行役ロール: {modrole} ・ 却下メッセージの自動削除: {refusal_ttl}"
        " ・ 連投制限: {flood}"
    ),
    "setting.name": "村の名前",
    "setting.modrole": "進行役ロール",
    "setting.refusal_ttl": "却下メッセージの自動削除",
    "setting.flood": "連投制限",
    "value.none": "なし",
    "value.seconds": "{n}秒後",
    "value.keep": "しない",
    "value.no_limit": "なし",
    "value.flood": "{seconds}秒に{messages}回まで",
    # -- help and the commands -----------------------------------------------------------------
    "help.head": "使えるコマンド（[ ] は省略可）:",
    "help.line": "{usage} {text}",
    "help.moderators": "進行役だけが使えるもの:",
    "cmd.village.create": "このチャンネル（またはフォーラム）を村にする",
    "cmd.village.config": "村の設定を表示・変更する（変更は進行役のみ）",
    "cmd.village.day next": "今日を締め切って次の日を始める",
    "cmd.village.day extend": "今日の締切を24時間延ばす",
    "cmd.village.standings": "全員の日ごとの得点と総合の順位（グラフつき）",
    "cmd.village.export": "その日の記録をJSONで書き出す",
    "cmd.village.stats": "出目の統計（偏りの検定つき）",
    # Slash command names in Japanese Discord clients (lower case, no spaces, 32 at most).
    "slash.village": "村",
    "slash.day": "日",
    "slash.village.create": "作成",
    "slash.village.config": "設定",
    "slash.village.day next": "次の日へ",
    "slash.village.day extend": "延長",
    "slash.village.standings": "順位",
    "slash.village.export": "書き出し",
    "slash.village.stats": "出目統計",
    "slash.group.village": "村と日の管理",
    "slash.group.day": "日の進行（進行役）",
    "arg.player": "プレイヤー",
    "arg.player.text": "プレイヤー（候補から選ぶか、メンションかID）",
    "arg.day": "日",
    "arg.day.text": "何日目か",
    "arg.reason": "理由",
    "arg.reason.text": "理由（記録に残ります）",
    "arg.export": "ファイル",
    "arg.export.text": "/village export で書き出したJSONファイル",
    "arg.locale": "言語",
    "arg.locale.text": "村の言語（すぐに適用）",
    "arg.timezone": "タイムゾーン",
    "arg.timezone.text": "タイムゾーン（例: Asia/Tokyo、次の日から）",
    "arg.update": "更新時刻",
    "arg.update.text": "日の更新時刻 HH:00 か HH:30（次の日から）",
    "arg.period": "1日の長さ",
    "arg.period.text": "1日の長さ（次の日から）",
    "arg.name": "村の名前",
    "arg.name.text": "村の名前（フォーラムでは日ごとの投稿の題名になります）",
    "arg.modrole": "進行役ロール",
    "arg.modrole.text": "このロールの人も進行役にする",
    "arg.refusal_ttl": "却下の自動削除",
    "arg.refusal_ttl.text": "却下メッセージを消すまでの秒数 5〜3600、または off",
    "arg.flood": "連投制限",
    "arg.flood.text": "N/M（M秒にN回を超えたら無視）、または off",
    "choice.locale.ja": "日本語",
    "choice.locale.en": "英語",
    "choice.period.24": "24時間",
    "choice.period.48": "48時間",
    "choice.period.72": "72時間",
    # -- tables ----------------------------------------------------------------------------------
    "table.opened": (
        "{who}{game}の卓（{table}番卓）を開きました。"
        "`/{tag} join` で着席、`/{tag} start` で開始（開いた人か進行役）。"
    ),
    "table.settings_line": "設定: {settings}",
    "table.setting": "{name} {value}",
    "table.setting.rounds": "ラウンド数",
    "table.setting.wild": "ワイルドダック",
    "table.setting.deals": "配る回数",
    "table.setting.deadline": "持ち時間（時間）",
    "table.value.rounds.n": "人数分",
    "table.value.rounds.2n": "人数の2倍",
    "table.value.wild.true": "あり",
    "table.value.wild.false": "なし",
    "table.value.deadline.none": "なし",
    "table.seats_line": "席: {seats}",
    "table.joined": "{who}{game}の卓の{seat}番目の席に着きました。",
    "table.left": "{who}{game}の卓を離れました。",
    "table.closed": "{who}が離れて誰もいなくなったので、{game}の卓を閉じました。",
    "table.settings": "{who}{game}の卓の設定です。",
    "table.configured": "{who}{game}の卓の設定を変えました。",
    "table.waiting": "{game}の卓は着席受付中です（まだ始まっていません）。",
    "table.started": "{game}（{table}番卓）を始めます！ 席順: {seats}",
    "table.commitment": (
        "ダイスの封印 sha256: {commitment}（ゲーム終了時にシードを公開します。"
        "誰でも出目を検証できます）"
    ),
    "table.first": "最初の手番は{who}です。`[[{tag}]]` で振ってください。",
    "table.abandoned": (
        "{game}の卓を{by}が閉じました（勝者なし。この卓の得点は順位に数えません）。理由: {reason}"
    ),
    "table.skipped": "{by}が{player}の手番を飛ばしました（時間切れと同じ扱い）。理由: {reason}",
    "table.skipped.step": "{by}がいまの段階を締め切りました（期限切れと同じ扱い）。理由: {reason}",
    "table.skipped.step_no_reason": "{by}がいまの段階を締め切りました（期限切れと同じ扱い）。",
    "table.abandoned.standing": "{game}の卓を{by}が閉じました。理由: {reason}",
    "table.draws": (
        "この卓の抽選は全部で{count}回、ダイジェスト sha256: {digest}"
        "（記録の検証でこれと同じダイジェストが出れば、欠けた抽選はありません）"
    ),
    "table.seed": "シード: {seed}",
    "table_seats": "{who}{game}は{low}〜{high}人で遊びます（いま{seated}人）。",
    "table_seats.exact": "{who}{game}はちょうど{low}人で遊びます（いま{seated}人）。",
    "table.skipped.no_reason": "{by}が{player}の手番を飛ばしました（時間切れと同じ扱い）。",
    "no_table_number": (
        "{who}この村に{game}の{table}番卓はありません"
        "（卓の番号は、開いたときの返事や書き出したファイルの名前に出ています）。"
    ),
    "no_table": "{who}ここには{game}の卓がありません。`/{tag} new` で開けます。",
    "table_exists": (
        "{who}ここにはもう卓があります。1つのチャンネル（スレッド）に開ける卓は1つです。"
    ),
    "already_seated": "{who}もう{game}の卓に着いています。",
    "table_full": "{who}{game}の卓は満席です（{seats}人まで）。",
    "not_seated": "{who}{game}の卓に着いていません。始まる前なら `/{tag} join` で着席できます。",
    "table_started": "{who}{game}の卓はもう始まっています。着席や設定の変更はできません。",
    "table_not_playing": "{who}{game}の卓はまだ始まっていないか、もう終わっています。",
    "opener_only": "{who}卓を開いた人か進行役だけができる操作です。何も変更していません。",
    # -- table commands (Discord) ------------------------------------------------------------
    "arg.rounds": "ラウンド数",
    "arg.rounds.text": "N（人数分）か 2N（人数の2倍）",
    "arg.wild": "ワイルド",
    "arg.wild.text": "バケツの2をワイルドにするか",
    "arg.deadline": "持ち時間",
    "arg.deadline.text": "1手番の持ち時間（1〜168時間、off でなし）",
    "arg.dice": "組",
    "arg.dice.text": "昇格する出目（例: 5 5、2+3）",
    "choice.rounds.N": "人数分",
    "choice.rounds.2N": "人数の2倍",
    "choice.wild.on": "あり",
    "choice.wild.off": "なし",
    "standings.head_game": "順位表（{game}のみ）",
    "arg.game": "ゲーム",
    "arg.game.text": "このゲームの得点だけで並べる",
    "table.rolled_back": (
        "{game}の卓を{by}がラウンド{round}の{who}の手番の始めに戻しました"
        "（無効にした投げ: {rolls}回）。理由: {reason}"
    ),
    "table.rolled_back.next": (
        "{who}の手番です。新しいダイスで振り直してください（持ち時間も最初から）。"
    ),
    "table_rollback_target": "{who}ラウンド{round}の{player}の手番は、まだありません。",
    "arg.round": "ラウンド",
    "arg.round.text": "戻すラウンド（省略するといまのラウンド）",
    # -- secrets (a hidden hand, a secret roll) --------------------------------------------------
    "secret.sent_by_dm": "{who}あなただけに見える内容をDMで送りました。",
    "secret.dm_failed": (
        "{who}あなただけに見える内容をDMで送れませんでした。サーバーのメンバーからのDMを許可して、"
        "スラッシュコマンドでもう一度見てください（内容はここには書きません）。"
    ),
    "secret.elsewhere": "（{name}だけに見える返信があります。`/as {name}` で見られます）",
    "secret.only_for": "（{name}だけに見える返信）",
    "table.export.closed": (
        "{game}の卓{table}の記録です（投げ{draws}回、シード公開済み）。ファイル: {filename}"
    ),
    "table.export.open": (
        "{game}の卓{table}の記録です（投げ{draws}回）。シードは卓が終わると公開されます。"
        "ファイル: {filename}"
    ),
    "table.verify.ok": (
        "✅ {game}の卓{table}の検証: シードは封印と一致し、"
        "{draws}回の投げがすべてシードどおりです。"
    ),
    "table.verify.failed": (
        "❌ {game}の卓{table}の検証: {draws}回を調べ、{count}件の食い違いがありました。"
    ),
    "table.verify.detail.faces": (
        "{throw_seq}回目の投げ（発言 {message_id}）: シードからは {expected}、記録は {recorded}"
        "（0から数えた値）"
    ),
    "table.verify.detail.duplicate": "{throw_seq}回目の投げが{uses}回記録されています",
    "table.verify.detail.gap": "{missing}回目の投げの記録がありません（番号は{last}まで）",
    "table_not_ended": "{who}{game}の卓はまだ終わっていません。シードは終わってから公開します。",
    "arg.table": "卓",
    "arg.table.text": "卓の番号（省略するとここの最後の卓）",
    "allowed.rounds": "N（人数分）か 2N（人数の2倍）",
    "allowed.wild": "on か off",
    "allowed.deadline": "1〜168（時間）か off",
    "table.double_post": (
        "{who}前の結果が出る前に送信された振りは二重投稿として無視しました"
        "（最初の投稿が有効です）。"
    ),
}
