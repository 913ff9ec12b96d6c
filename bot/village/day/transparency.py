"""Commands that let anyone check the dice: odds, verify, export and face statistics."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.fairness.document import UnreadableRecordError, loads
from bot.games.api import RuleError
from bot.games.day import day_key
from bot.village.core import Call, Core, Refusal, int_arg
from bot.village.day.record import day_record, village_stats
from bot.words.reply import Attachment, Reply, ReplyKind

MAX_EXPORT = 5_000_000
"""The largest export file taken for checking (a month of a big village is far smaller)."""


async def odds(core: Core, call: Call) -> list[Reply]:
    """The caller's chances and the expected turn score of each choice (official-rule odds)."""
    village = call.here
    me = call.author
    day = await core.current_day(village)
    view = await core.view(village, day, me.player_id)
    try:
        params = core.day_game(village).odds(view.state)
    except RuleError as error:
        raise Refusal(day_key(village.game, error.key), **error.params) from None
    state = await core.position(village, day, me, view)
    odds = day_key(village.game, "odds")
    return [Reply(ReplyKind.INFO, odds, params, to=me.name, state=state, private=True)]


async def verify(core: Core, call: Call) -> list[Reply]:
    """Check a closed day's throws against its revealed seed, in the chat: the village's own
    record of the day, or an export file someone attached."""
    village = call.here
    attached = call.arg("export")
    if attached is not None:
        document = attached_export(attached)
        number = int_arg(call.command, "day")
        if number is None:
            number = _whole(document.get("day"))
    else:
        number = int_arg(call.command, "day", required=True)
        assert number is not None
        document = await day_record(core, village, number)
        if document["seed"] is None:
            raise Refusal("day_not_closed", day=number)
    checked, mismatches = core.day_game(village).verify(document)
    params: dict[str, Any] = {
        "day": number,
        "throws": checked,
        "ok": not mismatches,
        "scripted": bool(document.get("scripted", False)),
        "commitment": document.get("commitment"),
        "mismatches": [{"what": m.what, "detail": m.detail, **m.params} for m in mismatches],
        "attached": attached is not None,
    }
    if attached is not None:
        params["ours"] = await _is_ours(core, call, document)
    return [Reply(ReplyKind.INFO, day_key(village.game, "verify"), params)]


def attached_export(text: str) -> Mapping[str, Any]:
    if len(text) > MAX_EXPORT:
        raise Refusal("export_unreadable", limit=MAX_EXPORT)
    try:
        return loads(text)  # strict: no Infinity, no endless digits or nesting
    except UnreadableRecordError:
        raise Refusal("export_unreadable", limit=MAX_EXPORT) from None


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


async def _is_ours(core: Core, call: Call, document: Mapping[str, Any]) -> bool | None:
    """Whether an attached file is this village's day as committed: a file can be
    consistent with itself and still not be the day the village played. None when it is
    another village's file."""
    village = call.here
    number = _whole(document.get("day"))
    if document.get("village_id") != village.village_id or number is None:
        return None
    day = await core.villages.get_day(village.village_id, number)
    return day is not None and day.commitment == document.get("commitment")


async def export(core: Core, call: Call) -> list[Reply]:
    """The day's record as JSON (the current day when none is named: its seed is still null)."""
    village = call.here
    command = call.command
    number = int_arg(command, "day") or village.day
    document = await day_record(core, village, number)
    return [
        Reply(
            ReplyKind.INFO,
            day_key(village.game, "export"),
            {
                "day": number,
                "throws": len(document["throws"]),
                "closed": document["seed"] is not None,
                "filename": f"{village.game}-village{village.village_id}-day{number}.json",
                "document": document,
            },
            attachments=(Attachment.DOCUMENT,),
        )
    ]


async def stats(core: Core, call: Call) -> list[Reply]:
    """Face counts and the chi-square test, for the village (or a day) and each player."""
    village = call.here
    number = int_arg(call.command, "day")
    if number is not None and not 1 <= number <= village.day:
        raise Refusal("unknown_day", day=number, last=village.day)
    counted = await village_stats(core, village, number)
    return [Reply(ReplyKind.INFO, day_key(village.game, "stats"), counted)]
