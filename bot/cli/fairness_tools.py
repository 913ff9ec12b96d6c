"""`greedbot export` and `greedbot verify`: a day's record, and checking it."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from bot.cli.database import database_errors, database_place, require_file
from bot.cli.errors import CliError, OutputError, describe
from bot.fairness.digest import Digest
from bot.fairness.document import UnreadableRecordError, loads

# The ids and numbers of a record are 64-bit integers in the database.
_INT64 = 2**63
# No number in a record comes near this many digits (Python refuses over 4,300 by itself).
# Reading a shape the record does not have: reported, never a traceback.
_SHAPE_ERRORS = (
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    IndexError,
    OverflowError,
    RecursionError,
)


def run_export(args: argparse.Namespace) -> int:
    for option, value in (
        ("--village", args.village),
        ("--day", args.day),
        ("--table", args.table),
    ):
        if value is not None and not -_INT64 <= value < _INT64:
            raise CliError(f"{option} {value} is out of range")
    out = Path(args.out) if args.out else None
    if out is not None:
        _check_output(out)
    url = database_place(args.db)
    require_file(url)
    with database_errors(url, "read"):
        document = asyncio.run(_export(url, args.village, args.day, args.table))
    text = json.dumps(document, ensure_ascii=False, indent=2)
    what = f"day {args.day}" if args.table is None else f"table {args.table}"
    if out is not None:
        try:
            out.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            _cannot_write(out, error)
        print(f"{what} written to {out}", file=sys.stderr)
    else:
        print(text)
    return 0


def _check_output(out: Path) -> None:
    """Refuse an --out that cannot be written before reading the database for it."""
    if out.is_dir():
        raise OutputError(f"cannot write {out}: it is a directory; name a file in it")
    folder = out.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise OutputError(f"cannot write {out}: the folder {folder} {what}")


def _cannot_write(out: Path, error: OSError) -> NoReturn:
    raise OutputError(f"cannot write {out}: {error.strerror or describe(error)}") from error


async def _export(
    url: str, village_id: int | None, day: int | None, table_id: int | None
) -> dict[str, Any]:
    from bot.games.registry import DEFAULT, TABLE_GAMES
    from bot.storage.opening import open_store
    from bot.village.chance import FairChance
    from bot.village.clock import SystemClock
    from bot.village.core import Core, Refusal
    from bot.village.day.record import day_record
    from bot.village.table_record import table_document

    # Read only: an export never changes the database, not even its schema.
    async with open_store(url, migrated=False) as store:
        ids = await store.village_ids()
        if village_id is None:
            if len(ids) != 1:
                raise CliError(f"the database holds {len(ids)} villages: name one with --village")
            village_id = ids[0]
        village = await store.get_village(village_id)
        if village is None:
            raise CliError(f"no village {village_id} in the database")
        if table_id is not None:
            table = await store.get_table(village_id, table_id)
            if table is None or table.game not in TABLE_GAMES:
                raise CliError(f"village {village_id} has no table {table_id} of several seats")
            names = {p.player_id: p.name for p in await store.players(village_id)}
            return await table_document(store, table, names)
        assert day is not None
        core = Core(store, SystemClock(), FairChance(), DEFAULT)
        try:
            return await day_record(core, village, day)
        except Refusal:
            raise CliError(f"village {village_id} has no day {day}") from None


def run_verify(args: argparse.Namespace) -> int:
    from bot.games.registry import DAY_GAMES, DEFAULT_DAY_GAME, TABLE_GAMES
    from bot.village.table_record import draws_digest, verify_table

    path = Path(args.file)
    document = read_record(path)
    table = "table_id" in document
    rows = document.get("draws" if table else "throws")
    rows = rows if isinstance(rows, list) else []
    try:
        if table:
            checked, mismatches = verify_table(document)
            whole = draws_digest(rows)
        else:
            # A day's record is of the village's day game; the records so far name none: they
            # are the default day game's (Greed's).
            named = str(document.get("game", DEFAULT_DAY_GAME))
            day_game = DAY_GAMES.get(named)
            if named in TABLE_GAMES:
                raise CliError(
                    f"{path} names {named}, a table game, but has no table_id: "
                    "a table's record has one"
                )
            if day_game is None:
                raise CliError(f"{path} is a day record of a game this bot does not know")
            checked, mismatches = day_game.verify(document)
            whole = day_game.digest(rows)
    except _SHAPE_ERRORS as error:
        raise CliError(
            f"cannot check {path}: a value is not what a record holds "
            f"({type(error).__name__}: {describe(error)})"
        ) from error
    for mismatch in mismatches:
        print(f"MISMATCH {mismatch.what}: {mismatch.detail}")
    _what_to_compare(document, whole)
    if mismatches:
        things = "draws" if table else "throws"
        print(f"mismatches: {len(mismatches)}; {things} checked: {checked}", file=sys.stderr)
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


def _what_to_compare(document: Mapping[str, Any], whole: Digest | None) -> None:
    """What the reader holds against what was posted in the village: a record that checks
    out is whole only if these are the seal posted at the start and the count and digest
    posted with the seed at the end. Nothing was posted to compare with before the seed is
    revealed."""
    if document.get("seed") is None:
        return
    print(f"  commitment (the seal posted at the start): {document.get('commitment')}")
    if whole is not None:
        print(f"  draws: {whole.count}; digest sha256: {whole.sha256}")
        print("  compare these with the seal posted at the start and the digest posted at the end")


def read_record(path: Path) -> dict[str, Any]:
    """The JSON object in `path`, or a one-line CliError (exit code 2) saying why it cannot be
    read. UTF-8 with or without a byte-order mark; strict JSON (`bot.fairness.document`)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CliError(f"cannot read {path}: {error.strerror or describe(error)}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise CliError(f"cannot read {path}: it is UTF-16 text; save it as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        byte = error.object[error.start]
        raise CliError(
            f"cannot read {path}: not UTF-8 text (byte 0x{byte:02x} at offset {error.start})"
        ) from None
    try:
        return loads(text)
    except UnreadableRecordError as error:
        raise CliError(f"cannot read {path}: {error}") from None
