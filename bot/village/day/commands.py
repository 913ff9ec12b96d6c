"""The village's day commands, which a day game names (`/<game> status`): status, log, memo,
score, rollback and restore, help; and the standings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.games.api import Json, RuleError
from bot.games.day import day_key
from bot.village.core import Call, Core, Refusal, int_arg, reason_arg
from bot.village.day.memo import memo_reply, standings_reply
from bot.village.records import (
    NewEvent,
    PlayerRecord,
    StreamAppend,
    VillageRecord,
    stored,
)
from bot.village.stream import ROLLBACK_UNDONE, ROLLED_BACK, StreamView, read_stream
from bot.words.reply import Reply, ReplyKind


async def status(core: Core, call: Call) -> list[Reply]:
    village = call.here
    context = call.context
    if context is not None and not call.arg("player"):
        # About the author: what the command read for them first will do (the most asked
        # command, before nearly every throw).
        me = call.author
        player = context.player or PlayerRecord(
            village.village_id, me.player_id, me.name, core.clock.now()
        )
        state = await core.standing_in(context, me)
    else:
        player = await core.resolve_player(village, call.arg("player"), call.author)
        state = await core.standing_of(village, player)
    return [
        Reply(
            ReplyKind.INFO,
            day_key(village.game, "status"),
            {"player": player.name},
            to=player.name,
            state=state,
            private=True,
        )
    ]


async def log(core: Core, call: Call) -> list[Reply]:
    village = call.here
    command = call.command
    player = await core.resolve_player(village, call.arg("player"), call.author)
    number = int_arg(command, "day") or village.day
    day = await core.villages.get_day(village.village_id, number)
    if day is None or number < 1:
        raise Refusal("unknown_day", day=number, last=village.day)
    view = await core.view(village, day, player.player_id)
    day_game = core.day_game(village)
    where = day_game.position
    steps = [
        {
            **{name: step.position[name] for name in where},
            "faces": day_game.drawn(step.data),
            "throw_seq": step.data.get("throw_seq"),
            "message_id": step.message_id,
            "at": step.recorded_at.isoformat(),
            "then": [{"type": e.type, **e.data} for _, e in step.followed_by],
            "voided": step.voided_by,
        }
        for step in view.steps
    ]
    return [
        Reply(
            ReplyKind.INFO,
            day_key(village.game, "log"),
            {
                "player": player.name,
                "day": number,
                "steps": steps,
                "timezone": village.settings.timezone,
            },
            to=player.name,
        )
    ]


async def memo(core: Core, call: Call) -> list[Reply]:
    village = call.here
    player = await core.resolve_player(village, call.arg("player"), call.author)
    return [await memo_reply(core.scores, village, player, village.day)]


async def standings(core: Core, call: Call) -> list[Reply]:
    village = call.here
    game = call.arg("game")
    if game is not None and game not in core.games:
        raise Refusal("bad_setting", setting="game", value=game, allowed=", ".join(core.games))
    return [await standings_reply(core.store, village, village.day, game, registry=core.registry)]


async def help_(core: Core, call: Call) -> list[Reply]:
    """What everyone may type, and what moderators may; the chat writes it from the registry
    (in a village, with its own day game's commands and no other's)."""
    params: dict[str, Json] = {"moderator": core.is_moderator(call.village, call.author)}
    if call.village is not None:
        params["game"] = call.village.game
    return [Reply(ReplyKind.INFO, "help", params, private=True)]


async def score(core: Core, call: Call) -> list[Reply]:
    game = call.here.game
    try:
        params = core.day_game(call.here).calculate(call.arg("faces") or "")
    except RuleError as error:
        raise Refusal(day_key(game, error.key), **error.params) from None
    return [Reply(ReplyKind.INFO, day_key(game, "score"), params, private=True)]


async def rollback(core: Core, call: Call) -> list[Reply]:
    """Roll a player's current day back to just before the move at a position the day game
    names (`DayGame.position`, a turn and a throw, say): its first field is required, the
    others are 1 when left out."""
    village = call.here
    command = call.command
    incoming = call.incoming
    by = call.author
    player = await _named_player(core, village, call)
    where = core.day_game(village).position
    first, *rest = where
    target = {first: int_arg(command, first, required=True)}
    target |= {name: int_arg(command, name) or 1 for name in rest}
    reason = reason_arg(command)

    async def decide(view: StreamView) -> NewEvent:
        live = view.live_steps
        step = next(
            (s for s in live if all(s.position[name] == at for name, at in target.items())),
            None,
        )
        if step is None:
            raise Refusal(day_key(village.game, "rollback_target"), player=player.name, **target)
        voided = sum(1 for s in live if s.version > step.move_start - 1)
        return NewEvent(
            ROLLED_BACK,
            {
                "to_version": step.move_start - 1,
                "by": by.player_id,
                "by_name": by.name,
                "reason": reason,
                "target": target,
                "throws_voided": voided,
            },
            incoming.message_id,
        )

    return await _append_village_action(core, village, call, player, decide, "rolled_back")


async def restore(core: Core, call: Call) -> list[Reply]:
    """Undo the player's last rollback, if nothing was played since."""
    village = call.here
    incoming = call.incoming
    by = call.author
    player = await _named_player(core, village, call)
    reason = reason_arg(call.command)

    async def decide(view: StreamView) -> NewEvent:
        last = view.last_rollback
        if last is None:
            raise Refusal("nothing_to_restore", player=player.name)
        return NewEvent(
            ROLLBACK_UNDONE,
            {
                "rollback_version": last.version,
                "by": by.player_id,
                "by_name": by.name,
                "reason": reason,
                "throws_restored": last.data.get("throws_voided", 0),
            },
            incoming.message_id,
        )

    return await _append_village_action(core, village, call, player, decide, "restored")


async def _named_player(core: Core, village: VillageRecord, call: Call) -> PlayerRecord:
    """The `player:` a moderator's command acts on: always named, never the moderator by
    default."""
    named = call.arg("player")
    if not named:
        raise Refusal("missing_argument", argument="player", command=call.command.path)
    return await core.resolve_player(village, named, call.author)


async def _append_village_action(
    core: Core,
    village: VillageRecord,
    call: Call,
    player: PlayerRecord,
    decide: Callable[[StreamView], Awaitable[NewEvent]],
    key: str,
) -> list[Reply]:
    """Append a moderator's event to a player's day stream, with the score row it leads to
    (in the command's unit, with its message)."""
    game = core.game(village)
    day = await core.current_day(village)
    events = await core.day_log.load_stream(village.village_id, day.day, player.player_id)
    view = read_stream(game, day.settings.rules, events)
    if view.version == 0:
        raise Refusal("nothing_to_roll_back", player=player.name)
    # Stamped on the village clock, as every message of the village is.
    event = replace(await decide(view), at=core.clock.now())
    assert event.at is not None
    recorded = stored(
        event,
        village.village_id,
        day.day,
        player.player_id,
        view.version + 1,
        village.game,
        event.at,
    )
    after = read_stream(game, day.settings.rules, [*events, recorded])
    previous = await core.scores.get_player_day(village.village_id, day.day, player.player_id)
    ended = previous.ended_message_id if previous and game.finished(after.state) else None
    projection = core.score_row(
        village, day, player.player_id, after.state, recorded.version, ended
    )
    append = StreamAppend(player.player_id, view.version, (event,), projection)
    await core.day_log.append(append, day.day, None)
    state = await core.position(village, day, player, after)
    params = {**event.data, "player": player.name, "by": call.author.name}
    reply = day_key(village.game, key)
    return [Reply(ReplyKind.INFO, reply, params, to=player.name, state=state)]
