"""The words every check of the dice shares, whatever the game: where the verifier page is,
what an attached file is, a mismatch in the village's language, and a record printed inside
its reply where the chat attaches no files."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from bot.words.reply import Reply
from bot.words.text import Text, as_int, as_list, as_map, plain

MAX_MISMATCHES: Final = 10  # a wrong seed breaks every draw: the first few say enough


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


def _joined(t: Text, values: Iterable[Any]) -> str:
    return " ".join(plain(v) for v in values)


def mismatch_detail(
    t: Text,
    mismatch: Mapping[str, Any],
    drawn: Callable[[Text, Iterable[Any]], str] = _joined,
    game: str | None = None,
) -> str:
    """A mismatch in the village's language, from its facts, with what was drawn (`expected`,
    `recorded`) written as the game writes it, in the game's own words where it has them
    (`KEY.GAME`: what a throw of Greed may hold); its English detail otherwise."""
    what = plain(mismatch.get("what"))
    key = f"verify.detail.{what}"
    if what == "seed":
        key += f".{plain(mismatch.get('reason'))}"
    elif what == "faces" and "count" in mismatch:
        key += ".count"
    elif what == "format" and "throw" in mismatch:
        key += ".row"
    if game is not None and f"{key}.{game}" in t.texts:
        key = f"{key}.{game}"
    elif key not in t.texts:
        return plain(mismatch.get("detail"))
    values = {name: plain(value) for name, value in mismatch.items()}
    for name in ("expected", "recorded"):
        if name in mismatch:
            values[name] = drawn(t, as_list(mismatch[name]))
    if "missing" in mismatch:
        listed = as_list(mismatch["missing"])
        more = "…" if as_int(mismatch.get("count")) > len(listed) else ""
        values["missing"] = t.texts["list_sep"].join(plain(n) for n in listed) + more
    try:
        return t(key, **values)
    except (KeyError, IndexError):
        return plain(mismatch.get("detail"))


def inline_document(t: Text, reply: Reply) -> list[str]:
    """Where the chat attaches no files (a replay), the record itself below its summary,
    with the name to save it as: nothing more where it goes as a file."""
    if t.surface.files:
        return []
    p = reply.params
    document = json.dumps(as_map(p.get("document")), indent=2, ensure_ascii=False)
    return [t("export.inline", filename=plain(p.get("filename"))), *t.code([document], "json")]
