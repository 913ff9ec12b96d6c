"""The verifier page's tests: Node runs its own tests and its command line, headless Chromium
opens the page. Where either is missing its tests are skipped and the summary says so loudly;
GREEDBOT_REQUIRE_BROWSER=1 (set by .ci/run) turns that skip into a failure."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.console.replay import replay
from bot.console.session import Output
from tests.console.golden import golden_seeds

ROOT = Path(__file__).parents[2]
PAGE = ROOT / "web" / "verify"
TRANSCRIPTS = Path(__file__).parent / "exports"
REQUIRE = os.environ.get("GREEDBOT_REQUIRE_BROWSER") == "1"
CHROMIUM = os.environ.get("GREEDBOT_CHROMIUM", "/usr/bin/chromium")
GAMES = {
    "greed": "greed_day",
    "ducks": "ducks_table",
    "gleek": "gleek_table",
    "regidice": "regidice_table",
}

ENDINGS = {
    "greed_closed": "greed_day",
    "ducks_finished": "ducks_table",
    "ducks_abandoned": "ducks_abandoned",
    "gleek_finished": "gleek_table",
    "gleek_abandoned": "gleek_abandoned",
    "regidice_out_of_rounds": "regidice_out_of_rounds",
    "regidice_out_of_dice": "regidice_out_of_dice",
    "regidice_abandoned": "regidice_abandoned",
}
"""Each way a day or a table can end, by the transcript that plays it there: every ended
record must verify in the bot, greedbot verify, Node and the page."""

_missing: dict[str, str] = {}


def node() -> str | None:
    return shutil.which("node")


def missing(what: str, why: str) -> None:
    """Skip this test because `what` cannot run here, or fail where it must."""
    _missing[what] = why
    if REQUIRE:
        pytest.fail(f"{what} is required here (GREEDBOT_REQUIRE_BROWSER=1) but {why}")
    pytest.skip(f"{what} skipped: {why}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for what, why in sorted(_missing.items()):
        terminalreporter.write_line(
            f"{what} SKIPPED: {why}. The verifier page was not checked there; "
            "install it (apt-get install chromium; Node 20) or see .ci/run.",
            yellow=True,
            bold=True,
        )


async def replay_exports(transcript: str) -> list[dict[str, Any]]:
    """Every export document a transcript's replay answered with, in order."""
    lines = (TRANSCRIPTS / f"{transcript}.txt").read_text(encoding="utf-8").splitlines()
    found: list[dict[str, Any]] = []

    def keep(_: int, __: str, outputs: list[Output]) -> None:
        for output in outputs:
            reply = output.as_json()
            if reply["key"] in ("greed.export", "table.export"):
                found.append(reply["params"]["document"])

    await replay(lines, keep, seeds=golden_seeds())
    return found


@pytest.fixture(scope="session")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Each game's export, made by a replay in this run: `<game>` once it has ended,
    `<game>_open` while it was in play."""
    import asyncio

    folder = tmp_path_factory.mktemp("exports")
    paths: dict[str, Path] = {}
    made: dict[str, list[dict[str, Any]]] = {}
    for transcript in {*GAMES.values(), *ENDINGS.values()}:
        made[transcript] = asyncio.run(replay_exports(transcript))
    named = [(game, made[transcript][-1]) for game, transcript in GAMES.items()]
    named += [(f"{game}_open", made[transcript][0]) for game, transcript in GAMES.items()]
    named += [(ending, made[transcript][-1]) for ending, transcript in ENDINGS.items()]
    for name, document in named:
        path = folder / f"{name}.json"
        path.write_text(json.dumps(document, ensure_ascii=False, indent=2), encoding="utf-8")
        paths[name] = path
    yield paths
