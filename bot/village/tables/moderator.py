"""What a moderator (or the table's opener) does to a table in play: skip the awaited move
with the time limit's default, or end the table with no winner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.village.core import Call, Core, Refusal, reason_arg
from bot.village.moves import settle_chance
from bot.village.records import TABLE_ABANDONED, TABLE_PLAYING, NewEvent, TableAppend, TableRecord
from bot.village.stream import TABLE_ENDED, TABLE_SKIPPED
from bot.village.tables.commit import by, ended_digest, scores, where
from bot.village.tables.seated import Seated, here, in_play, may_manage
from bot.village.tables.telling import awaited, move_replies, reply_kind, table_reply
from bot.village.tables.time_limit import expire
from bot.words.reply import Reply


async def skip(core: Core, call: Call) -> list[Reply]:
    """Apply the time limit's default to the turn in progress now."""
    seated = await here(core, call)
    in_play(seated)
    # A game may let a moderator skip without a reason (Gleek); it is kept when given.
    given = call.command.args.get("reason", "").strip()
    why = reason_arg(call.command) if seated.kind.commands.skip_reason or given else ""
    event = NewEvent(TABLE_SKIPPED, {**by(call.author), "reason": why})
    replies = await expire(core, call.incoming, seated, (event,))
    if reply_kind(seated, "skipped") is None:
        # The game's own reply to the default (Gleek's `timeout`) says who skipped, and why.
        first = replies[0]
        said = {"skipped_by": call.author.name, "reason": why}
        return [replace(first, params={**first.params, **said}), *replies[1:]]
    # Said before what the time limit's default did, so the table knows it was no time-out:
    # one player's move, or a step that waits for several at once (then nobody is named).
    notice = table_reply(
        "skipped",
        seated,
        call.author.name,
        by=call.author.name,
        player=awaited(seated),
        reason=why,
    )
    return [notice, *replies]


async def abandon(core: Core, call: Call) -> list[Reply]:
    """Close the table with no winner; its seed is revealed."""
    seated = await here(core, call)
    table = seated.table
    if table.status == TABLE_PLAYING and not core.is_moderator(call.village, call.author):
        raise Refusal("moderators_only", command=f"{call.command.group} {call.command.name}")
    may_manage(core, call, table)
    why = reason_arg(call.command)
    after = replace(
        table,
        status=TABLE_ABANDONED,
        ended_at=core.clock.now(),
        deadline_at=None,
        version=table.version + 1,
    )
    event = NewEvent(TABLE_ENDED, {**by(call.author), "reason": why, "abandoned": True})
    seed = None if table.seed is None else table.seed.hex()
    ending = seated.kind.abandon
    if table.status == TABLE_PLAYING and ending is not None:
        return await _abandon_in_play(core, call, seated, after, event, ending)
    # No winner, and no points: the rounds scored so far leave the standings with the game.
    void = scores(table, after, {}, finished=True) if table.status == TABLE_PLAYING else ()
    append = TableAppend(after, table.version, (event,), void, at=core.clock.now())
    await core.table_log.append_table(append)
    now = replace(seated, table=after)
    name = call.author.name
    whole = await ended_digest(core, after) if seed is not None else None
    return [
        table_reply(
            "abandoned",
            now,
            name,
            reason=why,
            seed=seed,
            by=name,
            draw_count=None if whole is None else whole.count,
            draw_digest=None if whole is None else whole.sha256,
        )
    ]


async def _abandon_in_play(
    core: Core,
    call: Call,
    seated: Seated,
    after: TableRecord,
    ended: NewEvent,
    ending: Callable[[Any], tuple[object, ...]],
) -> list[Reply]:
    """A game whose played parts stand (Gleek's deals): its own events end it (the deal in
    progress voided), its scores are kept, and it tells its end as a finished game would."""
    table, game = seated.table, seated.kind.game
    at = where(table, call.incoming, seated.names)
    applied = settle_chance(
        core, game, seated.state, list(ending(seated.state)), seated.view.throws, at
    )
    # The game's events first: the table's end is the last thing in its stream.
    stored = (*applied.stored, ended)
    after = replace(after, version=table.version + len(stored))
    kept = scores(table, after, game.scores(applied.state), True)
    await core.table_log.append_table(
        TableAppend(after, table.version, stored, kept, at=core.clock.now())
    )
    told = move_replies(seated, after, applied, call.author, await ended_digest(core, after))
    said = {"by": call.author.name, "reason": ended.data.get("reason")}
    if reply_kind(seated, "ended") is None:
        # The game's own end (Gleek's `game_over`) answers the abandon: who and why in it.
        first = told[0]
        why = {"abandoned_by": said["by"], "reason": said["reason"]}
        return [replace(first, params={**first.params, **why}), *told[1:]]
    # Who closed it and why, to them; then the game's own end (its seed with it), which
    # the table is told as any end of the game.
    closed = replace(seated, table=after)
    notice = table_reply(
        "abandoned", closed, call.author.name, kind_of="ended", **said, standing=True
    )
    return [notice, replace(told[0], to=None), *told[1:]]
