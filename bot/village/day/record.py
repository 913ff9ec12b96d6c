"""A village day's record for export and verification (docs/fair-dice.md), and the
statistics of its outcomes: the day game says what each draw gave (`DayGame.drawn`) and
counts the outcomes (`DayGame.tally`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

from bot.fairness.digest import Digest
from bot.games.api import Json
from bot.village.core import Core, Refusal
from bot.village.records import DayRecord, StoredEvent, VillageRecord
from bot.village.stream import StreamView, read_stream


async def day_record(core: Core, village: VillageRecord, number: int) -> dict[str, Any]:
    """The day as JSON: commitment, seed once the day is closed, every throw, statistics."""
    day = await core.villages.get_day(village.village_id, number)
    if day is None:
        raise Refusal("unknown_day", day=number, last=village.day)
    throws = await _throws(core, village, day)
    fair = [t for t in throws if not t["scripted"]]
    by_player: dict[int, list[list[Json]]] = defaultdict(list)
    for throw in fair:
        by_player[throw["player_id"]].append(throw["faces"])
    tally = core.day_game(village).tally
    document: dict[str, Any] = {
        "village_id": village.village_id,
        "day": day.day,
        "commitment": day.commitment,
        "seed": None if day.is_open else day.seed.hex(),
        "scripted": any(t["scripted"] for t in throws),
        "throws": [{k: v for k, v in t.items() if k != "scripted"} for t in throws],
    }
    # The players' names, public in the village: a verifier shows them (it checks ids).
    players = {p.player_id: p.name for p in await core.villages.players(village.village_id)}
    document["names"] = {
        str(player): players[player]
        for player in sorted({t["player_id"] for t in throws})
        if player in players
    }
    if not day.is_open:
        # As the day's close posted them: how many throws, and their digest.
        whole = day_digest(core, village, throws)
        document["draw_count"], document["draw_digest"] = whole.count, whole.sha256
    document["stats"] = {
        "day": tally([t["faces"] for t in fair]),
        "players": {str(p): tally(faces) for p, faces in sorted(by_player.items())},
    }
    return document


def views_digest(core: Core, village: VillageRecord, views: Mapping[int, StreamView]) -> Digest:
    """How many throws a day holds and their digest, from every player's stream as the close
    has it: what the close posts with the seed."""
    drawn = core.day_game(village).drawn
    rows = [
        throw
        for player_id, view in sorted(views.items())
        for throw in _rows(player_id, view, drawn)
    ]
    return day_digest(core, village, rows)


def day_digest(core: Core, village: VillageRecord, throws: list[dict[str, Any]]) -> Digest:
    """The count and digest of a day's throws in the record's order (docs/fair-dice.md)."""
    whole = core.day_game(village).digest(throws)
    assert whole is not None  # the bot's own rows
    return whole


async def _throws(core: Core, village: VillageRecord, day: DayRecord) -> list[dict[str, Any]]:
    streams: dict[int, list[StoredEvent]] = defaultdict(list)
    for event in await core.day_log.day_events(village.village_id, day.day):
        # The players' day tables; other games' tables of the day have records of their own.
        if event.table_id is not None and event.game == village.game:
            streams[event.player_id].append(event)
    game = core.game(village)
    throws = []
    for player_id, events in sorted(streams.items()):
        view = read_stream(game, day.settings.rules, sorted(events, key=lambda e: e.version))
        throws += _rows(player_id, view, core.day_game(village).drawn)
    return throws


def _rows(
    player_id: int, view: StreamView, drawn: Callable[[Mapping[str, Json]], list[Json]]
) -> list[dict[str, Any]]:
    """A player's throws of the day as the record lists them, voided ones too, in order:
    each one's outcome as the day game reads it from its event (`faces`, the record's
    column for it, whatever the game's dice)."""
    return [
        {
            "player_id": player_id,
            "throw_seq": int(step.data["throw_seq"]),
            "message_id": step.message_id,
            "faces": drawn(step.data),
            "voided": step.voided_by is not None,
            "scripted": bool(step.data.get("scripted", False)),
        }
        for step in view.steps
    ]


async def village_stats(core: Core, village: VillageRecord, day: int | None) -> dict[str, Any]:
    """Face counts and the uniformity test for the village (or one day) and each player.

    Every fair throw counts, voided ones too (they were real dice); scripted faces do not.
    """
    numbers = [day] if day is not None else list(range(1, village.day + 1))
    everyone: list[list[Json]] = []
    by_player: dict[int, list[list[Json]]] = defaultdict(list)
    for number in numbers:
        found = await core.villages.get_day(village.village_id, number)
        if found is None:
            raise Refusal("unknown_day", day=number, last=village.day)
        for throw in await _throws(core, village, found):
            if throw["scripted"]:
                continue
            everyone.append(throw["faces"])
            by_player[throw["player_id"]].append(throw["faces"])
    names = {p.player_id: p.name for p in await core.villages.players(village.village_id)}
    tally = core.day_game(village).tally
    return {
        "day": day,
        "village": tally(everyone),
        "players": [
            {"player": names.get(p, str(p)), **tally(faces)}
            for p, faces in sorted(by_player.items(), key=lambda item: names.get(item[0], ""))
        ],
    }
