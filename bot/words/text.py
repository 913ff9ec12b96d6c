"""The kit every reply's writer uses: where the text is read (`Surface`), the small
formatters of one locale's catalogue (`Text`), and lenient readers of a reply's state and of
the plain data inside its params (a reply's params themselves are read through their shape,
`bot.words.shapes`)."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.words.reply import Reply
from bot.words.shapes import Shapes

Link = Callable[[int | None], str]
"""Turns a chat message id into text pointing at it (`#12` on the console, a URL on Discord)."""


def no_link(message_id: int | None) -> str:
    """No link at all: for output that cannot point at a chat message."""
    return ""


def plain_place(place_id: int | None) -> str:
    return "" if place_id is None else f"#{place_id}"


@dataclass(frozen=True, slots=True)
class Surface:
    """Where the text will be read, and what it can show there."""

    link: Link = no_link
    """Text pointing at a message the reply cites."""
    place: Link = plain_place
    """Text pointing at a channel or a post (Discord: a channel mention, which links)."""
    role: Callable[[int], str] = str
    """A chat role, named without pinging it (Discord: a role mention sent without pings)."""
    user: Callable[[int], str] = str
    """A chat user, named without pinging them."""
    markdown: bool = True
    """Code blocks render (Discord); a terminal shows the fences as they are."""
    files: bool = False
    """Documents go out as attached files instead of inside the text."""
    verify_page: str | None = None
    """Where players can check an export in a browser (the VERIFY_PAGE_URL setting); "" when
    none is hosted, so that a reply points at web/verify/index.html instead; None where the
    reader checks with the command line anyway (the console), so that nothing is added."""


def display_width(text: str) -> int:
    """Columns `text` takes in a monospace font: wide (W/F) characters take two."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int, right: bool) -> str:
    """`text` padded with spaces to `width` columns, on the left when `right` aligns it right."""
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def table_lines(rows: Sequence[Sequence[str]], left: Iterable[int] = ()) -> list[str]:
    """Rows of cells aligned in columns; the columns numbered in `left` align left."""
    left_columns = set(left)
    widths = [max(display_width(cells[i]) for cells in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(pad(cell, widths[i], right=i not in left_columns) for i, cell in enumerate(cells))
        for cells in rows
    ]


def cell_name(value: Any) -> str:
    """A name for a code block: one line, and no backtick that would end the block early."""
    return " ".join(plain(value).replace("`", "'").split())


# -- reading params ---------------------------------------------------------------------------


def as_int(value: Any, default: int = 0) -> int:
    if value is None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an infinite float
        return default


def as_float(value: Any, default: float = 0.0) -> float:
    if value is None or isinstance(value, bool):
        return default
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def as_map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def revealed_lines(t: Text, params: Mapping[str, Any], seed_key: str, draws_key: str) -> list[str]:
    """The lines of a revealed seed, and of how many draws there were with their digest (what
    a record of them must give to be whole), where the params carry them."""
    lines = []
    if params.get("seed"):
        lines.append(t(seed_key, seed=plain(params.get("seed"))))
    if params.get("draw_digest"):
        lines.append(
            t(
                draws_key,
                count=as_int(params.get("draw_count")),
                digest=plain(params["draw_digest"]),
            )
        )
    return lines


def plain(value: Any, sep: str = ", ") -> str:
    """A param as text for people: lists joined, nothing for None (never a Python repr)."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return sep.join(plain(v) for v in value)
    return str(value)


# -- the words shared by every reply -----------------------------------------------------------


class Text:
    """One locale's catalogue with the small formatters every reply uses."""

    def __init__(self, texts: Mapping[str, str], surface: Surface) -> None:
        self.texts = texts
        self.surface = surface
        self.link = surface.link

    def code(self, lines: Iterable[str], language: str = "") -> list[str]:
        """Lines set in a code block where the chat renders one (aligned tables, JSON)."""
        body = list(lines)
        return [f"```{language}", *body, "```"] if self.surface.markdown else body

    def place(self, place_id: Any) -> str:
        return self.surface.place(place_id if isinstance(place_id, int) else None)

    def __call__(self, key: str, /, **values: Any) -> str:
        return self.texts[key].format(**values)

    def word(self, group: str, value: Any) -> str:
        """A catalogue word (`variant.house`), or the value itself when it has none."""
        return self.texts.get(f"{group}.{value}", plain(value))

    def counted(self, key: str, n: int) -> str:
        """`key` filled with the number `n`, in its singular form `key.one` where the language
        has one and n is 1 ("1 pt", "1 white die")."""
        singular = f"{key}.one"
        return self(singular if n == 1 and singular in self.texts else key, n=n)

    def pts(self, points: Any) -> str:
        return self.counted("pts", as_int(points))

    def name(self, name: str) -> str:
        """A player named inside a sentence (`who` opens one, with its spacing)."""
        return self("name", name=name)

    def who(self, name: str | None) -> str:
        return self("who", name=name) if name else ""

    def names(self, values: Iterable[Any]) -> str:
        return self.texts["list_sep"].join(plain(v) for v in values)

    def linked(self, line: str, message_id: Any) -> str:
        target = self.link(message_id if isinstance(message_id, int) else None)
        return f"{line} {target}" if target else line

    def when(self, iso: Any, zone_name: Any = None) -> str:
        """A moment in the village's time zone, or in its own offset when none is given."""
        try:
            moment = dt.datetime.fromisoformat(str(iso))
        except ValueError:
            return plain(iso)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        zone: dt.tzinfo | None = None
        label = ""
        if zone_name:
            try:
                zone, label = ZoneInfo(str(zone_name)), str(zone_name)
            except (ZoneInfoNotFoundError, ValueError):
                zone = None
        if zone is None:
            zone = moment.tzinfo
            minutes = int((moment.utcoffset() or dt.timedelta(0)).total_seconds()) // 60
            sign = "-" if minutes < 0 else "+"
            hours, rest = divmod(abs(minutes), 60)
            label = f"UTC{sign}{hours:02d}:{rest:02d}" if minutes else "UTC"
        local = moment.astimezone(zone)
        return self(
            "time",
            year=local.year,
            month=local.month,
            day=local.day,
            weekday=self.texts["weekdays"].split()[local.weekday()],
            hour=f"{local.hour:02d}",
            minute=f"{local.minute:02d}",
            zone=label,
        )


Writer = Callable[[Text, Reply], list[str]]
"""Writes one reply's lines."""


@dataclass(frozen=True, slots=True)
class GameTexts:
    """What a game brings to the chat for its replies: a writer and a shape for each of its
    reply keys, and its catalogue in each language (every key naming the game, `ducks.roll`,
    so that it joins the village's catalogue without clashing with another game's)."""

    writers: Mapping[str, Writer]
    ja: Mapping[str, str]
    en: Mapping[str, str]
    rules: Callable[[Text, Mapping[str, Any]], str] | None = None
    """A day game's rules of the day in a line (Greed's variant, turns and threshold), which
    the village's own replies show: a day's opening, the village's settings."""
    setting: Callable[[Text, str, Any], str | None] | None = None
    """A day game's way to show the value of one of its rules (`threshold` as points), or
    None where it is shown as it is: a village's settings and their changes list them."""
    shapes: Shapes = field(default_factory=dict)
    """The shape of each of its reply keys' params (`bot.words.shapes`): a game brings its
    own, as it brings its writers."""
    former: Mapping[str, str] = field(default_factory=dict)
    """Keys its replies were kept under by an earlier release, to their keys now: a reply
    kept in the outbox across an upgrade (posted after it) still finds its writer."""
