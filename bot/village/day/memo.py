"""The score memo (得点メモ) and the village standings, from the score rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games.day import day_key
from bot.games.registry import DEFAULT, Registry
from bot.village.ports import Scores, Villages
from bot.village.records import DayPoints, PlayerDayRecord, PlayerRecord, VillageRecord
from bot.words.reply import Attachment, Reply, ReplyKind


def memo_params(
    player: PlayerRecord, rows: Sequence[PlayerDayRecord | DayPoints], day: int, closed: bool
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


class StandingsPorts(Villages, Scores, Protocol):
    """What the standings read: the village's players and its days' posts, and the score
    rows."""


async def memo_reply(
    store: Scores, village: VillageRecord, player: PlayerRecord, day: int, closed: bool = False
) -> Reply:
    rows = await store.player_days(village.village_id, player.player_id)
    return memo_of(village.game, player, rows, day, closed)


def memo_of(
    game: str,
    player: PlayerRecord,
    rows: Sequence[PlayerDayRecord | DayPoints],
    day: int,
    closed: bool,
) -> Reply:
    """A player's memo of their days, written by the village's day game `game`."""
    params = memo_params(player, rows, day, closed)
    return Reply(ReplyKind.MEMO, day_key(game, "memo"), params, to=player.name)


@dataclass(frozen=True, slots=True)
class VillageScores:
    """The village's players and every score row without its turns: what the standings
    and the days of every memo are written from."""

    players: list[PlayerRecord]
    rows: list[DayPoints]


async def village_scores(
    store: StandingsPorts, village: VillageRecord, players: list[PlayerRecord] | None = None
) -> VillageScores:
    """The village's scores in one read (and its players, unless the caller has them)."""
    if players is None:
        players = await store.players(village.village_id)
    return VillageScores(players, await store.score_points(village.village_id))


def closing_memos(
    village: VillageRecord,
    day: int,
    scores: VillageScores,
    today: Mapping[int, PlayerDayRecord],
) -> list[Reply]:
    """Every player's memo of a closed `day`: their days from `scores`, the day's turns from
    `today` (the rows the close wrote, by player). A player seated only at other games'
    tables has no day of theirs to write up."""
    days: dict[int, list[PlayerDayRecord | DayPoints]] = {}
    for row in scores.rows:
        if row.game == village.game:
            mine = today.get(row.player_id, row) if row.day == day else row
            days.setdefault(row.player_id, []).append(mine)
    return [
        memo_of(village.game, player, days[player.player_id], day, closed=True)
        for player in scores.players
        if player.player_id in days
    ]


async def standings_params(
    store: StandingsPorts,
    village: VillageRecord,
    upto_day: int,
    game: str | None = None,
    scores: VillageScores | None = None,
    registry: Registry = DEFAULT,
) -> dict[str, Any]:
    """Every player's day scores, points at the other games' tables (and, of those counted
    in the total, the points by day), and overall total, best first (ties by name).
    `game`: that game's points only. `scores`: as the caller read them already. `registry`:
    the games the village hosts, whose table games sum up their own way."""
    tables_of = registry.table_games

    def _kept_apart(game: str) -> bool:
        table = tables_of.get(game)
        return table is not None and table.kept_apart

    def _tallied(game: str | None) -> bool:
        table = tables_of.get(game or "")
        return table is not None and table.tally is not None

    def _tally(game: str, points: list[int]) -> dict[str, Any]:
        """A player's tables of `game` summed up: the game's own figures, else the sum."""
        table = tables_of.get(game)
        if table is None or table.tally is None:
            return {"points": sum(points)}
        return dict(table.tally(points))

    if scores is None:
        scores = await village_scores(store, village)
    players, rows = scores.players, scores.rows
    days: dict[int, dict[int, int]] = {p.player_id: {} for p in players}
    others: dict[int, dict[str, int]] = {p.player_id: {} for p in players}
    tables: dict[int, dict[str, dict[int, int]]] = {p.player_id: {} for p in players}
    # The tables' points by the day they were scored: the picture draws the overall total
    # day by day, and the tables count in it from their day on.
    table_days: dict[int, dict[str, dict[int, int]]] = {p.player_id: {} for p in players}
    for row in rows:
        if row.day > upto_day or game not in (None, row.game):
            continue
        if row.game == village.game:
            by_day = days.setdefault(row.player_id, {})
            by_day[row.day] = by_day.get(row.day, 0) + row.points
        else:
            played = tables.setdefault(row.player_id, {}).setdefault(row.game, {})
            played[row.table_id or 0] = played.get(row.table_id or 0, 0) + row.points
            on_day = table_days.setdefault(row.player_id, {}).setdefault(row.game, {})
            on_day[row.day] = on_day.get(row.day, 0) + row.points
    tallies = {
        p.player_id: {g: _tally(g, list(t.values())) for g, t in tables[p.player_id].items()}
        for p in players
    }
    for player_id, mine in tallies.items():
        others[player_id] = {g: _first(figures) for g, figures in mine.items()}
    games = sorted({g for points in others.values() for g in points})
    # Chips are no points: a game kept apart counts in the total only when it is asked for.
    counted = [g for g in games if g == game or not _kept_apart(g)]

    def total(player_id: int) -> int:
        mine = others[player_id]
        return sum(days[player_id].values()) + sum(mine.get(g, 0) for g in counted)

    def best_first(player: PlayerRecord) -> tuple[Any, ...]:
        # One game asked for that tallies its tables its own way ranks by its figures (a
        # player with none of its tables has them all 0).
        figures = tallies[player.player_id].get(game or "") or _tally(game or "", [])
        ranked = [-_number(v) for v in figures.values()] if _tallied(game) else []
        return (-total(player.player_id), *ranked, player.name.lower())

    shows_days = game in (None, village.game)
    # A game that sums its tables its own way counts its first figure, which has no day:
    # only the games that add their points up are drawn day by day.
    daily = [g for g in counted if not _tallied(g)]
    # One table game's standings are of those who sat at one of its tables.
    shown = players if shows_days else [p for p in players if tables[p.player_id].get(game or "")]
    ordered = sorted(shown, key=best_first)
    table: list[dict[str, Any]] = []
    rank = 0
    for i, p in enumerate(ordered):
        points = total(p.player_id)
        if i == 0 or best_first(p)[:-1] != best_first(ordered[i - 1])[:-1]:
            rank = i + 1
        line: dict[str, Any] = {"rank": rank, "player": p.name, "total": points}
        if shows_days:
            line["days"] = [days[p.player_id].get(n, 0) for n in range(1, upto_day + 1)]
        if games:
            line["games"] = {g: others[p.player_id].get(g, 0) for g in games}
            line["tables"] = {g: len(tables[p.player_id].get(g, {})) for g in games}
        if shows_days and daily:
            scored = table_days[p.player_id]
            line["table_days"] = [
                sum(scored.get(g, {}).get(n, 0) for g in daily) for n in range(1, upto_day + 1)
            ]
        if _tallied(game):
            figures = tallies[p.player_id].get(game or "") or _tally(game or "", [])
            line["figures"] = dict(figures)
        table.append(line)
    params: dict[str, Any] = {
        "days": upto_day if shows_days else 0,
        "rows": table,
        "name": village.settings.name,
    }
    if game is not None:
        params["game"] = game
    if _tallied(game):
        # In the game's own order: a row's figures are a mapping, which JSON may reorder.
        params["figures"] = list(_tally(game or "", []))
    if games:
        params["games"] = games
        params["apart"] = [g for g in games if g not in counted]
        # A game that sums its tables its own way shows its first figure (Regidice: wins).
        params["headline"] = {g: next(iter(_tally(g, [])), "") for g in games if _tallied(g)}
    if village.in_posts:
        posts = await store.day_posts(village.village_id)
        params["posts"] = [{"day": n, "post_id": posts[n]} for n in sorted(posts) if n <= upto_day]
    return params


def _first(figures: Mapping[str, Any]) -> int:
    return int(_number(next(iter(figures.values()), 0)))


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


async def standings_reply(
    store: StandingsPorts,
    village: VillageRecord,
    upto_day: int,
    game: str | None = None,
    scores: VillageScores | None = None,
    registry: Registry = DEFAULT,
) -> Reply:
    """The standings as a table, with a picture where the chat can attach one: the days'
    points drawn day by day, so not for a table game's standings, which have no days."""
    params = await standings_params(store, village, upto_day, game, scores, registry)
    drawn = (Attachment.STANDINGS_PICTURE,) if game not in registry.table_games else ()
    return Reply(ReplyKind.INFO, "standings", params, attachments=drawn)
