"""The coin toss's replies as plain data, with the players' names in seat order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.api import Json, Params, Private, RuleError, Told, Unreadable
from tests.toys.coin.game import Call, CoinEvent, CoinState, Tossed


def _position(state: CoinState, names: Sequence[str]) -> Params:
    return {
        "seats": list(names),
        "turn_of": None if state.finished else names[state.turn],
        "points": list(state.points),
        "target": state.target,
    }


class CoinPresenter:
    def waiting(self, settings: Mapping[str, Json], names: Sequence[str]) -> Params:
        return {"seats": list(names), "turn_of": None}

    def position(self, state: CoinState, names: Sequence[str]) -> Params:
        return _position(state, names)

    def outcome(
        self,
        before: CoinState,
        events: Sequence[CoinEvent],
        after: CoinState,
        names: Sequence[str],
    ) -> tuple[str, Params, Params]:
        tossed = next(e for e in events if isinstance(e, Tossed))
        params: Params = {
            "player": names[before.turn],
            "called": before.called if before.called is not None else _call(events),
            "side": tossed.side,
            "points": after.points[before.turn],
        }
        return "coin.toss", params, _position(after, names)

    def announcements(
        self,
        before: CoinState,
        events: Sequence[CoinEvent],
        after: CoinState,
        names: Sequence[str],
    ) -> list[Told]:
        if not after.finished or before.finished:
            return []
        winner = max(range(len(names)), key=lambda seat: after.points[seat])
        return [Told("coin.game_end", {"winner": names[winner], "points": list(after.points)})]

    def private(
        self,
        before: CoinState,
        events: Sequence[CoinEvent],
        after: CoinState,
        names: Sequence[str],
    ) -> list[Private]:
        return []  # a coin hides nothing

    def status(self, state: CoinState, names: Sequence[str]) -> Params:
        return _position(state, names)

    def score(self, state: CoinState, names: Sequence[str]) -> Params:
        return {"rows": [[name, points] for name, points in zip(names, state.points, strict=True)]}

    def refusal(
        self, error: RuleError, state: CoinState, names: Sequence[str]
    ) -> tuple[str, Params]:
        turn_of = None if state.finished else names[state.turn]
        return error.key, {**error.params, "turn_of": turn_of}

    def unreadable(
        self, reading: Unreadable, state: CoinState, names: Sequence[str]
    ) -> tuple[str, Params]:
        return "coin.unreadable", {}

    def command(self, name: str, args: Mapping[str, str], names: Sequence[str]) -> object:
        side = args.get("side", "").strip().lower()
        if name != "call" or not side:
            raise RuleError("coin.bad_side", {"side": side})
        return Call(side)


def _call(events: Sequence[CoinEvent]) -> str:
    return next((e.side for e in events if not isinstance(e, Tossed)), "")
