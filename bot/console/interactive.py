"""`greedbot console`: play a village in the terminal on the embedded database."""

from __future__ import annotations

import asyncio
import getpass
from pathlib import Path

from bot.console.replay import CONSOLE_VILLAGE
from bot.console.scripted import ScriptedDice, ScriptError
from bot.console.session import ConsoleVillage, Output, TranscriptError
from bot.storage.opening import open_store
from bot.village.clock import ManualClock

DEAL_EXAMPLE = (
    "@deal dealer:Cid | Ann: AS JS 9S 5S AH KH TH KD QD KC 7C 4C"
    " | Bob: QS 8S 7S 6S QH JH QC JC TC 9C AD 4D"
    " | Cid: AC 6C 5C JD TD 9D 8D 5D 8H 7H 6H 4H | stock: 4S KS TS 9H 5H 7D 6D 8C"
)
"""A whole Gleek deal as a replay scripts it (gleek.md §8): every one of the 44 cards once."""

# What only the console has; the commands themselves are listed by `/greed help`. Each game
# whose chance a line can script has its example here (a test reads them with the games).
CONSOLE_HELP = {
    "ja": f"""\
コンソールだけの行:
  /as 名前             発言するプレイヤーを切り替える（初めて振った人が参加します）
  名前: 本文           その人の発言を1つ
  @mods 名前, 名前     進行役にする
  @dice D G $ R R Eb   グリード: 次の1投の出目を手入力する（その後は公平なダイスに戻ります）
  @dice 5 | 2 3 5 5 6  ダックス: 次の振り（ボス | 白ダイス、振る数だけ）
  @dice Ann: 3r 1r 6b | Bob: 5r 2y   レジダイス: 次のラウンドの出目（手持ちを振る全員の分）
  グリーク: 次の1回の配札（親、3人の12枚ずつ、山札8枚。山札の1枚目が表札）:
    {DEAL_EXAMPLE}
  （手入力した日や卓は「scripted」と記録され、公平なダイスとしては検証に通りません）
  @clock 2026-12-01T00:00+09:00   村の時計を進める（締切が来れば日が変わり、卓の期限も切れます）
  @lag 秒数            発言からこの秒数遅れて返答する（二重投稿の確認用）
  /help ・ /quit""",
    "en": f"""\
Console lines:
  /as NAME            speak as another player (a player joins by throwing)
  NAME: TEXT          one message from NAME
  @mods NAME, NAME    make players moderators
  @dice D G $ R R Eb  Greed: script the faces of the next throw (then the dice are fair again)
  @dice 5 | 2 3 5 5 6  Ducks: the next roll (the Boss | the white dice, as many as rolled)
  @dice Ann: 3r 1r 6b | Bob: 5r 2y   Regidice: the next round's roll (everyone who rolls)
  Gleek: the next deal (the dealer, 12 cards each, the 8 of the stock, turn-up first):
    {DEAL_EXAMPLE}
  (a scripted day or table is recorded as scripted and never verifies as fair dice)
  @clock 2026-12-01T00:00+09:00   move the village clock (days close, table deadlines pass)
  @lag SECONDS        answer each message this long after it was sent
  /help · /quit""",
}


def _speaker() -> str:
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):
        return "player"


async def interactive(database_url: str, files: Path) -> int:
    """The console on `database_url`; the files replies come with (standings pictures,
    exported records) are written under `files`."""
    try:
        async with open_store(database_url) as store:
            return await _converse(
                ConsoleVillage(store, ManualClock(), ScriptedDice(), CONSOLE_VILLAGE, files)
            )
    except KeyboardInterrupt:
        print()
        return 130


async def _converse(village: ConsoleVillage) -> int:
    """Read lines and answer them until the input ends or `/quit`."""
    village.speaker = _speaker()
    village.moderators.add(village.speaker.lower())
    _show(await village.start())
    print(
        f"あなたは {village.speaker}（進行役）です。/help で使い方を表示します。\n"
        f"You are {village.speaker} (a moderator). /help lists what you can type."
    )
    while True:
        try:
            line = await asyncio.to_thread(input, f"{village.speaker}> ")
        except EOFError:
            print()
            return 0
        if line.strip() in ("/quit", "/exit"):
            return 0
        if line.strip() == "/help":
            _show(await village.say(village.speaker, "/greed help"))
            print(CONSOLE_HELP.get(village.locale, CONSOLE_HELP["ja"]))
            continue
        try:
            _show(await village.line(line))
        except (TranscriptError, ScriptError) as error:
            print(f"  ! {error}")


def _show(outputs: list[Output]) -> None:
    for output in outputs:
        print("  " + output.text.replace("\n", "\n  "))
