"""The game's commands: status, log, memo, score, rollback and restore."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.chat.parse import CommandRequest
from bot.engine.greed import UnknownFaceError, analyse, parse_faces
from bot.village.core import Core, Incoming, Refusal, int_arg
from bot.village.games.greed import take_options
from bot.village.memo import memo_reply
from bot.village.ports import DuplicateMessage, StoreError, VersionConflict
from bot.village.records import (
    NewEvent,
    PlayerRecord,
    StoredEvent,
    StreamAppend,
    VillageRecord,
)
from bot.village.replies import Reply, ReplyKind
from bot.village.stream import ROLLBACK_UNDONE, ROLLED_BACK, StreamView, read_stream

MAX_ATTEMPTS = 8
MAX_REASON = 300


async def status(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    player = await core.resolve_player(village, command.args.get("player"), incoming.author)
    day = await core.current_day(village)
    view = await core.view(village, day, player.player_id)
    state = await core.position(village, day, player.player_id, view)
    return [Reply(ReplyKind.INFO, "status", {"player": player.name}, to=player.name, state=state)]


async def log(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    player = await core.resolve_player(village, command.args.get("player"), incoming.author)
    number = int_arg(command, "day") or village.day
    day = await core.store.get_day(village.village_id, number)
    if day is None or number < 1:
        raise Refusal("unknown_day", day=number, last=village.day)
    view = await core.view(village, day, player.player_id)
    steps = [
        {
            "turn": step.position["turn"],
            "lap": step.position["lap"],
            "throw": step.position["throw"],
            "faces": step.data.get("faces", []),
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
            "log",
            {
                "player": player.name,
                "day": number,
                "steps": steps,
                "timezone": village.settings.timezone,
            },
            to=player.name,
        )
    ]


async def memo(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    player = await core.resolve_player(village, command.args.get("player"), incoming.author)
    return [await memo_reply(core, village, player, village.day)]


def score(command: CommandRequest) -> list[Reply]:
    text = command.args.get("faces", "")
    try:
        faces = parse_faces(text)
    except UnknownFaceError as error:
        raise Refusal("unknown_face", face=error.token) from None
    if not 1 <= len(faces) <= 6:
        raise Refusal("score_dice", dice=len(faces))
    throw = analyse(faces)
    best = throw.best_take
    return [
        Reply(
            ReplyKind.INFO,
            "score",
            {
                "faces": [f.token for f in faces],
                "points": 0 if best is None else best.points,
                "sweep": throw.sweep,
                "greed_out": throw.greed_out,
                "options": take_options(throw),
                "legal_counts": list(throw.legal_next_counts),
            },
        )
    ]


async def rollback(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    """Roll a player's current day back to just before a turn, or a throw of one of its laps."""
    by = incoming.author
    player = await _moderated_player(core, village, incoming, command)
    turn = int_arg(command, "turn", required=True)
    lap = int_arg(command, "lap")
    throw = int_arg(command, "throw")
    reason = _reason(command)
    target = {"turn": turn, "lap": lap or 1, "throw": throw or 1}

    async def decide(view: StreamView) -> NewEvent:
        live = view.live_steps
        step = next(
            (
                s
                for s in live
                if (s.position["turn"], s.position["lap"], s.position["throw"])
                == (target["turn"], target["lap"], target["throw"])
            ),
            None,
        )
        if step is None:
            raise Refusal("rollback_target", player=player.name, **target)
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

    return await _append_village_action(core, village, incoming, player, decide, "rolled_back")


async def restore(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    """Undo the player's last rollback, if nothing was played since."""
    by = incoming.author
    player = await _moderated_player(core, village, incoming, command)
    reason = _reason(command)

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

    return await _append_village_action(core, village, incoming, player, decide, "restored")


async def _moderated_player(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> PlayerRecord:
    """The `player:` a moderator's command acts on."""
    if not incoming.author.is_moderator:
        raise Refusal("moderators_only", command=f"{command.group} {command.name}")
    if not command.args.get("player"):
        raise Refusal("missing_argument", argument="player", command=command.name)
    return await core.resolve_player(village, command.args["player"], incoming.author)


def _reason(command: CommandRequest) -> str:
    reason = " ".join(command.args.get("reason", "").split())
    if not reason:
        raise Refusal("missing_argument", argument="reason", command=command.name)
    if len(reason) > MAX_REASON:
        raise Refusal("reason_too_long", limit=MAX_REASON)
    return reason


async def _append_village_action(
    core: Core,
    village: VillageRecord,
    incoming: Incoming,
    player: PlayerRecord,
    decide: Callable[[StreamView], Awaitable[NewEvent]],
    key: str,
) -> list[Reply]:
    """Append a moderator's event to a player's day stream, with the score row it leads to."""
    for _ in range(MAX_ATTEMPTS):
        try:
            async with core.store.unit() as store:
                return await _append_once(
                    replace(core, store=store), village, incoming, player, decide, key
                )
        except VersionConflict:
            continue
        except DuplicateMessage:
            return []
    raise StoreError("the player's stream kept changing; try again")


async def _append_once(
    core: Core,
    village: VillageRecord,
    incoming: Incoming,
    player: PlayerRecord,
    decide: Callable[[StreamView], Awaitable[NewEvent]],
    key: str,
) -> list[Reply]:
    game = core.game(village)
    day = await core.current_day(village)
    events = await core.store.load_stream(village.village_id, day.day, player.player_id)
    view = read_stream(game, day.settings.rules, events)
    if view.version == 0:
        raise Refusal("nothing_to_roll_back", player=player.name)
    event = await decide(view)
    recorded = StoredEvent(
        village.village_id,
        day.day,
        player.player_id,
        view.version + 1,
        village.game,
        event.type,
        event.data,
        event.message_id,
        core.clock.now(),
    )
    after = read_stream(game, day.settings.rules, [*events, recorded])
    summary = game.summary(after.state)
    previous = await core.store.get_player_day(village.village_id, day.day, player.player_id)
    ended = previous.ended_message_id if previous and summary.finished else None
    projection = summary.row(village.village_id, day.day, player.player_id, recorded.version, ended)
    append = StreamAppend(player.player_id, view.version, (event,), projection)
    await core.store.append(append, day.day, core.message(incoming, ReplyKind.INFO.value))
    state = await core.position(village, day, player.player_id, after)
    params = {**event.data, "player": player.name, "by": incoming.author.name}
    return [Reply(ReplyKind.INFO, key, params, to=player.name, state=state)]
