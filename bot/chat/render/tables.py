"""The replies about a table of several seats, whatever its game: opened, seats taken and
freed, settings, the start with its seed's commitment, the end; and the table refusals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.words.checking import (
    MAX_MISMATCHES,
    attached_source,
    inline_document,
    mismatch_detail,
    verify_page,
)
from bot.words.reply import Reply
from bot.words.text import Text, as_int, as_list, as_map, plain, revealed_lines


def _game(t: Text, reply: Reply) -> str:
    return t.word("game", reply.params.get("game"))


def _seats(t: Text, reply: Reply) -> str:
    names = as_list((reply.state or {}).get("seats"))
    return t.texts["list_sep"].join(t.name(plain(n)) for n in names) or "-"


def _settings(t: Text, settings: Any) -> str:
    if not isinstance(settings, Mapping):
        return ""
    parts = []
    # In the order of the names, not of the data: the same settings always read the same.
    for key, value in sorted(settings.items()):
        word = "none" if value is None else plain(value).lower()
        shown = t.texts.get(f"table.value.{key}.{word}", plain(value))
        parts.append(t("table.setting", name=t.word("table.setting", key), value=shown))
    return t.texts["sep"].join(parts)


def opened(t: Text, reply: Reply) -> list[str]:
    game = _game(t, reply)
    return [
        t(
            "table.opened",
            who=t.who(reply.to),
            game=game,
            tag=reply.params.get("game"),
            table=plain(reply.params.get("table")),
        ),
        t("table.settings_line", settings=_settings(t, reply.params.get("settings"))),
    ]


def joined(t: Text, reply: Reply) -> list[str]:
    return [
        t("table.joined", who=t.who(reply.to), game=_game(t, reply), seat=reply.params.get("seat")),
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
    key = "table.configured" if reply.key == "table.configured" else "table.settings"
    return [
        t(key, who=t.who(reply.to), game=_game(t, reply)),
        t("table.settings_line", settings=_settings(t, reply.params.get("settings"))),
    ]


def waiting(t: Text, reply: Reply) -> list[str]:
    return [
        t("table.waiting", game=_game(t, reply)),
        t("table.seats_line", seats=_seats(t, reply)),
        t("table.settings_line", settings=_settings(t, reply.params.get("settings"))),
    ]


def _own(t: Text, key: str, reply: Reply) -> str:
    """`key` in the game's own words where it has them (a game that deals cards commits to
    its deals, and checks deals, not dice): `KEY.GAME`."""
    own = f"{key}.{plain(reply.params.get('game'))}"
    return own if own in t.texts else key


def started(t: Text, reply: Reply) -> list[str]:
    state = reply.state or {}
    lines = [
        t(
            "table.started",
            game=_game(t, reply),
            seats=_seats(t, reply),
            table=plain(reply.params.get("table")),
        ),
        t(_own(t, "table.commitment", reply), commitment=plain(reply.params.get("commitment"))),
    ]
    if "deadline" in state:
        return lines  # a game that says who acts and by when says it in the replies that follow
    first = plain(state.get("turn_of") or state.get("start_player"))
    return [*lines, t("table.first", who=t("who", name=first), tag=reply.params.get("game"))]


def skipped(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    # A game may let a moderator skip without saying why (Gleek), or close a step that
    # waits for several players at once (Regidice).
    key = "table.skipped" if plain(p.get("reason")) else "table.skipped.no_reason"
    if not p.get("player"):
        key = "table.skipped.step" if plain(p.get("reason")) else "table.skipped.step_no_reason"
    return [
        t(
            key,
            by=plain(p.get("by")),
            player=t.name(plain(p.get("player"))),
            reason=plain(p.get("reason")),
        )
    ]


def abandoned(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    # A game whose played parts stand says what stands itself, in the reply that follows.
    key = "table.abandoned.standing" if p.get("standing") else "table.abandoned"
    lines = [
        t(
            key,
            game=_game(t, reply),
            by=plain(p.get("by")),
            reason=plain(p.get("reason")),
        )
    ]
    # With the game's own hint at how to check its draws, where it has one.
    game = plain(p.get("game"))
    seed, draws = f"{game}.seed", f"{game}.draws"
    lines += revealed_lines(
        t,
        p,
        seed if seed in t.texts else "table.seed",
        draws if draws in t.texts else "table.draws",
    )
    return lines


def rolled_back(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    return [
        t(
            "table.rolled_back",
            game=_game(t, reply),
            by=plain(p.get("by")),
            round=p.get("round"),
            who=t.name(plain(p.get("player"))),
            rolls=p.get("rolls_voided"),
            reason=plain(p.get("reason")),
        ),
        t("table.rolled_back.next", who=t.name(plain(p.get("player")))),
    ]


def rollback_target(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    return [
        t(
            "table_rollback_target",
            who=t.who(reply.to),
            round=p.get("round"),
            player=t.name(plain(p.get("player"))),
        )
    ]


def export(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    key = "table.export.closed" if p.get("closed") else "table.export.open"
    summary = t(
        _own(t, key, reply),
        game=_game(t, reply),
        table=p.get("table"),
        draws=p.get("draws"),
        filename=plain(p.get("filename")),
    )
    return [summary, *verify_page(t), *inline_document(t, reply)]


_TABLE_DETAILS = ("faces", "duplicate", "gap")


def verify(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    mismatches = [as_map(m) for m in as_list(p.get("mismatches"))]
    facts = {"game": _game(t, reply), "table": p.get("table"), "draws": p.get("draws")}
    source = [attached_source(t, p)] if p.get("attached") else []
    if p.get("ok") and not mismatches and not p.get("scripted"):
        return [*source, t(_own(t, "table.verify.ok", reply), **facts), *verify_page(t)]
    failed = _own(t, "table.verify.failed", reply)
    lines = [*source, t(failed, count=len(mismatches), **facts)]
    for mismatch in mismatches[:MAX_MISMATCHES]:
        what = plain(mismatch.get("what"))
        if what in _TABLE_DETAILS:
            values = {name: plain(value) for name, value in mismatch.items()}
            for name in ("expected", "recorded", "missing"):
                values[name] = " ".join(plain(v) for v in as_list(mismatch.get(name)))
            if as_int(mismatch.get("count")) > len(as_list(mismatch.get("missing"))):
                values["missing"] += " …"
            detail = t(_own(t, f"table.verify.detail.{what}", reply), **values)
        else:
            detail = mismatch_detail(t, mismatch)
        lines.append(t("verify.mismatch", what=t.word("verify.what", what), detail=detail))
    if len(mismatches) > MAX_MISMATCHES:
        lines.append(t("verify.more", count=len(mismatches) - MAX_MISMATCHES))
    return [*lines, *verify_page(t)]


def table_seats(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    exact = p.get("low") == p.get("high")
    return [
        t(
            "table_seats.exact" if exact else "table_seats",
            who=t.who(reply.to),
            game=_game(t, reply),
            low=p.get("low"),
            high=p.get("high"),
            seated=p.get("seated"),
        )
    ]


def refusal(key: str) -> Any:
    """A table refusal in one line, naming the game."""

    def write(t: Text, reply: Reply) -> list[str]:
        p = reply.params
        return [
            t(
                key,
                who=t.who(reply.to),
                game=_game(t, reply),
                seats=plain(p.get("seats")),
                tag=plain(p.get("game")),
                table=plain(p.get("table")),
            )
        ]

    return write


WRITERS = {
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
    **{
        key: refusal(key)
        for key in (
            "no_table",
            "no_table_number",
            "table_exists",
            "already_seated",
            "table_full",
            "not_seated",
            "table_started",
            "table_not_playing",
            "opener_only",
            "table_not_ended",
            "table.double_post",
        )
    },
}
