"""Commands that let anyone check the dice: odds, verify, export and face statistics."""

from __future__ import annotations

from bot.chat.parse import CommandRequest
from bot.fairness.verify import verify_record
from bot.village.core import Core, Incoming, Refusal, int_arg
from bot.village.game import GameRuleError
from bot.village.record import day_record, village_stats
from bot.village.records import VillageRecord
from bot.village.replies import Reply, ReplyKind


async def odds(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    """The caller's chances and the expected turn score of each choice (official-rule odds)."""
    me = incoming.author
    day = await core.current_day(village)
    view = await core.view(village, day, me.player_id)
    try:
        params = core.game(village).odds(view.state)
    except GameRuleError as error:
        raise Refusal(error.key, **error.params) from None
    state = await core.position(village, day, me.player_id, view)
    return [Reply(ReplyKind.INFO, "odds", params, to=me.name, state=state)]


async def verify(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    """Check a closed day's throws against its revealed seed, in the chat."""
    number = int_arg(command, "day", required=True)
    assert number is not None
    document = await day_record(core, village, number)
    if document["seed"] is None:
        raise Refusal("day_not_closed", day=number)
    checked, mismatches = verify_record(document)
    return [
        Reply(
            ReplyKind.INFO,
            "verify",
            {
                "day": number,
                "throws": checked,
                "ok": not mismatches,
                "scripted": document["scripted"],
                "commitment": document["commitment"],
                "mismatches": [
                    {"what": m.what, "detail": m.detail, **m.params} for m in mismatches
                ],
            },
        )
    ]


async def export(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    """The day's record as JSON (the current day when none is named: its seed is still null)."""
    number = int_arg(command, "day") or village.day
    document = await day_record(core, village, number)
    return [
        Reply(
            ReplyKind.INFO,
            "export",
            {
                "day": number,
                "throws": len(document["throws"]),
                "closed": document["seed"] is not None,
                "filename": f"greed-village{village.village_id}-day{number}.json",
                "document": document,
            },
        )
    ]


async def stats(
    core: Core, village: VillageRecord, incoming: Incoming, command: CommandRequest
) -> list[Reply]:
    """Face counts and the chi-square test, for the village (or a day) and each player."""
    number = int_arg(command, "day")
    if number is not None and not 1 <= number <= village.day:
        raise Refusal("unknown_day", day=number, last=village.day)
    return [Reply(ReplyKind.INFO, "stats", await village_stats(core, village, number))]
