/* The verifier page: reads the file a player picks or drops, checks it with verifier.js, and
 * shows the verdict, every check and the face counts, in Japanese or English. A classic
 * script, like verifier.js, so that a copy saved to disk works offline. Nothing is sent
 * anywhere: the page's Content-Security-Policy forbids it any connection. */
(function () {
  "use strict";
  const V = globalThis.GreedbotVerifier;
  const ROWS_AT_ONCE = 200;

  const TEXTS = {
    ja: {
      title: "出目の検証",
      intro: "greedbot のエクスポート（/village export・/ducks export・/gleek export・/regidice export の JSON ファイル）を選ぶか、ここにドロップしてください。公開されたシードから、すべての出目・ロール・シャッフルを bot と同じ方法で導き直して、記録と照らし合わせます。",
      pick: "ファイルを選ぶ",
      drop: "またはここにドロップ",
      private: "ファイルはこのブラウザの中だけで検証され、どこにも送信されません。オフラインで使うには、このページを「ウェブページ、完全」として保存してください（「1 つのファイル」として保存したページでは検証が動きません）。",
      footer: "検証のしくみとテストベクター: greedbot の docs/fair-dice.md。コマンドラインでは node web/verify/cli.mjs FILE または greedbot verify FILE。",
      checking: "検証中… {done} / {total}",
      reading: "読み込み中…",
      "verdict.ok": "✅ {n} 件の検証がすべて成り立ちました",
      "verdict.ok.more": "シードはコミットメントと一致し、記録にあるすべての{things}がシードから導いた通りで、番号の抜けや重複もありません。記録に欠けがないことは、下の封印とダイジェストが村に投稿されたものと同じであることで確かめられます。",
      "verdict.failed": "❌ 検証に失敗しました（問題 {count} 件）",
      "compare.title": "村の投稿と見比べてください",
      "compare.more": "開始時に投稿された封印（コミットメント）と、終了時にシードと一緒に投稿された数とダイジェストが、ここに出ているものと同じなら、この記録は投稿された抽選のすべてです。",
      "compare.commitment": "封印（コミットメント）",
      "compare.draws": "抽選の数",
      "compare.digest": "ダイジェスト sha256",
      "compare.none": "（記録を読めないため計算できません）",
      insecure: "⚠️ このページは https:// から開くか、ファイルとして保存して開いてください。http:// で開いたページには、ブラウザが検証に必要な暗号機能（WebCrypto）を使わせないので、何も検証できません。",
      "m.digest": "記録には {stated_draws} 回分・ダイジェスト {stated_digest} とありますが、記録の中身は {draws} 回分・ダイジェスト {digest} です（抽選が抜かれたか、削られたか、書き換えられています）",
      "verdict.failed.first": "最初の不一致:",
      "verdict.not_revealed": "⏳ シードはまだ公開されていません",
      "verdict.not_revealed.more": "この{what}はまだ終わっていないので、シードは秘密のままです（bot の不正ではありません）。終わったあとにもう一度エクスポートして検証してください。",
      "verdict.scripted": "⚠️ 手入力（scripted）の出目を含むため、公平なダイスとしては検証されません",
      "verdict.scripted.more": "テストやコンソールで出目を手入力した記録は、出目が一致していても決して検証に通りません。",
      "verdict.unreadable": "🚫 このファイルは検証できません",
      "unreadable.empty": "ファイルが空です。",
      "unreadable.json": "JSON ではありません（{error}、{offset} 文字目）。",
      "unreadable.not_object": "記録は JSON のオブジェクトですが、これは{kind}です。",
      "unreadable.constant": "{name} は JSON の数ではありません。",
      "unreadable.digits": "{digits} 桁の数があります。記録にこんな数はありません。",
      "unreadable.too_large": "数 {number} が大きすぎます。",
      "unreadable.surrogate": "文字列にサロゲートペアの片割れ {code} があります。",
      "unreadable.deep": "JSON の入れ子が深すぎます（{depth} 段まで）。",
      "unreadable.huge": "ファイルが {megabytes} MB あります。記録は {limit} MB までです。",
      "unreadable.utf16": "UTF-16 のテキストです。UTF-8 で保存し直してください。",
      "unreadable.not_utf8": "UTF-8 のテキストではありません（{offset} バイト目が 0x{byte}）。",
      "unreadable.unknown_game": "この bot が知らないゲームの日の記録です。",
      "unreadable.table_game": "卓のゲーム（{game}）の名前がありますが、table_id がありません。卓の記録には table_id があります。",
      "unreadable.shape": "記録にあるはずのない値があります（{error}）。",
      "unreadable.crashed": "検証が止まりました: {error}",
      "kind.an array": "配列",
      "kind.a single value": "単一の値",
      "what.day": "日",
      "what.table": "卓",
      "things.day": "投げ",
      "things.table": "ロール・シャッフル",
      "summary.title": "記録",
      "summary.game": "ゲーム",
      "summary.village": "村",
      "summary.day": "日",
      "summary.table": "卓",
      "summary.commitment": "コミットメント",
      "summary.seed": "シード",
      "summary.seed.none": "（未公開）",
      "summary.checked": "検証した数",
      "game.greed": "グリード",
      "game.ducks": "ダックス・イン・ア・バケツ",
      "game.gleek": "グリーク",
      "game.regidice": "レジダイス",
      "checks.title": "すべての検証",
      "checks.only_bad": "問題のある行だけ表示",
      "checks.more": "さらに {n} 行表示",
      "checks.shown": "{shown} / {total} 行を表示",
      "col.n": "#",
      "col.check": "検証",
      "col.who": "プレイヤー",
      "col.recorded": "記録",
      "col.expected": "シードから",
      "col.result": "結果",
      "row.commitment": "sha256(シード) = コミットメント",
      "row.throw": "{seq} 投目",
      "row.voided": "（無効）",
      "row.draw": "ロール {seq}",
      "row.first_dealer": "最初の親",
      "row.deal": "第 {deal} ディール",
      "row.ducks": "ラウンド {round}・{roll} 投目",
      "row.round": "ラウンド {round}",
      "row.numbers": "番号 1〜{last} に抜け・重複なし",
      "row.unreadable": "読めない行",
      "row.table": "卓",
      "seat": "席 {n}",
      "boss": "ボス {boss} |",
      "result.ok": "✅",
      "result.bad": "❌",
      "result.skipped": "—",
      same: "＝ 記録と同じ",
      "stats.title": "出目の集計",
      "stats.all": "全体",
      "stats.player": "{id}",
      "stats.total": "計",
      "stats.chi": "χ²",
      "stats.p": "p 値",
      "stats.note": "/village stats と同じ計算です（無効の投げも数えます）。p 値は、公平なダイスがこれ以上偏って見える確率です。公平なダイスでも 100 日に 1 日ほどは p < 0.01 になるので、1 日の小さな p 値だけでは不正の証拠になりません。",
      "stats.none": "手入力の出目を含む記録なので、集計はありません。",
      "stats.cards": "カードのシャッフルには出目の集計はありません。",
      "m.commitment": "シードの sha256 は {actual} ですが、投稿されたコミットメントは {posted} です",
      "m.faces": "{where}: シードからは {expected}、記録は {recorded}",
      "m.faces.card": "{where}: {pos} 枚目が、シードからは {expected}、記録は {recorded}",
      "m.faces.count": "{where}: 出目が {count} 個記録されています（1〜6 個のはず）",
      "m.throw_seq": "{where}: 投げ番号は 1 から始まります",
      "m.duplicate": "{who} {seq} 番が {uses} 回記録されています（番号は使い回されません）",
      "m.gap": "{who} {missing} 番の記録がありません（番号は {last} まで）",
      "m.format": "読めない記録です（{error}）",
      "m.seed.not_hex": "シードが16進数ではありません",
      "m.seed.not_revealed": "シードはまだ公開されていません",
      "m.scripted": "手入力の出目が含まれています",
      "m.where.throw": "プレイヤー {player} の {seq} 投目（メッセージ {message}）",
      "m.where.draw": "ロール {seq}（メッセージ {message}）",
      "m.where.draw.none": "抽選 {seq}",
      "m.who.player": "プレイヤー {player} の",
      "m.who.table": "卓の",
      "m.row": "{n} 行目",
      "face.$": "＄",
      "face.G": "G",
      "face.R": "R",
      "face.Eg": "E🟩緑",
      "face.Eb": "E⬛黒",
      "face.D": "D",
    },
    en: {
      title: "Check the dice",
      intro: "Pick an export of greedbot (the JSON file of /village export, /ducks export, /gleek export or /regidice export), or drop it here. The page derives every throw, roll and shuffle again from the revealed seed, exactly as the bot does, and compares them with the record.",
      pick: "Choose a file",
      drop: "or drop it here",
      private: "The file is checked inside this browser and sent nowhere. To use it offline, save this page as \"Webpage, Complete\" (a page saved as a single file does not run its checks).",
      footer: "How the check works, and the test vectors: greedbot's docs/fair-dice.md. On a command line: node web/verify/cli.mjs FILE, or greedbot verify FILE.",
      checking: "Checking… {done} / {total}",
      reading: "Reading…",
      "verdict.ok": "✅ All {n} checks hold",
      "verdict.ok.one": "✅ The one check holds",
      "verdict.ok.more": "The seed matches its commitment, every {things} in the record is what the seed gives, and no number in it is missing or used twice. That nothing is missing from the record you see by the seal and the digest below: they must be the ones posted in the village.",
      "verdict.failed": "❌ The record does not verify ({count} problems)",
      "verdict.failed.one": "❌ The record does not verify (1 problem)",
      "compare.title": "Compare with what the village was shown",
      "compare.more": "If the seal (commitment) posted at the start, and the number of draws and the digest posted with the seed at the end, are the ones shown here, this record holds every draw that was made.",
      "compare.commitment": "Seal (commitment)",
      "compare.draws": "Draws",
      "compare.digest": "Digest sha256",
      "compare.none": "(cannot be computed: a row of the record cannot be read)",
      insecure: "⚠️ Open this page from https://, or save it and open it as a file: a page opened over plain http:// gets no cryptography (WebCrypto) from the browser, and can check nothing.",
      "m.digest": "the record says it holds {stated_draws} draws of digest {stated_digest}, but what it holds is {draws} draws of digest {digest} (a draw was taken out, cut short or changed)",
      "verdict.failed.first": "First mismatch:",
      "verdict.not_revealed": "⏳ The seed is not revealed yet",
      "verdict.not_revealed.more": "This {what} has not ended, so its seed is still secret (that is no failure of the bot). Export it again once it has ended, and check that.",
      "verdict.scripted": "⚠️ Typed-in (scripted) dice: this can never verify as fair",
      "verdict.scripted.more": "A record whose dice were typed in, in tests or the console, never verifies, even when every face matches.",
      "verdict.unreadable": "🚫 This file cannot be checked",
      "unreadable.empty": "The file is empty.",
      "unreadable.json": "It is not JSON ({error} at character {offset}).",
      "unreadable.not_object": "A record is a JSON object, and this is {kind}.",
      "unreadable.constant": "{name} is not a number in JSON.",
      "unreadable.digits": "It holds a number of {digits} digits; no record does.",
      "unreadable.too_large": "The number {number} is too large.",
      "unreadable.surrogate": "A string holds {code}, half of a surrogate pair, which is no character.",
      "unreadable.deep": "Its JSON is nested too deeply (at most {depth} levels).",
      "unreadable.huge": "The file is {megabytes} MB; a record is at most {limit} MB.",
      "unreadable.utf16": "It is UTF-16 text; save it as UTF-8.",
      "unreadable.not_utf8": "It is not UTF-8 text (byte 0x{byte} at offset {offset}).",
      "unreadable.unknown_game": "It is a day record of a game this bot does not know.",
      "unreadable.table_game": "It names {game}, a table game, but has no table_id: a table's record has one.",
      "unreadable.shape": "A value is not what a record holds ({error}).",
      "unreadable.crashed": "The check stopped: {error}",
      "kind.an array": "an array",
      "kind.a single value": "a single value",
      "what.day": "day",
      "what.table": "table",
      "things.day": "throw",
      "things.table": "roll and shuffle",
      "summary.title": "The record",
      "summary.game": "Game",
      "summary.village": "Village",
      "summary.day": "Day",
      "summary.table": "Table",
      "summary.commitment": "Commitment",
      "summary.seed": "Seed",
      "summary.seed.none": "(not revealed)",
      "summary.checked": "Checked",
      "game.greed": "Greed",
      "game.ducks": "Ducks in a Bucket",
      "game.gleek": "Gleek",
      "game.regidice": "Regidice",
      "checks.title": "Every check",
      "checks.only_bad": "Show only the rows with a problem",
      "checks.more": "Show {n} more rows",
      "checks.shown": "{shown} of {total} rows shown",
      "col.n": "#",
      "col.check": "Check",
      "col.who": "Player",
      "col.recorded": "Recorded",
      "col.expected": "The seed gives",
      "col.result": "Result",
      "row.commitment": "sha256(seed) = commitment",
      "row.throw": "throw {seq}",
      "row.voided": " (voided)",
      "row.draw": "roll {seq}",
      "row.first_dealer": "first dealer",
      "row.deal": "deal {deal}",
      "row.ducks": "round {round}, roll {roll}",
      "row.round": "round {round}",
      "row.numbers": "numbers 1 to {last}, none missing or twice",
      "row.unreadable": "unreadable row",
      "row.table": "table",
      "seat": "seat {n}",
      "boss": "Boss {boss} |",
      "result.ok": "✅",
      "result.bad": "❌",
      "result.skipped": "—",
      same: "= the same",
      "stats.title": "Face counts",
      "stats.all": "All",
      "stats.player": "{id}",
      "stats.total": "total",
      "stats.chi": "χ²",
      "stats.p": "p",
      "stats.note": "The same figures as /village stats (voided throws count). The p-value is the chance that fair dice would look at least this uneven. Fair dice show p < 0.01 about one day in 100, so one small p-value is no evidence of anything.",
      "stats.none": "A record with typed-in dice has no statistics.",
      "stats.cards": "A shuffle of cards has no face counts.",
      "m.commitment": "sha256 of the revealed seed is {actual}, but the commitment posted was {posted}",
      "m.faces": "{where}: the seed gives {expected}, recorded {recorded}",
      "m.faces.card": "{where}: card {pos} is {expected} by the seed, recorded {recorded}",
      "m.faces.count": "{where}: {count} faces recorded, 1 to 6 allowed",
      "m.throw_seq": "{where}: throw numbers start at 1",
      "m.duplicate": "{who}number {seq} is recorded {uses} times (a number is never reused)",
      "m.gap": "{who}no record of number {missing} (numbers run to {last})",
      "m.format": "a record that cannot be read ({error})",
      "m.seed.not_hex": "the seed is not hex",
      "m.seed.not_revealed": "the seed is not revealed yet",
      "m.scripted": "some dice were typed in",
      "m.where.throw": "player {player} throw {seq} (message {message})",
      "m.where.draw": "roll {seq} (message {message})",
      "m.where.draw.none": "draw {seq}",
      "m.who.player": "player {player}: ",
      "m.who.table": "",
      "m.row": "row {n}",
      "face.$": "$",
      "face.G": "G",
      "face.R": "R",
      "face.Eg": "E🟩green",
      "face.Eb": "E⬛black",
      "face.D": "D",
    },
  };

  const state = { lang: chooseLanguage(), report: null, onlyBad: false, shown: ROWS_AT_ONCE, started: 0 };
  const $ = (id) => document.getElementById(id);

  function chooseLanguage() {
    try {
      const saved = localStorage.getItem("greedbot-verify-lang");
      if (saved === "ja" || saved === "en") return saved;
    } catch (_) {
      // a saved page may have no storage: the browser's language decides
    }
    const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
    for (const l of wanted) {
      if (/^ja\b/i.test(l)) return "ja";
      if (/^en\b/i.test(l)) return "en";
    }
    return "en";
  }

  function t(key, values) {
    const text = TEXTS[state.lang][key] !== undefined ? TEXTS[state.lang][key] : TEXTS.en[key] !== undefined ? TEXTS.en[key] : key;
    return text.replace(/\{(\w+)\}/g, (_, name) => (values && values[name] !== undefined ? String(values[name]) : "{" + name + "}"));
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "class") node.className = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  /** Show the page in `lang`; a player's own choice (`remember`) is kept for next time. */
  function setLanguage(lang, remember) {
    state.lang = lang;
    if (remember) {
      try {
        localStorage.setItem("greedbot-verify-lang", lang);
      } catch (_) {
        // nothing to remember it in
      }
    }
    document.documentElement.lang = lang;
    document.title = "greedbot — " + t("title");
    for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
    for (const button of document.querySelectorAll("[data-lang]")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
    }
    if (state.report) show(state.report);
  }

  // -- what a record's values look like to players -----------------------------------------

  function gameOf(report) {
    return report.kind === "day" ? "greed" : report.game;
  }

  function valuesText(report, entry, values) {
    const game = gameOf(report);
    const shown = V.shown(game, entry && entry.request, values);
    if (game === "ducks" && shown.length) return t("boss", { boss: shown[0] }) + " " + shown.slice(1).join(" ");
    if (game === "regidice" && entry && entry.request) {
      const dice = entry.request.label.slice(1);
      return shown.map((pips, k) => (dice[k] !== undefined ? String(dice[k]) + " " : "") + pips).join(" · ");
    }
    if (game === "gleek" && entry && entry.request && entry.request.draw.kind === "dice") {
      return shown.map((n) => t("seat", { n })).join(" ");
    }
    if (game === "greed") return shown.map((face) => t("face." + face)).join(" ");
    return shown.join(" ");
  }

  /** The values of an outcome as text, the first one that differs from `other` marked. */
  function valuesNode(report, entry, values, other) {
    const text = valuesText(report, entry, values);
    if (!other) return document.createTextNode(text);
    const game = gameOf(report);
    if (game !== "gleek" || !entry || !entry.request || entry.request.draw.kind !== "shuffle") return document.createTextNode(text);
    const at = V.firstDifference(values, other);
    const cards = V.shown(game, entry.request, values);
    const span = el("span");
    cards.forEach((card, k) => {
      if (k) span.append(" ");
      span.append(k === at ? el("mark", {}, card) : card);
    });
    return span;
  }

  function checkName(report, entry) {
    if (report.kind === "day") return t("row.throw", { seq: entry.throw_seq }) + (entry.voided ? t("row.voided") : "");
    const label = entry.request.label;
    let name = t("row.draw", { seq: entry.seq });
    if (report.game === "gleek") {
      name = entry.request.draw.kind === "shuffle" ? t("row.deal", { deal: label[0] }) : t("row.first_dealer");
      name = `#${entry.seq} ${name}`;
    } else if (report.game === "ducks" && label.length === 3) {
      name = `#${entry.seq} ` + t("row.ducks", { round: label[0], roll: label[2] });
    } else if (report.game === "regidice" && label.length) {
      name = `#${entry.seq} ` + t("row.round", { round: label[0] });
    }
    return name + (entry.voided ? t("row.voided") : "");
  }

  function whoOf(report, entry) {
    if (report.kind === "table" && (entry.player_id == 0 || entry.player_id === undefined)) return t("row.table");
    return nameOf(report, entry.player_id);
  }

  function mismatchText(report, m) {
    const where = report.kind === "day"
      ? t("m.where.throw", { player: nameOf(report, m.player_id), seq: m.throw_seq, message: m.message_id })
      : report.game === "gleek" || !m.message_id || m.message_id == 0
        ? t("m.where.draw.none", { seq: m.throw_seq })
        : t("m.where.draw", { seq: m.throw_seq, message: m.message_id });
    const who = m.player_id ? t("m.who.player", { player: nameOf(report, m.player_id) }) : t("m.who.table");
    switch (m.what) {
      case "commitment":
        return t("m.commitment", { actual: m.actual, posted: m.posted });
      case "faces": {
        if (m.count !== undefined && m.expected === undefined) return t("m.faces.count", { where, count: m.count });
        const entry = report.items.find((x) => !x.unreadable && (report.kind === "day" ? x.player_id == m.player_id && x.throw_seq == m.throw_seq && x.message_id == m.message_id : x.seq == m.throw_seq));
        if (report.game === "gleek" && entry && entry.request.draw.kind === "shuffle") {
          const pos = V.firstDifference(m.expected, m.recorded);
          const cards = (values) => V.shown("gleek", entry.request, values);
          if (pos >= 0 && m.expected.length === m.recorded.length) {
            return t("m.faces.card", { where, pos: pos + 1, expected: cards(m.expected)[pos], recorded: cards(m.recorded)[pos] });
          }
        }
        return t("m.faces", { where, expected: valuesText(report, entry, m.expected) || "—", recorded: valuesText(report, entry, m.recorded) || "—" });
      }
      case "throw_seq":
        return t("m.throw_seq", { where });
      case "duplicate":
        return t("m.duplicate", { who, seq: m.throw_seq, uses: m.uses });
      case "gap":
        return t("m.gap", { who, missing: m.missing.join(", ") + (m.count > m.missing.length ? " …" : ""), last: m.last });
      case "format":
        return (m.throw ? t("m.row", { n: m.throw }) + ": " : "") + t("m.format", { error: m.error });
      case "seed":
        return t("m.seed." + m.reason);
      case "scripted":
        return t("m.scripted");
      case "digest":
        return t("m.digest", { draws: m.draws, digest: m.digest, stated_draws: m.stated_draws === null ? "—" : m.stated_draws, stated_digest: m.stated_digest === null ? "—" : m.stated_digest });
      default:
        return m.detail;
    }
  }

  // -- showing a report ---------------------------------------------------------------------

  function checkCount(report) {
    return 1 + report.checked + (report.sequences ? report.sequences.length : 0);
  }

  function showVerdict(report) {
    const box = $("verdict");
    box.hidden = false;
    box.className = report.verdict;
    box.replaceChildren();
    if (report.verdict === "unreadable") {
      box.append(el("p", { class: "headline" }, t("verdict.unreadable")));
      const facts = Object.assign({}, report.facts);
      if (facts.kind) facts.kind = t("kind." + facts.kind);
      box.append(el("p", {}, t("unreadable." + report.reason, facts)));
      return;
    }
    const what = t("what." + report.kind);
    if (report.verdict === "ok") {
      const n = checkCount(report);
      box.append(el("p", { class: "headline" }, n === 1 ? t("verdict.ok.one") : t("verdict.ok", { n })));
      box.append(el("p", {}, t("verdict.ok.more", { things: t("things." + report.kind) })));
    } else if (report.verdict === "not_revealed") {
      box.append(el("p", { class: "headline" }, t("verdict.not_revealed")));
      box.append(el("p", {}, t("verdict.not_revealed.more", { what })));
    } else if (report.verdict === "scripted") {
      box.append(el("p", { class: "headline" }, t("verdict.scripted")));
      box.append(el("p", {}, t("verdict.scripted.more")));
    } else {
      const count = report.mismatches.length;
      box.append(el("p", { class: "headline" }, count === 1 ? t("verdict.failed.one") : t("verdict.failed", { count })));
      const first = report.mismatches.find((m) => m.what !== "scripted") || report.mismatches[0];
      box.append(el("p", {}, t("verdict.failed.first"), " ", el("span", { class: "first" }, mismatchText(report, first))));
    }
    box.append(compareBox(report));
  }

  /** What the reader holds against what the village was shown: the seal posted at the
   * start, and the count and digest posted with the seed at the end. */
  function compareBox(report) {
    const dl = el("dl", { id: "compare" });
    const digest = report.digest;
    const rows = [
      ["compare.commitment", report.commitment, "hash"],
      ["compare.draws", digest ? String(digest.count) : t("compare.none"), ""],
      ["compare.digest", digest ? digest.sha256 : t("compare.none"), "hash"],
    ];
    for (const [key, value, cls] of rows) dl.append(el("dt", {}, t(key)), el("dd", { class: cls }, String(value)));
    return el("div", { class: "compare" }, el("p", { class: "compare-title" }, t("compare.title")), dl, el("p", { class: "note" }, t("compare.more")));
  }

  /** A player as the village knows them: their name where the record carries it. */
  function nameOf(report, playerId) {
    const names = report.names || {};
    const name = names[String(playerId)];
    return typeof name === "string" && name ? name : String(playerId);
  }

  function showSummary(report) {
    const box = $("summary");
    if (report.verdict === "unreadable") {
      box.hidden = true;
      return;
    }
    const rows = [
      ["summary.game", t("game." + gameOf(report))],
      ["summary.village", report.village_id],
      report.kind === "day" ? ["summary.day", report.day] : ["summary.table", report.table_id],
      ["summary.commitment", report.commitment],
      ["summary.seed", report.seed === null ? t("summary.seed.none") : report.seed],
      ["summary.checked", report.checked],
    ];
    const dl = el("dl");
    for (const [key, value] of rows) {
      if (value === undefined) continue;
      dl.append(el("dt", {}, t(key)), el("dd", {}, String(value)));
    }
    box.replaceChildren(el("h2", {}, t("summary.title")), dl);
    box.hidden = false;
  }

  /** The rows of the checks table: the commitment, every throw or draw, the numbering. */
  function checkRows(report) {
    const rows = [];
    const seedKnown = report.commitment_holds !== undefined;
    rows.push({ kind: "commitment", ok: seedKnown ? report.commitment_holds : null });
    for (const entry of report.items) rows.push({ kind: "entry", entry, ok: entry.unreadable ? false : entry.ok === undefined ? null : entry.ok });
    for (const s of report.sequences || []) rows.push({ kind: "numbers", seq: s, ok: s.holds });
    return rows;
  }

  function rowNode(report, row, n) {
    const result = row.ok === null ? t("result.skipped") : row.ok ? t("result.ok") : t("result.bad");
    const cls = row.ok === false ? "bad" : row.entry && row.entry.voided ? "voided" : "";
    const cells = [el("td", { class: "num" }, n)];
    if (row.kind === "commitment") {
      cells.push(el("td", { colspan: "2" }, t("row.commitment")), el("td", { class: "faces hash" }, report.commitment), el("td", { class: "faces" }, report.seed === null ? t("summary.seed.none") : ""));
    } else if (row.kind === "numbers") {
      cells.push(el("td", {}, t("row.numbers", { last: row.seq.last })), el("td", {}, row.seq.player_id == 0 ? t("row.table") : String(row.seq.player_id)), el("td"), el("td"));
    } else if (row.entry.unreadable) {
      cells.push(el("td", {}, t("row.unreadable")), el("td"), el("td", { colspan: "2", class: "faces" }, row.entry.unreadable));
    } else {
      const entry = row.entry;
      const recorded = report.kind === "day" ? entry.faces : entry.recorded;
      const expected = entry.expected;
      cells.push(
        el("td", { class: "name" }, checkName(report, entry)),
        el("td", {}, whoOf(report, entry)),
        el("td", { class: "faces" }, valuesNode(report, entry, recorded, entry.ok === false ? expected : null)),
        // A row that holds gives the same values twice: say so instead of repeating them.
        el("td", { class: "faces" }, entry.ok ? t("same") : expected === undefined ? "" : valuesNode(report, entry, expected, recorded))
      );
    }
    cells.push(el("td", { class: "result" }, result));
    return el("tr", { class: cls }, ...cells);
  }

  function showChecks(report) {
    const box = $("checks");
    if (report.verdict === "unreadable") {
      box.hidden = true;
      return;
    }
    const all = checkRows(report);
    const rows = state.onlyBad ? all.filter((r) => r.ok === false) : all;
    const head = el("tr", {}, ...["col.n", "col.check", "col.who", "col.recorded", "col.expected", "col.result"].map((k) => el("th", { class: k === "col.n" ? "num" : "" }, t(k))));
    const body = el("tbody");
    const visible = Math.min(rows.length, state.shown);
    for (let k = 0; k < visible; k++) body.append(rowNode(report, rows[k], all.indexOf(rows[k]) + 1));
    const only = el("input", { type: "checkbox", id: "only-bad" });
    only.checked = state.onlyBad;
    only.addEventListener("change", () => {
      state.onlyBad = only.checked;
      state.shown = ROWS_AT_ONCE;
      showChecks(report);
    });
    const tools = el("div", { class: "tools" }, el("label", {}, only, " ", t("checks.only_bad")), el("span", { class: "note", id: "shown" }, t("checks.shown", { shown: visible, total: rows.length })));
    const parts = [el("h2", {}, t("checks.title")), tools, el("div", { class: "scroll" }, el("table", { id: "check-table" }, el("thead", {}, head), body))];
    if (visible < rows.length) {
      const more = el("button", { type: "button", id: "more" }, t("checks.more", { n: Math.min(1000, rows.length - visible) }));
      more.addEventListener("click", () => {
        state.shown += 1000;
        showChecks(report);
      });
      parts.push(el("div", { class: "tools" }, more));
    }
    box.replaceChildren(...parts);
    box.hidden = false;
  }

  function fixed(value, places) {
    return Number(value).toFixed(places);
  }

  function showStats(report) {
    const box = $("stats");
    if (report.verdict === "unreadable") {
      box.hidden = true;
      return;
    }
    const parts = [el("h2", {}, t("stats.title"))];
    if (!report.stats) {
      parts.push(el("p", { class: "note" }, report.game === "gleek" ? t("stats.cards") : t("stats.none")));
    } else {
      const s = report.stats;
      const head = el("tr", {}, el("th"), ...s.categories.map((c) => el("th", { class: "num" }, c)), el("th", { class: "num" }, t("stats.total")), el("th", { class: "num" }, t("stats.chi")), el("th", { class: "num" }, t("stats.p")));
      const line = (name, r) =>
        el(
          "tr",
          {},
          el("th", {}, name),
          ...r.counts.map((c) => el("td", { class: "num" }, c)),
          el("td", { class: "num" }, r.total),
          // No dice, no test: a chi-square of 0 and a p of 1 would look like a verdict.
          el("td", { class: "num" }, r.total ? fixed(r.chi_square, 2) : "-"),
          el("td", { class: "num" }, r.total ? fixed(r.p_value, 3) : "-")
        );
      const body = el("tbody", {}, line(t("stats.all"), s.all), ...s.players.map((p) => line(t("stats.player", { id: nameOf(report, p.player_id) }), p)));
      parts.push(el("div", { class: "scroll" }, el("table", { id: "stats-table" }, el("thead", {}, head), body)));
      parts.push(el("p", { class: "note" }, t("stats.note")));
    }
    box.replaceChildren(...parts);
    box.hidden = false;
  }

  function show(report) {
    showVerdict(report);
    showSummary(report);
    showChecks(report);
    showStats(report);
  }

  // -- reading a file -----------------------------------------------------------------------

  /** Give the browser a turn (to paint, to take a click) when the check has run for 50 ms:
   * a MessageChannel does not wait the 4 ms that nested timeouts do. */
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()();
  let lastTurn = 0;
  function pause() {
    const now = performance.now();
    if (now - lastTurn < 50) return Promise.resolve();
    return new Promise((resolve) => {
      waiting.push(() => {
        lastTurn = performance.now();
        resolve();
      });
      channel.port2.postMessage(null);
    });
  }

  async function check(file) {
    const timing = { name: file.name, bytes: file.size, started: performance.now() };
    globalThis.__verifyTiming = timing;
    state.report = null;
    state.onlyBad = false;
    state.shown = ROWS_AT_ONCE;
    for (const id of ["verdict", "summary", "checks", "stats"]) $(id).hidden = true;
    const bar = $("progress");
    bar.hidden = false;
    bar.removeAttribute("value");
    bar.textContent = t("reading");
    let report;
    try {
      if (file.size > V.MAX_BYTES) {
        const facts = { megabytes: Math.ceil(file.size / 1048576), limit: Math.floor(V.MAX_BYTES / 1048576) };
        report = { verdict: "unreadable", reason: "huge", facts };
      } else {
        const bytes = new Uint8Array(await file.arrayBuffer());
        timing.read_ms = performance.now() - timing.started;
        await pause();
        report = await V.verifyBytes(bytes, {
          pause,
          progress(done, total) {
            bar.max = total;
            bar.value = done;
            bar.textContent = t("checking", { done, total });
          },
        });
      }
    } catch (error) {
      report = { verdict: "unreadable", reason: "crashed", facts: { error: error && error.message ? error.message : String(error) } };
    }
    timing.checked_ms = performance.now() - timing.started;
    bar.hidden = true;
    state.report = report;
    // A problem may sit past the first rows shown: then only the rows with one are shown.
    state.onlyBad = Array.isArray(report.mismatches) && report.mismatches.some((m) => m.what !== "scripted" && m.what !== "seed");
    show(report);
    timing.shown_ms = performance.now() - timing.started;
    timing.verdict = report.verdict;
    timing.checked = report.checked;
    timing.parse_ms = report.parse_ms;
    document.body.dataset.verdict = report.verdict;
  }

  // The longest the page ever held the tab, for the benchmark (Chromium reports long tasks).
  globalThis.__longestTask = 0;
  if (typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes || []).includes("longtask")) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__longestTask = Math.max(globalThis.__longestTask, entry.duration);
    }).observe({ type: "longtask", buffered: true });
  }

  function start() {
    for (const button of document.querySelectorAll("[data-lang]")) {
      button.addEventListener("click", () => setLanguage(button.dataset.lang, true));
    }
    const input = $("file");
    input.addEventListener("change", () => {
      if (input.files && input.files[0]) check(input.files[0]);
      input.value = "";
    });
    const drop = $("drop");
    for (const name of ["dragenter", "dragover"]) {
      drop.addEventListener(name, (event) => {
        event.preventDefault();
        drop.classList.add("over");
      });
    }
    for (const name of ["dragleave", "drop"]) {
      drop.addEventListener(name, () => drop.classList.remove("over"));
    }
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      const file = event.dataTransfer && event.dataTransfer.files[0];
      if (file) check(file);
    });
    // A file dropped anywhere else must not make the browser leave the page for it.
    window.addEventListener("dragover", (event) => event.preventDefault());
    window.addEventListener("drop", (event) => event.preventDefault());
    setLanguage(state.lang);
    // The scripts run: the note for a copy that cannot run them goes.
    const dead = $("no-scripts");
    if (dead) dead.hidden = true;
    // Without WebCrypto (a page served over plain http:// off this machine) nothing can be
    // checked: say so now, not once a file is picked.
    const insecure = $("insecure");
    if (insecure) insecure.hidden = Boolean(globalThis.crypto && globalThis.crypto.subtle);
    document.body.dataset.ready = "true";
  }

  start();
})();
