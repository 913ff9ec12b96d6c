"""A player's own view of a table with hidden hands: a private reply to a seated player
shows their hand (and what they may play now) in its `state`, as the games' reply contracts
promise (gleek.md §6, regidice.md §7). Public replies never do."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.games.api import HandPresenter, Json, RuleError
from bot.words.reply import Reply

if TYPE_CHECKING:  # the guards of `seated` show a refusal's own view: no import loop
    from bot.village.tables.seated import Seated

OWN_FIELDS = ("hand", "legal")
"""What a seat's own view adds to the public `state`."""


def own_view(seated: Seated, state: Any, seat: int) -> dict[str, Json]:
    """The fields only `seat` may see of the table in `state` (its hand); `{}` for a game
    without hidden hands, or before a hand is dealt."""
    presenter = seated.kind.presenter
    if state is None or not isinstance(presenter, HandPresenter):
        return {}
    try:
        news = presenter.hand(state, seat, seated.names)
    except RuleError:
        return {}  # no hand yet (or any more): nothing of its own to show
    shown = news.state or {}
    return {name: shown[name] for name in OWN_FIELDS if name in shown}


def with_own_view(reply: Reply, seated: Seated, state: Any, player_id: int) -> Reply:
    """`reply` to `player_id` with their own hand in its `state` when it is private and
    they hold a seat; the reply then holds a secret, so it is kept to them alone."""
    seat = seated.seat_of(player_id)
    if not reply.private or reply.state is None or seat is None:
        return reply
    own = own_view(seated, state, seat)
    if not own:
        return reply
    return replace(reply, state={**reply.state, **own}, secret_for=player_id)
