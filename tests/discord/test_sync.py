"""`greedbot discord sync` against a local stand-in for Discord's API: it logs in, learns the
application, and publishes the commands with their Japanese names, to one server or all."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from aiohttp import web

from bot.config import Settings
from bot.discord_adapter.run import _sync

pytestmark = pytest.mark.discord

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
APP = "1234567890123456789"


def answer(data: Any) -> web.Response:
    # discord.py reads JSON only under exactly this content type (no charset).
    return web.Response(
        body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


@pytest.fixture
async def discord_api(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[tuple[str, str, Any]]]:
    """Discord's REST API as far as logging in and publishing commands go."""
    seen: list[tuple[str, str, Any]] = []
    user = {"id": "999", "username": "greedbot", "discriminator": "0", "avatar": None, "bot": True}

    async def me(request: web.Request) -> web.Response:
        seen.append((request.method, request.path, request.headers.get("Authorization")))
        return answer(user)

    async def application(request: web.Request) -> web.Response:
        seen.append((request.method, request.path, None))
        return answer(
            {
                "id": APP,
                "name": "greedbot",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user,
                "verify_key": "0" * 64,
                "flags": 0,
            }
        )

    async def commands(request: web.Request) -> web.Response:
        body = await request.json()
        seen.append((request.method, request.path, body))
        echoed = [
            {**command, "id": str(n + 1), "application_id": APP, "version": "1", "type": 1}
            for n, command in enumerate(body)
        ]
        return answer(echoed)

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_get("/api/v10/oauth2/applications/@me", application)
    app.router.add_put("/api/v10/applications/{app}/commands", commands)
    app.router.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", commands)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    yield seen
    await runner.cleanup()


def settings(tmp_path: Any) -> Settings:
    return Settings(_env_file=None, DISCORD_TOKEN=TOKEN, GREEDBOT_DATA_DIR=tmp_path)  # type: ignore[call-arg]


async def test_sync_to_one_server_publishes_every_group_with_japanese_names(
    discord_api: list[tuple[str, str, Any]], tmp_path: Any
) -> None:
    assert await _sync(settings(tmp_path), TOKEN, 42, clear=False) == 5
    login, _, (method, path, body) = discord_api
    assert login[2] == f"Bot {TOKEN}"
    assert (method, path) == ("PUT", f"/api/v10/applications/{APP}/guilds/42/commands")
    by_name = {command["name"]: command for command in body}
    assert set(by_name) == {"greed", "village", "ducks", "gleek", "regidice"}
    assert by_name["greed"]["name_localizations"]["ja"] == "グリード"
    status = next(o for o in by_name["greed"]["options"] if o["name"] == "status")
    assert status["name_localizations"]["ja"] == "状況"
    assert json.dumps(body, ensure_ascii=False).count("description_localizations") > 20


async def test_sync_everywhere_and_clearing_a_test_servers_copy(
    discord_api: list[tuple[str, str, Any]], tmp_path: Any
) -> None:
    assert await _sync(settings(tmp_path), TOKEN, None, clear=False) == 5
    assert discord_api[-1][1] == f"/api/v10/applications/{APP}/commands"
    assert await _sync(settings(tmp_path), TOKEN, 42, clear=True) == 0
    method, path, body = discord_api[-1]
    assert (method, path, body) == ("PUT", f"/api/v10/applications/{APP}/guilds/42/commands", [])
