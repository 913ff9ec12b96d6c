"""A table's life before play and its start: opening one in a channel or thread, taking and
leaving seats, its settings, and the start with its committed seed."""

from __future__ import annotations

from dataclasses import replace

from bot.fairness.seed import commitment
from bot.games.api import Json, SettingError
from bot.games.registry import AnyTableGame
from bot.village.core import Author, Call, Core, Refusal
from bot.village.moves import settle_chance
from bot.village.records import (
    TABLE_ABANDONED,
    TABLE_PLAYING,
    TABLE_SEATING,
    NewEvent,
    PlayerRecord,
    TableAppend,
    TableRecord,
    VillageRecord,
)
from bot.village.stream import SEAT_FREED, SEAT_TAKEN, TABLE_CONFIGURED, TABLE_OPENED
from bot.village.table_setup import started_event
from bot.village.tables.commit import by, keep_started, table_after, where
from bot.village.tables.moves import moves_replies
from bot.village.tables.seated import Seated, here, may_manage, not_started, place, seated_at
from bot.village.tables.telling import (
    reply_kind,
    secret_reply,
    table_reply,
    told_to,
    waiting_in_last,
)
from bot.words.reply import Reply, move_kind


async def open_table(core: Core, call: Call) -> list[Reply]:
    """`/ducks new`: a table here, with the caller in its first seat."""
    village = call.here
    game = call.command.group
    kind = core.registry.table_games[game]
    at = place(call.incoming)
    if await core.table_log.table_at(village.village_id, at) is not None:
        raise Refusal("table_exists", game=game)
    settings = _settings(kind, call.command.group, call.command.args, {})
    author = call.author
    now = core.clock.now()
    table = TableRecord(
        village_id=village.village_id,
        table_id=0,
        game=game,
        day=village.day,
        opener_id=author.player_id,
        place_id=at,
        settings=settings,
        seats=(author.player_id,),
        status=TABLE_SEATING,
        opened_at=now,
    )
    await _join_village(core, village, author)
    opened = NewEvent(
        TABLE_OPENED, {**by(author), "player_id": author.player_id, "settings": settings}, at=now
    )
    made = await core.table_log.create_table(table, [opened])
    seated = Seated(made, kind, (author.name,), not_started(made))
    return [table_reply("opened", seated, author.name, settings=settings)]


def _settings(
    kind: AnyTableGame, game: str, args: dict[str, str], base: dict[str, Json]
) -> dict[str, Json]:
    changes = {k: v for k, v in args.items() if k in kind.game.setting_keys}
    unknown = [k for k in args if k not in kind.game.setting_keys]
    if unknown:
        raise Refusal(
            "unknown_setting", setting=unknown[0], allowed=", ".join(kind.game.setting_keys)
        )
    try:
        return kind.game.settings(changes, base)
    except SettingError as error:
        raise Refusal(
            "bad_setting",
            setting=error.key,
            value=error.value,
            allowed=error.allowed,
            game=game,
        ) from None


async def _join_village(core: Core, village: VillageRecord, author: Author) -> None:
    """Taking a seat makes the player one of the village's (as a first throw does)."""
    known = await core.villages.get_player(village.village_id, author.player_id)
    if known is None or known.name != author.name:
        joined = known.joined_at if known is not None else core.clock.now()
        player = PlayerRecord(village.village_id, author.player_id, author.name, joined)
        await core.villages.upsert_player(player)


def _seating(seated: Seated) -> None:
    """Refused once the table has started: seats and settings are fixed from then on."""
    if seated.table.status != TABLE_SEATING:
        raise Refusal("table_started", game=seated.table.game)


async def join(core: Core, call: Call) -> list[Reply]:
    seated = await here(core, call)
    table, author = seated.table, call.author
    _seating(seated)
    if author.player_id in table.seats:
        raise Refusal("already_seated", game=table.game)
    most = seated.kind.commands.seated_beyond or seated.kind.game.seats.stop - 1
    if len(table.seats) >= most:
        raise Refusal("table_full", game=table.game, seats=most)
    await _join_village(core, call.here, author)
    after = replace(table, seats=(*table.seats, author.player_id), version=table.version + 1)
    taken = NewEvent(SEAT_TAKEN, {**by(author), "player_id": author.player_id})
    await core.table_log.append_table(
        TableAppend(after, table.version, (taken,), at=core.clock.now())
    )
    now = replace(seated, table=after, names=(*seated.names, author.name))
    return [table_reply("joined", now, author.name, seat=len(after.seats))]


async def leave(core: Core, call: Call) -> list[Reply]:
    seated = await here(core, call)
    table, author = seated.table, call.author
    seat = seated_at(seated, author.player_id)
    if table.status == TABLE_PLAYING:
        if not seated.kind.commands.leave_in_play:
            raise Refusal("table_started", game=table.game)
        move = seated.kind.presenter.command("leave", {}, seated.names)
        first, *rest = await moves_replies(core, call.incoming, seated, seat, (move,))
        # Leaving is the village's business whatever the game makes of it: a `table` reply.
        kind = reply_kind(seated, "left")
        return [first if kind is None else replace(first, kind=kind), *rest]
    seats = tuple(p for p in table.seats if p != author.player_id)
    status = TABLE_SEATING if seats else TABLE_ABANDONED
    after = replace(
        table,
        seats=seats,
        opener_id=seats[0] if seats else table.opener_id,
        status=status,
        ended_at=None if seats else core.clock.now(),
        version=table.version + 1,
    )
    freed = NewEvent(SEAT_FREED, {**by(author), "player_id": author.player_id})
    await core.table_log.append_table(
        TableAppend(after, table.version, (freed,), at=core.clock.now())
    )
    names = tuple(n for i, n in enumerate(seated.names) if i != seat)
    now = replace(seated, table=after, names=names)
    key = "left" if seats else "closed"
    return [table_reply(key, now, author.name, opener=names[0] if names else None)]


async def configure(core: Core, call: Call) -> list[Reply]:
    seated = await here(core, call)
    table = seated.table
    may_manage(core, call, table)
    _seating(seated)
    if not call.command.args:
        return [table_reply("settings", seated, call.author.name, settings=table.settings)]
    settings = _settings(seated.kind, table.game, call.command.args, table.settings)
    after = replace(table, settings=settings, version=table.version + 1)
    event = NewEvent(TABLE_CONFIGURED, {**by(call.author), "settings": settings})
    await core.table_log.append_table(
        TableAppend(after, table.version, (event,), at=core.clock.now())
    )
    now = replace(seated, table=after)
    return [table_reply("configured", now, call.author.name, settings=settings)]


async def start(core: Core, call: Call) -> list[Reply]:
    """Fix the seats, commit to a fresh secret seed, and begin."""
    seated = await here(core, call)
    table = seated.table
    may_manage(core, call, table)
    _seating(seated)
    seats = seated.kind.game.seats
    if len(table.seats) not in seats:
        raise Refusal(
            "table_seats",
            game=table.game,
            low=seats.start,
            high=seats.stop - 1,
            seated=len(table.seats),
        )
    now = core.clock.now()
    seed = core.seeds()
    settle = seated.kind.settle
    settled = table.settings if settle is None else settle(table.settings, len(table.seats))
    started = replace(
        table,
        settings=settled,
        status=TABLE_PLAYING,
        started_at=now,
        seed=seed,
        commitment=commitment(seed),
    )  # its version: `table_after` counts the start's event with what its chance wrote
    # The settled settings go into the sealed log: it alone tells how the table is played.
    event = started_event(by(call.author), table.seats, started.commitment, settled, now)
    game = seated.kind.game
    state = game.new(settled, len(table.seats))
    applied = settle_chance(core, game, state, [], 0, where(started, call.incoming, seated.names))
    after = table_after(core, started, state, applied, [event])
    stored = (event, *applied.stored)
    await core.table_log.append_table(
        TableAppend(after, table.version, stored, at=core.clock.now())
    )
    await keep_started(core, seated, after)
    view = replace(seated.view, state=applied.state)
    now_seated = replace(seated, table=after, view=view)
    said: dict[str, Json] = {"commitment": started.commitment, "seats": list(seated.names)}
    # What the start's chance did (Gleek's first deal), as any move's would be told.
    presenter = seated.kind.presenter
    position = presenter.position(applied.state, seated.names)
    to_mover = seated.kind.commands.announce_to_mover
    told = [
        Reply(
            move_kind(t.key),
            t.key,
            t.params,
            to=told_to(seated, t.to, call.author.name if to_mover else None),
            state=t.state or position,
        )
        for t in presenter.announcements(state, applied.events, applied.state, seated.names)
    ]
    if reply_kind(seated, "started") is None and told:
        # The game's first reply answers the start (Gleek's `dealt`), to its sender, and
        # says what the village's own would have: the seats and the commitment.
        first = told[0]
        game_table = {"game": table.game, "table": table.table_id, "started": True}
        told[0] = replace(first, to=call.author.name, params={**first.params, **game_table, **said})
        replies = waiting_in_last(now_seated, after, told)
    else:
        started_reply = table_reply(
            "started",
            now_seated,
            call.author.name,
            commitment=started.commitment,
            seats=list(seated.names),
        )
        replies = waiting_in_last(now_seated, after, [started_reply, *told])
    for news in presenter.private(state, applied.events, applied.state, seated.names):
        replies.append(secret_reply(news, now_seated, after))
    return replies
