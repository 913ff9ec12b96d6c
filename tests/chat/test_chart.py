"""The standings picture: a phone-sized PNG whose Japanese text has a Japanese font."""

from __future__ import annotations

import datetime as dt
import io
import itertools
import logging
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from matplotlib import font_manager
from matplotlib.font_manager import FontProperties
from PIL import Image

from bot.chat import chart
from bot.chat.chart import (
    CHART_PLAYERS,
    TABLE_PLAYERS,
    font_families,
    select,
    standings_figure,
    standings_picture,
    table_cells,
)
from bot.chat.render import render
from bot.storage.memory import MemoryStore
from bot.village.day.memo import VillageScores, standings_params
from bot.village.records import DayPoints, PlayerRecord, VillageRecord
from bot.village.settings import VillageSettings
from bot.words.reply import Reply, ReplyKind
from tests.toys.registry import TOYS

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ROOT = Path(__file__).resolve().parents[2]

EXAMPLE: dict[str, Any] = {
    "days": 3,
    "rows": [
        {"rank": 1, "player": "alice", "days": [300, 0, 1000], "total": 1300},
        {"rank": 2, "player": "ぼぶ", "days": [0, 500, 450], "total": 950},
    ],
}


def village(
    players: int, days: int, seed: int = 7, name: str | None = "テスト村"
) -> dict[str, Any]:
    """Standings shaped like `standings_params` makes them: ranked best first, ties shared."""
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    for i in range(players):
        points = [rng.choice([0, 0, 50, 100, 300, 450, 1000, 1500]) for _ in range(days)]
        player = f"player{i}" if i % 2 else f"ぷれいやー{i}"
        rows.append({"player": player, "days": points, "total": sum(points)})
    rows.sort(key=lambda row: (-row["total"], row["player"]))
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or row["total"] != rows[i - 1]["total"]:
            rank = i + 1
        row["rank"] = rank
    params: dict[str, Any] = {"days": days, "rows": rows}
    if name is not None:
        params["name"] = name
    return params


def decode(data: bytes) -> np.ndarray[Any, Any]:
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.format == "PNG"
        return np.asarray(image.convert("RGB"))


def colours(pixels: np.ndarray[Any, Any]) -> set[int]:
    """The distinct colours in a picture, as 0xRRGGBB."""
    rgb = pixels.astype(np.uint32)
    return {int(c) for c in np.unique(rgb[..., 0] << 16 | rgb[..., 1] << 8 | rgb[..., 2])}


def hex_rgb(colour: str) -> int:
    return int(colour.removeprefix("#"), 16)


def assert_phone_picture(data: bytes) -> np.ndarray[Any, Any]:
    pixels = decode(data)
    height, width, _ = pixels.shape
    assert width == 1080
    assert 400 <= height <= 4000
    inked = (pixels < 200).any(axis=2).mean()
    assert 0.002 < inked < 0.5  # something drawn on a white page
    assert len(colours(pixels)) > 50  # antialiased text, not a few flat blocks
    return pixels


# -- the picture -------------------------------------------------------------------------------


def test_the_example_is_a_portrait_png_with_both_lines() -> None:
    pixels = assert_phone_picture(standings_picture(EXAMPLE, "ja"))
    height, width, _ = pixels.shape
    assert height > width
    drawn = colours(pixels)
    assert hex_rgb(chart._COLOURS[0]) in drawn
    assert hex_rgb(chart._COLOURS[1]) in drawn
    assert hex_rgb(chart._COLOURS[2]) not in drawn  # two players, two lines


def test_ten_players_get_ten_colours() -> None:
    pixels = decode(standings_picture(village(34, 30), "ja"))
    drawn = colours(pixels)
    assert all(hex_rgb(colour) in drawn for colour in chart._COLOURS)


def test_languages_differ_and_equal_input_gives_equal_bytes() -> None:
    params = village(12, 5)
    ja = standings_picture(params, "ja")
    assert standings_picture(params, "ja") == ja
    assert standings_picture(params, "en") != ja
    # Japanese is the default for any other locale.
    assert standings_picture(params, "fr") == ja


def test_equal_bytes_in_another_process() -> None:
    script = (
        "import sys\n"
        "from bot.chat.chart import standings_picture\n"
        f"sys.stdout.buffer.write(standings_picture({EXAMPLE!r}, 'en'))\n"
    )
    other = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, check=True, timeout=120
    )
    assert other.stdout == standings_picture(EXAMPLE, "en")


def test_the_name_goes_into_the_title() -> None:
    plain = standings_picture(EXAMPLE, "en")
    assert standings_picture({**EXAMPLE, "name": ""}, "en") == plain
    assert standings_picture({**EXAMPLE, "name": None}, "en") == plain
    assert standings_picture({**EXAMPLE, "name": "グリード村"}, "en") != plain


# -- what is drawn -----------------------------------------------------------------------------


def test_a_big_village_is_cut_to_ten_lines_and_thirty_rows() -> None:
    params = village(100, 30)
    selection = select(params)
    assert selection.players == 100
    assert selection.days == 30
    assert len(selection.lines) == CHART_PLAYERS == 10
    assert len(selection.table) == TABLE_PLAYERS == 30
    assert [s.player for s in selection.table] == [r["player"] for r in params["rows"][:30]]
    assert selection.lines == selection.table[:10]
    best = selection.lines[0]
    assert best.totals[-1] == best.total == params["rows"][0]["total"]
    assert list(best.totals) == list(np.cumsum(params["rows"][0]["days"]))


def test_a_small_village_is_drawn_whole() -> None:
    selection = select(EXAMPLE)
    assert [s.player for s in selection.lines] == ["alice", "ぼぶ"]
    assert selection.table == selection.lines
    assert selection.lines[1].totals == (0, 500, 950)


def test_a_big_village_renders_with_the_table_capped() -> None:
    hundred = assert_phone_picture(standings_picture(village(100, 30), "ja"))
    thirty_one = decode(standings_picture(village(31, 30), "ja"))
    thirty = decode(standings_picture(village(30, 30), "ja"))
    # 31 and 100 players both show 30 rows and a note; 30 players need no note.
    assert hundred.shape == thirty_one.shape
    assert hundred.shape[0] > thirty.shape[0]


def test_day_lists_are_cut_or_padded_to_the_standings_days() -> None:
    selection = select({"days": 3, "rows": [{"player": "a", "days": [1, 2, 3, 4, 5]}, {}]})
    assert selection.lines[0].days == (1, 2, 3)
    assert selection.lines[0].total == 6  # no total given: the days' sum
    assert selection.lines[1].days == (0, 0, 0)
    assert selection.lines[1].rank == 2


def test_day_ticks_stay_few_and_include_the_ends() -> None:
    assert chart._day_ticks(1) == [1]
    assert chart._day_ticks(10) == list(range(1, 11))
    for days in (11, 17, 30, 31, 99, 365, 3650):
        ticks = chart._day_ticks(days)
        assert ticks[0] == 1
        assert ticks[-1] == days
        assert len(ticks) <= 11
        assert ticks == sorted(set(ticks))


def test_labels_are_spread_apart_and_stay_put_when_apart() -> None:
    assert chart._spread([1.0, 3.0], 0.2, 0.0, 5.0) == [1.0, 3.0]
    placed = chart._spread([2.0, 2.0, 2.0, 4.0], 0.2, 0.0, 5.0)
    ordered = sorted(placed)
    assert all(b - a >= 0.2 - 1e-9 for a, b in itertools.pairwise(ordered))
    assert placed[0] > placed[1] > placed[2]  # ties: the better placed one above
    assert placed[1] == pytest.approx(2.0)  # a crowd is centred where it wants to be
    assert placed[3] == 4.0
    # Crowded at the top edge: pushed down inside it.
    top = chart._spread([5.0, 5.0, 5.0], 0.2, 0.0, 5.0)
    assert max(top) <= 5.0 + 1e-9


# -- the table games ---------------------------------------------------------------------------

AT = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
NAMES = ("ann", "bob", "cy", "dee")
ANN, BOB, CY, DEE = range(1, 5)


def score(day: int, player: int, points: int, game: str = "greed", table: int = 0) -> DayPoints:
    return DayPoints(day, player, points, True, None, table, game)


async def with_tables(locale: str = "ja") -> dict[str, Any]:
    """Three days of Greed, and tables of the three table games on some of them: the
    standings as a close makes them. cy played no Greed and scored 5 at a Ducks table."""
    village = VillageRecord(10, "greed", VillageSettings(locale=locale, name="村"), 3, AT)
    players = [PlayerRecord(10, i, name, AT) for i, name in enumerate(NAMES, start=1)]
    rows = [
        *(score(d, ANN, p) for d, p in enumerate((300, 0, 1000), start=1)),
        *(score(d, BOB, p) for d, p in enumerate((0, 500, 450), start=1)),
        *(score(d, DEE, p) for d, p in enumerate((50, 0, 0), start=1)),
        score(2, ANN, 4, "ducks", 101),
        score(2, CY, 5, "ducks", 101),
        score(3, BOB, 2, "ducks", 102),
        score(3, CY, 3, "ducks", 102),
        score(1, ANN, 12, "gleek", 103),
        score(1, BOB, -12, "gleek", 103),
        score(3, ANN, 60, "regidice", 104),
        score(3, DEE, 41, "regidice", 104),
    ]
    return await standings_params(MemoryStore(), village, 3, scores=VillageScores(players, rows))


def text_table(params: dict[str, Any], locale: str) -> list[list[str]]:
    """The cells of the text standings' table, as a player reads them in the code block."""
    text = render(Reply(ReplyKind.INFO, "standings", params), locale)
    block = text.split("```")[1].strip("\n").splitlines()
    return [re.split(r" {2,}", line.strip()) for line in block]


@pytest.mark.parametrize("locale", ["ja", "en"])
async def test_the_table_has_the_text_standings_columns_with_the_latest_day(locale: str) -> None:
    params = await with_tables(locale)
    text = text_table(params, locale)
    drawn = table_cells(select(params, locale))
    # The text shows every day; the picture the latest, the chart drawing the others.
    latest = [[*cells[:2], *cells[4:]] for cells in text]
    assert [[c.replace(",", "") for c in cells] for cells in drawn] == latest
    header = drawn[0]
    games = ("ダックス", "グリーク（別集計）", "レジダイス 勝ち（別集計）")
    if locale == "en":
        games = ("Ducks", "Gleek (apart)", "Regidice wins (apart)")
    assert header[3:-1] == games
    assert [cells[1] for cells in drawn[1:]] == ["ann", "bob", "dee", "cy"]


async def test_each_line_ends_at_the_total_the_table_shows() -> None:
    params = await with_tables()
    totals = {cells[1]: int(cells[-1]) for cells in text_table(params, "ja")[1:]}
    assert totals == {"ann": 1304, "bob": 952, "dee": 50, "cy": 8}  # Ducks counted, not the rest
    selection = select(params)
    assert {s.player: s.totals[-1] for s in selection.lines} == totals
    # The tables count from the day they were scored: cy's 5 at day 2's table, 3 at day 3's.
    assert next(s for s in selection.lines if s.player == "cy").totals == (0, 5, 8)


async def test_the_drawn_lines_end_at_the_totals() -> None:
    params = await with_tables()
    chart_axes = standings_figure(params, "ja").axes[0]
    ends = [float(line.get_ydata()[-1]) for line in chart_axes.get_lines()[: len(NAMES)]]
    assert ends == [1304, 952, 50, 8]
    low, high = chart_axes.get_ylim()
    assert low <= 8 < 50 < high  # cy's line stands above 0, at 8


async def test_the_table_games_picture_fits_a_phone_with_many_long_names() -> None:
    params = await with_tables()
    names = [f"とても長い名前のプレイヤー{i}" for i in range(25)]
    rows = [
        {**params["rows"][i % 4], "player": name, "rank": i + 1, "total": 12345}
        for i, name in enumerate(names)
    ]
    big = {**params, "rows": rows}
    assert_phone_picture(standings_picture(big, "ja"))
    assert_phone_picture(standings_picture(big, "en"))
    page = chart._Page(1.0)
    layout = chart._lay_out(page, table_cells(select(big, "ja")))
    assert layout.name_room >= chart._NAME_ROOM
    assert layout.size >= chart._SMALL  # the numbers still read on a phone
    assert len(layout.rights) == 5  # the day, three games and the total
    gaps = [b - a for a, b in itertools.pairwise(layout.rights)]
    assert min(gaps) > 0.4  # no two columns of numbers run into each other


def test_a_header_breaks_only_where_it_may_and_reads_the_same_joined() -> None:
    for header in ("レジダイス 勝ち（別集計）", "Regidice wins (apart)", "ダックス", "3d"):
        assert "".join(chart._pieces(header)) == header
    assert chart._pieces("レジダイス 勝ち（別集計）") == ["レジダイス", " 勝ち", "（別集計）"]
    assert chart._pieces("Gleek (apart)") == ["Gleek", " (apart)"]


def test_a_village_of_greed_alone_draws_the_day_and_the_total() -> None:
    assert table_cells(select(EXAMPLE, "en")) == [
        ("rank", "player", "3d", "total"),
        ("1", "alice", "1,000", "1,300"),
        ("2", "ぼぶ", "450", "950"),
    ]


# -- awkward standings -------------------------------------------------------------------------


def test_no_rows_still_gives_a_picture() -> None:
    for params in ({"days": 1, "rows": []}, {"days": 0, "rows": []}, {}):
        assert_phone_picture(standings_picture(params, "ja"))
    assert standings_picture({"days": 1, "rows": []}, "en") != standings_picture(
        {"days": 1, "rows": []}, "ja"
    )


def test_players_without_days_say_so() -> None:
    params = {"days": 0, "rows": [{"rank": 1, "player": "alice", "days": [], "total": 0}]}
    assert_phone_picture(standings_picture(params, "en"))
    assert standings_picture(params, "en") != standings_picture({"days": 0, "rows": []}, "en")


def test_one_day() -> None:
    for players in (1, 5, 12):
        pixels = assert_phone_picture(standings_picture(village(players, 1), "ja"))
        assert hex_rgb(chart._COLOURS[0]) in colours(pixels)  # the marker is there


def test_many_days_render() -> None:
    assert_phone_picture(standings_picture(village(12, 400), "en"))


def test_japanese_and_full_width_names_render() -> None:
    names = ["ぼぶ", "ＡＢＣ全角１２３", "ｶﾀｶﾅ", "山田　太郎", "長い名前" * 20, "W" * 60, "$x^2$"]
    rows = [
        {"rank": i + 1, "player": name, "days": [100 * (9 - i)], "total": 100 * (9 - i)}
        for i, name in enumerate(names)
    ]
    params = {"days": 1, "rows": rows, "name": "全角の村　ＧＲＥＥＤ" * 5}
    assert_phone_picture(standings_picture(params, "ja"))
    assert_phone_picture(standings_picture(params, "en"))


@pytest.mark.filterwarnings("ignore:Glyph .* missing from font")  # no emoji font here
def test_emoji_names_render() -> None:
    rows = [
        {"rank": 1, "player": "🎲dice", "days": [500], "total": 500},
        {"rank": 2, "player": "👨‍👩‍👧 family", "days": [300], "total": 300},
        {"rank": 3, "player": "❤️", "days": [0], "total": 0},
    ]
    assert_phone_picture(standings_picture({"days": 1, "rows": rows, "name": "🎲村"}, "ja"))


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"days": "x", "rows": "nope"},
        {"days": None, "rows": None, "name": 5},
        {"days": "3", "rows": [None, 5, "x", ["a"]]},
        {"days": 2, "rows": [{"player": None, "days": "abc", "total": "many", "rank": []}]},
        {"days": 3, "rows": [{"player": ["a", "b"], "days": ["1", None, 2.5], "rank": "1"}]},
        {"days": 2, "rows": [{"player": "x", "days": [float("nan"), float("inf")]}]},
        {"days": 2, "rows": [{"player": "x", "days": [10**400, -(10**400)], "total": 10**400}]},
        {"days": -4, "rows": [{"player": "x"}]},
        {"days": 10**12, "rows": [{"player": "x", "days": [1, 2]}]},
        {"days": 1.5, "rows": [{"player": "a\x00b\n\tc", "days": [True]}], "name": ["村"]},
        {"days": 2, "rows": [{"player": "x", "days": [-500, -300]}, {"player": "y"}]},
    ],
)
def test_malformed_params_do_not_raise(params: dict[str, Any]) -> None:
    assert_picture = decode(standings_picture(params, "en"))
    assert assert_picture.shape[1] == 1080


def test_malformed_values_read_as_zero() -> None:
    selection = select({"days": 3, "rows": [{"player": "x", "days": ["1", None, "many"]}]})
    assert selection.lines[0].days == (1, 0, 0)
    assert select({"days": "x", "rows": {}}).players == 0


# -- fonts -------------------------------------------------------------------------------------


def test_the_japanese_font_comes_first_and_has_the_glyphs() -> None:
    families = font_families()
    assert families == font_families()  # looked up once
    path = font_manager.fontManager.findfont(
        FontProperties(family=families[0]), fallback_to_default=False
    )
    charmap = font_manager.get_font(path).get_charmap()
    assert all(ord(c) in charmap for c in "順位表総合得点ぼぶプレイヤー全角（）")


def test_the_bundled_font_is_added_without_importing_its_package() -> None:
    script = (
        "import sys\n"
        "import matplotlib\n"
        "from bot.chat import chart\n"
        "print(chart._add_bundled_font())\n"
        "print(chart.font_families()[0])\n"
        "print('matplotlib_fontja' in sys.modules)\n"
        "print(matplotlib.rcParams['font.family'])\n"
    )
    other = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        check=True,
        text=True,
        timeout=120,
    )
    bundled, family, imported, rc_family = other.stdout.splitlines()
    assert bundled == "IPAexGothic"
    assert family in chart._JAPANESE_FONTS
    assert imported == "False"
    assert rc_family == "['sans-serif']"  # global settings untouched


def test_japanese_text_draws_without_missing_glyphs(caplog: pytest.LogCaptureFixture) -> None:
    params = {
        "name": "グリード村",
        "days": 2,
        "rows": [
            {"rank": 1, "player": "ぼぶ", "days": [500, 450], "total": 950},
            {"rank": 2, "player": "山田　太郎", "days": [300, 0], "total": 300},
            {"rank": 3, "player": "ＡＢＣ１２３", "days": [0, 0], "total": 0},
        ],
    }
    caplog.set_level(logging.WARNING)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        standings_picture(params, "ja")
        standings_picture(village(40, 30), "ja")
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    assert missing == []
    assert [
        r.getMessage() for r in caplog.records if r.name.startswith(("matplotlib", "bot"))
    ] == []


def test_the_pictures_columns_name_the_games_of_the_registry_it_is_handed() -> None:
    """A toy game's column is headed in its own words, from the registry the village hosts."""
    params = {
        "days": 1,
        "games": ["coin"],
        "apart": [],
        "rows": [
            {"player": "ann", "rank": 1, "days": [0], "games": {"coin": 2}, "total": 2},
        ],
    }
    assert "Coin toss" in select(params, "en", TOYS).headers
    assert "Coin toss" not in select(params, "en").headers  # the bot's games know no coin
