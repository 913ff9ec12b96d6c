"""Pips' words, in Japanese and English, and its reply writers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.words.reply import Reply
from bot.words.text import GameTexts, Text, plain

EN: Final = {
    "game.pips": "Pips",
    "choice.game.pips": "Pips",
    "pips.rolled": "{who}rolled {pips}: {pips} points today.",
    "pips.done": "{who}you rolled {pips} today already; come back tomorrow.",
    "pips.rules": "Rules: one {sides}-sided die a day, its pips the points.",
    "pips.unreadable": "{who}write `[[pips]]` alone to roll.",
    "pips.join": "Write `[[pips]]` to roll your die of the day.",
    "pips.join.posts": "write `[[pips]]` in the day's post to roll your die of the day.",
    "cmd.pips.status": "Pips: your day",
    "cmd.pips.verify": "Pips: check a closed day's rolls against its seed",
    "cmd.pips.help": "Pips: the commands",
    "slash.pips": "pips",
    "slash.group.pips": "Pips, one die a day",
}
JA: Final = {
    "game.pips": "ピップス",
    "choice.game.pips": "ピップス",
    "pips.rolled": "{who}{pips}の目：今日は{pips}点。",
    "pips.done": "{who}今日はもう{pips}を振りました。また明日。",
    "pips.rules": "ルール: 1日にダイス1個（{sides}面）、出た目が得点。",
    "pips.unreadable": "{who}振るときは `[[pips]]` だけを書いてください。",
    "pips.join": "`[[pips]]` と書くとその日のダイスを振ります。",
    "pips.join.posts": "その日の投稿に `[[pips]]` と書くとその日のダイスを振ります。",
    "cmd.pips.status": "ピップス: 今日の状況",
    "cmd.pips.verify": "ピップス: 締まった日の出目をシードで検証",
    "cmd.pips.help": "ピップス: コマンド一覧",
    "slash.pips": "ピップス",
    "slash.group.pips": "1日ダイス1個のピップス",
}


def rolled(t: Text, reply: Reply) -> list[str]:
    pips = plain(reply.params.get("pips"))
    return [t("pips.rolled", who=t.who(reply.to), pips=pips)]


def done(t: Text, reply: Reply) -> list[str]:
    return [t("pips.done", who=t.who(reply.to), pips=plain(reply.params.get("pips")))]


def unreadable(t: Text, reply: Reply) -> list[str]:
    return [t("pips.unreadable", who=t.who(reply.to))]


def rules(t: Text, settings: Mapping[str, Any]) -> str:
    return t("pips.rules", sides=plain(settings.get("sides")))


TEXTS: Final = GameTexts(
    {"pips.rolled": rolled, "pips.done": done, "pips.unreadable": unreadable},
    JA,
    EN,
    rules=rules,
)
