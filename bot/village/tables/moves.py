"""Play at a table: a chat message that plays (or tries to), a move typed as a command, and
the moves of one message applied whole or not at all.

A move at a table is read and written as a throw is (`bot.village.day.play`). What it is decided
from is read at once (the village, its day, whether the message was handled and the place's
table with its version: `TableLog.table_context`), or not read at all: the last move at the
place left it (`KeptPlays.take_table`). The table's stream comes from memory while the
table is at that version (`kept_tables`). The move's events, the table's row, the score rows,
the message and its replies are then one write (`TableLog.move_table`: on PostgreSQL one
statement), guarded by the version and the message's key: another writer that moved the
table first makes it fail whole, and the move is read and decided again. What a kept context
decides without writing a move (a refusal, an ignored roll, chat) is never answered from
it: the move is read and decided again first, as nothing guards such an answer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot.games.api import Play, RuleError, Unreadable
from bot.village import days
from bot.village.core import MAX_ATTEMPTS, Call, Core, Incoming, Refusal
from bot.village.day.play import double_post
from bot.village.moves import Applied, apply
from bot.village.ports import DuplicateMessage, KeptChanging, VersionConflict
from bot.village.records import (
    TABLE_PLAYING,
    NewEvent,
    OutboxRecord,
    TableContext,
    VillageRecord,
)
from bot.village.replies import Delivery
from bot.village.requests import CommandRequest
from bot.village.stream import DRAWN
from bot.village.table_record import digest_of
from bot.village.tables.commit import appended, commit, folded, keep_moved, where
from bot.village.tables.seated import (
    Seated,
    broken_rule,
    load,
    refused,
    seated_in_play,
    state_of,
)
from bot.village.tables.telling import move_replies
from bot.words.reply import Reply, ReplyKind


@dataclass(frozen=True, slots=True)
class Move:
    """The moves of one message, decided at a table and not yet written."""

    seated: Seated
    applied: Applied


Decided = Move | list[Reply] | None
"""What a message at a table comes to: a move to write, an answer that changes nothing (a
refusal, an ignored roll), or nothing at all (chat)."""
Decide = Callable[[Core, TableContext | None], Awaitable[Decided]]


class _DayDue(Exception):  # noqa: N818 - a signal: close the day first, then play
    def __init__(self, village: VillageRecord) -> None:
        super().__init__(village.village_id)
        self.village = village


async def play_message(
    core: Core, incoming: Incoming, reading: Play | Unreadable, game: str
) -> list[Delivery]:
    """A chat message that plays `game` at the table of its place (or tries to)."""

    async def decide(unit: Core, read: TableContext | None) -> Decided:
        if read is None:
            return None
        village, table = read.village, read.table
        if table is None or table.game != game:
            # No table of the game here (none at all, or one of another game: `[[ducks]]` at
            # a Gleek table). A roll tag plainly tried to play: its player hears why and how
            # to open one; the game's other words without a tag are chat.
            if reading.tagged:
                raise Refusal("no_table", game=game)
            return None
        if not table.is_open:
            # The game is over: a roll tag from one of its players is owed an answer.
            if reading.tagged and incoming.author.player_id in table.seats:
                raise Refusal("table_not_playing", game=table.game)
            return None
        seated = await load(unit, table, village)
        seat = seated.seat_of(incoming.author.player_id)
        return await _answer(unit, village, incoming, seated, seat, reading)

    return await _at_table(core, incoming, decide)


async def command_move(
    core: Core,
    incoming: Incoming,
    command: CommandRequest,
    ready: Callable[[TableContext], bool],
) -> list[Delivery]:
    """`/ducks roll`, `/ducks promote dice:5 5`, …: a move typed as a command, played as a
    move in the chat is. `ready`: what the village asks of every command once its village
    is read (refusing what it refuses: an argument it does not take); False when the
    village's day must close first."""
    caught_up = False

    async def decide(unit: Core, read: TableContext | None) -> Decided:
        nonlocal caught_up
        if read is None:
            raise Refusal("no_village")
        if not ready(read) and not caught_up:
            caught_up = True  # once: a day the loop cannot close does not hold the move up
            raise _DayDue(read.village)
        call = Call(incoming, command, read.village, None, (read.table,))
        seated, seat = await seated_in_play(unit, call)
        try:
            move = seated.kind.presenter.command(command.name, command.args, seated.names)
        except RuleError as error:
            return broken_rule(error, incoming.author, seated)
        return decide_moves(unit, incoming, seated, seat, (move,))

    return await _at_table(core, incoming, decide)


async def move_command(core: Core, call: Call) -> list[Reply]:
    """What the registry names as the handler of a move typed as a command: the service
    knows it and plays the move through `command_move`, read and written as a throw is,
    never in a unit of its own. Called like another handler, it is a mistake."""
    raise AssertionError(f"/{call.command.group} {call.command.name} goes to command_move")


async def _at_table(core: Core, incoming: Incoming, decide: Decide) -> list[Delivery]:
    """The message decided on what the last move at its place left, or on a read, and its
    move written; read and decided again when that cannot stand (see the module)."""
    closing: list[Delivery] = []
    kept = core.plays.take_table(incoming.village_id, incoming.place)
    for _ in range(MAX_ATTEMPTS):
        started_from, kept = kept, None
        try:
            read = started_from or await core.table_log.table_context(
                incoming.village_id, incoming.message_id, incoming.place
            )
            if read is not None and read.handled:
                return closing  # processed already: a message counts once
            decided = await decide(core, read)
            if isinstance(decided, Move):
                return closing + await _write(core, incoming, read, decided)
            if started_from is not None:
                continue  # decided on a kept context without a write: read it first
            if read is None:
                return closing  # no village here, and nothing said
            answered = [] if decided is None else await core.settle(read.village, decided, incoming)
            if read.table is not None and read.table.is_open:
                # What was just read serves the next move here, as a written move's would.
                core.plays.keep_table(incoming.place, replace(read, handled=False))
            return closing + answered
        except _DayDue as due:
            closing += await days.catch_up(core, due.village)
            core.plays.forget(due.village.village_id)  # the day may have changed
        except VersionConflict:
            continue  # another writer got there first: read and decide again
        except Refusal:
            if started_from is None:
                raise
            continue  # refused on a kept context: read it first
        except DuplicateMessage:
            return closing
    raise KeptChanging("the village kept changing; try again")


async def _write(
    core: Core, incoming: Incoming, read: TableContext | None, move: Move
) -> list[Delivery]:
    """The move written with its message and replies, in one write; the table as it left
    it kept for the next move there."""
    assert read is not None  # a move is decided at a table of a village
    seated, applied, village = move.seated, move.applied, read.village
    append = appended(core, seated, applied)
    after = append.table
    events, view = moved = folded(seated, append, applied)
    whole = None
    if after.status != TABLE_PLAYING:
        # The game is over: its end tells the count and digest of every draw, its own
        # last ones included (the stream as it leaves it: the kept one and the move's).
        whole = digest_of(after, events, seated.table.settings, view)
    replies = move_replies(seated, after, applied, incoming.author, whole)
    message = core.message(incoming, str(replies[-1].kind))

    async def write(entries: list[OutboxRecord]) -> list[int]:
        return await core.table_log.move_table(append, message, entries)

    deliveries = await core.settle(village, replies, incoming, write=write)
    # Written: the next move here starts from the table as this one left it.
    keep_moved(core, seated, append, moved)
    if after.status == TABLE_PLAYING:
        core.plays.keep_table(incoming.place, replace(read, handled=False, table=after))
    if deliveries and deliveries[0].outbox_id is not None:
        # The move's answer, kept for the chat: a roll sent twice asks when it was posted.
        core.answers.kept(incoming.village_id, incoming.message_id, deliveries[0].outbox_id)
    return deliveries


async def _answer(
    core: Core,
    village: VillageRecord,
    incoming: Incoming,
    seated: Seated,
    seat: int | None,
    reading: Play | Unreadable,
) -> Decided:
    """What a message at the table is owed. Unlike a command, a message may be chat: the
    guards refuse only what plainly tried to play (a roll tag, a move on one's turn)."""
    game = seated.kind.game
    name = incoming.author.name
    playing = seated.table.status == TABLE_PLAYING
    on_turn = playing and seat is not None and seat in game.to_move(seated.state)
    if seat is None:
        # Someone not seated: only a roll tag is owed an answer.
        if not reading.tagged:
            return None
        raise Refusal("not_seated", game=seated.table.game)
    if not playing:
        # A seated player's move before the start: refused (a failed try only with a tag).
        if isinstance(reading, Unreadable) and not reading.tagged:
            return None
        raise Refusal("table_not_playing", game=seated.table.game)
    if isinstance(reading, Unreadable):
        if not reading.tagged and not on_turn:
            return None
        key, params = seated.kind.presenter.unreadable(reading, seated.state, seated.names)
        return [refused(key, params, incoming.author, seated)]
    if await _rolled_twice(core, village, incoming, seated, reading):
        ignored = {"game": seated.table.game}
        state = state_of(seated)
        return [Reply(ReplyKind.IGNORED, "table.double_post", ignored, to=name, state=state)]
    return decide_moves(core, incoming, seated, seat, reading.moves)


async def _rolled_twice(
    core: Core, village: VillageRecord, incoming: Incoming, seated: Seated, reading: Play
) -> bool:
    """A roll sent before the player could have seen the answer to their previous roll:
    the same roll posted twice (the first one counts), as a day game's double post."""
    if not reading.tagged or not seated.view.steps:
        return False
    last = seated.view.steps[-1]
    drawn = last.data.get(DRAWN)
    if last.voided_by is not None or not isinstance(drawn, dict):
        return False
    if drawn.get("player_id") != incoming.author.player_id:
        return False
    return await double_post(core, village, incoming, seated.view)


def decide_moves(
    core: Core, incoming: Incoming, seated: Seated, seat: int, moves: tuple[object, ...]
) -> Move | list[Reply]:
    """The moves of one message, applied whole or not at all: a move that ends the
    mover's turn drops what follows it (its roll tag rolls nothing). A move the rules
    refuse is answered with the refusal, and nothing of the message is played."""
    game = seated.kind.game
    state = seated.state
    draws = seated.view.throws
    events: list[object] = []
    stored: list[NewEvent] = []
    at = where(seated.table, incoming, seated.names)
    for move in moves:
        if events and seat not in game.to_move(state):
            break
        try:
            applied = apply(core, game, state, seat, move, draws, at)
        except RuleError as error:
            return broken_rule(error, incoming.author, seated)
        state, draws = applied.state, applied.draws
        events += applied.events
        stored += applied.stored
    return Move(seated, Applied(state, tuple(events), tuple(stored), draws))


async def moves_replies(
    core: Core, incoming: Incoming, seated: Seated, seat: int, moves: tuple[object, ...]
) -> list[Reply]:
    """The moves of one message (`decide_moves`), written in the caller's unit."""
    decided = decide_moves(core, incoming, seated, seat, moves)
    if isinstance(decided, list):
        return decided
    return await commit(core, incoming, seated, decided.applied, incoming.author)
