"""What a table's commands and moves tell the players: the village's own `table.*` replies,
and what a move (or the time limit, or the start) tells the table, each seat's secrets kept
to that seat, the deadline said once."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.fairness.digest import Digest
from bot.games.api import MOVER_ONLY, TO_SEAT, Params, Private
from bot.village.core import Author
from bot.village.moves import Applied
from bot.village.records import TABLE_PLAYING, TableRecord
from bot.village.tables.own import with_own_view
from bot.village.tables.seated import Seated, shown_deadline, state_of
from bot.words.reply import SECRET_PARAMS, Reply, ReplyKind, move_kind


def reply_kind(seated: Seated, name: str) -> str | None:
    """The kind of the village's reply `name` about the table: what happened to it is a
    `table` reply, showing its settings `info`, unless the game's rules name another (or
    let the game's own reply say it: None)."""
    default = ReplyKind.INFO if name in ("settings", "waiting") else ReplyKind.TABLE
    return seated.kind.commands.replies.get(name, default)


def table_reply(
    name: str, seated: Seated, to: str | None, *, kind_of: str = "", **params: Any
) -> Reply:
    """The village's reply `table.NAME`, of the kind the game gives `kind_of` (by default
    the reply's own name)."""
    kind = reply_kind(seated, kind_of or name)
    assert kind is not None, name  # a reply the game gives itself is not the village's
    return Reply(
        kind,
        f"table.{name}",
        {"game": seated.table.game, "table": seated.table.table_id, **params},
        to=to,
        state=state_of(seated),
    )


def told_to(seated: Seated, seat: int | None, otherwise: str | None) -> str | None:
    """Whom an announcement goes to: the seat it names (a default played for them), else
    `otherwise` (the mover, where the game's rules address its announcements so)."""
    if seat is not None and 0 <= seat < len(seated.names):
        return seated.names[seat]
    return otherwise


def awaited(seated: Seated) -> str | None:
    """The one player the table waited for (whose move the time limit plays); None when
    it waited for several at once, or for nobody."""
    waited = sorted(seated.kind.game.to_move(seated.state))
    return seated.names[waited[0]] if len(waited) == 1 else None


def move_replies(
    seated: Seated,
    after: TableRecord,
    applied: Applied,
    mover: Author | None,
    whole: Digest | None = None,
) -> list[Reply]:
    """What a move (or the time limit, or the start) tells the table: the reply to it, the
    announcements, then each seat's private news (a new hand). `whole`: the count and
    digest of the table's draws, told with its seed when the move ended the game."""
    kind = seated.kind
    key, params, about = kind.presenter.outcome(
        seated.state, applied.events, applied.state, seated.names
    )
    seat = params.get(TO_SEAT)
    params = {k: v for k, v in params.items() if k != TO_SEAT}
    if mover is not None:
        to: str | None = mover.name
    elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seated.names):
        to = seated.names[seat]  # the time limit played this seat's move
    else:
        to = awaited(seated)  # the time limit (or a skip) played the awaited player's move
    first = Reply(move_kind(key), key, _revealed(key, params, after, whole), to=to, state=about)
    secret = params.get(MOVER_ONLY)
    if mover is not None and isinstance(secret, list) and secret:
        # A move nobody else may see yet (a sealed declaration): for its player alone.
        shown = {k: v for k, v in params.items() if k != MOVER_ONLY}
        first = replace(first, params={**shown, SECRET_PARAMS: secret}, secret_for=mover.player_id)
    if mover is not None:
        # A private answer shows its player's own hand as the move left it.
        first = with_own_view(first, seated, applied.state, mover.player_id)
    replies = [first]
    otherwise = to if kind.commands.announce_to_mover else None
    # The table as the move left it, drawn once for the announcements that show no table of
    # their own (all of Ducks', none of Gleek's or Regidice's).
    left: Params | None = None
    for told in kind.presenter.announcements(
        seated.state, applied.events, applied.state, seated.names
    ):
        params = _revealed(told.key, told.params, after, whole)
        to_seat = told_to(seated, told.to, otherwise)
        state = told.state
        if not state:
            left = left or kind.presenter.position(applied.state, seated.names)
            state = left
        replies.append(Reply(move_kind(told.key), told.key, params, to=to_seat, state=state))
    replies = waiting_in_last(seated, after, replies)
    for news in kind.presenter.private(seated.state, applied.events, applied.state, seated.names):
        replies.append(secret_reply(news, seated, after))
    return replies


_GAME_ENDS = (".game_end", ".game_over", ".won", ".lost", ".ended")


def _revealed(key: str, params: Params, table: TableRecord, whole: Digest | None) -> Params:
    if table.status == TABLE_PLAYING or not key.endswith(_GAME_ENDS):
        return params
    # The game is over: its seed is public now, so anyone can check every draw; and how
    # many draws there were, and their digest, so that anyone can tell its record is whole.
    return {
        **params,
        "seed": (table.seed or b"").hex(),
        "commitment": table.commitment,
        **revealed_draws(whole),
    }


def revealed_draws(whole: Digest | None) -> Params:
    """The count and digest of an ended table's draws, as its end's replies carry them."""
    if whole is None:
        return {}
    return {"draw_count": whole.count, "draw_digest": whole.sha256}


def secret_reply(news: Private, seated: Seated, table: TableRecord) -> Reply:
    """What one seat alone is told (its hand), kept to that seat's player."""
    params = {**news.params, SECRET_PARAMS: list(news.secret)}
    return Reply(
        move_kind(news.key),
        news.key,
        params,
        to=seated.names[news.seat],
        state=news.state,
        secret_for=table.seats[news.seat],
    )


def waiting_in_last(seated: Seated, table: TableRecord, replies: list[Reply]) -> list[Reply]:
    """A game whose `state` says by when the awaited move must come (and who is to act:
    Gleek) says it once, in the last public reply of what happened: the others show null."""
    public = [n for n, r in enumerate(replies) if r.state is not None and "deadline" in r.state]
    if not public:
        return replies
    last = public[-1]
    out = list(replies)
    for n in public:
        state = dict(out[n].state or {})
        state["timezone"] = seated.zone_name
        if n == last:
            state["deadline"] = shown_deadline(seated, table)
        else:
            if "to_act" in state:
                state["to_act"] = None
            state["deadline"] = None
        out[n] = replace(out[n], state=state)
    return out
