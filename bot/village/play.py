"""Throws and Turn End: checked against the player's state before any die is drawn.

A throw is one database transaction: the village, the day, the player's stream and scores
are read and the new events, score row and message are written in the same unit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.village import days
from bot.village.core import Core, Incoming, Refusal
from bot.village.game import Game, GameEvent, GameRuleError
from bot.village.memo import memo_reply
from bot.village.ports import DuplicateMessage, StoreError, VersionConflict
from bot.village.records import (
    DayRecord,
    NewEvent,
    PlayerRecord,
    StreamAppend,
    VillageRecord,
)
from bot.village.replies import Reply, ReplyKind
from bot.village.stream import StreamView

MAX_ATTEMPTS = 8
"""Appends retried after a version conflict (another process wrote the stream first)."""


class _DayDue(Exception):  # noqa: N818 - a signal: close the day first, then play
    pass


@dataclass(frozen=True, slots=True)
class _Unanswered:
    """A reply that changed nothing; its message is recorded after the unit."""

    reply: Reply


async def play(core: Core, incoming: Incoming, dice: int | None) -> list[Reply]:
    """Throw `dice` dice, or end the turn when `dice` is None."""
    closing: list[Reply] = []
    for _ in range(MAX_ATTEMPTS):
        try:
            async with core.store.unit() as store:
                result = await _play_once(replace(core, store=store), incoming, dice)
        except _DayDue:
            village = await core.store.get_village(incoming.village_id)
            assert village is not None
            _, replies = await days.catch_up(core, village)
            closing += replies
            continue
        except VersionConflict:
            continue
        except DuplicateMessage:
            return closing
        if isinstance(result, _Unanswered):
            await core.remember(incoming, [result.reply])
            return [*closing, result.reply]
        return closing + result
    raise StoreError("the player's stream kept changing; try again")


async def _play_once(core: Core, incoming: Incoming, dice: int | None) -> list[Reply] | _Unanswered:
    village = await core.store.get_village(incoming.village_id)
    if village is None:
        raise Refusal("no_village")
    if await core.store.get_message(village.village_id, incoming.message_id) is not None:
        return []  # processed already: a message counts once
    day = await core.current_day(village)
    if day.is_open and day.closes_at <= core.clock.now():
        raise _DayDue()
    game = core.game(village)
    author = incoming.author
    view = await core.view(village, day, author.player_id)
    if dice is not None and _double_post(incoming, view):
        state = await core.position(village, day, author.player_id, view)
        return _Unanswered(
            Reply(ReplyKind.IGNORED, "double_post", {"dice": dice}, to=author.name, state=state)
        )
    try:
        events = _decide(core, game, day, incoming, view, dice)
    except GameRuleError as error:
        state = await core.position(village, day, author.player_id, view)
        return _Unanswered(
            Reply(ReplyKind.REFUSED, error.key, error.params, to=author.name, state=state)
        )
    after = view.state
    for event in events:
        after = game.evolve(after, event)
    kind, params = game.outcome(view.state, events, after)
    summary = game.summary(after)
    known = await core.store.get_player(village.village_id, author.player_id)
    append = StreamAppend(
        player_id=author.player_id,
        expected_version=view.version,
        events=tuple(NewEvent(e.type, dict(e.data), incoming.message_id) for e in events),
        projection=summary.row(
            village.village_id,
            day.day,
            author.player_id,
            view.version + len(events),
            incoming.message_id if summary.finished else None,
        ),
        player=_joining(core, village, incoming, known),
    )
    await core.store.append(append, day.day, core.message(incoming, kind))
    state = await core.position(village, day, author.player_id, replace(view, state=after))
    replies = [Reply(ReplyKind(kind), kind, params, to=author.name, state=state)]
    if summary.finished:
        player = known or PlayerRecord(
            village.village_id, author.player_id, author.name, core.clock.now()
        )
        replies.append(await memo_reply(core, village, player, day.day))
    return replies


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
