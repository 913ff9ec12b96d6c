"""Village settings: showing them, and changing them from the next day (language at once)."""

from __future__ import annotations

from typing import Any

from bot.village.core import Author, Core, Refusal
from bot.village.game import ConfigError, Game
from bot.village.records import DayRecord, NewEvent, VillageRecord
from bot.village.replies import Reply, ReplyKind
from bot.village.settings import VillageSettings


async def configure(
    core: Core, village: VillageRecord, by: Author, args: dict[str, str]
) -> list[Reply]:
    """Show the settings, or change them: play and schedule from the next day, language now."""
    if not args:
        return [_settings_reply(core, village, await core.current_day(village), changed=[])]
    if not by.is_moderator:
        raise Refusal("moderators_only", command="village config")
    settings = changed_settings(core.game(village), village.settings, args)
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
    await core.store.update_settings(village.village_id, settings, event)
    changed = list(args)
    fresh = VillageRecord(
        village.village_id,
        village.game,
        settings,
        village.day,
        village.created_at,
        village.guild_id,
    )
    return [_settings_reply(core, fresh, await core.current_day(village), changed)]


_VILLAGE_KEYS = {
    "locale": "locale",
    "timezone": "timezone",
    "update": "update_time",
    "period": "period_hours",
}


_ALLOWED = {
    "locale": "ja, en",
    "timezone": "a time zone name such as Asia/Tokyo",
    "update": "HH:00 or HH:30",
    "period": "24, 48, 72",
}


def changed_settings(game: Game, base: VillageSettings, args: dict[str, str]) -> VillageSettings:
    """`base` with the `/village config` keys applied; a Refusal names the first bad one."""
    rules = dict(base.rules)
    fields = base.model_dump()
    for key, value in args.items():
        if key in game.config_keys:
            try:
                rules = game.configure(rules, key, value)
            except ConfigError as error:
                raise Refusal(
                    "bad_setting", setting=key, value=value, allowed=error.allowed
                ) from None
        elif key in _VILLAGE_KEYS:
            fields[_VILLAGE_KEYS[key]] = value.strip()
            try:
                # Checked one key at a time, so that the refusal names the key at fault.
                VillageSettings.model_validate({**fields, "rules": rules})
            except ValueError:
                raise Refusal(
                    "bad_setting", setting=key, value=value, allowed=_ALLOWED[key]
                ) from None
        else:
            known = ", ".join((*game.config_keys, *_VILLAGE_KEYS))
            raise Refusal("unknown_setting", setting=key, allowed=known)
    return VillageSettings.model_validate({**fields, "rules": rules})


def _settings_reply(
    core: Core, village: VillageRecord, day: DayRecord, changed: list[str]
) -> Reply:
    def shown(settings: VillageSettings) -> dict[str, Any]:
        return {
            **settings.rules,
            "locale": settings.locale,
            "timezone": settings.timezone,
            "update": settings.update_time.strftime("%H:%M"),
            "period": settings.period_hours,
        }

    return Reply(
        ReplyKind.INFO,
        "settings",
        {
            "day": day.day,
            "current": shown(day.settings),
            "next": shown(village.settings),
            "changed": changed,
        },
    )
