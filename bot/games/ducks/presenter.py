"""Ducks at a village table: its replies with the players' names, and its move commands."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from bot.games.api import Json, Params, Private, RuleError, Told, Unreadable
from bot.games.ducks import replies
from bot.games.ducks.events import Busted, DuckEvent, Forfeited, Stopped
from bot.games.ducks.grammar import Malformed
from bot.games.ducks.moves import DuckMove, Leave, Pass, Promote, Roll, Stop
from bot.games.ducks.table import DuckState

_DIE = re.compile(r"[1-6]")
_NOT_DICE = re.compile(r"[^1-6\s+,、]")


class DucksPresenter:
    def waiting(self, settings: Mapping[str, Json], names: Sequence[str]) -> Params:
        return replies.waiting(settings, names)

    def position(self, state: DuckState, names: Sequence[str]) -> Params:
        return replies.position(state, names)

    def outcome(
        self,
        before: DuckState,
        events: Sequence[DuckEvent],
        after: DuckState,
        names: Sequence[str],
    ) -> tuple[str, Params, Params]:
        key, params = replies.outcome(before, events, after, names)
        # §6: the reply's turn fields are the mover's turn as it now stands (ended or not).
        ended = any(isinstance(e, (Stopped, Busted, Forfeited)) for e in events)
        about = after.last_turn if ended else after.turn or after.last_turn
        return key, params, replies.position(after, names, about)

    def announcements(
        self,
        before: DuckState,
        events: Sequence[DuckEvent],
        after: DuckState,
        names: Sequence[str],
    ) -> list[Told]:
        found = replies.channel_replies(before, events, after, names)
        return [Told(key, params) for key, params in found]

    def private(
        self,
        before: DuckState,
        events: Sequence[DuckEvent],
        after: DuckState,
        names: Sequence[str],
    ) -> list[Private]:
        return []  # nothing in Ducks is hidden

    def status(self, state: DuckState, names: Sequence[str]) -> Params:
        return replies.status(state, names)

    def score(self, state: DuckState, names: Sequence[str]) -> Params:
        return replies.score_table(state, names)

    def refusal(
        self, error: RuleError, state: DuckState, names: Sequence[str]
    ) -> tuple[str, Params]:
        return replies.refusal(error, state, names)

    def unreadable(
        self, reading: Unreadable, state: DuckState, names: Sequence[str]
    ) -> tuple[str, Params]:
        malformed = Malformed(reading.reason, tagged=reading.tagged, tags=reading.tags)
        return replies.malformed(malformed, state, names)

    def command(self, name: str, args: Mapping[str, str], names: Sequence[str]) -> DuckMove:
        if name == "roll":
            return Roll()
        if name == "pass":
            return Pass()
        if name == "stop":
            return Stop()
        if name == "leave":
            return Leave()
        assert name == "promote", name  # the registry lists no other move command
        # The same digits a message takes: `5 5`, `2+3`, `55`, full-width too.
        text = unicodedata.normalize("NFKC", args.get("dice", ""))
        values = tuple(int(d) for d in _DIE.findall(text))
        if not values or len(values) > 5 or _NOT_DICE.search(text):
            raise RuleError("ducks.bad_dice", {"dice": args.get("dice", "")})
        return Promote(values)
