"""`greedbot console`: play a village in the terminal on the embedded database."""

from __future__ import annotations

import asyncio
import getpass
from pathlib import Path

from bot.console.replay import CONSOLE_VILLAGE
from bot.console.scripted import ScriptedDice, ScriptError
from bot.console.session import ConsoleVillage, Output, TranscriptError
from bot.storage.engine import make_engine
from bot.storage.migrate import migrate
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock

# What only the console has; the commands themselves are listed by `/greed help`.
CONSOLE_HELP = {
    "ja": """\
コンソールだけの行:
  /as 名前             発言するプレイヤーを切り替える（初めて振った人が参加します）
  名前: 本文           その人の発言を1つ
  @mods 名前, 名前     進行役にする
  @dice D G $ R R Eb   次の1投の出目を手入力する（その後は公平なダイスに戻ります）
  @clock 2026-12-01T00:00+09:00   村の時計を進める（締切が来れば日が変わります）
  @lag 秒数            発言からこの秒数遅れて返答する（二重投稿の確認用）
  /help ・ /quit""",
    "en": """\
Console lines:
  /as NAME            speak as another player (a player joins by throwing)
  NAME: TEXT          one message from NAME
  @mods NAME, NAME    make players moderators
  @dice D G $ R R Eb  script the faces of the next throw (then the dice are fair again)
  @clock 2026-12-01T00:00+09:00   move the village clock (days close on time)
  @lag SECONDS        answer each message this long after it was sent
  /help · /quit""",
}


def _speaker() -> str:
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):
        return "player"


async def interactive(database_url: str, pictures: Path) -> int:
    engine = make_engine(database_url)
    try:
        await migrate(engine)
        village = ConsoleVillage(
            SqlStore(engine), ManualClock(), ScriptedDice(), CONSOLE_VILLAGE, pictures
        )
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
    except KeyboardInterrupt:
        print()
        return 130
    finally:
        await engine.dispose()


def _show(outputs: list[Output]) -> None:
    for output in outputs:
        print("  " + output.text.replace("\n", "\n  "))
