"""The score memo (得点メモ) and the village standings, from the score rows."""

from __future__ import annotations

from typing import Any

from bot.village.core import Core
from bot.village.records import PlayerDayRecord, PlayerRecord, VillageRecord
from bot.village.replies import Attachment, Reply, ReplyKind


def memo_params(
    player: PlayerRecord, rows: list[PlayerDayRecord], day: int, closed: bool
) -> dict[str, Any]:
    """The memo of `player` as of `day`: that day's turns and every day's score with links.
    `final` says the day's score will not change: the player's turns are done or the day is
    `closed`."""
    by_day = {row.day: row for row in rows}
    today = by_day.get(day)
    days = [
        {
            "day": n,
            "points": by_day[n].points if n in by_day else 0,
            "message_id": by_day[n].ended_message_id if n in by_day else None,
        }
        for n in range(1, day + 1)
    ]
    return {
        "player": player.name,
        "day": day,
        "points": today.points if today else 0,
        "final": closed or (today is not None and today.finished),
        "message_id": today.ended_message_id if today else None,
        "turns": [dict(turn) for turn in today.turns] if today else [],
        "total": sum(d["points"] for d in days),
        "days": days,
    }


async def memo_reply(
    core: Core, village: VillageRecord, player: PlayerRecord, day: int, closed: bool = False
) -> Reply:
    rows = await core.history(village.village_id, player.player_id)
    params = memo_params(player, rows, day, closed)
    return Reply(ReplyKind.MEMO, "memo", params, to=player.name)


async def standings_params(core: Core, village: VillageRecord, upto_day: int) -> dict[str, Any]:
    """Every player's day scores and overall total, best first (ties by name)."""
    players = await core.store.players(village.village_id)
    rows = await core.store.player_days(village.village_id)
    points: dict[int, dict[int, int]] = {p.player_id: {} for p in players}
    for row in rows:
        if row.day <= upto_day:
            points.setdefault(row.player_id, {})[row.day] = row.points
    ordered = sorted(players, key=lambda p: (-sum(points[p.player_id].values()), p.name.lower()))
    table: list[dict[str, Any]] = []
    rank = 0
    for i, p in enumerate(ordered):
        total = sum(points[p.player_id].values())
        if i == 0 or total != table[-1]["total"]:
            rank = i + 1
        table.append(
            {
                "rank": rank,
                "player": p.name,
                "days": [points[p.player_id].get(n, 0) for n in range(1, upto_day + 1)],
                "total": total,
            }
        )
    params: dict[str, Any] = {"days": upto_day, "rows": table, "name": village.settings.name}
    if village.in_posts:
        posts = await core.store.day_posts(village.village_id)
        params["posts"] = [{"day": n, "post_id": posts[n]} for n in sorted(posts) if n <= upto_day]
    return params


async def standings_reply(core: Core, village: VillageRecord, upto_day: int) -> Reply:
    """The standings as a table, with a picture where the chat can attach one."""
    params = await standings_params(core, village, upto_day)
    return Reply(ReplyKind.INFO, "standings", params, attachments=(Attachment.STANDINGS_PICTURE,))
