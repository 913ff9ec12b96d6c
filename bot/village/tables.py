"""Tables of several seats (Ducks): opening one in a channel or thread, taking seats, the
start with its committed seed, play by message or command, the time limit, and the end.

Every change is one unit of work: the table's events, its new state, the score rows, the
message and the replies are written together or not at all.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.fairness.seed import commitment
from bot.games.api import (
    MOVER_ONLY,
    TO_SEAT,
    HandPresenter,
    Json,
    Params,
    Play,
    Private,
    RuleError,
    SettingError,
    Unreadable,
)
from bot.games.registry import TABLE_GAMES, AnyTableGame
from bot.village.core import Author, Call, Core, Incoming, Refusal, int_arg
from bot.village.moves import Applied, Where, apply, settle_chance
from bot.village.play import double_post
from bot.village.ports import DuplicateMessage, OperatorError, StoreError
from bot.village.records import (
    TABLE_ABANDONED,
    TABLE_FINISHED,
    TABLE_PLAYING,
    TABLE_SEATING,
    NewEvent,
    PlayerDayRecord,
    PlayerRecord,
    StoredEvent,
    TableAppend,
    TableRecord,
    VillageRecord,
)
from bot.village.replies import Delivery
from bot.village.stream import (
    DRAW_SEQ,
    DRAWN,
    ROLLBACK_UNDONE,
    ROLLED_BACK,
    SEAT_FREED,
    SEAT_TAKEN,
    TABLE_CONFIGURED,
    TABLE_ENDED,
    TABLE_OPENED,
    TABLE_SKIPPED,
    TABLE_STARTED,
    TABLE_TYPES,
    TIME_RAN_OUT,
    StreamView,
    encoded,
    read_stream,
)
from bot.village.table_record import table_document, verify_table
from bot.village.transparency import attached_export
from bot.words.reply import SECRET_PARAMS, Attachment, Reply, ReplyKind, move_kind

_logger = logging.getLogger(__name__)

MAX_REASON = 300


@dataclass(frozen=True, slots=True)
class Seated:
    """A table as its commands see it: the record, its game, names by seat, its stream."""

    table: TableRecord
    kind: AnyTableGame
    names: tuple[str, ...]
    view: StreamView
    zone: dt.tzinfo = dt.UTC
    """The village's time zone: a deadline is shown in its local time."""

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


def _place(incoming: Incoming) -> int:
    return incoming.place


async def _load(core: Core, table: TableRecord, village: VillageRecord | None = None) -> Seated:
    kind = TABLE_GAMES[table.game]
    if table.status == TABLE_SEATING or table.started_at is None:
        # Taking seats, or closed before it started (its players all left): no game.
        view = _not_started(table)
    else:
        events = await core.store.load_table(table.village_id, table.table_id)
        view = read_stream(kind.game, table.settings, events, len(table.seats))
    # One read for every seat's name, not one per seat.
    known = {p.player_id: p.name for p in await core.store.players(table.village_id)}
    names = tuple(known.get(player_id, str(player_id)) for player_id in table.seats)
    zone = village.settings.zone if village is not None else dt.UTC
    return Seated(table, kind, names, view, zone)


async def _here(core: Core, call: Call, game: str) -> Seated:
    """The open table of this game where the command was typed."""
    table = await core.store.table_at(call.here.village_id, _place(call.incoming))
    if table is None or table.game != game:
        raise Refusal("no_table", game=game)
    return await _load(core, table, call.here)


def _not_started(table: TableRecord) -> StreamView:
    """A table taking seats has no game yet: the game begins with its seats at the start."""
    return StreamView(None, table.version, 0, None, [], None)


def _state_of(seated: Seated) -> dict[str, Json]:
    """The table as it stands, as everyone may see it (a refusal's, a command's `state`)."""
    if seated.table.status == TABLE_SEATING or seated.view.state is None:
        # Taking seats, or closed before it started: there is no game, only seats.
        return seated.kind.presenter.waiting(seated.table.settings, seated.names)
    state = seated.kind.presenter.position(seated.state, seated.names)
    if "deadline" in state:
        # A game that says by when the awaited move must come: as it stands now.
        state["deadline"] = _shown_deadline(seated, seated.table)
        state["timezone"] = seated.zone_name
    return state


async def refusal_state(
    core: Core, village: VillageRecord, incoming: Incoming, game: str
) -> dict[str, Json]:
    """The table a refused command or message of `game` was about, unchanged: the one at
    the message's place (its latest, ended or not); `{}` when there is none."""
    table = await core.store.table_at(village.village_id, _place(incoming), open_only=False)
    if table is None or table.game != game:
        return {}
    return _state_of(await _load(core, table, village))


def _settings(kind: AnyTableGame, args: dict[str, str], base: dict[str, Json]) -> dict[str, Json]:
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
            "bad_setting", setting=error.key, value=error.value, allowed=error.allowed
        ) from None


def _by(author: Author) -> dict[str, Json]:
    return {"by": author.player_id, "by_name": author.name}


def _kind(seated: Seated, name: str) -> str | None:
    """The kind of the village's reply `name` about the table: what happened to it is a
    `table` reply, showing its settings `info`, unless the game's rules name another (or
    let the game's own reply say it: None)."""
    default = ReplyKind.INFO if name in ("settings", "waiting") else ReplyKind.TABLE
    return seated.kind.commands.replies.get(name, default)


def _table_reply(
    name: str, seated: Seated, to: str | None, *, kind_of: str = "", **params: Any
) -> Reply:
    """The village's reply `table.NAME`, of the kind the game gives `kind_of` (by default
    the reply's own name)."""
    kind = _kind(seated, kind_of or name)
    assert kind is not None, name  # a reply the game gives itself is not the village's
    return Reply(
        kind,
        f"table.{name}",
        {"game": seated.table.game, "table": seated.table.table_id, **params},
        to=to,
        state=_state_of(seated),
    )


# -- opening and seats -------------------------------------------------------------------


async def open_table(core: Core, call: Call) -> list[Reply]:
    """`/ducks new`: a table here, with the caller in its first seat."""
    village = call.here
    game = call.command.group
    kind = TABLE_GAMES[game]
    place = _place(call.incoming)
    if await core.store.table_at(village.village_id, place) is not None:
        raise Refusal("table_exists", game=game)
    settings = _settings(kind, call.command.args, {})
    author = call.author
    now = core.clock.now()
    table = TableRecord(
        village_id=village.village_id,
        table_id=0,
        game=game,
        day=village.day,
        opener_id=author.player_id,
        place_id=place,
        settings=settings,
        seats=(author.player_id,),
        status=TABLE_SEATING,
        opened_at=now,
    )
    await _join_village(core, village, author)
    opened = NewEvent(
        TABLE_OPENED, {**_by(author), "player_id": author.player_id, "settings": settings}, at=now
    )
    made = await core.store.create_table(table, [opened])
    seated = Seated(made, kind, (author.name,), _not_started(made))
    return [_table_reply("opened", seated, author.name, settings=settings)]


async def _join_village(core: Core, village: VillageRecord, author: Author) -> None:
    """Taking a seat makes the player one of the village's (as a first throw does)."""
    known = await core.store.get_player(village.village_id, author.player_id)
    if known is None or known.name != author.name:
        joined = known.joined_at if known is not None else core.clock.now()
        player = PlayerRecord(village.village_id, author.player_id, author.name, joined)
        await core.store.upsert_player(player)


async def join(core: Core, call: Call) -> list[Reply]:
    seated = await _here(core, call, call.command.group)
    table, author = seated.table, call.author
    if table.status != TABLE_SEATING:
        raise Refusal("table_started", game=table.game)
    if author.player_id in table.seats:
        raise Refusal("already_seated", game=table.game)
    most = seated.kind.commands.seated_beyond or seated.kind.game.seats.stop - 1
    if len(table.seats) >= most:
        raise Refusal("table_full", game=table.game, seats=most)
    await _join_village(core, call.here, author)
    after = replace(table, seats=(*table.seats, author.player_id), version=table.version + 1)
    taken = NewEvent(SEAT_TAKEN, {**_by(author), "player_id": author.player_id})
    await core.store.append_table(TableAppend(after, table.version, (taken,), at=core.clock.now()))
    now = replace(seated, table=after, names=(*seated.names, author.name))
    return [_table_reply("joined", now, author.name, seat=len(after.seats))]


async def leave(core: Core, call: Call) -> list[Reply]:
    seated = await _here(core, call, call.command.group)
    table, author = seated.table, call.author
    seat = seated.seat_of(author.player_id)
    if seat is None:
        raise Refusal("not_seated", game=table.game)
    if table.status == TABLE_PLAYING:
        if not seated.kind.commands.leave_in_play:
            raise Refusal("table_started", game=table.game)
        move = seated.kind.presenter.command("leave", {}, seated.names)
        first, *rest = await _moves_replies(core, call.incoming, seated, seat, (move,))
        # Leaving is the village's business whatever the game makes of it: a `table` reply.
        kind = _kind(seated, "left")
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
    freed = NewEvent(SEAT_FREED, {**_by(author), "player_id": author.player_id})
    await core.store.append_table(TableAppend(after, table.version, (freed,), at=core.clock.now()))
    names = tuple(n for i, n in enumerate(seated.names) if i != seat)
    now = replace(seated, table=after, names=names)
    key = "left" if seats else "closed"
    return [_table_reply(key, now, author.name, opener=names[0] if names else None)]


def _may_manage(core: Core, call: Call, table: TableRecord) -> None:
    if call.author.player_id != table.opener_id and not core.is_moderator(
        call.village, call.author
    ):
        raise Refusal("opener_only", game=table.game)


async def configure(core: Core, call: Call) -> list[Reply]:
    seated = await _here(core, call, call.command.group)
    table = seated.table
    _may_manage(core, call, table)
    if table.status != TABLE_SEATING:
        raise Refusal("table_started", game=table.game)
    if not call.command.args:
        return [_table_reply("settings", seated, call.author.name, settings=table.settings)]
    settings = _settings(seated.kind, call.command.args, table.settings)
    after = replace(table, settings=settings, version=table.version + 1)
    event = NewEvent(TABLE_CONFIGURED, {**_by(call.author), "settings": settings})
    await core.store.append_table(TableAppend(after, table.version, (event,), at=core.clock.now()))
    now = replace(seated, table=after)
    return [_table_reply("configured", now, call.author.name, settings=settings)]


async def start(core: Core, call: Call) -> list[Reply]:
    """Fix the seats, commit to a fresh secret seed, and begin."""
    seated = await _here(core, call, call.command.group)
    table = seated.table
    _may_manage(core, call, table)
    if table.status != TABLE_SEATING:
        raise Refusal("table_started", game=table.game)
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
    started = replace(
        table,
        status=TABLE_PLAYING,
        started_at=now,
        seed=seed,
        commitment=commitment(seed),
        version=table.version + 1,
    )
    event = NewEvent(
        TABLE_STARTED,
        {**_by(call.author), "seats": list(table.seats), "commitment": started.commitment},
        at=now,
    )
    game = seated.kind.game
    state = game.new(table.settings, len(table.seats))
    applied = settle_chance(core, game, state, [], 0, _where(started, call.incoming, seated.names))
    after = _after(core, started, state, applied, [event])
    stored = (event, *applied.stored)
    await core.store.append_table(TableAppend(after, table.version, stored, at=core.clock.now()))
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
            to=_told_to(seated, t.to, call.author.name if to_mover else None),
            state=t.state or position,
        )
        for t in presenter.announcements(state, applied.events, applied.state, seated.names)
    ]
    if _kind(seated, "started") is None and told:
        # The game's first reply answers the start (Gleek's `dealt`), to its sender, and
        # says what the village's own would have: the seats and the commitment.
        first = told[0]
        game_table = {"game": table.game, "table": table.table_id, "started": True}
        told[0] = replace(first, to=call.author.name, params={**first.params, **game_table, **said})
        replies = _waiting_in_last(now_seated, after, told)
    else:
        started_reply = _table_reply(
            "started",
            now_seated,
            call.author.name,
            commitment=started.commitment,
            seats=list(seated.names),
        )
        replies = _waiting_in_last(now_seated, after, [started_reply, *told])
    for news in presenter.private(state, applied.events, applied.state, seated.names):
        replies.append(_secret(news, now_seated, after))
    return replies


def _where(table: TableRecord, incoming: Incoming | None, names: tuple[str, ...]) -> Where:
    assert table.seed is not None  # a table in play has its seed
    return Where(
        table.village_id,
        table.day,
        table.table_id,
        incoming.message_id if incoming is not None else 0,
        table.seed,
        table.seats,
        recorded=True,
        names=names,
    )


def _deadline(
    core: Core, table: TableRecord, since: dt.datetime | None = None
) -> dt.datetime | None:
    """When the move awaited now must come: the time limit from `since` (by default now;
    the missed deadline, when the time limit played the move before)."""
    hours = table.settings.get("deadline")
    if not isinstance(hours, int) or isinstance(hours, bool):
        return None  # `off`: moderators skip by hand
    return (since or core.clock.now()) + dt.timedelta(hours=hours)


def _after(
    core: Core,
    table: TableRecord,
    before: object,
    applied: Applied,
    village_events: list[NewEvent],
    *,
    fresh_deadline: bool = False,
    since: dt.datetime | None = None,
) -> TableRecord:
    """The table after a move: its version, whether it is over, and when the awaited move
    must come (a new turn, or a turn given back, gets the whole time limit)."""
    game = TABLE_GAMES[table.game].game
    version = table.version + len(village_events) + len(applied.stored)
    if game.finished(applied.state):
        return replace(
            table,
            status=TABLE_FINISHED,
            ended_at=core.clock.now(),
            deadline_at=None,
            version=version,
        )
    new_turn = fresh_deadline or game.mark(before) != game.mark(applied.state)
    if table.status == TABLE_PLAYING and table.deadline_at is not None and not new_turn:
        return replace(table, version=version)
    return replace(table, deadline_at=_deadline(core, table, since), version=version)


# -- play --------------------------------------------------------------------------------


async def play_message(
    core: Core, incoming: Incoming, reading: Play | Unreadable, game: str
) -> list[Delivery]:
    """A chat message that plays `game` at the table of its place (or tries to)."""

    async def run(unit: Core) -> list[Delivery]:
        village = await unit.store.get_village(incoming.village_id)
        if village is None:
            return []
        if await unit.store.get_message(village.village_id, incoming.message_id) is not None:
            return []
        table = await unit.store.table_at(village.village_id, _place(incoming), open_only=False)
        if table is None or table.game != game:
            # No table here, or one of another game (`[[ducks]]` at a Gleek table): chat.
            return []
        if not table.is_open:
            # The game is over: a roll tag from one of its players is owed an answer.
            if reading.tagged and incoming.author.player_id in table.seats:
                raise Refusal("table_not_playing", game=table.game)
            return []
        seated = await _load(unit, table, village)
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
        return [_refused(key, params, incoming.author, seated)]
    if await _rolled_twice(core, village, incoming, seated, reading):
        ignored = {"game": seated.table.game}
        state = _state_of(seated)
        return [Reply(ReplyKind.IGNORED, "table.double_post", ignored, to=name, state=state)]
    return await _moves_replies(core, incoming, seated, seat, reading.moves)


async def _rolled_twice(
    core: Core, village: VillageRecord, incoming: Incoming, seated: Seated, reading: Play
) -> bool:
    """A roll sent before the player could have seen the answer to their previous roll:
    the same roll posted twice (the first one counts), as Greed's double post."""
    if not reading.tagged or not seated.view.steps:
        return False
    last = seated.view.steps[-1]
    drawn = last.data.get(DRAWN)
    if last.voided_by is not None or not isinstance(drawn, dict):
        return False
    if drawn.get("player_id") != incoming.author.player_id:
        return False
    return await double_post(core, village, incoming, seated.view)


def _refused(key: str, params: dict[str, Json], author: Author, seated: Seated) -> Reply:
    state = _state_of(seated)
    secret = params.get(MOVER_ONLY)
    if isinstance(secret, list) and secret:
        # The refusal names what only the refused player may know (their cards, a sealed
        # declaration they tried): for their eyes only, as the game marks it.
        shown = {k: v for k, v in params.items() if k != MOVER_ONLY}
        return Reply(
            ReplyKind.REFUSED,
            key,
            {**shown, SECRET_PARAMS: secret},
            to=author.name,
            state=state,
            secret_for=author.player_id,
        )
    return Reply(ReplyKind.REFUSED, key, params, to=author.name, state=state, private=True)


async def _moves_replies(
    core: Core, incoming: Incoming, seated: Seated, seat: int, moves: tuple[object, ...]
) -> list[Reply]:
    """The moves of one message, applied whole or not at all: a move that ends the
    mover's turn drops what follows it (its roll tag rolls nothing)."""
    kind, table = seated.kind, seated.table
    game = kind.game
    state = seated.state
    draws = seated.view.throws
    events: list[object] = []
    stored: list[NewEvent] = []
    where = _where(table, incoming, seated.names)
    for move in moves:
        if events and seat not in game.to_move(state):
            break
        try:
            applied = apply(core, game, state, seat, move, draws, where)
        except RuleError as error:
            key, params = kind.presenter.refusal(error, seated.state, seated.names)
            return [_refused(key, params, incoming.author, seated)]
        state, draws = applied.state, applied.draws
        events += applied.events
        stored += applied.stored
    total = Applied(state, tuple(events), tuple(stored), draws)
    return await _commit(core, incoming, seated, total, incoming.author)


async def _commit(
    core: Core,
    incoming: Incoming | None,
    seated: Seated,
    applied: Applied,
    mover: Author | None,
    village_events: tuple[NewEvent, ...] = (),
    since: dt.datetime | None = None,
) -> list[Reply]:
    table = seated.table
    game = seated.kind.game
    after = _after(core, table, seated.state, applied, list(village_events), since=since)
    scores = _scores(table, after, game.scores(applied.state), game.finished(applied.state))
    append = TableAppend(
        after, table.version, (*village_events, *applied.stored), scores, at=core.clock.now()
    )
    # The message is recorded with its replies (settle), in this same unit.
    await core.store.append_table(append)
    return _replies(seated, after, applied, mover)


def _told_to(seated: Seated, seat: int | None, otherwise: str | None) -> str | None:
    """Whom an announcement goes to: the seat it names (a default played for them), else
    `otherwise` (the mover, where the game's rules address its announcements so)."""
    if seat is not None and 0 <= seat < len(seated.names):
        return seated.names[seat]
    return otherwise


def _awaited(seated: Seated) -> str | None:
    """The one player the table waited for (whose move the time limit plays); None when
    it waited for several at once, or for nobody."""
    waited = sorted(seated.kind.game.to_move(seated.state))
    return seated.names[waited[0]] if len(waited) == 1 else None


def _replies(
    seated: Seated, after: TableRecord, applied: Applied, mover: Author | None
) -> list[Reply]:
    """What a move (or the time limit, or the start) tells the table: the reply to it, the
    announcements, then each seat's private news (a new hand)."""
    kind = seated.kind
    key, params, about = kind.presenter.outcome(
        seated.state, applied.events, applied.state, seated.names
    )
    seat = params.get(TO_SEAT)
    params = {k: v for k, v in params.items() if k != TO_SEAT}
    if mover is not None:
        to: str | None = mover.name
    elif isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seated.names):
        to = seated.names[seat]  # the time limit played this seat's move
    else:
        to = _awaited(seated)  # the time limit (or a skip) played the awaited player's move
    first = Reply(move_kind(key), key, _revealed(key, params, after), to=to, state=about)
    secret = params.get(MOVER_ONLY)
    if mover is not None and isinstance(secret, list) and secret:
        # A move nobody else may see yet (a sealed declaration): for its player alone.
        shown = {k: v for k, v in params.items() if k != MOVER_ONLY}
        first = replace(first, params={**shown, SECRET_PARAMS: secret}, secret_for=mover.player_id)
    replies = [first]
    state = kind.presenter.position(applied.state, seated.names)
    otherwise = to if kind.commands.announce_to_mover else None
    for told in kind.presenter.announcements(
        seated.state, applied.events, applied.state, seated.names
    ):
        params = _revealed(told.key, told.params, after)
        to_seat = _told_to(seated, told.to, otherwise)
        replies.append(
            Reply(move_kind(told.key), told.key, params, to=to_seat, state=told.state or state)
        )
    replies = _waiting_in_last(seated, after, replies)
    for news in kind.presenter.private(seated.state, applied.events, applied.state, seated.names):
        replies.append(_secret(news, seated, after))
    return replies


_GAME_ENDS = (".game_end", ".game_over", ".won", ".lost", ".ended")


def _revealed(key: str, params: Params, table: TableRecord) -> Params:
    if table.status == TABLE_PLAYING or not key.endswith(_GAME_ENDS):
        return params
    # The game is over: its seed is public now, so anyone can check every draw.
    return {**params, "seed": (table.seed or b"").hex(), "commitment": table.commitment}


def _secret(news: Private, seated: Seated, table: TableRecord) -> Reply:
    params = {**news.params, SECRET_PARAMS: list(news.secret)}
    return Reply(
        move_kind(news.key),
        news.key,
        params,
        to=seated.names[news.seat],
        state=news.state,
        secret_for=table.seats[news.seat],
    )


def _waiting_in_last(seated: Seated, table: TableRecord, replies: list[Reply]) -> list[Reply]:
    """A game whose `state` says by when the awaited move must come (and who is to act:
    Gleek) says it once, in the last public reply of what happened: the others show null."""
    public = [n for n, r in enumerate(replies) if r.state is not None and "deadline" in r.state]
    if not public:
        return replies
    last = public[-1]
    out = list(replies)
    for n in public:
        state = dict(out[n].state or {})
        state["timezone"] = seated.zone_name
        if n == last:
            state["deadline"] = _shown_deadline(seated, table)
        else:
            if "to_act" in state:
                state["to_act"] = None
            state["deadline"] = None
        out[n] = replace(out[n], state=state)
    return out


def _shown_deadline(seated: Seated, table: TableRecord) -> str | None:
    if table.deadline_at is None or table.status != TABLE_PLAYING:
        return None
    return table.deadline_at.astimezone(seated.zone).isoformat()


def _scores(
    table: TableRecord, after: TableRecord, points: Any, finished: bool
) -> tuple[PlayerDayRecord, ...]:
    return tuple(
        PlayerDayRecord(
            village_id=table.village_id,
            day=table.day,
            player_id=player_id,
            version=after.version,
            points=int(points.get(seat, 0)),
            finished=finished,
            table_id=table.table_id,
            game=table.game,
        )
        for seat, player_id in enumerate(table.seats)
    )


async def move_command(core: Core, call: Call) -> list[Reply]:
    """`/ducks roll`, `/ducks promote dice:5 5`, …: a move typed as a command."""
    seated = await _here(core, call, call.command.group)
    seat = seated.seat_of(call.author.player_id)
    if seat is None:
        raise Refusal("not_seated", game=seated.table.game)
    if seated.table.status != TABLE_PLAYING:
        raise Refusal("table_not_playing", game=seated.table.game)
    try:
        move = seated.kind.presenter.command(call.command.name, call.command.args, seated.names)
    except RuleError as error:
        key, params = seated.kind.presenter.refusal(error, seated.state, seated.names)
        return [_refused(key, params, call.author, seated)]
    return await _moves_replies(core, call.incoming, seated, seat, (move,))


# -- looking at a table ------------------------------------------------------------------


def _hands(seated: Seated) -> HandPresenter[Any]:
    presenter = seated.kind.presenter
    assert isinstance(presenter, HandPresenter), seated.table.game  # registered only so
    return presenter


async def hand(core: Core, call: Call) -> list[Reply]:
    """`/gleek hand`: the caller's own hand, for them alone."""
    seated = await _here(core, call, call.command.group)
    seat = seated.seat_of(call.author.player_id)
    if seat is None:
        raise Refusal("not_seated", game=seated.table.game)
    if seated.table.status != TABLE_PLAYING:
        raise Refusal("table_not_playing", game=seated.table.game)
    try:
        news = _hands(seated).hand(seated.state, seat, seated.names)
    except RuleError as error:
        key, params = seated.kind.presenter.refusal(error, seated.state, seated.names)
        return [_refused(key, params, call.author, seated)]
    return [_secret(news, seated, seated.table)]


async def deal_log(core: Core, call: Call) -> list[Reply]:
    """`/gleek log deal:`, `/regidice log round:`: a part of the game as everyone saw it,
    ended or not; the table here, or the last one of this place."""
    table = await _named(core, call, call.command.group)
    if table.started_at is None:
        raise Refusal("table_not_playing", game=table.game)
    seated = await _load(core, table, call.here)
    number = int_arg(call.command, seated.kind.commands.log_argument)
    try:
        params = _hands(seated).log(seated.state, number, seated.names)
    except RuleError as error:
        key, refusal = seated.kind.presenter.refusal(error, seated.state, seated.names)
        return [_refused(key, refusal, call.author, seated)]
    key = f"{table.game}.log"
    return [Reply(ReplyKind.INFO, key, params, to=call.author.name, state=_state_of(seated))]


async def status(core: Core, call: Call) -> list[Reply]:
    """The table here, or the last one of this place once it has ended."""
    table = await _named(core, call, call.command.group)
    if not table.is_open and table.started_at is None:
        raise Refusal("no_table", game=table.game)  # closed before it started: nothing here
    seated = await _load(core, table, call.here)
    if seated.table.status == TABLE_SEATING:
        return [_table_reply("waiting", seated, call.author.name, settings=seated.table.settings)]
    params = seated.kind.presenter.status(seated.state, seated.names)
    key = f"{seated.table.game}.status"
    return [Reply(ReplyKind.INFO, key, params, to=call.author.name, state=_state_of(seated))]


async def score(core: Core, call: Call) -> list[Reply]:
    """The score table of the table here, or of the last one, ended or not (`table:`)."""
    table = await _named(core, call, call.command.group)
    if table.started_at is None:
        # Still taking seats, or closed before it started (its players all left): no game
        # was played, so there is nothing to score.
        raise Refusal("table_not_playing", game=table.game)
    seated = await _load(core, table, call.here)
    params = seated.kind.presenter.score(seated.state, seated.names)
    key = f"{seated.table.game}.score"
    return [Reply(ReplyKind.INFO, key, params, to=call.author.name, state=_state_of(seated))]


async def _named(core: Core, call: Call, game: str) -> TableRecord:
    """The table named by `table:`, or the latest one of this place, ended or not."""
    village = call.here
    number = int_arg(call.command, "table")
    if number is not None:
        table = await core.store.get_table(village.village_id, number)
    else:
        table = await core.store.table_at(
            village.village_id, _place(call.incoming), open_only=False
        )
    if table is None or table.game != game:
        raise Refusal("no_table", game=game)
    return table


async def export(core: Core, call: Call) -> list[Reply]:
    """The table's record as JSON: every draw; the seed once the table has ended."""
    table = await _named(core, call, call.command.group)
    document = await table_document(core, table)
    state = _state_of(await _load(core, table, call.here))
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
        table = await _named(core, call, call.command.group)
        document = await table_document(core, table)
        if document["seed"] is None:
            raise Refusal("table_not_ended", game=table.game, table=table.table_id)
        state = _state_of(await _load(core, table, call.here))
    checked, mismatches = verify_table(document)
    params: dict[str, Json] = {}
    if attached is not None:
        # A file can check out against itself and still not be the table the village played.
        params["ours"] = await _is_ours(core, call, document)
    return [
        Reply(
            ReplyKind.INFO,
            "table.verify",
            {
                **params,
                "game": document.get("game"),
                "table": document.get("table_id"),
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
    table = await core.store.get_table(call.here.village_id, number)
    return table is not None and table.commitment == document.get("commitment")


# -- moderators --------------------------------------------------------------------------


def _reason(call: Call) -> str:
    reason = " ".join(call.command.args.get("reason", "").split())
    if not reason:
        raise Refusal("missing_argument", argument="reason", command=call.command.path)
    if len(reason) > MAX_REASON:
        raise Refusal("reason_too_long", limit=MAX_REASON)
    return reason


async def skip(core: Core, call: Call) -> list[Reply]:
    """Apply the time limit's default to the turn in progress now."""
    seated = await _here(core, call, call.command.group)
    if seated.table.status != TABLE_PLAYING:
        raise Refusal("table_not_playing", game=seated.table.game)
    # A game may let a moderator skip without a reason (Gleek); it is kept when given.
    given = call.command.args.get("reason", "").strip()
    reason = _reason(call) if seated.kind.commands.skip_reason or given else ""
    event = NewEvent(TABLE_SKIPPED, {**_by(call.author), "reason": reason})
    replies = await _expire(core, call.incoming, seated, (event,))
    if _kind(seated, "skipped") is None:
        # The game's own reply to the default (Gleek's `timeout`) says who skipped, and why.
        first = replies[0]
        said = {"skipped_by": call.author.name, "reason": reason}
        return [replace(first, params={**first.params, **said}), *replies[1:]]
    # Said before what the time limit's default did, so the table knows it was no time-out:
    # one player's move, or a step that waits for several at once (then nobody is named).
    notice = _table_reply(
        "skipped",
        seated,
        call.author.name,
        by=call.author.name,
        player=_awaited(seated),
        reason=reason,
    )
    return [notice, *replies]


async def _expire(
    core: Core,
    incoming: Incoming | None,
    seated: Seated,
    village_events: tuple[NewEvent, ...],
    since: dt.datetime | None = None,
) -> list[Reply]:
    """The default move now (`skip`), or at the deadline it missed (`since`): the next move
    is awaited from that instant, so a clock that jumps past several deadlines plays each
    default in turn, at its own deadline."""
    game = seated.kind.game
    events = list(game.expire(seated.state))
    where = _where(seated.table, incoming, seated.names)
    applied = settle_chance(core, game, seated.state, events, seated.view.throws, where)
    return await _commit(core, incoming, seated, applied, None, village_events, since)


async def abandon(core: Core, call: Call) -> list[Reply]:
    """Close the table with no winner; its seed is revealed."""
    seated = await _here(core, call, call.command.group)
    table = seated.table
    if table.status == TABLE_PLAYING and not core.is_moderator(call.village, call.author):
        raise Refusal("moderators_only", command=f"{call.command.group} {call.command.name}")
    _may_manage(core, call, table)
    reason = _reason(call)
    after = replace(
        table,
        status=TABLE_ABANDONED,
        ended_at=core.clock.now(),
        deadline_at=None,
        version=table.version + 1,
    )
    event = NewEvent(TABLE_ENDED, {**_by(call.author), "reason": reason, "abandoned": True})
    seed = None if table.seed is None else table.seed.hex()
    ending = seated.kind.abandon
    if table.status == TABLE_PLAYING and ending is not None:
        return await _abandon_in_play(core, call, seated, after, event, ending)
    # No winner, and no points: the rounds scored so far leave the standings with the game.
    void = _scores(table, after, {}, finished=True) if table.status == TABLE_PLAYING else ()
    append = TableAppend(after, table.version, (event,), void, at=core.clock.now())
    await core.store.append_table(append)
    now = replace(seated, table=after)
    name = call.author.name
    return [_table_reply("abandoned", now, name, reason=reason, seed=seed, by=name)]


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
    where = _where(table, call.incoming, seated.names)
    applied = settle_chance(
        core, game, seated.state, list(ending(seated.state)), seated.view.throws, where
    )
    # The game's events first: the table's end is the last thing in its stream.
    stored = (*applied.stored, ended)
    after = replace(after, version=table.version + len(stored))
    scores = _scores(table, after, game.scores(applied.state), True)
    await core.store.append_table(
        TableAppend(after, table.version, stored, scores, at=core.clock.now())
    )
    told = _replies(seated, after, applied, call.author)
    said = {"by": call.author.name, "reason": ended.data.get("reason")}
    if _kind(seated, "ended") is None:
        # The game's own end (Gleek's `game_over`) answers the abandon: who and why in it.
        first = told[0]
        why = {"abandoned_by": said["by"], "reason": said["reason"]}
        return [replace(first, params={**first.params, **why}), *told[1:]]
    # Who closed it and why, to them; then the game's own end (its seed with it), which
    # the table is told as any end of the game.
    closed = replace(seated, table=after)
    notice = _table_reply(
        "abandoned", closed, call.author.name, kind_of="ended", **said, standing=True
    )
    return [notice, replace(told[0], to=None), *told[1:]]


async def rollback(core: Core, call: Call) -> list[Reply]:
    """Void a turn (the current one unless named) and everything after it: the table goes
    back to that turn's start, and its player rolls again with fresh dice and a fresh time
    limit. The voided rolls stay in the log, marked."""
    seated = await _here(core, call, call.command.group)
    table = seated.table
    if table.status != TABLE_PLAYING:
        raise Refusal("table_not_playing", game=table.game)
    reason = _reason(call)
    game = seated.kind.game
    now_at = game.mark(seated.state)
    assert now_at is not None  # a table in play has a turn in progress
    seat = now_at[1]
    if call.arg("player"):
        player = await core.resolve_player(call.here, call.arg("player"), call.author)
        found = seated.seat_of(player.player_id)
        if found is None:
            raise Refusal("not_seated", game=table.game)
        seat = found
    number = int_arg(call.command, "round") or now_at[0]
    events = await core.store.load_table(table.village_id, table.table_id)
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
            **_by(call.author),
            "to_version": start,
            "reason": reason,
            "target": {"round": number, "seat": seat},
            "rolls_voided": voided,
        },
        at=core.clock.now(),
    )
    stored = StoredEvent(
        table.village_id,
        table.day,
        0,
        table.version + 1,
        table.game,
        event.type,
        event.data,
        call.incoming.message_id,
        core.clock.now(),
        table.table_id,
    )
    view = read_stream(game, table.settings, [*events, stored], len(table.seats))
    after = replace(table, version=table.version + 1, deadline_at=_deadline(core, table))
    scores = _scores(table, after, game.scores(view.state), False)
    await core.store.append_table(
        TableAppend(after, table.version, (event,), scores, at=core.clock.now())
    )
    now = replace(seated, table=after, view=view)
    return [
        _table_reply(
            "rolled_back",
            now,
            call.author.name,
            round=number,
            player=seated.names[seat],
            by=call.author.name,
            reason=reason,
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


# -- the time limit ----------------------------------------------------------------------


async def expire_due(core: Core, village_id: int, table_id: int) -> list[Delivery]:
    """A table whose time to move ran out: the game's default move, announced in its place."""

    async def run(unit: Core) -> list[Delivery]:
        village = await unit.store.get_village(village_id)
        table = await unit.store.get_table(village_id, table_id)
        now = unit.clock.now()
        if village is None or table is None or table.status != TABLE_PLAYING:
            return []
        if table.deadline_at is None or table.deadline_at > now:
            return []  # another process got there first
        seated = await _load(unit, table, village)
        event = NewEvent(TIME_RAN_OUT, {"deadline": table.deadline_at.isoformat()}, at=now)
        replies = await _expire(unit, None, seated, (event,), table.deadline_at)
        return await unit.settle(village, replies, None, place_id=table.place_id)

    return await core.unit(run)


MAX_DEFAULTS_PER_TICK = 1_000
"""The defaults one table plays in one tick when the clock jumped past many deadlines (a
whole Gleek game is about 550 moves): the next tick plays on, so no tick runs unbounded."""


async def _expire_all_due(core: Core, village_id: int, table_id: int) -> list[Delivery]:
    found: list[Delivery] = []
    before = await core.store.get_table(village_id, table_id)
    for _ in range(MAX_DEFAULTS_PER_TICK):
        deliveries = await expire_due(core, village_id, table_id)
        if not deliveries:
            break
        found += deliveries
        after = await core.store.get_table(village_id, table_id)
        if before is None or after is None or after.deadline_at == before.deadline_at:
            break  # a default that awaited no new move: the next tick looks again
        before = after  # the table as the next default finds it: read once, not twice
    return found


async def tick(
    core: Core,
    owns: Callable[[VillageRecord], bool] | None = None,
    grace: dt.timedelta = dt.timedelta(0),
) -> dict[int, list[Delivery]]:
    """Apply the time limit at every table whose time ran out (`grace` ago: a move sent
    just before, still on its way, counts); what to post, by village."""
    posts: dict[int, list[Delivery]] = {}
    for village_id, table_id in await core.store.due_tables(core.clock.now() - grace):
        village = await core.store.get_village(village_id)
        if village is None or (owns is not None and not owns(village)):
            continue
        try:
            deliveries = await _expire_all_due(core, village_id, table_id)
        except (StoreError, OperatorError):
            raise
        except Exception:
            # One table the rules cannot expire (a bug, a row from a broken release) must
            # not stop every other table's clock, nor the day's close: it waits, logged.
            _logger.exception(
                "village %s table %s: cannot apply the time limit", village_id, table_id
            )
            continue
        if deliveries:
            posts.setdefault(village_id, []).extend(deliveries)
    return posts
