"""The coin toss's words, in Japanese and English, and its reply writers."""

from __future__ import annotations

from typing import Final

from bot.words.reply import Reply
from bot.words.text import GameTexts, Text, Writer, as_list, plain, revealed_lines

_COMMANDS: Final = ("new", "config", "join", "leave", "start", "call", "status", "score")
_MORE: Final = ("export", "verify", "skip", "rollback", "abandon")

EN: Final = {
    "game.coin": "Coin toss",
    "choice.game.coin": "Coin toss",
    "coin.toss": "{who}called {called}: the coin shows {side}. {player} has {points}.",
    "coin.side.heads": "heads",
    "coin.side.tails": "tails",
    "coin.status": "Coin toss: {points}; {turn} to call.",
    "coin.status.finished": "Coin toss: {points}; the game is over.",
    "coin.score": "Coin toss points: {points}",
    "coin.game_end": "{winner} wins the coin toss ({points}).",
    "coin.seed": "Seed: {seed}",
    "coin.draws": "{count} tosses, digest sha256: {digest}",
    "coin.not_your_turn": "{who}it is {turn}'s call.",
    "coin.bad_side": "{who}call heads or tails, not {side}.",
    "coin.unreadable": "{who}write `[[coin]] heads` or `[[coin]] tails`.",
    **{f"cmd.coin.{name}": f"Coin toss: {name}" for name in (*_COMMANDS, *_MORE)},
    # Discord's slash commands: the group, and the arguments the coin's own commands take.
    "slash.coin": "coin",
    "slash.group.coin": "Coin toss at a table",
    "arg.coin.side": "side",
    "arg.coin.side.text": "heads or tails",
    "arg.coin.target": "target",
    "arg.coin.target.text": "Right calls that win (1 to 9, 3 by default)",
}
JA: Final = {
    "game.coin": "コイン投げ",
    "choice.game.coin": "コイン投げ",
    "coin.toss": "{who}{called}とコール：コインは{side}。{player}は{points}点。",
    "coin.side.heads": "表",
    "coin.side.tails": "裏",
    "coin.status": "コイン投げ：{points}。次のコールは{turn}。",
    "coin.status.finished": "コイン投げ：{points}。ゲームは終わりました。",
    "coin.score": "コイン投げの得点：{points}",
    "coin.game_end": "{winner}がコイン投げに勝ちました（{points}）。",
    "coin.seed": "シード: {seed}",
    "coin.draws": "投げは{count}回、ダイジェスト sha256: {digest}",
    "coin.not_your_turn": "{who}いまは{turn}のコールです。",
    "coin.bad_side": "{who}表（heads）か裏（tails）でコールしてください（{side}ではなく）。",
    "coin.unreadable": "{who}`[[coin]] heads` か `[[coin]] tails` と書いてください。",
    **{f"cmd.coin.{name}": f"コイン投げ: {name}" for name in (*_COMMANDS, *_MORE)},
    "slash.coin": "コイン",
    "slash.group.coin": "卓でコイン投げ",
    "slash.coin.call": "コール",
    "arg.coin.side": "面",
    "arg.coin.side.text": "表（heads）か裏（tails）",
    "arg.coin.target": "目標",
    "arg.coin.target.text": "勝ちに要る当たりの数（1〜9、初期値3）",
}


def _points(t: Text, reply: Reply) -> str:
    state = reply.state or {}
    seats, points = as_list(state.get("seats")), as_list(state.get("points"))
    return t.texts["list_sep"].join(
        f"{plain(name)} {plain(p)}" for name, p in zip(seats, points, strict=False)
    )


def toss(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    return [
        t(
            "coin.toss",
            who=t.who(reply.to),
            called=t.word("coin.side", p.get("called")),
            side=t.word("coin.side", p.get("side")),
            player=plain(p.get("player")),
            points=plain(p.get("points")),
        )
    ]


def status(t: Text, reply: Reply) -> list[str]:
    turn = plain(reply.params.get("turn_of"))
    key = "coin.status" if turn else "coin.status.finished"
    return [t(key, points=_points(t, reply), turn=turn)]


def score(t: Text, reply: Reply) -> list[str]:
    return [t("coin.score", points=_points(t, reply))]


def game_end(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [t("coin.game_end", winner=plain(p.get("winner")), points=plain(p.get("points")))]
    return [*lines, *revealed_lines(t, p, "coin.seed", "coin.draws")]


def _refusal(key: str) -> Writer:
    def write(t: Text, reply: Reply) -> list[str]:
        p = reply.params
        return [
            t(key, who=t.who(reply.to), turn=plain(p.get("turn_of")), side=plain(p.get("side")))
        ]

    return write


TEXTS: Final = GameTexts(
    {
        "coin.toss": toss,
        "coin.status": status,
        "coin.score": score,
        "coin.game_end": game_end,
        "coin.not_your_turn": _refusal("coin.not_your_turn"),
        "coin.bad_side": _refusal("coin.bad_side"),
        "coin.unreadable": _refusal("coin.unreadable"),
    },
    JA,
    EN,
)
