"""`greedbot export` and `greedbot verify`: a day's record, and checking it."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli.main import CliError
from bot.config import Settings


def run_export(args: argparse.Namespace) -> int:
    url = args.db or Settings().database()
    document = asyncio.run(_export(url, args.village, args.day, args.table))
    text = json.dumps(document, ensure_ascii=False, indent=2)
    what = f"day {args.day}" if args.table is None else f"table {args.table}"
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        print(f"{what} written to {args.out}", file=sys.stderr)
    else:
        print(text)
    return 0


async def _export(
    url: str, village_id: int | None, day: int | None, table_id: int | None
) -> dict[str, Any]:
    from bot.games.registry import GAMES, TABLE_GAMES
    from bot.storage.engine import make_engine
    from bot.storage.store import SqlStore
    from bot.village.chance import FairChance
    from bot.village.clock import SystemClock
    from bot.village.core import Core, Refusal
    from bot.village.ports import StoreError
    from bot.village.record import day_record
    from bot.village.table_record import table_document

    engine = make_engine(url)
    try:
        store = SqlStore(engine)
        try:
            ids = await store.village_ids()
        except StoreError as error:
            raise CliError(f"cannot read the database: {error}") from None
        if village_id is None:
            if len(ids) != 1:
                raise CliError(f"the database holds {len(ids)} villages: name one with --village")
            village_id = ids[0]
        village = await store.get_village(village_id)
        if village is None:
            raise CliError(f"no village {village_id} in the database")
        core = Core(store, SystemClock(), FairChance(), GAMES)
        if table_id is not None:
            table = await store.get_table(village_id, table_id)
            if table is None or table.game not in TABLE_GAMES:
                raise CliError(f"village {village_id} has no table {table_id} of several seats")
            return await table_document(core, table)
        assert day is not None
        try:
            return await day_record(core, village, day)
        except Refusal:
            raise CliError(f"village {village_id} has no day {day}") from None
    finally:
        await engine.dispose()


def run_verify(args: argparse.Namespace) -> int:
    from bot.games.registry import DAY_GAMES
    from bot.village.table_record import verify_table

    path = Path(args.file)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CliError(f"cannot read {path}: {error}") from error
    if not isinstance(document, dict):
        raise CliError(f"{path} is not a day record")
    table = "table_id" in document
    if table:
        checked, mismatches = verify_table(document)
    else:
        # A day's record is of the village's day game; the records so far name none: Greed's.
        day_game = DAY_GAMES.get(str(document.get("game", "greed")))
        if day_game is None:
            raise CliError(f"{path} is a day record of a game this bot does not know")
        checked, mismatches = day_game.verify(document)
    for mismatch in mismatches:
        print(f"MISMATCH {mismatch.what}: {mismatch.detail}")
    if mismatches:
        print(f"mismatches: {len(mismatches)}; throws checked: {checked}", file=sys.stderr)
        return 1
    if table:
        print(
            f"village {document['village_id']} table {document['table_id']} "
            f"({document['game']}): the seed matches its commitment and every draw matches "
            f"the seed (draws checked: {checked})"
        )
        return 0
    print(
        f"village {document['village_id']} day {document['day']}: the seed matches its "
        f"commitment and every throw matches the seed (throws checked: {checked})"
    )
    return 0
