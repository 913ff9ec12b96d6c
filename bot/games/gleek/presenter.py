"""Gleek at a village table: its replies with the players' names, its move commands, and
each player's own hand."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Final

from bot.games.api import Json, LastTelling, Params, Private, RuleError, Told, Unreadable
from bot.games.gleek import replies
from bot.games.gleek.cards import parse_card, parse_cards
from bot.games.gleek.events import GleekEvent
from bot.games.gleek.moves import Bid, Discard, GleekMove, Pass, PlayCard, Raise, See, Vie
from bot.games.gleek.table import GleekState

_AMOUNT: Final = re.compile(r"\d{1,6}")
_PLAIN_MOVES: Final[dict[str, GleekMove]] = {
    "pass": Pass(),
    "vie": Vie(),
    "see": See(),
    "raise": Raise(),
}


class GleekPresenter:
    def __init__(self) -> None:
        # A move's reply and its announcements are read off one telling of its events.
        self._told = LastTelling(replies.replies)

    def waiting(self, settings: Mapping[str, Json], names: Sequence[str]) -> Params:
        return replies.waiting(settings, names)

    def position(self, state: GleekState, names: Sequence[str]) -> Params:
        return replies.position(state, names)

    def outcome(
        self,
        before: GleekState,
        events: Sequence[GleekEvent],
        after: GleekState,
        names: Sequence[str],
    ) -> tuple[str, Params, Params]:
        found = self._told(before, events, names)
        if not found:
            return replies.PREFIX + "none", {}, replies.position(after, names)
        return found[0]

    def announcements(
        self,
        before: GleekState,
        events: Sequence[GleekEvent],
        after: GleekState,
        names: Sequence[str],
    ) -> list[Told]:
        return replies.announcements(events, self._told(before, events, names))

    def private(
        self,
        before: GleekState,
        events: Sequence[GleekEvent],
        after: GleekState,
        names: Sequence[str],
    ) -> list[Private]:
        return replies.private(before, events, after, names)

    def hand(self, state: GleekState, seat: int, names: Sequence[str]) -> Private:
        return replies.hand(state, seat, names)

    def log(self, state: GleekState, number: int | None, names: Sequence[str]) -> Params:
        return replies.log(state, number, names)

    def status(self, state: GleekState, names: Sequence[str]) -> Params:
        return replies.status(state, names)

    def score(self, state: GleekState, names: Sequence[str]) -> Params:
        return replies.score(state, names)

    def refusal(
        self, error: RuleError, state: GleekState, names: Sequence[str]
    ) -> tuple[str, Params]:
        return replies.refusal(error, state, names)

    def unreadable(
        self, reading: Unreadable, state: GleekState, names: Sequence[str]
    ) -> tuple[str, Params]:
        # Gleek reads no chat message (only its commands play), so nothing is unreadable.
        return replies.PREFIX + "bad_move", {"reason": reading.reason}

    def command(self, name: str, args: Mapping[str, str], names: Sequence[str]) -> GleekMove:
        if name in _PLAIN_MOVES:
            return _PLAIN_MOVES[name]
        if name == "bid":
            return Bid(_amount(args.get("amount", "")))
        if name == "discard":
            text = args.get("cards", "")
            try:
                return Discard(parse_cards(text))
            except ValueError:
                raise RuleError("gleek.bad_card", {"cards": text, "token": _bad(text)}) from None
        assert name == "play", name  # the registry lists no other move command
        text = args.get("card", "")
        if len(text.split()) != 1:
            raise RuleError("gleek.one_card", {"cards": text})
        try:
            return PlayCard(parse_card(text))
        except ValueError:
            raise RuleError("gleek.bad_card", {"cards": text, "token": _bad(text)}) from None


def _amount(text: str) -> int:
    """A bid: a whole number, full-width digits too; the rules check its range."""
    typed = unicodedata.normalize("NFKC", text).strip()
    if not _AMOUNT.fullmatch(typed):
        raise RuleError("gleek.bad_amount", {"amount": text})
    return int(typed)


_TOKENS: Final = re.compile(r"[\s,、・]+")


def _bad(text: str) -> str:
    """The first token of `text` that is no card, as typed (for the refusal to quote)."""
    for token in _TOKENS.split(unicodedata.normalize("NFKC", text)):
        if not token:
            continue
        try:
            parse_card(token)
        except ValueError:
            return token
    return text
