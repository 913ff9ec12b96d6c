"""Benchmark of the standings picture: drawing the chart and the table for a village.

The baseline, measured in the same run, is the least any picture costs: an empty figure of
the same size written as a PNG by the same matplotlib.

    python bench/picture.py
"""

from __future__ import annotations

import datetime as dt
import io
import statistics
import time

from machine import machine  # bench/ is on the path when a script here runs
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from bot.chat.chart import standings_picture

ROUNDS = 10


def village(players: int, days: int) -> dict[str, object]:
    rows = [
        {
            "rank": n + 1,
            "player": f"プレイヤー{n}",
            "days": [(n * 37 + d * 53) % 1500 for d in range(days)],
            "total": 0,
        }
        for n in range(players)
    ]
    for row in rows:
        row["total"] = sum(row["days"])  # type: ignore[arg-type]
    return {"days": days, "rows": rows, "name": "ベンチ村"}


def timed(draw: object) -> float:
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        draw()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def empty_png() -> bytes:
    figure = Figure(figsize=(7.2, 18), dpi=150)
    FigureCanvasAgg(figure)
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


def main() -> None:
    standings_picture(village(2, 1), "ja")  # fonts found and cached once, as in a running bot
    base = timed(empty_png)
    print(f"## {dt.date.today().isoformat()}: {machine()}\n")
    print("| standings picture | time (median of 10) | empty PNG of the same size | ratio |")
    print("|---|---|---|---|")
    for players, days in ((10, 7), (30, 30), (100, 30)):
        took = timed(lambda p=players, d=days: standings_picture(village(p, d), "ja"))
        print(
            f"| {players} players × {days} days | {took * 1e3:.0f} ms | {base * 1e3:.0f} ms "
            f"| {took / base:.1f} |"
        )


if __name__ == "__main__":
    main()
