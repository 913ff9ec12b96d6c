"""Villages and their days: creating a village, closing and opening days, extending, settings."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from bot.fairness.digest import Digest
from bot.fairness.seed import commitment, new_seed
from bot.games.api import replay
from bot.games.registry import AnyGame
from bot.village.config import changed_settings
from bot.village.core import Author, Call, Core, Refusal
from bot.village.day.memo import closing_memos, standings_reply, village_scores
from bot.village.day.record import views_digest
from bot.village.day.views import day_views
from bot.village.frozen import thawed
from bot.village.ports import VillageExists
from bot.village.records import (
    CHANNEL,
    POSTS,
    DayClosing,
    DayRecord,
    NewEvent,
    PlayerDayRecord,
    PlayerRecord,
    StreamAppend,
    VillageRecord,
)
from bot.village.replies import Delivery
from bot.village.settings import VillageSettings, extended, next_close
from bot.village.stream import StreamView
from bot.words.reply import Reply, ReplyKind

SCHEDULED = "scheduled"
ADVANCED = "advanced"


def open_day(
    village_id: int,
    number: int,
    settings: VillageSettings,
    at: dt.datetime,
    seeds: Callable[[], bytes] = new_seed,
) -> DayRecord:
    seed = seeds()
    return DayRecord(
        village_id=village_id,
        day=number,
        settings=settings,
        opened_at=at,
        closes_at=next_close(at, settings),
        seed=seed,
        commitment=commitment(seed),
    )


def day_opened_reply(day: DayRecord, game: str) -> Reply:
    """A day's opening, naming the village's day game, whose words its rules are in."""
    return Reply(
        ReplyKind.DAY_OPENED,
        "day_opened",
        {
            "day": day.day,
            "closes_at": day.closes_at.isoformat(),
            "timezone": day.settings.timezone,
            "commitment": day.commitment,
            "rules": thawed(day.settings.rules),
            "game": game,
        },
        day_post=day.day,
    )


async def create_village(core: Core, call: Call) -> list[Reply]:
    """Make the channel a village with day 1 open (in a forum, each day gets its own post)."""
    if call.village is not None:
        raise Refusal("village_exists")
    incoming = call.incoming
    game = core.games[core.default_game or core.registry.default_day_game]
    now = core.clock.now()
    # `/village create` takes the same keys as `/village config`: an English village can
    # open its first day in English.
    base = VillageSettings.model_validate({**core.defaults, "rules": game.settings({}, {})})
    settings = changed_settings(game, base, call.command.args)
    village = VillageRecord(
        incoming.village_id,
        game.key,
        settings,
        1,
        now,
        incoming.guild_id,
        layout=POSTS if incoming.forum else CHANNEL,
    )
    day = open_day(incoming.village_id, 1, settings, now, core.seeds)
    by = call.author
    event = NewEvent("VillageCreated", {"by": by.player_id, "by_name": by.name, "game": game.key})
    try:
        await core.villages.create_village(village, day, [event, _opened_event(day)])
    except VillageExists:
        raise Refusal("village_exists") from None
    return [
        Reply(ReplyKind.INFO, "village_created", {"game": game.key, "layout": village.layout}),
        day_opened_reply(day, game.key),
    ]


def _opened_event(day: DayRecord) -> NewEvent:
    return NewEvent(
        "DayOpened",
        {
            "day": day.day,
            "closes_at": day.closes_at.isoformat(),
            "commitment": day.commitment,
            "settings": day.settings.model_dump(mode="json"),
        },
    )


async def catch_up(
    core: Core, village: VillageRecord, grace: dt.timedelta = dt.timedelta(0)
) -> list[Delivery]:
    """Close every day whose time has come (several, if the bot was away), each in a unit
    of its own with the announcements it makes. `grace`: a day closes only this long after
    its time, so a throw sent just before it, still on its way, counts for it."""
    now = core.clock.now() - grace
    deliveries: list[Delivery] = []
    while True:
        closed = await core.unit(lambda unit: close_due(unit, village.village_id, now))
        if closed is None:
            return deliveries
        posted, following = closed
        deliveries += posted
        # The day this close opened is not due yet: no need to read the village again.
        if following is not None and following.closes_at > now:
            return deliveries


async def close_due(
    core: Core, village_id: int, now: dt.datetime
) -> tuple[list[Delivery], DayRecord | None] | None:
    """In the caller's unit: close the village's day if its time came by `now`, as it would
    have closed at that time (its announcements, the day it opened); None when it is not
    due (or closed already: the store is read first, so it never closes twice)."""
    village = await core.villages.get_village(village_id)
    if village is None:
        return None
    day = await core.current_day(village)
    if not day.is_open or day.closes_at > now:
        return None
    at_close = core.at(day.closes_at)
    closed = await close_day(at_close, village, day, SCHEDULED, None, day.closes_at)
    return await core.settle(village, closed.replies, None), closed.following


async def advance(core: Core, call: Call) -> list[Reply]:
    village = call.here
    day = await core.current_day(village)
    closed = await close_day(core, village, day, ADVANCED, call.author, core.clock.now())
    return closed.replies


async def extend(core: Core, call: Call) -> list[Reply]:
    village = call.here
    by = call.author
    day = await core.current_day(village)
    closes_at = extended(day.closes_at, day.settings)
    event = NewEvent(
        "DayExtended",
        {
            "day": day.day,
            "closes_at": closes_at.isoformat(),
            "by": by.player_id,
            "by_name": by.name,
        },
        at=core.clock.now(),
    )
    if not await core.villages.extend_day(village.village_id, day.day, closes_at, event):
        raise Refusal("day_closed")
    return [
        Reply(
            ReplyKind.INFO,
            "day_extended",
            {"day": day.day, "closes_at": closes_at.isoformat(), "timezone": day.settings.timezone},
        )
    ]


@dataclass(frozen=True, slots=True)
class DayClosed:
    """What closing a day gives: its announcements, and the day it opened (None when
    another process had closed it first)."""

    replies: list[Reply]
    following: DayRecord | None


async def close_day(
    core: Core,
    village: VillageRecord,
    day: DayRecord,
    reason: str,
    by: Author | None,
    next_opens_at: dt.datetime,
) -> DayClosed:
    """Close `day` (read first in the caller's unit) in that unit: unfinished turns score
    0, memos and standings are posted, the next day opens. Nothing when another process
    closed it first (it posts the closing); VersionConflict when a stream moved since it
    was read (the unit runs again)."""
    game = core.game(village)
    # `day` was read first in this unit: its version must still hold when the closing is
    # written, or the store refuses it (another process closed it, or a stream moved).
    if not day.is_open:
        return DayClosed([], None)
    closed_at = core.clock.now()
    players = await core.villages.players(village.village_id)
    # Every player's table of the day in one read, and their streams from memory or in one
    # more read: not two reads per player.
    tables = await core.day_log.day_tables(village.village_id, day.day)
    views = await day_views(core, village, day, tables)
    streams: list[StreamAppend] = []
    unfinished: list[str] = []
    for player in players:
        view = views.get(player.player_id)
        if view is None:
            continue  # did not play today: nothing to close
        events = game.expire(view.state)
        after = replay(game, view.state, events)
        turns = core.day_game(village).turns
        if len(turns(after)) > len(turns(view.state)):
            unfinished.append(player.name)
        ended = tables[player.player_id].ended_message_id
        streams.append(
            StreamAppend(
                player_id=player.player_id,
                expected_version=view.version,
                events=tuple(_new_event(game, e) for e in events),
                projection=core.score_row(
                    village,
                    day,
                    player.player_id,
                    after,
                    view.version + len(events),
                    ended or _last_message(view),
                    finished=True,
                ),
                game=village.game,
            )
        )
    following = open_day(
        village.village_id, day.day + 1, village.settings, next_opens_at, core.seeds
    )
    closed_event = NewEvent(
        "DayClosed",
        {
            "day": day.day,
            "reason": reason,
            "by": by.player_id if by else None,
            "by_name": by.name if by else None,
            "seed": day.seed.hex(),
            "unfinished": unfinished,
        },
    )
    closing = DayClosing(
        village_id=village.village_id,
        day=day.day,
        closed_at=closed_at,
        day_version=day.version,
        streams=tuple(streams),
        closed_event=closed_event,
        next_day=following,
        opened_event=_opened_event(following),
    )
    if not await core.villages.close_day(closing):
        return DayClosed([], None)
    # The day's rows as the close wrote them: what each memo shows of the day.
    today = {stream.player_id: stream.projection for stream in streams}
    # How many throws the day holds and their digest, posted with its seed: the record of
    # the day is whole when its throws give these.
    whole = views_digest(core, village, views)
    replies = await _closing_replies(
        core, village, day, reason, by, unfinished, following, players, today, whole
    )
    return DayClosed(replies, following)


def _new_event(game: AnyGame, event: object) -> NewEvent:
    encoded = game.codec.encode(event)
    return NewEvent(encoded.type, dict(encoded.data), codec=encoded.version)


def _last_message(view: StreamView) -> int | None:
    steps = view.live_steps
    return steps[-1].message_id if steps else None


async def _closing_replies(
    core: Core,
    village: VillageRecord,
    day: DayRecord,
    reason: str,
    by: Author | None,
    unfinished: list[str],
    following: DayRecord,
    players: list[PlayerRecord],
    today: Mapping[int, PlayerDayRecord],
    whole: Digest,
) -> list[Reply]:
    # Everything about the closed day is posted in its own place, the opening in the next.
    replies = [
        Reply(
            ReplyKind.DAY_CLOSED,
            "day_closed",
            {
                "day": day.day,
                "reason": reason,
                "by": by.name if by else None,
                "unfinished": unfinished,
                "seed": day.seed.hex(),
                "commitment": day.commitment,
                "draw_count": whole.count,
                "draw_digest": whole.sha256,
                "game": village.game,
            },
            day_post=day.day,
        )
    ]
    # One read of the village's scores serves every memo and the standings.
    scores = await village_scores(core.store, village, players)
    replies += [
        replace(memo, day_post=day.day) for memo in closing_memos(village, day.day, scores, today)
    ]
    standings = await standings_reply(
        core.store, village, day.day, scores=scores, registry=core.registry
    )
    replies.append(replace(standings, day_post=day.day))
    replies.append(day_opened_reply(following, village.game))
    return replies
