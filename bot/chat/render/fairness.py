"""The replies that let players check the dice: odds, verify, export and face statistics."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from bot.games.greed.text import faces_text
from bot.words.reply import Reply
from bot.words.text import Text, as_float, as_int, as_list, as_map, cell_name, plain, table_lines

_FACE_ORDER: Final = ("$", "G", "R", "Eg", "Eb", "D")
MAX_MISMATCHES: Final = 10  # a wrong seed breaks every throw: the first few say enough


# -- verify and export -------------------------------------------------------------------------


def verify(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    day, throws = as_int(p.get("day")), as_int(p.get("throws"))
    mismatches = [as_map(m) for m in as_list(p.get("mismatches"))]
    # An attached file is checked as it is; whether it is this village's day is a second
    # question, answered by the commitment the village posted.
    source = [attached_source(t, p)] if p.get("attached") else []
    if p.get("ok") and not mismatches and not p.get("scripted"):
        return [*source, t("verify.ok", day=day, throws=throws), *verify_page(t)]
    lines = [*source, t("verify.failed", day=day, throws=throws, count=len(mismatches))]
    if p.get("scripted"):
        lines.append(t("verify.scripted"))
    for mismatch in mismatches[:MAX_MISMATCHES]:
        what = t.word("verify.what", mismatch.get("what"))
        lines.append(t("verify.mismatch", what=what, detail=mismatch_detail(t, mismatch)))
    if len(mismatches) > MAX_MISMATCHES:
        lines.append(t("verify.more", count=len(mismatches) - MAX_MISMATCHES))
    return [*lines, *verify_page(t)]


def verify_page(t: Text) -> list[str]:
    """Where anyone can check an export in a browser (docs/fair-dice.md §10): the hosted
    page, or the page in the repository when none is hosted; nothing on a surface whose
    reader has the command line at hand (the console)."""
    page = t.surface.verify_page
    if page is None:
        return []
    return [t("verify.page", url=page) if page else t("verify.page_local")]


def attached_source(t: Text, params: Mapping[str, Any]) -> str:
    ours = params.get("ours")
    if ours is None:
        return t("verify.attached_other")
    return t("verify.attached_ours" if ours else "verify.attached_not_ours")


def mismatch_detail(t: Text, mismatch: Mapping[str, Any]) -> str:
    """A mismatch in the village's language, from its facts; its English detail otherwise."""
    what = plain(mismatch.get("what"))
    key = f"verify.detail.{what}"
    if what == "seed":
        key += f".{plain(mismatch.get('reason'))}"
    elif what == "faces" and "count" in mismatch:
        key += ".count"
    if key not in t.texts:
        return plain(mismatch.get("detail"))
    values = {name: plain(value) for name, value in mismatch.items()}
    for name in ("expected", "recorded"):
        if name in mismatch:
            values[name] = faces_text(t, as_list(mismatch[name]))
    if "missing" in mismatch:
        listed = as_list(mismatch["missing"])
        more = "…" if as_int(mismatch.get("count")) > len(listed) else ""
        values["missing"] = t.texts["list_sep"].join(plain(n) for n in listed) + more
    try:
        return t(key, **values)
    except (KeyError, IndexError):
        return plain(mismatch.get("detail"))


def export(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    day, filename = as_int(p.get("day")), plain(p.get("filename"))
    key = "export.closed" if p.get("closed") else "export.open"
    summary = t(key, day=day, throws=as_int(p.get("throws")), filename=filename)
    return [summary, *verify_page(t), *inline_document(t, reply)]


def inline_document(t: Text, reply: Reply) -> list[str]:
    """Where the chat attaches no files (a replay), the record itself below its summary,
    with the name to save it as: nothing more where it goes as a file."""
    if t.surface.files:
        return []
    p = reply.params
    document = json.dumps(as_map(p.get("document")), indent=2, ensure_ascii=False)
    return [t("export.inline", filename=plain(p.get("filename"))), *t.code([document], "json")]


def day_not_closed(t: Text, reply: Reply) -> list[str]:
    return [t("day_not_closed", who=t.who(reply.to), day=as_int(reply.params.get("day")))]


# -- face statistics ---------------------------------------------------------------------------


def stats(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    village = as_map(p.get("village"))
    total = as_int(village.get("total"))
    day = p.get("day")
    if day is None:
        head = t("stats.head_all", total=total)
    else:
        head = t("stats.head_day", day=as_int(day), total=total)
    if total == 0:
        return [head, t("stats.empty")]
    rows = [t.texts["stats.columns"].split()]
    rows.append(_stats_row(t("stats.village"), village))
    for player in (as_map(row) for row in as_list(p.get("players"))):
        rows.append(_stats_row(cell_name(player.get("player")), player))
    return [head, *t.code(table_lines(rows, left=[0])), t("stats.p"), t("stats.caution")]


def _stats_row(name: str, result: Mapping[str, Any]) -> list[str]:
    counts = as_map(result.get("counts"))
    total = as_int(result.get("total"))
    # No dice, no test: a chi-square of 0 and a p of 1 would look like a verdict.
    chi_square = f"{as_float(result.get('chi_square')):.2f}" if total else "-"
    p_value = f"{as_float(result.get('p_value')):.3f}" if total else "-"
    return [
        name,
        *(str(as_int(counts.get(face))) for face in _FACE_ORDER),
        str(total),
        chi_square,
        p_value,
    ]
