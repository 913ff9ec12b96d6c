"""The soak's village: where it is, who moderates it, who plays, and what they post."""

from __future__ import annotations

import random

from bot.village.core import Author

GUILD_ID = 1_000
VILLAGE_ID = 2_000
"""The village channel (a plain text channel: every day is played there)."""
GM = Author(1, "gm", is_moderator=True)
THROW = "[[greed]]"


GENERATIONS = 60
"""Newcomers each seat may bring in a soak (the ids and names the audit must know)."""


def players(count: int) -> list[Author]:
    return [Author(100 + n, f"player{n:02d}") for n in range(count)]


def newcomer(seat: Author, generation: int) -> Author:
    """Who takes a seat once its player has played all of today's turns: a day has five
    turns a player, and a soak plays far more than one village's day."""
    if generation == 0:
        return seat
    return Author(seat.player_id + 1_000 * generation, f"{seat.name}-{generation}")


def everyone(count: int) -> list[Author]:
    return [newcomer(seat, g) for seat in players(count) for g in range(GENERATIONS + 1)]


def a_message(rng: random.Random, starting: bool) -> str:
    """What a player posts next: mostly throws (six dice to start a turn, fewer during
    one, some of them illegal), Turn Ends, and `/greed status` typed as a message (which the
    bot answers by pointing to the slash command)."""
    roll = rng.random()
    if roll < 0.12:
        return "TE"
    if roll < 0.22:
        return "/greed status"
    if starting or roll < 0.45:
        return THROW * 6
    return THROW * rng.randint(1, 5)
