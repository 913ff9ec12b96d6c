"""The village standings as a PNG for phones: totals by day as lines, the latest day as a table."""

from __future__ import annotations

import functools
import importlib.util
import io
import logging
import math
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

from bot.chat.text import DEFAULT_LOCALE
from bot.words.text import as_int, as_list, as_map, plain

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
        "rank": "順位",
        "player": "名前",
        "total": "総合",
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
        "rank": "rank",
        "player": "player",
        "total": "total",
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
    total: int

    @property
    def totals(self) -> tuple[int, ...]:
        """The overall total at the end of each day."""
        return tuple(accumulate(self.days))


@dataclass(frozen=True)
class Selection:
    """What the picture shows: the chart's players, the table's, and how many there are."""

    name: str
    days: int
    lines: tuple[Standing, ...]
    table: tuple[Standing, ...]
    players: int


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


def _standing(index: int, row: Mapping[str, Any], days: int) -> Standing:
    points = [_int(p) for p in as_list(row.get("days"))[:days]]
    points += [0] * (days - len(points))
    return Standing(
        rank=_int(row.get("rank"), index + 1),
        player=_one_line(row.get("player")) or "?",
        days=tuple(points),
        total=_int(row.get("total"), sum(points)),
    )


def select(params: Mapping[str, Any]) -> Selection:
    """The players to draw: the first CHART_PLAYERS as lines and TABLE_PLAYERS in the table
    (the rows come best first), over days 1..`days`."""
    params = as_map(params)
    rows = [as_map(row) for row in as_list(params.get("rows"))]
    days = max(0, min(_int(params.get("days")), _MAX_DAYS))
    standings = [_standing(i, row, days) for i, row in enumerate(rows)]
    return Selection(
        name=_one_line(params.get("name")),
        days=days,
        lines=tuple(standings[:CHART_PLAYERS]),
        table=tuple(standings[:TABLE_PLAYERS]),
        players=len(standings),
    )


# -- drawing -----------------------------------------------------------------------------------


def standings_picture(params: Mapping[str, Any], locale: str) -> bytes:
    """The standings as a PNG: each of the top players' overall total by day as a line, then
    the latest day's rank, points and total in a table, in `locale` ("ja" or "en")."""
    labels = _LABELS.get(locale, _LABELS[DEFAULT_LOCALE])
    selection = select(params)
    if not selection.players or not selection.days:
        return _notice(selection, labels)
    return _standings(selection, labels)


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
            x / _WIDTH,
            1 - y / self.height,
            text,
            fontproperties=self.font(size),
            color=color,
            ha=align,
            va="center",
            parse_math=False,
        )

    def axes(self, x: float, y: float, width: float, height: float) -> Axes:
        return self.figure.add_axes(
            (x / _WIDTH, 1 - (y + height) / self.height, width / _WIDTH, height / self.height)
        )

    def png(self) -> bytes:
        out = io.BytesIO()
        # No Software key (matplotlib's version): equal standings give equal bytes, even
        # after an upgrade. matplotlib writes no time into a PNG.
        self.figure.savefig(
            out, format="png", dpi=_DPI, facecolor="white", metadata={"Software": None}
        )
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


def _notice(selection: Selection, labels: Mapping[str, str]) -> bytes:
    page = _Page(3.0)
    _title(page, selection, labels, 0.5)
    message = labels["no_days"] if selection.players else labels["empty"]
    page.text(_WIDTH / 2, 1.75, message, _SIZE + 3, color=_MUTED, align="center")
    return page.png()


def _standings(selection: Selection, labels: Mapping[str, str]) -> bytes:
    more = selection.players - len(selection.table)
    title, heading, ticks, gap = 0.55, 0.4, 0.75, 0.65
    table = (len(selection.table) + 1) * _ROW
    note = 0.4 if more else 0.0
    page = _Page(0.2 + title + heading + _CHART_HEIGHT + ticks + gap + table + note + 0.25)

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
    page.text(_SIDE, y + gap / 2, labels["table"].format(day=day), _SIZE)
    y += gap
    _draw_table(page, page.axes(_SIDE, y, _WIDTH - 2 * _SIDE, table), selection, labels)
    y += table
    if more:
        text = labels["more_one" if more == 1 else "more"].format(n=more)
        page.text(_WIDTH - _SIDE, y + note / 2, text, _SMALL, color=_MUTED, align="right")
    return page.png()


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


def _draw_table(page: _Page, axes: Axes, selection: Selection, labels: Mapping[str, str]) -> None:
    """Rank, player, the latest day's points and the total, one row per player; the players
    in the chart carry their line's marker."""
    width = _WIDTH - 2 * _SIDE
    rows = len(selection.table) + 1
    axes.set_xlim(0, width)
    axes.set_ylim(rows, 0)
    axes.set_axis_off()
    # Inches: the rank and numbers align right, the name left after the marker.
    rank_x, marker_x, name_x, day_x, total_x = 0.75, 0.98, 1.2, width - 1.55, width - 0.15
    name_room = day_x - 1.0 - name_x
    font = page.font(_SIZE)

    def cell(x: float, row: int, text: str, align: str) -> Text:
        return axes.text(
            x,
            row + 0.5,
            text,
            fontproperties=font,
            color=_INK,
            ha=align,
            va="center",
            parse_math=False,
        )

    axes.add_patch(Rectangle((0, 0), width, 1, facecolor=_HEADER, edgecolor="none"))
    cell(rank_x, 0, labels["rank"], "right")
    cell(name_x, 0, labels["player"], "left")
    cell(day_x, 0, labels["day"].format(day=selection.days), "right")
    cell(total_x, 0, labels["total"], "right")
    for row, standing in enumerate(selection.table, start=1):
        if row % 2 == 0:
            axes.add_patch(Rectangle((0, row), width, 1, facecolor=_STRIPE, edgecolor="none"))
        cell(rank_x, row, str(standing.rank), "right")
        _fit(cell(name_x, row, "", "left"), standing.player, name_room)
        cell(day_x, row, _points(standing.days[-1]), "right")
        cell(total_x, row, _points(standing.total), "right")
        if row <= len(selection.lines):
            axes.plot(
                [marker_x],
                [row + 0.5],
                marker=_MARKERS[row - 1],
                color=_COLOURS[row - 1],
                markersize=8,
            )
