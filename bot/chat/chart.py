"""The village standings as a PNG for phones: totals by day as lines, the latest day as a table."""

from __future__ import annotations

import functools
import importlib.util
import io
import logging
import math
import re
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any, Final

from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Rectangle
from matplotlib.text import Text
from matplotlib.ticker import MaxNLocator

from bot.chat.render.columns import game_columns
from bot.chat.text import DEFAULT_LOCALE, catalog
from bot.games.registry import DEFAULT, Registry
from bot.words.text import Surface, as_int, as_list, as_map, plain
from bot.words.text import Text as Words

_log = logging.getLogger(__name__)

CHART_PLAYERS: Final = 10
"""Lines in the chart: more cannot be told apart on a phone."""
TABLE_PLAYERS: Final = 30
"""Rows in the latest day's table."""

_LABELS: Final[Mapping[str, Mapping[str, str]]] = {
    "ja": {
        "day": "{day}d",
        "title": "順位表（{day}まで）",
        "title_named": "{name} 順位表（{day}まで）",
        "chart": "総合得点の推移",
        "cut": "上位{shown}人（全{players}人）",
        "x": "日",
        "y": "総合得点",
        "table": "{day}の得点",
        "table_games": "{day}の得点、卓のゲーム、総合",
        "more": "ほか{n}人",
        "more_one": "ほか{n}人",
        "empty": "まだプレイヤーがいません。",
        "no_days": "まだ得点がありません。",
    },
    "en": {
        "day": "{day}d",
        "title": "Standings through {day}",
        "title_named": "{name} standings through {day}",
        "chart": "Overall total by day",
        "cut": "top {shown} of {players} players",
        "x": "day",
        "y": "overall total",
        "table": "Scores on {day}",
        "table_games": "Scores on {day}, the table games, totals",
        "more": "and {n} more players",
        "more_one": "and {n} more player",
        "empty": "No players yet.",
        "no_days": "No scores yet.",
    },
}

# tab10: ten colours that stay apart for the usual kinds of colour blindness too.
_COLOURS: Final = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)
_MARKERS: Final = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "<")
_INK: Final = "#222222"
_MUTED: Final = "#666666"
_STRIPE: Final = "#f0f0f0"
_HEADER: Final = "#dde3ea"

# 1080 px wide, a phone screen's width in device pixels, so a phone shows it about 1:1 and
# 12 pt is 25 px. Lengths below are inches.
_DPI: Final = 150
_WIDTH: Final = 7.2
_SIDE: Final = 0.3
_CHART_HEIGHT: Final = 5.0
_ROW: Final = 0.32
_SIZE: Final = 13.0
_SMALL: Final = 12.0
_TITLE: Final = 18.0
_LONGEST: Final = 200
"""Characters of a name worth measuring: no more could fit."""
_MAX_DAYS: Final = 3650
"""Days drawn at most: ten years of a daily village, and a bound on what bad params cost."""
_LARGEST: Final = 10**12
"""Points beyond any real score, but still drawable."""
_MARKERS_PER_LINE: Final = 30

# The first one installed is used. Noto Sans CJK first: it also draws the Hangul and the
# Chinese-only characters that display names may hold.
_JAPANESE_FONTS: Final = (
    "Noto Sans CJK JP",
    "Noto Sans JP",
    "Source Han Sans JP",
    "IPAexGothic",
    "IPAPGothic",
    "IPAGothic",
    "TakaoPGothic",
    "TakaoGothic",
    "VL PGothic",
    "VL Gothic",
    "Hiragino Sans",
    "Yu Gothic",
    "Meiryo",
)
# Tried, when installed, for the characters the Japanese font lacks (accents, symbols, emoji).
_FALLBACK_FONTS: Final = ("DejaVu Sans", "Noto Sans Symbols 2", "Noto Emoji", "Symbola")
_BUNDLED_FONT: Final = ("fonts", "ipaexg.ttf")

# Worker threads may draw at once: the lock keeps them from adding the bundled font twice.
_font_lock = threading.Lock()


def font_families() -> tuple[str, ...]:
    """The font families every text is drawn with, the Japanese one first; looked up once."""
    with _font_lock:
        return _find_families()


@functools.cache
def _find_families() -> tuple[str, ...]:
    installed = {entry.name for entry in font_manager.fontManager.ttflist}
    japanese: str | None = next((name for name in _JAPANESE_FONTS if name in installed), None)
    if japanese is None:
        japanese = _add_bundled_font()
    if japanese is None:
        _log.warning("no Japanese font found: Japanese text in the standings will be boxes")
    fallbacks = [name for name in _FALLBACK_FONTS if name in installed]
    return tuple(name for name in (japanese, *fallbacks) if name)


def _add_bundled_font() -> str | None:
    """The family of the IPAexGothic file matplotlib-fontja carries, added to matplotlib."""
    # find_spec rather than importlib.resources.files: both find the package, but files()
    # imports it, and its import switches every figure's font globally.
    try:
        spec = importlib.util.find_spec("matplotlib_fontja")
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec else []:
        path = Path(location).joinpath(*_BUNDLED_FONT)
        if path.is_file():
            font_manager.fontManager.addfont(path)
            return str(font_manager.get_font(path).family_name)
    return None


# -- what to draw ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One player's row, read defensively from the params."""

    rank: int
    player: str
    days: tuple[int, ...]
    """The day game's points of each day."""
    total: int
    games: tuple[int, ...] = ()
    """The points in each table game's column, in the selection's order."""
    tables: tuple[int, ...] = ()
    """The points of the tables counted in the total, by the day they were scored."""

    @property
    def totals(self) -> tuple[int, ...]:
        """The overall total at the end of each day: the day game's points and the tables'
        that count, so that the last is the total the table shows."""
        tables = (self.tables + (0,) * len(self.days))[: len(self.days)]
        return tuple(accumulate(d + t for d, t in zip(self.days, tables, strict=True)))


@dataclass(frozen=True)
class Selection:
    """What the picture shows: the chart's players, the table's, and how many there are."""

    name: str
    days: int
    lines: tuple[Standing, ...]
    table: tuple[Standing, ...]
    players: int
    headers: tuple[str, ...] = ()
    """The table's header: rank, player, the latest day, each table game, the total, in the
    words of the text standings."""


def _int(value: Any, default: int = 0) -> int:
    """A number from the params; absurd ones are clamped so that drawing never fails."""
    try:
        number = as_int(value, default)
    except OverflowError:  # float("inf"), which as_int lets through
        number = default
    return max(-_LARGEST, min(number, _LARGEST))


def _one_line(value: Any) -> str:
    """Text on one line, without the control characters no font has a glyph for."""
    text = "".join(c for c in plain(value) if unicodedata.category(c) != "Cc" or c in "\t\n\r")
    return " ".join(text.split())


def _by_day(value: Any, days: int) -> tuple[int, ...]:
    """Points for days 1..`days`: cut, or padded with 0."""
    points = [_int(p) for p in as_list(value)[:days]]
    return tuple(points + [0] * (days - len(points)))


def _standing(index: int, row: Mapping[str, Any], days: int, games: Sequence[str]) -> Standing:
    points = _by_day(row.get("days"), days)
    tables = _by_day(row.get("table_days"), days)
    others = as_map(row.get("games"))
    return Standing(
        rank=_int(row.get("rank"), index + 1),
        player=_one_line(row.get("player")) or "?",
        days=points,
        total=_int(row.get("total"), sum(points) + sum(tables)),
        games=tuple(_int(others.get(game)) for game in games),
        tables=tables,
    )


def select(
    params: Mapping[str, Any], locale: str = DEFAULT_LOCALE, registry: Registry = DEFAULT
) -> Selection:
    """The players to draw: the first CHART_PLAYERS as lines and TABLE_PLAYERS in the table
    (the rows come best first), over days 1..`days`, with the columns of the text standings
    but one day's: the latest (the chart shows the others)."""
    params = as_map(params)
    t = Words(catalog(locale, registry), Surface())
    rows = [as_map(row) for row in as_list(params.get("rows"))]
    days = max(0, min(_int(params.get("days")), _MAX_DAYS))
    columns = game_columns(t, params)
    games = [game for game, _ in columns]
    standings = [_standing(i, row, days, games) for i, row in enumerate(rows)]
    return Selection(
        name=_one_line(params.get("name")),
        days=days,
        lines=tuple(standings[:CHART_PLAYERS]),
        table=tuple(standings[:TABLE_PLAYERS]),
        players=len(standings),
        headers=(
            t("standings.rank"),
            t("standings.player"),
            t("standings.day", day=days),
            *(header for _, header in columns),
            t("standings.total"),
        ),
    )


def table_cells(selection: Selection) -> list[tuple[str, ...]]:
    """The table as drawn, cell by cell: the header, then a row a player (rank, name, the
    latest day's points, each table game's, the total)."""
    rows = [selection.headers]
    for standing in selection.table:
        latest = standing.days[-1] if standing.days else 0
        numbers = (latest, *standing.games, standing.total)
        rows.append((str(standing.rank), standing.player, *(_points(n) for n in numbers)))
    return rows


# -- drawing -----------------------------------------------------------------------------------


def standings_picture(
    params: Mapping[str, Any], locale: str, registry: Registry = DEFAULT
) -> bytes:
    """The standings as a PNG: each of the top players' overall total by day as a line, then
    the table of the text standings with the latest day's points for all the days, in
    `locale` ("ja" or "en")."""
    return _png(standings_figure(params, locale, registry))


def standings_figure(
    params: Mapping[str, Any], locale: str, registry: Registry = DEFAULT
) -> Figure:
    """The standings picture before it is written as a PNG."""
    labels = _LABELS.get(locale, _LABELS[DEFAULT_LOCALE])
    selection = select(params, locale, registry)
    if not selection.players or not selection.days:
        return _notice(selection, labels).figure
    return _standings(selection, labels).figure


class _Page:
    """A figure laid out in inches from its top left corner."""

    def __init__(self, height: float) -> None:
        # Whole pixels, so the size does not depend on rounding inside savefig.
        self.height = round(height * _DPI) / _DPI
        self.figure = Figure(figsize=(_WIDTH, self.height), dpi=_DPI, facecolor="white")
        FigureCanvasAgg(self.figure)
        self.families = list(font_families())

    def font(self, size: float) -> FontProperties:
        return FontProperties(family=self.families, size=size)

    def style(self, size: float, color: str, align: str) -> dict[str, Any]:
        """How every text of the picture is set: the page's fonts, centred on its line, and
        never read as maths (a name may hold a `$`)."""
        return {
            "fontproperties": self.font(size),
            "color": color,
            "ha": align,
            "va": "center",
            "parse_math": False,
        }

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        color: str = _INK,
        align: str = "left",
    ) -> Text:
        return self.figure.text(
            x / _WIDTH, 1 - y / self.height, text, **self.style(size, color, align)
        )

    def axes(self, x: float, y: float, width: float, height: float) -> Axes:
        return self.figure.add_axes(
            (x / _WIDTH, 1 - (y + height) / self.height, width / _WIDTH, height / self.height)
        )

    def resize(self, height: float) -> None:
        """A new height, before anything is placed: what is measured first sets it."""
        self.height = round(height * _DPI) / _DPI
        self.figure.set_size_inches(_WIDTH, self.height)

    def measure(self, text: str, size: float) -> float:
        """How wide `text` is, in inches, at `size` points."""
        artist = self.figure.text(0, 0, text, fontproperties=self.font(size), parse_math=False)
        width = float(artist.get_window_extent().width) / _DPI
        artist.remove()
        return width


def _png(figure: Figure) -> bytes:
    out = io.BytesIO()
    # No Software key (matplotlib's version): equal standings give equal bytes, even after an
    # upgrade. matplotlib writes no time into a PNG.
    figure.savefig(out, format="png", dpi=_DPI, facecolor="white", metadata={"Software": None})
    return out.getvalue()


def _fit(artist: Text, text: str, room: float, shown: Callable[[str], str] = str) -> None:
    """Sets `artist` to `shown(text)`, with `text` cut short behind an ellipsis where it would
    be wider than `room`: measured, since glyph widths vary too much between scripts to count
    characters."""

    def fits(part: str) -> bool:
        artist.set_text(shown(part))
        return artist.get_window_extent().width <= room * _DPI

    text = text[:_LONGEST]
    if fits(text):
        return
    kept, cut = 0, len(text)  # text[:kept] + "…" fits, text[:cut] + "…" may not
    while cut - kept > 1:
        middle = (kept + cut) // 2
        if fits(text[:middle] + "…"):
            kept = middle
        else:
            cut = middle
    artist.set_text(shown(text[:kept].rstrip() + "…"))


def _title(page: _Page, selection: Selection, labels: Mapping[str, str], y: float) -> None:
    day = labels["day"].format(day=selection.days)
    title = page.text(_SIDE, y, "", _TITLE)
    if selection.name:
        _fit(
            title,
            selection.name,
            _WIDTH - 2 * _SIDE,
            lambda name: labels["title_named"].format(name=name, day=day),
        )
    else:
        title.set_text(labels["title"].format(day=day))


def _notice(selection: Selection, labels: Mapping[str, str]) -> _Page:
    page = _Page(3.0)
    _title(page, selection, labels, 0.5)
    message = labels["no_days"] if selection.players else labels["empty"]
    page.text(_WIDTH / 2, 1.75, message, _SIZE + 3, color=_MUTED, align="center")
    return page


def _standings(selection: Selection, labels: Mapping[str, str]) -> _Page:
    more = selection.players - len(selection.table)
    title, heading, ticks, gap = 0.55, 0.4, 0.75, 0.65
    page = _Page(1.0)
    # The table's columns are measured first: their headers may take more than one line.
    layout = _lay_out(page, table_cells(selection))
    table = layout.head + len(selection.table) * _ROW
    note = 0.4 if more else 0.0
    page.resize(0.2 + title + heading + _CHART_HEIGHT + ticks + gap + table + note + 0.25)

    y = 0.2
    _title(page, selection, labels, y + title / 2)
    y += title
    page.text(_SIDE, y + heading / 2, labels["chart"], _SIZE)
    if selection.players > len(selection.lines):
        cut = labels["cut"].format(shown=len(selection.lines), players=selection.players)
        page.text(_WIDTH - _SIDE, y + heading / 2, cut, _SMALL, color=_MUTED, align="right")
    y += heading
    # The left margin holds the y tick labels, the right one the players' names.
    left, right = 1.05, 1.65
    chart = page.axes(left, y, _WIDTH - left - right, _CHART_HEIGHT)
    size = (_WIDTH - left - right, _CHART_HEIGHT)
    _draw_chart(page, chart, selection, labels, size, right - 0.12 - _SIDE / 2)
    y += _CHART_HEIGHT + ticks

    day = labels["day"].format(day=selection.days)
    # Rank, player, day and total, and a column for each table game played.
    heading_key = "table_games" if len(selection.headers) > 4 else "table"
    page.text(_SIDE, y + gap / 2, labels[heading_key].format(day=day), _SIZE)
    y += gap
    axes = page.axes(_SIDE, y, _WIDTH - 2 * _SIDE, table)
    _draw_table(page, axes, selection, layout)
    y += table
    if more:
        text = labels["more_one" if more == 1 else "more"].format(n=more)
        page.text(_WIDTH - _SIDE, y + note / 2, text, _SMALL, color=_MUTED, align="right")
    return page


def _points(value: float) -> str:
    return f"{value:,.0f}"


def _draw_chart(
    page: _Page,
    axes: Axes,
    selection: Selection,
    labels: Mapping[str, str],
    size: tuple[float, float],
    room: float,
) -> None:
    """The chart in `axes`, `size` inches; `room` inches right of it for the names."""
    days = selection.days
    series = [standing.totals for standing in selection.lines]
    low = float(min(0, *(min(totals) for totals in series)))
    high = float(max(0, *(max(totals) for totals in series)))
    if high == low:
        high = low + 100
    high += (high - low) * 0.06
    low -= (high - low) * 0.03 if low < 0 else 0
    first, last = 0.6, days + 0.4
    axes.set_xlim(first, last)
    axes.set_ylim(low, high)

    xs = list(range(1, days + 1))
    # A marker on every day while they stay apart, and always on the last day.
    step = math.ceil(days / _MARKERS_PER_LINE)
    markevery = slice((days - 1) % step, None, step)
    for i, totals in enumerate(series):
        axes.plot(
            xs,
            totals,
            color=_COLOURS[i],
            marker=_MARKERS[i],
            markevery=markevery,
            markersize=7,
            linewidth=2.4,
            zorder=3 + CHART_PLAYERS - i,  # the leader's line on top
            clip_on=False,
        )

    # Names in the right margin beside their line's last point, spread so none overlap,
    # each joined to its point by a thin line.
    width, height = size
    scale = height / (high - low)
    ends = [(totals[-1] - low) * scale for totals in series]
    gap = _SMALL * 1.25 / 72
    placed = _spread(ends, gap, gap / 2, height - gap / 2)
    margin = axes.get_yaxis_transform()  # x in axes widths, y in points scored
    end = (days - first) / (last - first)
    for i, (standing, y) in enumerate(zip(selection.lines, placed, strict=True)):
        label_y = low + y / scale
        axes.plot(
            [end, 1 + 0.02 / width, 1 + 0.08 / width],
            [series[i][-1], series[i][-1], label_y],
            color=_COLOURS[i],
            linewidth=1,
            transform=margin,
            clip_on=False,
        )
        label = axes.text(
            1 + 0.12 / width,
            label_y,
            "",
            transform=margin,
            fontproperties=page.font(_SMALL),
            color=_COLOURS[i],
            va="center",
            parse_math=False,
        )
        _fit(label, standing.player, room)

    ticks = _day_ticks(days)
    axes.set_xticks(
        ticks, [labels["day"].format(day=d) for d in ticks], fontproperties=page.font(_SMALL)
    )
    locator = MaxNLocator(nbins=6, integer=True)
    y_ticks = [t for t in locator.tick_values(low, high) if low <= t <= high]
    axes.set_yticks(y_ticks, [_points(t) for t in y_ticks], fontproperties=page.font(_SMALL))
    axes.set_xlabel(labels["x"], fontproperties=page.font(_SIZE), color=_INK)
    axes.set_ylabel(labels["y"], fontproperties=page.font(_SIZE), color=_INK)
    axes.tick_params(colors=_INK, length=5)
    axes.grid(True, color="#dddddd", linewidth=1)
    axes.set_axisbelow(True)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)


def _day_ticks(days: int) -> list[int]:
    """Days to label on the x axis: every day while they fit, else the first, the last and
    round steps between."""
    if days <= 10:
        return list(range(1, days + 1))
    step = next((s for s in (2, 5, 10, 20, 50, 100) if days / s <= 8), math.ceil(days / 8))
    ticks = list(range(1, days + 1, 2)) if step == 2 else [1, *range(step, days + 1, step)]
    if ticks[-1] != days:
        if days - ticks[-1] < step / 2:
            ticks.pop()
        ticks.append(days)
    return ticks


def _spread(targets: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near `targets` as they can be while `gap` apart, within low..high when
    they fit: crowded labels move apart as a group centred where they want to be."""
    # On a tie the earlier (better placed) one goes above.
    order = sorted(range(len(targets)), key=lambda i: (targets[i], -i))
    groups: list[list[int]] = [[i] for i in order]

    def start(group: list[int]) -> float:
        wanted = sum(targets[i] - k * gap for k, i in enumerate(group)) / len(group)
        return max(low, min(wanted, high - (len(group) - 1) * gap))

    merged = True
    while merged:
        merged = False
        for j in range(len(groups) - 1):
            if start(groups[j]) + len(groups[j]) * gap > start(groups[j + 1]) + 1e-9:
                groups[j : j + 2] = [groups[j] + groups[j + 1]]
                merged = True
                break
    placed = [0.0] * len(targets)
    for group in groups:
        first = start(group)
        for k, i in enumerate(group):
            placed[i] = first + k * gap
    return placed


@dataclass(frozen=True)
class _Layout:
    """Where the table's columns go, in inches from its left edge."""

    head: float
    """The header row's height: a table game's header may take a few lines."""
    headers: tuple[str, ...]
    """Each column's header, its lines joined by newlines."""
    rights: tuple[float, ...]
    """Where each column of numbers ends (they align right), from the latest day's on."""
    size: float
    """The numbers' size in points: smaller only where the columns would crowd the names."""
    head_size: float
    name_room: float


# Inches: the rank and the numbers align right, the name left after the marker.
_RANK_X: Final = 0.5
_MARKER_X: Final = 0.72
_NAME_X: Final = 0.92
_COLUMN_GAP: Final = 0.15
_NAME_GAP: Final = 0.15
_NAME_ROOM: Final = 1.2
"""The least width a name keeps before the numbers get smaller: six Japanese characters."""
_NUMBER_SIZES: Final = (_SIZE, _SMALL, 11.0, 10.0)


def _pieces(header: str) -> list[str]:
    """`header` cut where a line may break, before a space or an opening bracket (the mark
    of a game counted apart): joined again they are the header."""
    return [piece for piece in re.split(r"(?<!\s)(?=\s|[（(])", header) if piece]


def _lay_out(page: _Page, cells: Sequence[Sequence[str]]) -> _Layout:
    """The columns of numbers from the right edge leftwards, each as wide as its widest
    number or the longest word of its header, the header wrapped to that; the name gets
    what is left."""
    width = _WIDTH - 2 * _SIDE
    header, rows = cells[0], cells[1:]
    for size in _NUMBER_SIZES:
        head_size = min(size, _SMALL)
        lines: list[str] = []
        rights: list[float] = []
        right = width - 0.15
        for column in reversed(range(2, len(header))):
            widest = max((row[column] for row in rows), key=len, default="")
            pieces = _pieces(header[column])
            room = max(
                page.measure(widest, size),
                *(page.measure(piece.strip(), head_size) for piece in pieces),
            )
            lines.insert(0, "\n".join(_wrap(page, pieces, room, head_size)))
            rights.insert(0, right)
            right -= room + _COLUMN_GAP
        name_room = right + _COLUMN_GAP - _NAME_GAP - _NAME_X
        if name_room >= _NAME_ROOM:
            break
    count = max(text.count("\n") + 1 for text in lines) if lines else 1
    head = max(_ROW, count * head_size * 1.25 / 72 + 0.12)
    return _Layout(head, tuple(lines), tuple(rights), size, head_size, max(name_room, 0.3))


def _wrap(page: _Page, pieces: Sequence[str], room: float, size: float) -> list[str]:
    """The pieces of a header on as few lines as fit in `room` inches."""
    lines = [pieces[0].strip()] if pieces else [""]
    for piece in pieces[1:]:
        if page.measure(lines[-1] + piece, size) <= room:
            lines[-1] += piece
        else:
            lines.append(piece.strip())
    return lines


def _draw_table(page: _Page, axes: Axes, selection: Selection, layout: _Layout) -> None:
    """The cells of `table_cells`, one row per player: the rank, the name (the players in
    the chart carry their line's marker), then the numbers as laid out."""
    width = _WIDTH - 2 * _SIDE
    header, *rows = table_cells(selection)
    head = layout.head
    axes.set_xlim(0, width)
    axes.set_ylim(head + len(rows) * _ROW, 0)
    axes.set_axis_off()

    def cell(x: float, y: float, text: str, align: str, size: float = _SIZE) -> Text:
        return axes.text(
            x, y, text, multialignment=align, linespacing=1.1, **page.style(size, _INK, align)
        )

    axes.add_patch(Rectangle((0, 0), width, head, facecolor=_HEADER, edgecolor="none"))
    cell(_RANK_X, head / 2, header[0], "right", layout.head_size)
    cell(_NAME_X, head / 2, header[1], "left", layout.head_size)
    for right, text in zip(layout.rights, layout.headers, strict=True):
        cell(right, head / 2, text, "right", layout.head_size)
    for row, cells in enumerate(rows, start=1):
        top = head + (row - 1) * _ROW
        if row % 2 == 0:
            axes.add_patch(Rectangle((0, top), width, _ROW, facecolor=_STRIPE, edgecolor="none"))
        middle = top + _ROW / 2
        cell(_RANK_X, middle, cells[0], "right")
        _fit(cell(_NAME_X, middle, "", "left"), cells[1], layout.name_room)
        for right, text in zip(layout.rights, cells[2:], strict=True):
            cell(right, middle, text, "right", layout.size)
        if row <= len(selection.lines):
            axes.plot(
                [_MARKER_X],
                [middle],
                marker=_MARKERS[row - 1],
                color=_COLOURS[row - 1],
                markersize=8,
            )
