"""A village day's record for export and verification (greed.md §8), and the statistics of
its outcomes (the day game counts them: Greed's faces)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from bot.games.api import Json
from bot.village.core import Core, Refusal
from bot.village.records import DayRecord, StoredEvent, VillageRecord
from bot.village.stream import read_stream


async def day_record(core: Core, village: VillageRecord, number: int) -> dict[str, Any]:
    """The day as JSON: commitment, seed once the day is closed, every throw, statistics."""
    day = await core.store.get_day(village.village_id, number)
    if day is None:
        raise Refusal("unknown_day", day=number, last=village.day)
    throws = await _throws(core, village, day)
    fair = [t for t in throws if not t["scripted"]]
    by_player: dict[int, list[list[Json]]] = defaultdict(list)
    for throw in fair:
        by_player[throw["player_id"]].append(throw["faces"])
    tally = core.day_game(village).tally
    return {
        "village_id": village.village_id,
        "day": day.day,
        "commitment": day.commitment,
        "seed": None if day.is_open else day.seed.hex(),
        "scripted": any(t["scripted"] for t in throws),
        "throws": [{k: v for k, v in t.items() if k != "scripted"} for t in throws],
        "stats": {
            "day": tally([t["faces"] for t in fair]),
            "players": {str(p): tally(faces) for p, faces in sorted(by_player.items())},
        },
    }


async def _throws(core: Core, village: VillageRecord, day: DayRecord) -> list[dict[str, Any]]:
    streams: dict[int, list[StoredEvent]] = defaultdict(list)
    for event in await core.store.day_events(village.village_id, day.day):
        # The players' day tables; other games' tables of the day have records of their own.
        if event.table_id is not None and event.game == village.game:
            streams[event.player_id].append(event)
    game = core.game(village)
    throws = []
    for player_id, events in sorted(streams.items()):
        view = read_stream(game, day.settings.rules, sorted(events, key=lambda e: e.version))
        for step in view.steps:
            throws.append(
                {
                    "player_id": player_id,
                    "throw_seq": int(step.data["throw_seq"]),
                    "message_id": step.message_id,
                    "faces": list(step.data["faces"]),
                    "voided": step.voided_by is not None,
                    "scripted": bool(step.data.get("scripted", False)),
                }
            )
    return throws


async def village_stats(core: Core, village: VillageRecord, day: int | None) -> dict[str, Any]:
    """Face counts and the uniformity test for the village (or one day) and each player.

    Every fair throw counts, voided ones too (they were real dice); scripted faces do not.
    """
    numbers = [day] if day is not None else list(range(1, village.day + 1))
    everyone: list[list[Json]] = []
    by_player: dict[int, list[list[Json]]] = defaultdict(list)
    for number in numbers:
        found = await core.store.get_day(village.village_id, number)
        if found is None:
            raise Refusal("unknown_day", day=number, last=village.day)
        for throw in await _throws(core, village, found):
            if throw["scripted"]:
                continue
            everyone.append(throw["faces"])
            by_player[throw["player_id"]].append(throw["faces"])
    names = {p.player_id: p.name for p in await core.store.players(village.village_id)}
    tally = core.day_game(village).tally
    return {
        "day": day,
        "village": tally(everyone),
        "players": [
            {"player": names.get(p, str(p)), **tally(faces)}
            for p, faces in sorted(by_player.items(), key=lambda item: names.get(item[0], ""))
        ],
    }
