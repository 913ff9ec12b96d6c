"""Play at a table: a chat message that plays (or tries to), a move typed as a command, and
the moves of one message applied whole or not at all."""

from __future__ import annotations

from bot.games.api import Play, RuleError, Unreadable
from bot.village.core import Call, Core, Incoming, Refusal
from bot.village.day.play import double_post
from bot.village.moves import Applied, apply
from bot.village.ports import DuplicateMessage
from bot.village.records import TABLE_PLAYING, NewEvent, VillageRecord
from bot.village.replies import Delivery
from bot.village.stream import DRAWN
from bot.village.tables.commit import commit, where
from bot.village.tables.seated import (
    Seated,
    broken_rule,
    load,
    place,
    refused,
    seated_in_play,
    state_of,
)
from bot.words.reply import Reply, ReplyKind


async def play_message(
    core: Core, incoming: Incoming, reading: Play | Unreadable, game: str
) -> list[Delivery]:
    """A chat message that plays `game` at the table of its place (or tries to)."""

    async def run(unit: Core) -> list[Delivery]:
        # The village, whether the message was handled and the table here, in one read; the
        # table itself from memory while it is at the version just read.
        read = await unit.table_log.table_context(
            incoming.village_id, incoming.message_id, place(incoming)
        )
        if read is None or read.handled:
            return []
        village, table = read.village, read.table
        if table is None or table.game != game:
            # No table of the game here (none at all, or one of another game: `[[ducks]]` at
            # a Gleek table). A roll tag plainly tried to play: its player hears why and how
            # to open one; the game's other words without a tag are chat.
            if reading.tagged:
                raise Refusal("no_table", game=game)
            return []
        if not table.is_open:
            # The game is over: a roll tag from one of its players is owed an answer.
            if reading.tagged and incoming.author.player_id in table.seats:
                raise Refusal("table_not_playing", game=table.game)
            return []
        seated = await load(unit, table, village)
        seat = seated.seat_of(incoming.author.player_id)
        replies = await _answer(unit, village, incoming, seated, seat, reading)
        if replies is None:
            return []  # not play after all: ordinary chat, nothing to keep
        return await unit.settle(village, replies, incoming)

    try:
        return await core.unit(run)
    except DuplicateMessage:
        return []


async def _answer(
    core: Core,
    village: VillageRecord,
    incoming: Incoming,
    seated: Seated,
    seat: int | None,
    reading: Play | Unreadable,
) -> list[Reply] | None:
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
    return await moves_replies(core, incoming, seated, seat, reading.moves)


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


async def move_command(core: Core, call: Call) -> list[Reply]:
    """`/ducks roll`, `/ducks promote dice:5 5`, …: a move typed as a command."""
    seated, seat = await seated_in_play(core, call)
    try:
        move = seated.kind.presenter.command(call.command.name, call.command.args, seated.names)
    except RuleError as error:
        return broken_rule(error, call.author, seated)
    return await moves_replies(core, call.incoming, seated, seat, (move,))


async def moves_replies(
    core: Core, incoming: Incoming, seated: Seated, seat: int, moves: tuple[object, ...]
) -> list[Reply]:
    """The moves of one message, applied whole or not at all: a move that ends the
    mover's turn drops what follows it (its roll tag rolls nothing)."""
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
    total = Applied(state, tuple(events), tuple(stored), draws)
    return await commit(core, incoming, seated, total, incoming.author)
