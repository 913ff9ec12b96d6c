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
    document = asyncio.run(_export(args.db or Settings().database(), args.village, args.day))
    text = json.dumps(document, ensure_ascii=False, indent=2)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        print(f"day {args.day} written to {args.out}", file=sys.stderr)
    else:
        print(text)
    return 0


async def _export(url: str, village_id: int | None, day: int) -> dict[str, Any]:
    from bot.games.registry import GAMES
    from bot.storage.engine import make_engine
    from bot.storage.store import SqlStore
    from bot.village.chance import FairChance
    from bot.village.clock import SystemClock
    from bot.village.core import Core, Refusal
    from bot.village.ports import StoreError
    from bot.village.record import day_record

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
        try:
            return await day_record(Core(store, SystemClock(), FairChance(), GAMES), village, day)
        except Refusal:
            raise CliError(f"village {village_id} has no day {day}") from None
    finally:
        await engine.dispose()


def run_verify(args: argparse.Namespace) -> int:
    from bot.fairness.verify import verify_record

    path = Path(args.file)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CliError(f"cannot read {path}: {error}") from error
    if not isinstance(document, dict):
        raise CliError(f"{path} is not a day record")
    checked, mismatches = verify_record(document)
    for mismatch in mismatches:
        print(f"MISMATCH {mismatch.what}: {mismatch.detail}")
    if mismatches:
        print(f"mismatches: {len(mismatches)}; throws checked: {checked}", file=sys.stderr)
        return 1
    print(
        f"village {document['village_id']} day {document['day']}: the seed matches its "
        f"commitment and every throw matches the seed (throws checked: {checked})"
    )
    return 0
