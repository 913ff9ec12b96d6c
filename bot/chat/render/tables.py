"""The replies about a table of several seats, whatever its game: opened, seats taken and
freed, settings, the start with its seed's commitment, the end; and the table refusals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.chat.render.shapes import (
    TABLE_REFUSALS,
    AbandonedParams,
    JoinedParams,
    OpenedParams,
    SettingsShownParams,
    SkippedParams,
    StartedParams,
    TableExportParams,
    TableParams,
    TableRefusalParams,
    TableRollbackTargetParams,
    TableRolledBackParams,
    TableSeatsParams,
    TableVerifyParams,
)
from bot.words.checking import (
    MAX_MISMATCHES,
    attached_source,
    inline_document,
    mismatch_detail,
    verify_page,
)
from bot.words.reply import Reply
from bot.words.text import Text, Writer, as_int, as_list, plain, revealed_lines


def _game(t: Text, reply: Reply) -> str:
    return t.word("game", TableParams.of(reply).game)


def _seats(t: Text, reply: Reply) -> str:
    names = as_list((reply.state or {}).get("seats"))
    return t.texts["list_sep"].join(t.name(plain(n)) for n in names) or "-"


def _settings(t: Text, settings: Mapping[str, Any]) -> str:
    parts = []
    # In the order of the names, not of the data: the same settings always read the same.
    for key, value in sorted(settings.items()):
        word = "none" if value is None else plain(value).lower()
        shown = t.texts.get(f"table.value.{key}.{word}", plain(value))
        parts.append(t("table.setting", name=t.word("table.setting", key), value=shown))
    return t.texts["sep"].join(parts)


def opened(t: Text, reply: Reply) -> list[str]:
    p = OpenedParams.of(reply)
    return [
        t(
            "table.opened",
            who=t.who(reply.to),
            game=t.word("game", p.game),
            tag=p.game,
            table=p.table,
        ),
        t("table.settings_line", settings=_settings(t, p.settings)),
    ]


def joined(t: Text, reply: Reply) -> list[str]:
    p = JoinedParams.of(reply)
    return [
        t("table.joined", who=t.who(reply.to), game=t.word("game", p.game), seat=p.seat),
        t("table.seats_line", seats=_seats(t, reply)),
    ]


def left(t: Text, reply: Reply) -> list[str]:
    return [
        t("table.left", who=t.who(reply.to), game=_game(t, reply)),
        t("table.seats_line", seats=_seats(t, reply)),
    ]


def closed(t: Text, reply: Reply) -> list[str]:
    return [t("table.closed", who=t.who(reply.to), game=_game(t, reply))]


def settings(t: Text, reply: Reply) -> list[str]:
    p = SettingsShownParams.of(reply)
    key = "table.configured" if reply.key == "table.configured" else "table.settings"
    return [
        t(key, who=t.who(reply.to), game=t.word("game", p.game)),
        t("table.settings_line", settings=_settings(t, p.settings)),
    ]


def waiting(t: Text, reply: Reply) -> list[str]:
    p = SettingsShownParams.of(reply)
    return [
        t("table.waiting", game=t.word("game", p.game)),
        t("table.seats_line", seats=_seats(t, reply)),
        t("table.settings_line", settings=_settings(t, p.settings)),
    ]


def _own(t: Text, key: str, game: str | None) -> str:
    """`key` in the game's own words where it has them (a game that deals cards commits to
    its deals, and checks deals, not dice): `KEY.GAME`."""
    own = f"{key}.{game}"
    return own if own in t.texts else key


def started(t: Text, reply: Reply) -> list[str]:
    p = StartedParams.of(reply)
    state = reply.state or {}
    lines = [
        t("table.started", game=t.word("game", p.game), seats=_seats(t, reply), table=p.table),
        t(_own(t, "table.commitment", p.game), commitment=p.commitment),
    ]
    if "deadline" in state:
        return lines  # a game that says who acts and by when says it in the replies that follow
    first = plain(state.get("turn_of") or state.get("start_player"))
    return [*lines, t("table.first", who=t("who", name=first), tag=p.game)]


def skipped(t: Text, reply: Reply) -> list[str]:
    p = SkippedParams.of(reply)
    # A game may let a moderator skip without saying why (Gleek), or close a step that
    # waits for several players at once (Regidice).
    key = "table.skipped" if p.reason else "table.skipped.no_reason"
    if not p.player:
        key = "table.skipped.step" if p.reason else "table.skipped.step_no_reason"
    return [t(key, by=p.by, player=t.name(plain(p.player)), reason=plain(p.reason))]


def abandoned(t: Text, reply: Reply) -> list[str]:
    p = AbandonedParams.of(reply)
    # A game whose played parts stand says what stands itself, in the reply that follows.
    key = "table.abandoned.standing" if p.standing else "table.abandoned"
    lines = [t(key, game=t.word("game", p.game), by=p.by, reason=plain(p.reason))]
    # With the game's own hint at how to check its draws, where it has one.
    seed, draws = f"{p.game}.seed", f"{p.game}.draws"
    lines += revealed_lines(
        t,
        reply.params,
        seed if seed in t.texts else "table.seed",
        draws if draws in t.texts else "table.draws",
    )
    return lines


def rolled_back(t: Text, reply: Reply) -> list[str]:
    p = TableRolledBackParams.of(reply)
    return [
        t(
            "table.rolled_back",
            game=t.word("game", p.game),
            by=p.by,
            round=p.round,
            who=t.name(plain(p.player)),
            rolls=p.rolls_voided,
            reason=plain(p.reason),
        ),
        t("table.rolled_back.next", who=t.name(plain(p.player))),
    ]


def rollback_target(t: Text, reply: Reply) -> list[str]:
    p = TableRollbackTargetParams.of(reply)
    return [
        t(
            "table_rollback_target",
            who=t.who(reply.to),
            round=p.round,
            player=t.name(plain(p.player)),
        )
    ]


def export(t: Text, reply: Reply) -> list[str]:
    p = TableExportParams.of(reply)
    key = "table.export.closed" if p.closed else "table.export.open"
    summary = t(
        _own(t, key, p.game),
        game=t.word("game", p.game),
        table=p.table,
        draws=p.draws,
        filename=p.filename,
    )
    return [summary, *verify_page(t), *inline_document(t, reply)]


_TABLE_DETAILS = ("faces", "duplicate", "gap")


def verify(t: Text, reply: Reply) -> list[str]:
    p = TableVerifyParams.of(reply)
    # An attached file that does not name its game or its table is checked all the same.
    table = "?" if p.table is None else p.table
    facts = {"game": t.word("game", p.game), "table": table, "draws": p.draws}
    source = [attached_source(t, reply.params)] if p.attached else []
    if p.ok and not p.mismatches and not p.scripted:
        return [*source, t(_own(t, "table.verify.ok", p.game), **facts), *verify_page(t)]
    failed = _own(t, "table.verify.failed", p.game)
    lines = [*source, t(failed, count=len(p.mismatches), **facts)]
    for mismatch in p.mismatches[:MAX_MISMATCHES]:
        what = plain(mismatch.get("what"))
        if what in _TABLE_DETAILS:
            values = {name: plain(value) for name, value in mismatch.items()}
            for name in ("expected", "recorded", "missing"):
                values[name] = " ".join(plain(v) for v in as_list(mismatch.get(name)))
            if as_int(mismatch.get("count")) > len(as_list(mismatch.get("missing"))):
                values["missing"] += " …"
            detail = t(_own(t, f"table.verify.detail.{what}", p.game), **values)
        else:
            detail = mismatch_detail(t, mismatch)
        lines.append(t("verify.mismatch", what=t.word("verify.what", what), detail=detail))
    if len(p.mismatches) > MAX_MISMATCHES:
        lines.append(t("verify.more", count=len(p.mismatches) - MAX_MISMATCHES))
    return [*lines, *verify_page(t)]


def table_seats(t: Text, reply: Reply) -> list[str]:
    p = TableSeatsParams.of(reply)
    return [
        t(
            "table_seats.exact" if p.low == p.high else "table_seats",
            who=t.who(reply.to),
            game=t.word("game", p.game),
            low=p.low,
            high=p.high,
            seated=p.seated,
        )
    ]


def refusal(key: str) -> Writer:
    """A table refusal in one line, naming the game."""

    def write(t: Text, reply: Reply) -> list[str]:
        p = TableRefusalParams.of(reply)
        return [
            t(
                key,
                who=t.who(reply.to),
                game=t.word("game", p.game),
                seats=plain(p.seats),
                tag=p.game,
                table=plain(p.table),
            )
        ]

    return write


WRITERS: dict[str, Writer] = {
    "table.opened": opened,
    "table.joined": joined,
    "table.left": left,
    "table.closed": closed,
    "table.settings": settings,
    "table.configured": settings,
    "table.waiting": waiting,
    "table.started": started,
    "table.abandoned": abandoned,
    "table.skipped": skipped,
    "table_seats": table_seats,
    "table.rolled_back": rolled_back,
    "table.export": export,
    "table.verify": verify,
    "table_rollback_target": rollback_target,
    **{key: refusal(key) for key in TABLE_REFUSALS},
}
