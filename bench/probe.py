"""The database's own latency while a benchmark loads it: from a process of its own, one
transaction inserting one row every 20 ms, for a given time. What its slowest commits take
is the floor under the bot's: it shares the machine and the database, not the bot's event
loop. Prints the latencies' p50 and p99 in milliseconds, as JSON.

    python bench/probe.py URL SECONDS
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

from sqlalchemy import text

from bot.storage.engine import make_engine

EVERY = 0.02


async def probe(url: str, seconds: float) -> dict[str, float]:
    engine = make_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(
                text("CREATE TABLE IF NOT EXISTS bench_probe (id INTEGER, body TEXT)")
            )
        latencies: list[float] = []
        until = time.perf_counter() + seconds
        while time.perf_counter() < until:
            start = time.perf_counter()
            async with engine.begin() as connection:
                await connection.execute(
                    text("INSERT INTO bench_probe VALUES (:id, :body)"),
                    {"id": len(latencies), "body": "x" * 64},
                )
            latencies.append(time.perf_counter() - start)
            await asyncio.sleep(max(0.0, EVERY - (time.perf_counter() - start)))
        async with engine.begin() as connection:
            await connection.execute(text("DROP TABLE bench_probe"))
    finally:
        await engine.dispose()
    latencies.sort()
    return {
        "commits": len(latencies),
        "p50": latencies[len(latencies) // 2] * 1e3,
        "p99": latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1e3,
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(probe(sys.argv[1], float(sys.argv[2])))))
