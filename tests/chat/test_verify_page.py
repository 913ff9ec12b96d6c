"""Export and verify replies give the verifier page: its address where VERIFY_PAGE_URL is
set, the page in the repository where it is empty, and nothing in the console (whose reader
has `greedbot verify` at hand), in Japanese and English, for Greed's days and every table."""

from __future__ import annotations

import discord
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.chat.render import Surface, render
from bot.config import Settings
from bot.console.scripted import ScriptedDice
from bot.console.session import CONSOLE
from bot.discord_adapter.client import Bridge
from bot.discord_adapter.gateway import DiscordPort
from bot.discord_adapter.surface import discord_surface
from bot.storage.store import SqlStore
from bot.village.clock import ManualClock
from bot.village.service import VillageService
from bot.words.reply import Reply, ReplyKind

URL = "https://example.org/greedbot/verify/"
OK_DAY = {"day": 2, "throws": 5, "ok": True, "scripted": False, "mismatches": [], "attached": False}
BAD_DAY = {
    **OK_DAY,
    "ok": False,
    "mismatches": [{"what": "seed", "detail": "seed not revealed", "reason": "not_revealed"}],
}
TABLE = {
    "game": "ducks",
    "table": 1,
    "draws": 4,
    "ok": True,
    "scripted": False,
    "mismatches": [],
    "attached": False,
}
EXPORT = {"day": 2, "closed": True, "throws": 5, "filename": "day.json", "document": {"day": 2}}
TABLE_EXPORT = {
    "game": "gleek",
    "table": 3,
    "closed": True,
    "draws": 4,
    "filename": "t.json",
    "document": {"table_id": 3},
}
REPLIES = {
    "verify ok": ("greed.verify", OK_DAY),
    "verify failed": ("greed.verify", BAD_DAY),
    "export": ("greed.export", EXPORT),
    "table verify": ("table.verify", TABLE),
    "table verify failed": ("table.verify", {**TABLE, "ok": False, "scripted": True}),
    "table export": ("table.export", TABLE_EXPORT),
}
HOSTED = {"ja": "ブラウザでも検証できます", "en": "Check it in a browser too"}


def text(name: str, locale: str, surface: Surface) -> str:
    key, params = REPLIES[name]
    return render(Reply(ReplyKind.INFO, key, params), locale, surface)


@pytest.mark.parametrize("locale", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(REPLIES))
def test_the_hosted_page_is_given(name: str, locale: str) -> None:
    said = text(name, locale, Surface(files=True, verify_page=URL))
    assert f"<{URL}>" in said and HOSTED[locale] in said
    assert "web/verify/index.html" not in said


@pytest.mark.parametrize("locale", ["ja", "en"])
@pytest.mark.parametrize("name", sorted(REPLIES))
def test_without_an_address_the_page_in_the_repository(name: str, locale: str) -> None:
    said = text(name, locale, Surface(files=True, verify_page=""))
    assert "`web/verify`" in said and "`index.html`" in said and HOSTED[locale] in said


@pytest.mark.parametrize("name", sorted(REPLIES))
def test_the_console_says_nothing_of_it(name: str) -> None:
    for locale in ("ja", "en"):
        assert HOSTED[locale] not in text(name, locale, CONSOLE)


def test_the_address_goes_after_the_summary_and_before_an_inline_document() -> None:
    lines = text("export", "en", Surface(files=False, verify_page=URL)).splitlines()
    assert lines[1].startswith(HOSTED["en"]) and lines[2].startswith("Save the JSON below")
    assert lines[3] == "```json"


async def test_the_setting_reaches_the_discord_surface(
    monkeypatch: pytest.MonkeyPatch, sqlite_engine: AsyncEngine
) -> None:
    monkeypatch.setenv("VERIFY_PAGE_URL", URL)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.verify_page_url == URL
    monkeypatch.delenv("VERIFY_PAGE_URL")
    assert Settings(_env_file=None).verify_page_url == ""  # type: ignore[call-arg]
    assert discord_surface(1, {}, 2).verify_page == ""
    client = discord.Client(intents=discord.Intents.none())
    service = VillageService(SqlStore(sqlite_engine), ManualClock(), ScriptedDice())
    port = DiscordPort(client)
    bridge = Bridge(client, service, port=port, day_loop=False, verify_page=URL)
    assert bridge.sender.surface(1, {}, 2).verify_page == URL
