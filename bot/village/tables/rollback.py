"""A moderator's rollback at a table: a turn (the current one unless named) and everything
after it voided, its player to move again with fresh dice and a fresh time limit."""

from __future__ import annotations

from dataclasses import replace

from bot.village.core import Call, Core, Refusal, int_arg, reason_arg
from bot.village.records import NewEvent, StoredEvent, TableAppend, table_event
from bot.village.stream import (
    DRAW_SEQ,
    ROLLBACK_UNDONE,
    ROLLED_BACK,
    TABLE_STARTED,
    TABLE_TYPES,
    encoded,
    read_stream,
)
from bot.village.tables.commit import by, deadline, scores
from bot.village.tables.seated import Seated, here, in_play, seated_at
from bot.village.tables.telling import table_reply
from bot.words.reply import Reply


async def rollback(core: Core, call: Call) -> list[Reply]:
    """Void a turn (the current one unless named) and everything after it: the table goes
    back to that turn's start, and its player rolls again with fresh dice and a fresh time
    limit. The voided rolls stay in the log, marked."""
    seated = await here(core, call)
    table = seated.table
    in_play(seated)
    why = reason_arg(call.command)
    game = seated.kind.game
    now_at = game.mark(seated.state)
    assert now_at is not None  # a table in play has a turn in progress
    seat = now_at[1]
    if call.arg("player"):
        player = await core.resolve_player(call.here, call.arg("player"), call.author)
        seat = seated_at(seated, player.player_id)
    number = int_arg(call.command, "round") or now_at[0]
    events = await core.table_log.load_table(table.village_id, table.table_id)
    start = _turn_start(seated, events, (number, seat))
    if start is None:
        raise Refusal(
            "table_rollback_target", game=table.game, round=number, player=seated.names[seat]
        )
    standing = _standing_versions(events)
    # Rolls an earlier rollback voided already are not voided again.
    voided = sum(
        1 for e in events if e.version > start and e.version in standing and DRAW_SEQ in e.data
    )
    event = NewEvent(
        ROLLED_BACK,
        {
            **by(call.author),
            "to_version": start,
            "reason": why,
            "target": {"round": number, "seat": seat},
            "rolls_voided": voided,
        },
        at=core.clock.now(),
    )
    # Read on as the table's stream will keep it.
    rolled = table_event(table, table.version + 1, event, core.clock.now())
    view = read_stream(game, table.settings, [*events, rolled], len(table.seats))
    after = replace(table, version=table.version + 1, deadline_at=deadline(core, table))
    kept = scores(table, after, game.scores(view.state), False)
    await core.table_log.append_table(
        TableAppend(after, table.version, (event,), kept, at=core.clock.now())
    )
    now = replace(seated, table=after, view=view)
    return [
        table_reply(
            "rolled_back",
            now,
            call.author.name,
            round=number,
            player=seated.names[seat],
            by=call.author.name,
            reason=why,
            rolls_voided=voided,
        )
    ]


def _turn_start(seated: Seated, events: list[StoredEvent], target: tuple[int, int]) -> int | None:
    """The version at which `target` (round, seat) began in the table's standing timeline:
    the first state where play stands at it. The events no rollback voided, applied in
    order, are that timeline (as `read_stream` rebuilds it)."""
    game = seated.kind.game
    standing = _standing_versions(events)
    state = game.new(seated.table.settings, len(seated.table.seats))
    for event in events:
        if event.version not in standing:
            continue
        if event.type in TABLE_TYPES:
            # The start is where the first turn begins; other village events move nothing.
            if event.type == TABLE_STARTED and game.mark(state) == target:
                return event.version
            continue
        state = game.evolve(state, game.codec.decode(encoded(event)))
        if game.mark(state) == target:
            return event.version
    return None


def _standing_versions(events: list[StoredEvent]) -> set[int]:
    """The versions of the events a rollback has not voided (as `read_stream` applies them)."""
    undone = {e.data.get("rollback_version") for e in events if e.type == ROLLBACK_UNDONE}
    active: list[int] = []
    for event in events:
        if event.type == ROLLED_BACK and event.version not in undone:
            target = event.data["to_version"]
            active = [v for v in active if v <= target]
        elif event.type not in (ROLLED_BACK, ROLLBACK_UNDONE):
            active.append(event.version)
    return set(active)
