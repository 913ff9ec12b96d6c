"""A table's record for export and verification: its commitment, its seed once the table
has ended, and every draw (voided ones too), each with what it was and how it came out.

Anyone can check the record with the game's published derivation: the seed against its
commitment, every draw against the seed, and no draw number missing or used twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.fairness.digest import (
    Digest,
    dice_draw,
    digest,
    digest_problems,
    draw_line,
    shuffle_draw,
)
from bot.fairness.seed import Mismatch, commitment, missing_numbers
from bot.games.api import ChanceContext, ChanceRequest, Dice, Json, outcome_fits
from bot.games.registry import DEFAULT, Registry
from bot.village.moves import request_of
from bot.village.ports import TableLog
from bot.village.records import StoredEvent, TableRecord
from bot.village.stream import DRAW_SEQ, DRAWN, SCRIPTED, StreamView, read_stream
from bot.village.table_setup import played_with


async def table_document(
    tables: TableLog,
    table: TableRecord,
    names: Mapping[int, str] | None = None,
    games: Registry = DEFAULT,
) -> dict[str, Any]:
    """The table's record: its commitment, its seed once it has ended (with how many draws it
    had and their digest, as its end posted them), and every draw; `names`: the players'
    names by id, public in the village, which a verifier shows."""
    events = await tables.load_table(table.village_id, table.table_id)
    settings = played_with(table, events)
    view = None
    if table.seed is not None:
        view = read_stream(games.games[table.game], settings, events, len(table.seats))
    return document_of(table, events, settings, view, names)


def document_of(
    table: TableRecord,
    events: Sequence[StoredEvent],
    settings: dict[str, Json],
    view: StreamView | None,
    names: Mapping[int, str] | None = None,
) -> dict[str, Any]:
    """`table_document` of the table's whole stream `events`, played with `settings`, and
    their view (None before the start: no draw was made)."""
    ended = not table.is_open
    draws: list[dict[str, Any]] = []
    if table.seed is not None and view is not None:
        voided = {step.version for step in view.steps if step.voided_by is not None}
        for event in events:
            drawn = event.data.get(DRAWN)
            if DRAW_SEQ not in event.data or not isinstance(drawn, dict):
                continue
            row = {
                "seq": event.data[DRAW_SEQ],
                "message_id": event.message_id,
                **drawn,
                "voided": event.version in voided,
                "scripted": bool(event.data.get(SCRIPTED, False)),
            }
            if not ended and drawn.get("seen_by") is not None:
                # A hidden draw (a shuffled deck: everyone's hand) is public only once the
                # table has ended, with the seed that checks it.
                row["outcome"] = None
            draws.append(row)
    rows = [{k: v for k, v in d.items() if k != "scripted"} for d in draws]
    document: dict[str, Any] = {
        "game": table.game,
        "village_id": table.village_id,
        "table_id": table.table_id,
        "day": table.day,
        "seats": list(table.seats),
        # What the draws were made with (the number of Regidice dice, Gleek's deals).
        "settings": settings,
        "status": table.status,
        "commitment": table.commitment,
        # The seed stays secret while the table is in play: it would tell every roll to come.
        "seed": table.seed.hex() if ended and table.seed is not None else None,
        "scripted": any(d["scripted"] for d in draws),
        "draws": rows,
    }
    if names is not None:
        document["names"] = {str(p): names[p] for p in table.seats if p in names}
    if ended:
        # As the table's end posted them: how many draws, and their digest.
        whole = draws_digest(rows)
        if whole is not None:
            document["draw_count"], document["draw_digest"] = whole.count, whole.sha256
    return document


async def table_digest(tables: TableLog, table: TableRecord, games: Registry) -> Digest | None:
    """The count and digest of an ended table's draws, as its end posts them (read in the
    unit that ends it, which sees its last draws)."""
    if table.seed is None:
        return None
    return draws_digest((await table_document(tables, table, games=games))["draws"])


def digest_of(
    table: TableRecord, events: Sequence[StoredEvent], settings: dict[str, Json], view: StreamView
) -> Digest | None:
    """`table_digest` of the table's whole stream as a move leaves it, without a read."""
    if table.seed is None:
        return None
    return draws_digest(document_of(table, events, settings, view)["draws"])


def draws_digest(rows: Sequence[Any]) -> Digest | None:
    """The count and digest of a table record's draws (docs/fair-dice.md); None when a draw
    cannot be read, or its outcome is hidden (a table still in play)."""
    lines = draw_lines(rows)
    return None if lines is None else digest(lines)


def draw_lines(rows: Sequence[Any]) -> list[str] | None:
    """The canonical text of a table record's draws, a line each (None as `draws_digest`)."""
    lines = []
    try:
        for row in rows:
            request = request_of(row)
            draw = request.draw
            kind = (
                dice_draw(draw.sides, draw.count)
                if isinstance(draw, Dice)
                else shuffle_draw(draw.size)
            )
            message = row["message_id"]
            lines.append(
                draw_line(
                    int(row["seq"]),
                    None if message is None else int(message),
                    int(row["player_id"]),
                    kind,
                    request.label,
                    [int(v) for v in row["outcome"]],
                    bool(row.get("voided", False)),
                )
            )
    except (KeyError, TypeError, ValueError, OverflowError, AttributeError):
        return None
    return lines


def verify_table(
    document: Mapping[str, Any], games: Registry = DEFAULT
) -> tuple[int, list[Mismatch]]:
    """The draws checked and every mismatch of a table's record (none: all holds)."""
    try:
        game = games.games[str(document["game"])]
        village_id = int(document["village_id"])
        table_id = int(document["table_id"])
        day = int(document["day"])
        posted = str(document["commitment"])
        seed_hex = document["seed"]
        rows = list(document["draws"])
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        return 0, [Mismatch("format", f"not a table record: {error!r}", {"error": str(error)})]
    problems: list[Mismatch] = []
    if document.get("scripted"):
        problems.append(Mismatch("scripted", "some draws were scripted, not from the seed", {}))
    if seed_hex is None:
        return 0, [*problems, Mismatch("seed", "seed not revealed", {"reason": "not_revealed"})]
    try:
        seed = bytes.fromhex(str(seed_hex))
    except ValueError:
        return 0, [*problems, Mismatch("seed", "the seed is not hex", {"reason": "not_hex"})]
    actual = commitment(seed)
    if actual != posted.strip().lower():
        problems.append(
            Mismatch(
                "commitment",
                f"sha256 of the revealed seed is {actual}, but the commitment posted was {posted}",
                {"actual": actual, "posted": posted},
            )
        )
    seqs: Counter[int] = Counter()
    checked = 0
    for index, row in enumerate(rows):
        try:
            if not isinstance(row, Mapping):
                raise TypeError("a draw is a JSON object")
            request = request_of(row)
            _plausible(request)
            seq, message = int(row["seq"]), int(row["message_id"] or 0)
            player = int(row["player_id"])
            recorded = tuple(int(v) for v in row["outcome"])
        except (KeyError, TypeError, ValueError, OverflowError) as error:
            problems.append(
                Mismatch(
                    "format",
                    f"draw #{index + 1} cannot be read: {error}",
                    {"throw": index + 1, "error": str(error)},
                )
            )
            continue
        seqs[seq] += 1
        checked += 1
        context = ChanceContext(village_id, day, table_id, player, message, seq)
        try:
            expected = game.fair(seed, context, request)
        except ValueError:
            expected = ()  # a chance this game never asks for: no seed gives what is recorded
        if not outcome_fits(request, recorded) or expected != recorded:
            problems.append(
                Mismatch(
                    "faces",
                    f"draw {seq}{f' (message {message})' if message else ''}: the seed gives "
                    f"{list(expected)}, recorded {list(recorded)}",
                    {
                        "throw_seq": seq,
                        "message_id": message,
                        "player_id": player,
                        "expected": _values(expected),
                        "recorded": _values(recorded),
                    },
                )
            )
    for seq, uses in sorted(seqs.items()):
        if uses > 1:
            problems.append(
                Mismatch(
                    "duplicate",
                    f"draw {seq} is recorded {uses} times; a draw number is never reused",
                    {"throw_seq": seq, "uses": uses, "player_id": 0},
                )
            )
    if seqs:
        missing, count = missing_numbers(seqs)
        if missing:
            listed = ", ".join(map(str, missing)) + (" …" if count > len(missing) else "")
            problems.append(
                Mismatch(
                    "gap",
                    f"no record of draw {listed}",
                    {"missing": missing, "last": max(seqs), "player_id": 0, "count": count},
                )
            )
    # Last: a record whose draws each hold may still not be the whole of what was posted.
    problems += digest_problems(document, draws_digest(rows) if checked == len(rows) else None)
    return checked, problems


MAX_DRAW = 1_000
"""No game asks for more dice, more sides or a larger deck in one draw; a record claiming
more is hostile, and deriving it would take the verifier's time for nothing."""


def _plausible(request: ChanceRequest) -> None:
    """A draw some game could ask for. A roll of no dice is one (a Regidice round where every
    player has lost all their dice still rolls, and its outcome is empty); no dice of no
    sides and no deck of no cards is."""
    draw = request.draw
    if isinstance(draw, Dice):
        fits = 1 <= draw.sides <= MAX_DRAW and 0 <= draw.count <= MAX_DRAW
        sizes: tuple[int, ...] = (draw.sides, draw.count)
    else:
        fits = 1 <= draw.size <= MAX_DRAW
        sizes = (draw.size,)
    if not fits:
        raise ValueError(f"no game asks for a draw of {sizes}")


def _values(values: tuple[int, ...]) -> list[Json]:
    return [*values]
