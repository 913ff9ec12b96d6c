"""Looking at a table without changing it: a player's own hand, a part of the game's log,
its status and score, its record exported or checked against its revealed seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.api import HandPresenter, Json, RuleError
from bot.village.core import Call, Core, Refusal, int_arg
from bot.village.day.transparency import attached_export
from bot.village.records import TABLE_SEATING
from bot.village.table_record import table_document, verify_table
from bot.village.tables.own import with_own_view
from bot.village.tables.seated import (
    Seated,
    begun,
    broken_rule,
    load,
    named,
    seated_in_play,
    state_of,
)
from bot.village.tables.telling import secret_reply, table_reply
from bot.words.reply import Attachment, Reply, ReplyKind


def _hands(seated: Seated) -> HandPresenter[Any]:
    presenter = seated.kind.presenter
    assert isinstance(presenter, HandPresenter), seated.table.game  # registered only so
    return presenter


async def hand(core: Core, call: Call) -> list[Reply]:
    """`/gleek hand`: the caller's own hand, for them alone."""
    seated, seat = await seated_in_play(core, call)
    try:
        news = _hands(seated).hand(seated.state, seat, seated.names)
    except RuleError as error:
        return broken_rule(error, call.author, seated)
    return [secret_reply(news, seated, seated.table)]


async def deal_log(core: Core, call: Call) -> list[Reply]:
    """`/gleek log deal:`, `/regidice log round:`: a part of the game as everyone saw it,
    ended or not; the table here, or the last one of this place."""
    table = await named(core, call)
    begun(table)
    seated = await load(core, table, call.here)
    number = int_arg(call.command, seated.kind.commands.log_argument)
    try:
        params = _hands(seated).log(seated.state, number, seated.names)
    except RuleError as error:
        return broken_rule(error, call.author, seated)
    key = f"{table.game}.log"
    return [Reply(ReplyKind.INFO, key, params, to=call.author.name, state=state_of(seated))]


async def status(core: Core, call: Call) -> list[Reply]:
    """The table here, or the last one of this place once it has ended."""
    table = await named(core, call)
    if not table.is_open and table.started_at is None:
        raise Refusal("no_table", game=table.game)  # closed before it started: nothing here
    seated = await load(core, table, call.here)
    if seated.table.status == TABLE_SEATING:
        return [table_reply("waiting", seated, call.author.name, settings=seated.table.settings)]
    params = seated.kind.presenter.status(seated.state, seated.names)
    key = f"{seated.table.game}.status"
    # Answered to the caller alone (the command is private): with their own hand in it.
    shown = Reply(
        ReplyKind.INFO, key, params, to=call.author.name, state=state_of(seated), private=True
    )
    return [with_own_view(shown, seated, seated.state, call.author.player_id)]


async def score(core: Core, call: Call) -> list[Reply]:
    """The score table of the table here, or of the last one, ended or not (`table:`)."""
    table = await named(core, call)
    begun(table)  # no game played, nothing to score
    seated = await load(core, table, call.here)
    params = seated.kind.presenter.score(seated.state, seated.names)
    key = f"{seated.table.game}.score"
    return [Reply(ReplyKind.INFO, key, params, to=call.author.name, state=state_of(seated))]


async def export(core: Core, call: Call) -> list[Reply]:
    """The table's record as JSON: every draw; the seed once the table has ended."""
    table = await named(core, call)
    seated = await load(core, table, call.here)
    names = dict(zip(table.seats, seated.names, strict=False))
    document = await table_document(core.table_log, table, names, core.registry)
    state = state_of(seated)
    return [
        Reply(
            ReplyKind.INFO,
            "table.export",
            {
                "game": table.game,
                "table": table.table_id,
                "draws": len(document["draws"]),
                "closed": document["seed"] is not None,
                "filename": f"{table.game}-village{table.village_id}-table{table.table_id}.json",
                "document": document,
            },
            to=call.author.name,
            state=state,
            attachments=(Attachment.DOCUMENT,),
        )
    ]


async def verify(core: Core, call: Call) -> list[Reply]:
    """Check an ended table's draws against its revealed seed: the village's own record, or
    an export file someone attached."""
    attached = call.arg("export")
    state: dict[str, Json] = {}
    if attached is not None:
        document = attached_export(attached)
    else:
        table = await named(core, call)
        document = await table_document(core.table_log, table, games=core.registry)
        if document["seed"] is None:
            raise Refusal("table_not_ended", game=table.game, table=table.table_id)
        state = state_of(await load(core, table, call.here))
    checked, mismatches = verify_table(document, core.registry)
    params: dict[str, Json] = {}
    if attached is not None:
        # A file can check out against itself and still not be the table the village played.
        params["ours"] = await _is_ours(core, call, document)
    # An attached file may name its game and table with anything: the reply tells them only
    # as what they are (a name, a number), and as unknown otherwise.
    game, number = document.get("game"), document.get("table_id")
    return [
        Reply(
            ReplyKind.INFO,
            "table.verify",
            {
                **params,
                "game": game if isinstance(game, str) else None,
                "table": number
                if isinstance(number, int) and not isinstance(number, bool)
                else None,
                "draws": checked,
                "ok": not mismatches,
                "scripted": bool(document.get("scripted", False)),
                "commitment": document.get("commitment"),
                "mismatches": [
                    {"what": m.what, "detail": m.detail, **m.params} for m in mismatches
                ],
                "attached": attached is not None,
            },
            to=call.author.name,
            state=state,
        )
    ]


async def _is_ours(core: Core, call: Call, document: Mapping[str, Any]) -> bool | None:
    """Whether an attached record is this village's table as committed; None for another
    village's."""
    number = document.get("table_id")
    if document.get("village_id") != call.here.village_id or not isinstance(number, int):
        return None
    table = await core.table_log.get_table(call.here.village_id, number)
    return table is not None and table.commitment == document.get("commitment")
