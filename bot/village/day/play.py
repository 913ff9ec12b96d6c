"""A move of the village's day game (a throw, a turn's end): checked against the
player's state before any die is drawn.

What a move is decided from is read at once, in one statement (the village, the day, the
player and their table's version; the player's stream from memory while that version says
it is current). The move's writes then go together, guarded by what the read gave: on
PostgreSQL a throw's events, score row, message and replies are one statement, elsewhere one
transaction. Another writer that got there first (a moved table, a closed day, the same
message handled) makes the write fail whole, and the move is read and decided again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.games.api import Json, Play, RuleError, Unreadable
from bot.games.day import day_key
from bot.games.registry import AnyGame
from bot.village import days
from bot.village.core import MAX_ATTEMPTS, SEAT, Core, Incoming, Refusal
from bot.village.day.memo import memo_reply
from bot.village.day.stream_cache import KeptStream, StreamKey
from bot.village.moves import Where, apply
from bot.village.ports import DuplicateMessage, KeptChanging, VersionConflict
from bot.village.records import (
    DROPPED,
    FAILED,
    Appended,
    DayRecord,
    NewEvent,
    OutboxRecord,
    PlayContext,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
    VillageRecord,
)
from bot.village.replies import Delivery
from bot.village.requests import MAX_LENGTH
from bot.village.stream import StreamView, extend_stream, read_stream
from bot.words.reply import Reply, ReplyKind, move_kind

# What became of an earlier answer when the double-post rule looks at it.
_UNDELIVERABLE = frozenset({FAILED, DROPPED})


class _DayDue(Exception):  # noqa: N818 - a signal: close the day first, then play
    pass


async def play(core: Core, incoming: Incoming, reading: Play | Unreadable) -> list[Delivery]:
    """Play the message's move on the author's table of the day (a day game's message makes
    one move: a throw or a Turn End)."""
    closing: list[Delivery] = []
    player_id = incoming.author.player_id
    # The player's last move here left what this one would read: it is tried once.
    kept = core.plays.take(incoming.village_id, player_id)
    for _ in range(MAX_ATTEMPTS):
        left = _Left()
        started_from, kept = kept, None
        try:
            deliveries = await _play_once(core, incoming, reading, started_from, left)
        except _DayDue:
            village = await core.villages.get_village(incoming.village_id)
            assert village is not None
            closing += await days.catch_up(core, village)
            core.plays.forget(village.village_id)
            continue
        except VersionConflict:
            continue  # another writer got there first: read and decide again
        except Refusal:
            if started_from is None:
                raise
            continue  # refused on a kept context (the day's place): read it first
        except DuplicateMessage:
            return closing
        # Committed: the stream as written is the one the next move reads.
        if left.stream is not None:
            core.streams.keep(*left.stream)
        if left.context is not None:
            core.plays.keep(player_id, left.context)
            if deliveries and deliveries[0].outbox_id is not None:
                # The throw's answer, kept for the chat: the next throw asks when it was
                # posted.
                answer = deliveries[0].outbox_id
                core.answers.kept(incoming.village_id, incoming.message_id, answer)
        return closing + deliveries
    raise KeptChanging("the village kept changing; try again")


@dataclass(slots=True)
class _Left:
    """What a move leaves for the player's next one, kept once it is committed: their
    stream, and what the next move would read."""

    stream: tuple[StreamKey, KeptStream] | None = None
    context: PlayContext | None = None


async def _play_once(
    core: Core,
    incoming: Incoming,
    reading: Play | Unreadable,
    started_from: PlayContext | None,
    left: _Left,
) -> list[Delivery]:
    author = incoming.author
    context = started_from or await core.day_log.play_context(
        incoming.village_id, incoming.message_id, author.player_id
    )
    if context is None or context.day is None:
        raise Refusal("no_village")
    if context.handled:
        return []  # processed already: a message counts once
    village, day = context.village, context.day
    if isinstance(reading, Unreadable):
        return await _unreadable(core, context, day, incoming, reading, started_from)
    # A throw counts for the day it was sent in: one sent before the close but read after
    # it (the bot was catching up) still belongs to the open day.
    if day.is_open and day.closes_at <= incoming.sent_at:
        raise _DayDue()
    _check_place(village, day, incoming)
    game = core.game(village)
    kept = await core.day_stream(village, day, author.player_id, context.table)
    events = kept.events if kept is not None else ()
    view = kept.view if kept is not None else read_stream(game, day.settings.rules, [])
    before = context.points_before
    # A roll tag asks for dice: sent twice, the second one is ignored.
    if reading.tagged and await double_post(core, village, incoming, view):
        _fresh(started_from)
        state = await core.position(village, day, author, view, before)
        counted: dict[str, Json] = {"dice": reading.tags}
        double = day_key(village.game, "double_post")
        reply = Reply(ReplyKind.IGNORED, double, counted, to=author.name, state=state)
        return await core.settle(village, [reply], incoming)
    (move,) = reading.moves
    answers = core.day_game(village).answers
    names = (author.name,)
    try:
        after, new_events, stored = _decide(core, game, village, day, incoming, view, move)
    except RuleError as error:
        _fresh(started_from)
        state = await core.position(village, day, author, view, before)
        refused, params = answers.refusal(error, view.state, names)
        reply = Reply(ReplyKind.REFUSED, refused, params, to=author.name, state=state)
        return await core.settle(village, [reply], incoming)
    played, params, about = answers.outcome(view.state, new_events, after, names)
    kind = move_kind(played)
    finished = game.finished(after)
    known = context.player
    joining = _joining(core, village, incoming, known)
    append = StreamAppend(
        player_id=author.player_id,
        expected_version=view.version,
        events=stored,
        projection=core.score_row(
            village,
            day,
            author.player_id,
            after,
            view.version + len(stored),
            incoming.message_id if finished else None,
        ),
        player=joining,
        renamed_from=known.name if known is not None and joining is not None else None,
        game=village.game,
    )
    state = await core.framed(village, day, about, after, author, before)
    replies = [Reply(kind, played, params, to=author.name, state=state)]
    message = core.message(incoming, kind)
    key = (village.village_id, day.day, author.player_id)

    def keep(appended: Appended) -> None:
        stream = _kept_after(game, day, view, events, appended, new_events)
        left.stream = (key, stream)
        left.context = replace(
            context,
            handled=False,
            player=joining or known,
            table=(stream.table_id, stream.version),
        )

    if finished:
        player = joining or known
        assert player is not None

        async def finish(unit: Core) -> list[Delivery]:
            # The memo reads the day's score row as this move writes it: written first.
            keep(await unit.day_log.append(append, day.day, message))
            replies.append(await memo_reply(unit.scores, village, player, day.day))
            return await unit.settle(village, replies, incoming, record=False)

        return await core.once(finish)

    async def write(entries: list[OutboxRecord]) -> list[int]:
        # Everything at once: what this write locks is held only for its own statement
        # (PostgreSQL) or transaction.
        appended = await core.day_log.append(append, day.day, message, entries)
        keep(appended)
        return appended.outbox_ids

    return await core.settle(village, replies, incoming, record=False, write=write)


async def _unreadable(
    core: Core,
    context: PlayContext,
    day: DayRecord,
    incoming: Incoming,
    reading: Unreadable,
    started_from: PlayContext | None,
) -> list[Delivery]:
    """A message that tries to play but cannot (too many tags, say): the game says why,
    as it answers a refused move, with where the player stands."""
    _fresh(started_from)
    village, author = context.village, incoming.author
    kept = await core.day_stream(village, day, author.player_id, context.table)
    view = (
        kept.view if kept is not None else read_stream(core.game(village), day.settings.rules, [])
    )
    answers = core.day_game(village).answers
    key, params = answers.unreadable(reading, view.state, (author.name,))
    # The limit of a message's length goes with it, as with every unreadable message.
    said = {**params, "limit": MAX_LENGTH}
    state = await core.position(village, day, author, view, context.points_before)
    reply = Reply(ReplyKind.REFUSED, key, said, to=author.name, state=state)
    return await core.settle(village, [reply], incoming)


def _fresh(started_from: PlayContext | None) -> None:
    """A move that is not written (a refusal, a double post) has no guard to tell that it
    was decided on a stale context: it is decided again on a fresh read."""
    if started_from is not None:
        raise VersionConflict("a kept context is read again before a refusal")


def _kept_after(
    game: AnyGame,
    day: DayRecord,
    view: StreamView,
    events: tuple[StoredEvent, ...],
    appended: Appended,
    made: list[object],
) -> KeptStream:
    """The player's stream as this move leaves it, to keep once the move is committed
    (`made`: the game's events the move appended)."""
    new = tuple(appended.events)
    table_id = new[0].table_id
    assert table_id is not None
    after = extend_stream(game, day.settings.rules, view, events, new, decoded=made)
    return KeptStream(table_id, after.version, (*events, *new), after)


def _check_place(village: VillageRecord, day: DayRecord, incoming: Incoming) -> None:
    """Play happens in today's place: the village channel, or in a forum today's post."""
    here = day.post_id if village.in_posts else village.village_id
    if here is None:
        raise Refusal("post_not_open", day=day.day)
    if incoming.place != here:
        raise Refusal("play_elsewhere", day=day.day, post=here)


async def double_post(
    core: Core, village: VillageRecord, incoming: Incoming, view: StreamView
) -> bool:
    """Sent before the player could have seen the answer to their previous throw: the same
    throw posted twice (the first one counts).

    Where replies go through the outbox (Discord), both times are the chat's own: when the
    message was sent, and when the previous answer was posted, so the bot's clock plays no
    part. Elsewhere, the answer time is when the village recorded the previous throw.
    """
    if view.last_throw_at is None or not view.steps:
        return False
    if core.outbox:
        previous = view.steps[-1].message_id
        answer = None
        if previous is not None:
            answer = core.answers.get(village.village_id, previous)
            if answer is None:  # answered before this process started, or by another
                answer = await core.ledger.first_answer(village.village_id, previous)
        if answer is not None and answer.status not in _UNDELIVERABLE:
            # Not posted yet: nobody could have seen it.
            return answer.posted_at is None or incoming.sent_at < answer.posted_at
    return incoming.sent_at < view.last_throw_at


def _decide(
    core: Core,
    game: AnyGame,
    village: VillageRecord,
    day: DayRecord,
    incoming: Incoming,
    view: StreamView,
    move: object,
) -> tuple[object, list[object], tuple[NewEvent, ...]]:
    """The state after the move, the game's events, and the events as stored. A day game's
    derivation names the day and the player, not the table (docs/fair-dice.md), so the draw is
    made with no table id: the store numbers a day's table only when it writes it."""
    player = incoming.author.player_id
    where = Where(village.village_id, day.day, 0, incoming.message_id, day.seed, (player,))
    applied = apply(core, game, view.state, SEAT, move, view.throws, where)
    return applied.state, list(applied.events), applied.stored


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
