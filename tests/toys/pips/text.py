"""Pips' words, in Japanese and English, and its reply writers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from bot.words.checking import inline_document
from bot.words.reply import Reply
from bot.words.shapes import Flag, Int, Params, Part, Str
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
    "pips.status": "{who}day {day}: {rolled}; {total} points over every day.",
    "pips.status.rolled": "rolled {pips}",
    "pips.status.waiting": "not rolled yet",
    "pips.memo": "{player}'s memo, day {day}: {points} today, {total} over {days} days.",
    "pips.verify": "Day {day}: {throws} rolls checked against the seed, {count} do not hold.",
    "pips.verify.scripted": "(a replay's dice: they were typed in, not drawn from the seed)",
    "pips.export": "Day {day}'s record: {throws} rolls, in {filename}.",
    "cmd.pips.status": "Pips: your day",
    "cmd.pips.verify": "Pips: check a closed day's rolls against its seed",
    "cmd.pips.help": "Pips: the commands",
    "slash.pips": "pips",
    "arg.sides": "sides",
    "arg.sides.text": "The die's sides (6; from the next day)",
    "setting.sides": "sides",
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
    "pips.status": "{who}{day}日目：{rolled}。全日の合計{total}点。",
    "pips.status.rolled": "{pips}を振りました",
    "pips.status.waiting": "まだ振っていません",
    "pips.memo": "{player}のメモ（{day}日目）：今日{points}点、{days}日の合計{total}点。",
    "pips.verify": "{day}日目：{throws}回の出目をシードで検証、合わないもの{count}件。",
    "pips.verify.scripted": "（リプレイのダイス：シードからではなく手入力の出目です）",
    "pips.export": "{day}日目の記録：{throws}回、{filename}。",
    "cmd.pips.status": "ピップス: 今日の状況",
    "cmd.pips.verify": "ピップス: 締まった日の出目をシードで検証",
    "cmd.pips.help": "ピップス: コマンド一覧",
    "slash.pips": "ピップス",
    "arg.sides": "面数",
    "arg.sides.text": "ダイスの面数（6。次の日から）",
    "setting.sides": "面数",
    "slash.group.pips": "1日ダイス1個のピップス",
}


def rolled(t: Text, reply: Reply) -> list[str]:
    pips = plain(reply.params.get("pips"))
    return [t("pips.rolled", who=t.who(reply.to), pips=pips)]


def done(t: Text, reply: Reply) -> list[str]:
    return [t("pips.done", who=t.who(reply.to), pips=plain(reply.params.get("pips")))]


def unreadable(t: Text, reply: Reply) -> list[str]:
    return [t("pips.unreadable", who=t.who(reply.to))]


def status(t: Text, reply: Reply) -> list[str]:
    state = reply.state or {}
    pips = state.get("pips")
    rolled = t("pips.status.waiting") if pips is None else t("pips.status.rolled", pips=pips)
    day, total = plain(state.get("day")), plain(state.get("total_points"))
    return [t("pips.status", who=t.who(reply.to), day=day, rolled=rolled, total=total)]


def memo(t: Text, reply: Reply) -> list[str]:
    p = MemoParams.of(reply)
    return [
        t("pips.memo", player=p.player, day=p.day, points=p.points, total=p.total, days=len(p.days))
    ]


def verify(t: Text, reply: Reply) -> list[str]:
    p = VerifyParams.of(reply)
    day = "?" if p.day is None else p.day
    lines = [t("pips.verify", day=day, throws=p.throws, count=len(p.mismatches))]
    return [*lines, t("pips.verify.scripted")] if p.scripted else lines


def export(t: Text, reply: Reply) -> list[str]:
    p = ExportParams.of(reply)
    said = t("pips.export", day=p.day, throws=p.throws, filename=p.filename)
    return [said, *inline_document(t, reply)]


def rules(t: Text, settings: Mapping[str, Any]) -> str:
    return t("pips.rules", sides=plain(settings.get("sides")))


class MemoDay(Part):
    day: Int
    points: Int


class MemoParams(Params):
    player: Str
    day: Int
    points: Int
    total: Int
    days: list[MemoDay]


class Mismatch(Part):
    what: Str


class VerifyParams(Params):
    day: Int | None
    throws: Int
    scripted: Flag = False
    mismatches: list[Mismatch]


class ExportParams(Params):
    day: Int
    throws: Int
    filename: Str
    document: dict[str, Any]


TEXTS: Final = GameTexts(
    {
        "pips.rolled": rolled,
        "pips.done": done,
        "pips.unreadable": unreadable,
        "pips.status": status,
        "pips.memo": memo,
        "pips.verify": verify,
        "pips.export": export,
    },
    JA,
    EN,
    rules=rules,
    shapes={
        "pips.memo": MemoParams,
        "pips.verify": VerifyParams,
        "pips.export": ExportParams,
    },
)
