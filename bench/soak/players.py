"""The players: each posts, reads the bot's answer to pick a legal next move (as people do),
and posts again a few seconds later; now and then two messages at once."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass

from bench.soak.chat import Chat
from bench.soak.village import GENERATIONS, THROW, VILLAGE_ID, a_message, newcomer
from bot.games.greed.catalog_ja import TEXTS
from bot.village.core import Author

ANSWER_WAIT = 6.0
"""How long a player waits for the bot's answer before posting anyway (it may be dead)."""
_COUNTS = re.compile(r"\[\[greed\]\]×(\d)")
DAY_OVER = TEXTS["no_turns_left"].split("{turns}", 1)[1]
"""What the bot says to a player who has played all of today's turns."""


@dataclass(frozen=True, slots=True)
class Pace:
    pause: tuple[float, float] = (2.0, 5.0)
    """Seconds between a player's answer and their next message."""
    pair_share: float = 0.03
    """The share of moves posted together with a second message in the same instant."""


def next_move(rng: random.Random, answer: str | None) -> str:
    """What the bot's last answer allows (`次: [[greed]]×2 / … ・ TE可`), now and then
    something else: a status request, a count the player does not have."""
    if answer is None or rng.random() < 0.15:
        return a_message(rng, starting=answer is None)
    counts = [int(n) for n in _COUNTS.findall(answer)]
    if "TE可" in answer and rng.random() < 0.35:
        return "TE"
    if counts:
        return THROW * rng.choice(counts)
    return a_message(rng, starting=True)


async def play(
    chat: Chat, seat: Author, rng: random.Random, pace: Pace, stop: asyncio.Event
) -> None:
    answer: str | None = None
    generation = 0
    player = seat
    await asyncio.sleep(rng.uniform(0, pace.pause[1]))
    while not stop.is_set():
        if answer is not None and DAY_OVER in answer and generation < GENERATIONS:
            generation += 1
            player = newcomer(seat, generation)
            answer = None
        text = next_move(rng, answer)
        if rng.random() < pace.pair_share:
            chat.post_pair(VILLAGE_ID, player.player_id, player.name, (text, next_move(rng, None)))
            answer = None
        else:
            seen = chat.post(VILLAGE_ID, player.player_id, player.name, text)
            got = await chat.answer_to(seen.message_id, ANSWER_WAIT)
            answer = chat.reply_texts.get(seen.message_id) if got else None
        await asyncio.sleep(rng.uniform(*pace.pause))


class Players:
    """The village's players at play until told to stop."""

    def __init__(self, chat: Chat, players: list[Author], rng: random.Random, pace: Pace) -> None:
        self._stop = asyncio.Event()
        self._tasks = [
            asyncio.create_task(play(chat, p, random.Random(rng.random()), pace, self._stop))
            for p in players
        ]

    async def stop(self) -> None:
        self._stop.set()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
