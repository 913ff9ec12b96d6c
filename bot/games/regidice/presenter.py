"""Regidice at a village table: its replies with the players' names, its move commands, and
each player's own dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.api import Json, LastTelling, Params, Private, RuleError, Told, Unreadable
from bot.games.regidice import commands, replies
from bot.games.regidice.events import RegidiceEvent
from bot.games.regidice.moves import RegidiceMove
from bot.games.regidice.table import RegidiceState


class RegidicePresenter:
    def __init__(self) -> None:
        # A move's reply and its announcements are read off one telling of its events.
        self._told = LastTelling(replies.replies)

    def waiting(self, settings: Mapping[str, Json], names: Sequence[str]) -> Params:
        return replies.waiting(settings, names)

    def position(self, state: RegidiceState, names: Sequence[str]) -> Params:
        return replies.position(state, names)

    def outcome(
        self,
        before: RegidiceState,
        events: Sequence[RegidiceEvent],
        after: RegidiceState,
        names: Sequence[str],
    ) -> tuple[str, Params, Params]:
        return replies.outcome(self._told(before, events, names), after, names)

    def announcements(
        self,
        before: RegidiceState,
        events: Sequence[RegidiceEvent],
        after: RegidiceState,
        names: Sequence[str],
    ) -> list[Told]:
        return replies.announcements(events, self._told(before, events, names))

    def private(
        self,
        before: RegidiceState,
        events: Sequence[RegidiceEvent],
        after: RegidiceState,
        names: Sequence[str],
    ) -> list[Private]:
        return replies.private(before, events, after, names)

    def hand(self, state: RegidiceState, seat: int, names: Sequence[str]) -> Private:
        return replies.hand(state, seat, names)

    def log(self, state: RegidiceState, number: int | None, names: Sequence[str]) -> Params:
        return replies.log(state, number, names)

    def status(self, state: RegidiceState, names: Sequence[str]) -> Params:
        return replies.status(state, names)

    def score(self, state: RegidiceState, names: Sequence[str]) -> Params:
        return replies.score(state, names)

    def refusal(
        self, error: RuleError, state: RegidiceState, names: Sequence[str]
    ) -> tuple[str, Params]:
        return replies.refusal(error, state, names)

    def unreadable(
        self, reading: Unreadable, state: RegidiceState, names: Sequence[str]
    ) -> tuple[str, Params]:
        # Regidice reads no chat message (only its commands play), so nothing is unreadable.
        return replies.PREFIX + "bad_move", {"reason": reading.reason}

    def command(self, name: str, args: Mapping[str, str], names: Sequence[str]) -> RegidiceMove:
        if name == "declare":
            return commands.parse_declare(args.get("action"), args.get("value"))
        if name == "act":
            return commands.parse_act(
                args.get("colour"), args.get("take"), args.get("boost"), names
            )
        assert name == "prepare", name  # the registry lists no other move command
        return commands.parse_prepare(args.get("lose"), args.get("pass"))
