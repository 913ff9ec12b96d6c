"""Throws and Turn End: checked against the player's state before any die is drawn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.village.core import Core, Incoming
from bot.village.game import Game, GameEvent, GameRuleError
from bot.village.memo import memo_reply
from bot.village.ports import DuplicateMessage, StoreError, VersionConflict
from bot.village.records import (
    DayRecord,
    NewEvent,
    PlayerDayRecord,
    PlayerRecord,
    StreamAppend,
    VillageRecord,
)
from bot.village.replies import Reply, ReplyKind
from bot.village.stream import StreamView

MAX_ATTEMPTS = 8
"""Appends retried after a version conflict (another process wrote the stream first)."""


async def play(
    core: Core, village: VillageRecord, incoming: Incoming, dice: int | None
) -> list[Reply]:
    """Throw `dice` dice, or end the turn when `dice` is None."""
    game = core.game(village)
    author = incoming.author
    for _ in range(MAX_ATTEMPTS):
        day = await core.current_day(village)
        view = await core.view(village, day, author.player_id)
        if dice is not None and _double_post(incoming, view):
            reply = Reply(
                ReplyKind.IGNORED,
                "double_post",
                {"dice": dice},
                to=author.name,
                state=await core.position(village, day, author.player_id, view),
            )
            await core.remember(incoming, [reply])
            return [reply]
        try:
            events = _decide(core, game, day, incoming, view, dice)
        except GameRuleError as error:
            reply = Reply(
                ReplyKind.REFUSED,
                error.key,
                error.params,
                to=author.name,
                state=await core.position(village, day, author.player_id, view),
            )
            await core.remember(incoming, [reply])
            return [reply]
        after = view.state
        for event in events:
            after = game.evolve(after, event)
        kind, params = game.outcome(view.state, events, after)
        summary = game.summary(after)
        projection = PlayerDayRecord(
            village_id=village.village_id,
            day=day.day,
            player_id=author.player_id,
            version=view.version + len(events),
            points=summary.points,
            turns=summary.turns,
            finished=summary.finished,
            ended_message_id=incoming.message_id if summary.finished else None,
        )
        known = await core.store.get_player(village.village_id, author.player_id)
        append = StreamAppend(
            player_id=author.player_id,
            expected_version=view.version,
            events=tuple(NewEvent(e.type, dict(e.data), incoming.message_id) for e in events),
            projection=projection,
            player=_joining(core, village, incoming, known),
        )
        try:
            await core.store.append(append, day.day, core.message(incoming, kind))
        except VersionConflict:
            continue
        except DuplicateMessage:
            return []
        view = replace(view, state=after)
        state = await core.position(village, day, author.player_id, view)
        replies = [Reply(ReplyKind(kind), kind, params, to=author.name, state=state)]
        if summary.finished:
            player = known or PlayerRecord(
                village.village_id, author.player_id, author.name, core.clock.now()
            )
            replies.append(await memo_reply(core, village, player, day.day))
        return replies
    raise StoreError("the player's stream kept changing; try again")


def _double_post(incoming: Incoming, view: StreamView) -> bool:
    # Sent before the village recorded the player's previous throw: the player could not
    # have seen its result, so this is the same throw posted twice (the first one counts).
    return view.last_throw_at is not None and incoming.sent_at < view.last_throw_at


def _decide(
    core: Core,
    game: Game,
    day: DayRecord,
    incoming: Incoming,
    view: StreamView,
    dice: int | None,
) -> list[GameEvent]:
    if dice is None:
        return game.end_turn(view.state)
    count = game.dice_to_throw(view.state, dice)
    throw_seq = view.throws + 1
    faces, scripted = core.dice.draw(
        day, incoming.author.player_id, throw_seq, incoming.message_id, count
    )
    events = game.throw(view.state, faces)
    return [_with_throw_seq(e, game, throw_seq, scripted) for e in events]


def _with_throw_seq(event: GameEvent, game: Game, throw_seq: int, scripted: bool) -> GameEvent:
    if event.type != game.throw_event:
        return event
    data: dict[str, Any] = {**event.data, "throw_seq": throw_seq, "scripted": scripted}
    return GameEvent(event.type, data)


def _joining(
    core: Core, village: VillageRecord, incoming: Incoming, known: PlayerRecord | None
) -> PlayerRecord | None:
    """The player record to add or rename: a player joins the village by throwing."""
    if known is not None and known.name == incoming.author.name:
        return None
    joined_at = known.joined_at if known is not None else core.clock.now()
    return PlayerRecord(
        village.village_id, incoming.author.player_id, incoming.author.name, joined_at
    )
