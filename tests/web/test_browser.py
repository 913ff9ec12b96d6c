"""The verifier page in a real browser: headless Chromium (Debian's, never a downloaded one)
opens a saved copy of the page from disk, with the network off, loads exports of this run and
shows the verdict, every check and the face counts, in Japanese and in English, at a phone's
width. GREEDBOT_VERIFY_SCREENSHOT=PATH keeps the picture README shows."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.games.greed.faces import parse_faces
from bot.games.greed.fair import face_uniformity
from tests.web.conftest import CHROMIUM, ENDINGS, PAGE, missing
from tests.web.test_agreement import TRUNCATIONS

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PAGE_FILES = ("index.html", "page.js", "verifier.js", "style.css")
SHOWN = {"Eg": "E🟩green", "Eb": "E⬛black"}
"""The E faces as the bot's English replies write them."""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        missing("Browser suite", f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Browser suite", "the playwright package is not installed")
        return
    profile = tmp_path_factory.mktemp("profile")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            offline=True,
            locale="en-US",
            viewport={"width": 900, "height": 1000},
        )
        yield context
        context.close()


@pytest.fixture(scope="module")
def saved_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page as a player saves it: its files in a folder of their own, opened from disk."""
    folder = tmp_path_factory.mktemp("saved") / "greedbot verify page"
    folder.mkdir()
    for name in PAGE_FILES:
        shutil.copy(PAGE / name, folder / name)
    return folder / "index.html"


class Page:
    """One tab on the saved page; it fails the test on any script error or any request
    that is not for one of the page's own files."""

    def __init__(self, browser: Any, url: str, locale: str | None = None) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.tab = browser.new_page()
        self.tab.on("pageerror", lambda error: self.errors.append(str(error)))
        self.tab.on("request", lambda request: self.requests.append(request.url))
        if locale:
            # The browser's language, as navigator.languages reports it.
            self.tab.add_init_script(
                f"Object.defineProperty(navigator, 'languages', {{get: () => ['{locale}']}});"
            )
        self.tab.goto(url)
        self.tab.wait_for_selector("body[data-ready=true]")

    def load(self, path: Path) -> str:
        self.tab.evaluate("delete document.body.dataset.verdict")
        self.tab.set_input_files("#file", str(path))
        self.tab.wait_for_selector("body[data-verdict]")
        verdict: str = self.tab.get_attribute("body", "data-verdict") or ""
        return verdict

    def text(self, selector: str) -> str:
        return str(self.tab.inner_text(selector))

    def rows(self, table: str) -> list[list[str]]:
        rows: list[list[str]] = self.tab.eval_on_selector_all(
            f"#{table} tbody tr",
            "rows => rows.map(r => [...r.children].map(c => c.innerText.trim()))",
        )
        return rows

    def close(self) -> None:
        self.tab.close()
        assert self.errors == []
        assert all(url.startswith("file://") for url in self.requests), self.requests


@pytest.fixture
def page(browser: Any, saved_copy: Path) -> Iterator[Page]:
    tab = Page(browser, saved_copy.as_uri())
    yield tab
    tab.close()


def tampered(path: Path, tmp_path: Path, change: Any) -> Path:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    out = tmp_path / f"tampered-{path.name}"
    out.write_text(json.dumps(document), encoding="utf-8")
    return out


def test_a_fair_day_shows_every_check_and_the_stats_figures(
    page: Page, exports: dict[str, Path]
) -> None:
    document = json.loads(exports["greed"].read_text(encoding="utf-8"))
    throws, players = document["throws"], {t["player_id"] for t in document["throws"]}
    assert page.load(exports["greed"]) == "ok"
    checks = 1 + len(throws) + len(players)
    assert page.text("#verdict").startswith(f"✅ All {checks} checks hold")
    rows = page.rows("check-table")
    assert len(rows) == checks and all(row[-1] == "✅" for row in rows)
    assert rows[0][2] == document["commitment"]
    first = throws[0]
    voided = " (voided)" if first["voided"] else ""
    name = f"throw {first['throw_seq']}{voided}"
    # Players by the names the village shows, faces as the bot writes them.
    names = document["names"]
    faces = " ".join(SHOWN.get(face, face) for face in first["faces"])
    assert rows[1][1:5] == [name, names[str(first["player_id"])], faces, "= the same"]
    # The face counts and chi-square are /village stats' own figures, to the digits it shows.
    stats = page.rows("stats-table")
    every = face_uniformity(f for t in throws for f in parse_faces(t["faces"]))
    assert stats[0] == [
        "All",
        *(str(n) for n in every.counts.values()),
        str(every.total),
        f"{every.chi_square:.2f}",
        f"{every.p_value:.3f}",
    ]
    by_name = {name: int(player) for player, name in names.items()}
    for row in stats[1:]:
        player = by_name[row[0]]
        mine = face_uniformity(
            f for t in throws if t["player_id"] == player for f in parse_faces(t["faces"])
        )
        assert row[-2:] == [f"{mine.chi_square:.2f}", f"{mine.p_value:.3f}"]
    assert len(stats) == 1 + len(players)


def test_a_swapped_card_is_named_by_its_deal_and_place(
    page: Page, exports: dict[str, Path], tmp_path: Path
) -> None:
    def swap(document: dict[str, Any]) -> None:
        deck = next(d for d in document["draws"] if d["draw"].get("shuffle"))["outcome"]
        deck[3], deck[7] = deck[7], deck[3]

    assert page.load(tampered(exports["gleek"], tmp_path, swap)) == "failed"
    verdict = page.text("#verdict")
    # The changed card, and the digest the record says was posted, which it no longer gives.
    assert verdict.startswith("❌ The record does not verify (2 problems)\n")
    # A deal is no roll: it is named by its draw number.
    assert "First mismatch: draw 2: card 4 is" in verdict
    [bad] = [row for row in page.rows("check-table") if row[-1] == "❌"]
    assert bad[1] == "#2 deal 1"
    assert page.tab.locator("#check-table tr.bad mark").count() == 2  # recorded and expected


def test_a_table_still_in_play_has_no_seed_yet(page: Page, exports: dict[str, Path]) -> None:
    assert page.load(exports["ducks_open"]) == "not_revealed"
    assert "not revealed yet" in page.text("#verdict")
    assert "no failure of the bot" in page.text("#verdict")


def test_a_changed_die_shows_as_players_see_it(
    page: Page, exports: dict[str, Path], tmp_path: Path
) -> None:
    def die(document: dict[str, Any]) -> None:
        document["draws"][-1]["outcome"][0] = (document["draws"][-1]["outcome"][0] + 1) % 6

    assert page.load(tampered(exports["ducks"], tmp_path, die)) == "failed"
    assert "the seed gives Boss" in page.text("#verdict")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"village_id": 1, "throws": [', "not JSON"),
        (
            '{"village_id": 1, "day": 1, "commitment": "", "seed": null, "throws": 5}',
            "cannot be read",
        ),
    ],
    ids=["deep", "cut", "wrong-type"],
)
def test_a_hostile_file_gets_a_clear_message(
    page: Page, tmp_path: Path, content: str, words: str
) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(content, encoding="utf-8")
    verdict = page.load(path)
    assert verdict in ("unreadable", "failed")
    assert words in page.text("#verdict")


def test_japanese_first_for_a_japanese_browser_and_a_switch_to_english(
    browser: Any, saved_copy: Path, exports: dict[str, Path]
) -> None:
    tab = Page(browser, saved_copy.as_uri(), locale="ja-JP")
    try:
        assert tab.text("h1") == "出目の検証"
        assert tab.load(exports["regidice"]) == "ok"
        assert "件の検証がすべて成り立ちました" in tab.text("#verdict")
        tab.tab.click("button[data-lang=en]")
        assert tab.text("h1") == "Check the dice"
        assert "checks hold" in tab.text("#verdict")
        tab.tab.click("button[data-lang=ja]")  # the choice is remembered: leave it as it was
        assert tab.text("h1") == "出目の検証"
        tab.tab.evaluate("localStorage.clear()")
    finally:
        tab.close()


def test_at_a_phones_width_nothing_runs_off_the_side(
    browser: Any, saved_copy: Path, exports: dict[str, Path]
) -> None:
    tab = Page(browser, saved_copy.as_uri(), locale="ja-JP")
    try:
        tab.tab.set_viewport_size({"width": 360, "height": 740})
        assert tab.load(exports["greed"]) == "ok"
        width = tab.tab.evaluate("document.documentElement.scrollWidth")
        assert width <= 360
        shot = os.environ.get("GREEDBOT_VERIFY_SCREENSHOT")
        if shot:
            tab.tab.set_viewport_size({"width": 760, "height": 900})
            tab.tab.screenshot(path=shot, full_page=True)
    finally:
        tab.close()


@pytest.mark.parametrize("ending", sorted(ENDINGS))
def test_every_ending_verifies_and_shows_what_to_compare_with_the_village(
    page: Page, exports: dict[str, Path], ending: str
) -> None:
    document = json.loads(exports[ending].read_text(encoding="utf-8"))
    assert page.load(exports[ending]) == "ok"
    compare = page.text("#verdict .compare")
    # The seal posted at the start, and the count and digest posted with the seed at the end.
    assert document["commitment"] in compare
    assert document["draw_digest"] in compare and str(document["draw_count"]) in compare
    assert "the seal (commitment) posted at the start" in compare


@pytest.mark.parametrize("name", ["greed_last_throw_gone", "greed_faces_cut", "regidice_die_gone"])
def test_a_record_cut_short_fails_by_the_digest_posted_with_its_seed(
    page: Page, exports: dict[str, Path], tmp_path: Path, name: str
) -> None:
    [(_, cut, base)] = [t for t in TRUNCATIONS if t[0] == name]
    assert page.load(tampered(exports[base], tmp_path, cut)) == "failed"
    verdict = page.text("#verdict")
    assert "a draw was taken out, cut short or changed" in verdict
    # The rows with a problem are shown at once, wherever they are.
    assert page.tab.is_checked("#only-bad")


def test_without_webcrypto_the_page_says_so_when_it_opens(browser: Any, saved_copy: Path) -> None:
    """As over plain http:// off this machine: the browser gives no crypto.subtle."""
    tab = browser.new_page()
    try:
        tab.add_init_script(
            "Object.defineProperty(globalThis.crypto, 'subtle', {get: () => undefined});"
        )
        tab.goto(saved_copy.as_uri())
        tab.wait_for_selector("body[data-ready=true]")
        tab.click("button[data-lang=en]")
        assert tab.is_visible("#insecure")
        assert "Open this page from https://" in tab.inner_text("#insecure")
        tab.click("button[data-lang=ja]")
        assert "https://" in tab.inner_text("#insecure")
        tab.evaluate("localStorage.clear()")
    finally:
        tab.close()


def test_a_copy_that_runs_its_scripts_hides_the_note_for_one_that_cannot(page: Page) -> None:
    assert not page.tab.is_visible("#no-scripts")
    assert not page.tab.is_visible("#insecure")
    # The note is in the page itself, for a copy saved as one file, which runs no script.
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    assert 'id="no-scripts"' in html and "Webpage, Complete" in html
