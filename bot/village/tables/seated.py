"""A table as every table command sees it (`Seated`): finding and loading it, its `state`,
and the guards the commands share (who is seated, whether it is in play, a refusal)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from bot.games.api import MOVER_ONLY, Json, RuleError
from bot.games.registry import AnyTableGame
from bot.village.core import Author, Call, Core, Incoming, Refusal, int_arg
from bot.village.kept_tables import KeptTable
from bot.village.records import (
    TABLE_PLAYING,
    TABLE_SEATING,
    StoredEvent,
    TableRecord,
    VillageRecord,
)
from bot.village.stream import StreamView, read_stream
from bot.village.table_setup import played_with
from bot.village.tables.own import with_own_view
from bot.words.reply import SECRET_PARAMS, Reply, ReplyKind


@dataclass(frozen=True, slots=True)
class Seated:
    """A table as its commands see it: the record, its game, names by seat, its stream."""

    table: TableRecord
    kind: AnyTableGame
    names: tuple[str, ...]
    view: StreamView
    zone: dt.tzinfo = dt.UTC
    """The village's time zone: a deadline is shown in its local time."""
    events: tuple[StoredEvent, ...] = ()
    """The stream `view` was read from (none before the start): a move folds its own
    events into it (`commit`)."""

    @property
    def zone_name(self) -> str:
        """The time zone's name (`Asia/Tokyo`), as the day's own replies name it."""
        return str(getattr(self.zone, "key", "UTC"))

    @property
    def state(self) -> Any:
        return self.view.state

    def seat_of(self, player_id: int) -> int | None:
        seats = self.table.seats
        return seats.index(player_id) if player_id in seats else None


def place(incoming: Incoming) -> int:
    return incoming.place


# -- finding and loading a table -----------------------------------------------------------


async def load(core: Core, table: TableRecord, village: VillageRecord | None = None) -> Seated:
    """The table as its commands see it: from memory while it is still at the version its
    row was just read at (`kept_tables`), else read (its stream and its players' names)."""
    kind = core.registry.table_games[table.game]
    zone = village.settings.zone if village is not None else dt.UTC
    started = table.status != TABLE_SEATING and table.started_at is not None
    key = (table.village_id, table.table_id)
    kept = core.tables.get(key, table.version) if started else None
    if kept is not None:
        table = replace(table, settings=kept.settings)
        return Seated(table, kind, kept.names, kept.view, zone, kept.events)
    events: tuple[StoredEvent, ...] = ()
    if not started:
        # Taking seats, or closed before it started (its players all left): no game.
        view = not_started(table)
    else:
        events = tuple(await core.table_log.load_table(table.village_id, table.table_id))
        # Played with the settings its log says it started with, whatever its row says.
        table = replace(table, settings=played_with(table, events))
        view = read_stream(kind.game, table.settings, list(events), len(table.seats))
    # One read for every seat's name, not one per seat.
    known = {p.player_id: p.name for p in await core.villages.players(table.village_id)}
    names = tuple(known.get(player_id, str(player_id)) for player_id in table.seats)
    if table.status == TABLE_PLAYING and view.version == table.version:
        # In play, and not moved between the two reads: kept for the next command.
        core.tables.keep(key, KeptTable(table.version, table.settings, events, view, names))
    return Seated(table, kind, names, view, zone, events)


async def here(core: Core, call: Call) -> Seated:
    """The open table of the command's game where the command was typed."""
    game = call.command.group
    if call.table is not None:  # read with the village: the latest table there, if open
        (table,) = call.table
        table = table if table is not None and table.is_open else None
    else:
        table = await core.table_log.table_at(call.here.village_id, place(call.incoming))
    if table is None or table.game != game:
        raise Refusal("no_table", game=game)
    return await load(core, table, call.here)


async def named(core: Core, call: Call) -> TableRecord:
    """The table named by `table:`, or the latest one of this place, ended or not."""
    game = call.command.group
    village = call.here
    number = int_arg(call.command, "table")
    if number is not None:
        table = await core.table_log.get_table(village.village_id, number)
    elif call.table is not None:  # read with the village
        (table,) = call.table
    else:
        table = await core.table_log.table_at(
            village.village_id, place(call.incoming), open_only=False
        )
    if table is None or table.game != game:
        if number is not None:
            # The number asked for, not this place: there is no such table in the village.
            raise Refusal("no_table_number", game=game, table=number)
        raise Refusal("no_table", game=game)
    return table


def not_started(table: TableRecord) -> StreamView:
    """A table taking seats has no game yet: the game begins with its seats at the start."""
    return StreamView(None, table.version, 0, None, [], None)


# -- the table as it stands ----------------------------------------------------------------


def state_of(seated: Seated) -> dict[str, Json]:
    """The table as it stands, as everyone may see it (a refusal's, a command's `state`)."""
    if seated.table.status == TABLE_SEATING or seated.view.state is None:
        # Taking seats, or closed before it started: there is no game, only seats.
        return seated.kind.presenter.waiting(seated.table.settings, seated.names)
    state = seated.kind.presenter.position(seated.state, seated.names)
    if "deadline" in state:
        # A game that says by when the awaited move must come: as it stands now.
        state["deadline"] = shown_deadline(seated, seated.table)
        state["timezone"] = seated.zone_name
    return state


def shown_deadline(seated: Seated, table: TableRecord) -> str | None:
    if table.deadline_at is None or table.status != TABLE_PLAYING:
        return None
    return table.deadline_at.astimezone(seated.zone).isoformat()


async def refused_at_table(
    core: Core, village: VillageRecord, incoming: Incoming, game: str, reply: Reply
) -> Reply:
    """A refused command or message of `game`, with the table it was about unchanged: the
    one at the message's place (its latest, ended or not), `{}` when there is none; with
    the author's own hand where the game hides hands."""
    table = await core.table_log.table_at(village.village_id, place(incoming), open_only=False)
    if table is None or table.game != game:
        return replace(reply, state={})
    seated = await load(core, table, village)
    shown = replace(reply, state=state_of(seated))
    return with_own_view(shown, seated, seated.state, incoming.author.player_id)


# -- the guards every command shares ---------------------------------------------------------


def in_play(seated: Seated) -> None:
    """Refused unless the table is in play (not taking seats, not ended)."""
    if seated.table.status != TABLE_PLAYING:
        raise Refusal("table_not_playing", game=seated.table.game)


def begun(table: TableRecord) -> None:
    """Refused unless the table's game began (ended or not): before the start, or at a
    table closed before it started (its players all left), no game was played."""
    if table.started_at is None:
        raise Refusal("table_not_playing", game=table.game)


def seated_at(seated: Seated, player_id: int) -> int:
    """The seat the player took at the table; refused (`not_seated`) when they have none."""
    seat = seated.seat_of(player_id)
    if seat is None:
        raise Refusal("not_seated", game=seated.table.game)
    return seat


async def seated_in_play(core: Core, call: Call) -> tuple[Seated, int]:
    """The table here and the caller's seat at it, for a command only a player may give
    while the game goes on (a move, `hand`): not seated is said before not in play."""
    seated = await here(core, call)
    seat = seated_at(seated, call.author.player_id)
    in_play(seated)
    return seated, seat


def may_manage(core: Core, call: Call, table: TableRecord) -> None:
    """Refused unless the caller opened the table or is a moderator."""
    if call.author.player_id != table.opener_id and not core.is_moderator(
        call.village, call.author
    ):
        raise Refusal("opener_only", game=table.game)


def broken_rule(error: RuleError, author: Author, seated: Seated) -> list[Reply]:
    """The answer to what the rules refused (a move, a hand not dealt, a deal not played):
    the game's own refusal, with what is legal, to its author."""
    key, params = seated.kind.presenter.refusal(error, seated.state, seated.names)
    return [refused(key, params, author, seated)]


def refused(key: str, params: dict[str, Json], author: Author, seated: Seated) -> Reply:
    """A refusal to its author alone; the table stays as it was."""
    state = state_of(seated)
    secret = params.get(MOVER_ONLY)
    if isinstance(secret, list) and secret:
        # The refusal names what only the refused player may know (their cards, a sealed
        # declaration they tried): for their eyes only, as the game marks it.
        shown = {k: v for k, v in params.items() if k != MOVER_ONLY}
        reply = Reply(
            ReplyKind.REFUSED,
            key,
            {**shown, SECRET_PARAMS: secret},
            to=author.name,
            state=state,
            secret_for=author.player_id,
        )
    else:
        reply = Reply(ReplyKind.REFUSED, key, params, to=author.name, state=state)
    return with_own_view(reply, seated, seated.state, author.player_id)
