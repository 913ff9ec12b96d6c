"""Village settings: showing them, and changing them (play and schedule from the next day,
the village's own settings at once)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.games.api import SettingError
from bot.games.registry import AnyGame
from bot.village.core import Call, Core, Refusal
from bot.village.frozen import thawed
from bot.village.records import DayRecord, NewEvent, VillageRecord
from bot.village.settings import MAX_NAME, VillageSettings
from bot.words.reply import Reply, ReplyKind


async def configure(core: Core, call: Call) -> list[Reply]:
    """Show the settings (to the asker), or change them (moderators; everyone sees it)."""
    village = call.here
    args = call.command.args
    if not args:
        day = await core.current_day(village)
        return [_settings_reply(village, day, changed=[], private=True)]
    if not core.is_moderator(village, call.author):
        raise Refusal("moderators_only", command="village config")
    settings = changed_settings(core.game(village), village.settings, args)
    by = call.author
    event = NewEvent(
        "SettingsChanged",
        {
            "by": by.player_id,
            "by_name": by.name,
            "changes": dict(args),
            "settings": settings.model_dump(mode="json"),
        },
        at=core.clock.now(),
    )
    await core.villages.update_settings(village.village_id, settings, event)
    fresh = VillageRecord(
        village.village_id,
        village.game,
        settings,
        village.day,
        village.created_at,
        village.guild_id,
        village.layout,
    )
    return [_settings_reply(fresh, await core.current_day(village), list(args), private=False)]


_VILLAGE_KEYS = {
    "locale": "locale",
    "timezone": "timezone",
    "update": "update_time",
    "period": "period_hours",
    "name": "name",
}

_ALLOWED = {
    "locale": "ja, en",
    "timezone": "a time zone name such as Asia/Tokyo",
    "update": "HH:00 or HH:30",
    "period": "24, 48, 72",
    "name": f"1-{MAX_NAME} characters",
    "modrole": "a role (@role or its id), or off",
    "refusal_ttl": "5-3600 (seconds), or off",
    "flood": "N/M (more than N play messages in M seconds, N 1-60, M 1-600), or off",
}

_OFF = frozenset({"off", "none", "なし", "オフ"})
_ROLE = re.compile(r"<@&(\d+)>|(\d+)")
_FLOOD = re.compile(r"(\d+)\s*/\s*(\d+)\s*s?")


def _role(value: str) -> dict[str, Any]:
    if value.lower() in _OFF:
        return {"moderator_role_id": None}
    found = _ROLE.fullmatch(value)
    if found is None:
        raise ValueError(value)
    return {"moderator_role_id": int(found[1] or found[2])}


def _refusal_ttl(value: str) -> dict[str, Any]:
    if value.lower() in _OFF:
        return {"refusal_ttl": None}
    return {"refusal_ttl": int(value.removesuffix("s"))}


def _flood(value: str) -> dict[str, Any]:
    if value.lower() in _OFF:
        return {"flood_messages": 0}
    found = _FLOOD.fullmatch(value)
    if found is None or int(found[1]) < 1:
        raise ValueError(value)
    return {"flood_messages": int(found[1]), "flood_seconds": int(found[2])}


# Settings written differently in a command than they are kept.
_CONVERTED: dict[str, Callable[[str], dict[str, Any]]] = {
    "modrole": _role,
    "refusal_ttl": _refusal_ttl,
    "flood": _flood,
}


def changed_settings(game: AnyGame, base: VillageSettings, args: dict[str, str]) -> VillageSettings:
    """`base` with the `/village config` keys applied; a Refusal names the first bad one.
    Every value is checked here, whatever the chat already checked: not every Discord client
    enforces an option's range."""
    rules = thawed(base.rules)
    fields = base.model_dump()
    for key, value in args.items():
        text = value.strip()
        if key in game.setting_keys:
            try:
                rules = game.settings({key: value}, rules)
            except SettingError as error:
                raise Refusal(
                    "bad_setting", setting=key, value=value, allowed=error.allowed
                ) from None
            continue
        if key not in _VILLAGE_KEYS and key not in _CONVERTED:
            known = ", ".join((*game.setting_keys, *_VILLAGE_KEYS, *_CONVERTED))
            raise Refusal("unknown_setting", setting=key, allowed=known)
        try:
            if key in _CONVERTED:
                fields.update(_CONVERTED[key](text))
            else:
                if key == "name" and not text:
                    raise ValueError(value)
                fields[_VILLAGE_KEYS[key]] = text
            # Checked one key at a time, so that the refusal names the key at fault.
            VillageSettings.model_validate({**fields, "rules": rules})
        except ValueError:
            raise Refusal("bad_setting", setting=key, value=value, allowed=_ALLOWED[key]) from None
    return VillageSettings.model_validate({**fields, "rules": rules})


def shown(settings: VillageSettings) -> dict[str, Any]:
    """Settings as a reply shows them, under the names commands set them with."""
    return {
        **thawed(settings.rules),
        "locale": settings.locale,
        "timezone": settings.timezone,
        "update": settings.update_time.strftime("%H:%M"),
        "period": settings.period_hours,
        "name": settings.name,
        "modrole": settings.moderator_role_id,
        "refusal_ttl": settings.refusal_ttl,
        "flood": (
            f"{settings.flood_messages}/{settings.flood_seconds}"
            if settings.flood_messages
            else None
        ),
    }


def _settings_reply(
    village: VillageRecord, day: DayRecord, changed: list[str], *, private: bool
) -> Reply:
    return Reply(
        ReplyKind.INFO,
        "settings",
        {
            "day": day.day,
            "current": shown(day.settings),
            "next": shown(village.settings),
            "changed": changed,
            "game": village.game,
        },
        private=private,
    )
