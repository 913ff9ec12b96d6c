"""How Greed answers a move, as every game answers one (`Answers`): a throw or a Turn End,
a refusal, a message of tags it cannot throw, and the position a reply shows.

A day is played by one player on a table of their own: no reply names anyone (it goes to
its player), so `names` is not read. The keys are Greed's own (`greed.throw`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.api import Params, RuleError, Unreadable
from bot.games.day import day_key
from bot.games.greed import GreedEvent, PlayerDay
from bot.games.greed.game import KEY, position
from bot.games.greed.replies import outcome


class GreedAnswers:
    def position(self, state: PlayerDay, names: Sequence[str]) -> Params:
        return position(state)

    def outcome(
        self,
        before: PlayerDay,
        events: Sequence[GreedEvent],
        after: PlayerDay,
        names: Sequence[str],
    ) -> tuple[str, Params, Params]:
        kind, params = outcome(before, events, after)
        return day_key(KEY, kind), params, position(after)

    def refusal(
        self, error: RuleError, state: PlayerDay, names: Sequence[str]
    ) -> tuple[str, Params]:
        return day_key(KEY, error.key), error.params

    def unreadable(
        self, reading: Unreadable, state: PlayerDay, names: Sequence[str]
    ) -> tuple[str, Params]:
        """Its reason names Greed's refusal (`too_many_tags`, `tags_and_turn_end`), which
        says how many tags it had."""
        return day_key(KEY, reading.reason), {"tags": reading.tags}
