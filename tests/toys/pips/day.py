"""Pips as a day game: its rules with what the village's day commands ask of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.fairness.digest import Digest, day_rows_digest
from bot.fairness.seed import Mismatch
from bot.games.api import ChanceContext, Json, Params, RuleError, Unreadable
from bot.games.day import DayArgument, DayCommand, DayGame
from tests.toys.pips.game import GAME, PipsDay, Rolled, fair_roll
from tests.toys.pips.text import TEXTS


def odds(state: PipsDay) -> Params:
    if state.finished:
        raise RuleError("done", {"pips": state.pips})
    return {"each": "1/6"}


def calculate(text: str) -> Params:
    pips = [int(word) for word in text.split() if word.isdigit()]
    return {"points": sum(pips)}


def verify(document: Mapping[str, Any]) -> tuple[int, list[Mismatch]]:
    """Each roll derived again from the day's revealed seed."""
    try:
        seed = bytes.fromhex(str(document["seed"]))
        rows = list(document["throws"])
        village_id, day = int(document["village_id"]), int(document["day"])
    except (KeyError, TypeError, ValueError) as error:
        return 0, [Mismatch("format", f"not a day record: {error!r}")]
    problems = []
    for row in rows:
        context = ChanceContext(
            village_id, day, 0, int(row["player_id"]), int(row["message_id"]), int(row["throw_seq"])
        )
        if [fair_roll(seed, context)[0] + 1] != list(row["faces"]):
            problems.append(Mismatch("faces", f"throw {row['throw_seq']} differs"))
    return len(rows), problems


def tally(throws: Sequence[Sequence[Json]]) -> dict[str, Json]:
    counts = {str(n): 0 for n in range(1, 7)}
    for faces in throws:
        for face in faces:
            counts[str(face)] = counts.get(str(face), 0) + 1
    return {"counts": dict(counts), "total": sum(counts.values())}


def digest(rows: Sequence[Any]) -> Digest | None:
    return day_rows_digest(rows)


def drawn(data: Mapping[str, Json]) -> list[Json]:
    """The die's pips, as a day's record lists the outcome of a draw."""
    return [data["pips"]]


def turns(state: PipsDay) -> tuple[dict[str, Json], ...]:
    """One roll a day: nothing for the memo to list."""
    return ()


class PipsAnswers:
    """How Pips answers, as every game does: the same shape as a table's presenter."""

    def position(self, state: PipsDay, names: Sequence[str]) -> Params:
        return {"pips": state.pips, "throw": 0 if state.pips is None else 1}

    def outcome(
        self, before: PipsDay, events: Sequence[Rolled], after: PipsDay, names: Sequence[str]
    ) -> tuple[str, Params, Params]:
        return "pips.rolled", {"pips": after.pips}, self.position(after, names)

    def refusal(self, error: RuleError, state: PipsDay, names: Sequence[str]) -> tuple[str, Params]:
        return f"pips.{error.key}", error.params

    def unreadable(
        self, reading: Unreadable, state: PipsDay, names: Sequence[str]
    ) -> tuple[str, Params]:
        return f"pips.{reading.reason}", {"tags": reading.tags}


DAY: Final[DayGame[PipsDay, object, Rolled]] = DayGame(
    GAME,
    odds,
    calculate,
    verify,
    tally,
    digest,
    drawn=drawn,
    turns=turns,
    answers=PipsAnswers(),
    texts=TEXTS,
    commands=(
        DayCommand("status", "status"),
        DayCommand("verify", "verify", (DayArgument("day", "day", low=1),)),
        DayCommand("help", "help"),
    ),
    settings=(DayArgument("sides", "number", low=6, high=6),),
    position=("throw",),
    aliases={"状況": "status"},
    argument_aliases={"面数": ("sides",)},
    group_aliases=("ピップス",),
    tags=("[[pips]]",),
)
