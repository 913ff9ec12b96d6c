"""Replies only one player may see, on Discord: by DM with a notice in the channel in their
place, ephemeral to their own slash command, and never the secret in a channel, whatever
fails. A stand-in game deals a secret hand (no game deals any yet)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from aiohttp import web

from bot.discord_adapter.gateway import DiscordPort
from bot.discord_adapter.port import DmRefusedError, Outgoing, PortError
from bot.storage.store import SqlStore
from bot.village.records import DROPPED, FAILED, SENT, OutboxRecord
from bot.words.reply import reply_from_data
from tests.discord.fake import FakeChat
from tests.discord.harness import ALICE, BOB, GM, SIX, Village, incoming_of, outbox
from tests.discord.interactions import Slashes
from tests.village.secrets import Dealer, Shown, leaks, secret_strings

pytestmark = [pytest.mark.db, pytest.mark.discord]

SENT_BY_DM = "あなただけに見える内容をDMで送りました。"
DM_FAILED = "あなただけに見える内容をDMで送れませんでした。"


@pytest.fixture
def store(sql_store: SqlStore) -> SqlStore:
    """Delivery across kills and outages, and the outbox's own rows: on both databases."""
    return sql_store


def shown_on_chat(chat: FakeChat) -> list[Shown]:
    """What the bot put on the chat: channel messages for everyone, each DM for its user."""
    public = [Shown(message.text) for _, message in chat.sent]
    return public + [Shown(message.text, user) for user, message in chat.dms]


def no_leaks(dealer: Dealer, chat: FakeChat) -> None:
    secrets = secret_strings(dealer.dealt)
    assert secrets, "nothing was dealt"
    assert leaks(secrets, shown_on_chat(chat)) == []


async def hands(store: SqlStore, village_id: int) -> list[OutboxRecord]:
    """The outbox rows of the dealt hands, oldest first."""
    return [entry for entry in await outbox(store, village_id) if entry.reply["key"] == "test.hand"]


@pytest.fixture
def dealer(monkeypatch: pytest.MonkeyPatch) -> Dealer:
    """A hand for whoever throws, after the throw's own answer."""
    return Dealer(frozenset({"greed.throw"})).install(monkeypatch)


async def test_a_secret_answering_a_message_goes_by_dm_and_a_notice_takes_its_place(
    store: SqlStore, village_id: int, dealer: Dealer
) -> None:
    village = Village(store, village_id)
    await village.create()
    seen, [throw, notice] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    [hand] = dealer.dealt
    [(to, dm)] = village.chat.dms
    assert to == ALICE.player_id and hand.params["cards"] in dm.text
    assert dm.reply_to is None and dm.delete_after is None
    channel, posted = village.chat.sent[-1]
    assert channel == village_id and posted.reply_to == seen.message_id
    assert posted.text == f"【alice】{SENT_BY_DM}"
    assert notice is not None and throw is not None and notice.message_id > throw.message_id
    # Two messages, two nonces, each as long as a channel reply's.
    assert posted.nonce is not None and dm.nonce is not None and posted.nonce != dm.nonce
    assert len(dm.nonce) == len(posted.nonce) <= 25 and dm.nonce[1:] == posted.nonce[1:]
    no_leaks(dealer, village.chat)
    [entry] = await hands(store, village_id)
    # Kept as delivered where its player got it: the DM.
    assert entry.status == SENT and entry.posted_id is not None
    assert entry.posted_id != notice.message_id
    assert await village.service.pending([village_id]) == []


async def test_a_player_who_takes_no_dms_gets_a_notice_without_the_secret_once(
    store: SqlStore, village_id: int, dealer: Dealer
) -> None:
    village = Village(store, village_id)
    await village.create()
    village.chat.closed_dms.add(ALICE.player_id)
    seen, [_, notice] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert notice is not None
    assert village.chat.dms == []
    channel, posted = village.chat.sent[-1]
    assert (channel, posted.reply_to) == (village_id, seen.message_id)
    assert posted.text.startswith(f"【alice】{DM_FAILED}")
    no_leaks(dealer, village.chat)
    [entry] = await hands(store, village_id)
    assert entry.status == FAILED
    # Failed for good: nothing is pending, and a later sweep sends nothing more.
    assert await village.service.pending([village_id]) == []
    sent = len(village.chat.sent)
    village.later(seconds=60)
    assert await village.sender.sweep([village_id]) == 0
    assert len(village.chat.sent) == sent and village.chat.dms == []


async def test_a_dm_failing_for_a_while_arrives_once(
    store: SqlStore, village_id: int, dealer: Dealer
) -> None:
    village = Village(store, village_id)
    await village.create()
    village.chat.dm_failures += [PortError("HTTP 503"), PortError("HTTP 429", status=429)]
    await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert len(village.chat.dms) == 1
    assert village.chat.texts(village_id).count(f"【alice】{SENT_BY_DM}") == 1
    [entry] = await hands(store, village_id)
    assert entry.status == SENT


async def test_a_notice_that_could_not_be_posted_is_posted_later_and_the_dm_not_twice(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hand before the throw's answer: the channel's failures hit its notice first.
    dealer = Dealer(frozenset({"greed.throw"}), before=True).install(monkeypatch)
    village = Village(store, village_id)
    await village.create()
    village.chat.failures += [PortError("HTTP 502")] * 4
    _, [notice, throw] = await village.say(ALICE, SIX, faces="D G $ R R Eb")
    assert notice is None and throw is not None
    [entry] = await hands(store, village_id)
    assert entry.status == "pending"
    village.later(seconds=60)
    assert await village.sender.sweep([village_id]) == 1
    assert len(village.chat.dms) == 1  # every retry sent it again, under its nonce
    assert village.chat.texts(village_id).count(f"【alice】{SENT_BY_DM}") == 1
    no_leaks(dealer, village.chat)


async def test_a_secret_kept_when_the_process_died_is_sent_by_dm_after_the_restart(
    store: SqlStore, village_id: int, dealer: Dealer
) -> None:
    village = Village(store, village_id)
    await village.create()
    seen = village.post(ALICE, SIX)
    village.dice.queue("D G $ R R Eb")
    await village.service.handle(incoming_of(seen))
    [kept] = await hands(store, village_id)
    assert reply_from_data(kept.reply).secret_for == ALICE.player_id
    back = village.restarted(store)
    back.later(seconds=60)
    assert await back.sender.sweep([village_id]) == 2
    [(to, dm)] = back.chat.dms
    assert to == ALICE.player_id and dealer.dealt[0].params["cards"] in dm.text
    assert back.chat.sent[-1][1].text == f"【alice】{SENT_BY_DM}"
    no_leaks(dealer, back.chat)


async def test_a_secret_announcement_goes_by_dm_and_its_notice_to_the_days_post(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealer = Dealer(frozenset({"day_opened"}), to=(BOB.player_id, "bob")).install(monkeypatch)
    village = Village(store, village_id, forum=True)
    await village.create("name:村")
    await village.command(GM, "/village day next")
    day1, day2 = sorted(p for p, (forum, _) in village.chat.posts.items() if forum == village_id)
    assert [to for to, _ in village.chat.dms] == [BOB.player_id, BOB.player_id]
    for day in (day1, day2):
        notices = [m for m in village.chat.texts(day) if SENT_BY_DM in m]
        assert notices == [f"【bob】{SENT_BY_DM}"]
    nonces = [dm.nonce for _, dm in village.chat.dms]
    assert all(n is not None and n.startswith("d") for n in nonces) and len(set(nonces)) == 2
    no_leaks(dealer, village.chat)


async def test_a_secret_for_an_expired_slash_command_is_dropped_after_a_restart(
    store: SqlStore, village_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    Dealer(frozenset({"greed.status"})).install(monkeypatch)
    village = Village(store, village_id)
    await village.create()
    await village.command(ALICE, "/greed status", deliver=False)
    sent = len(village.chat.sent)
    back = village.restarted(store)
    back.later(seconds=60)
    assert await back.sender.sweep([village_id]) == 0
    [entry] = await hands(store, village_id)
    assert entry.status == DROPPED
    assert back.chat.dms == [] and len(back.chat.sent) == sent


# -- slash commands, through discord.py's command tree -----------------------------------------


async def test_a_secret_answering_its_players_slash_command_is_ephemeral(
    slashes: Slashes, store: SqlStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealer = Dealer(frozenset({"greed.status"})).install(monkeypatch)
    await slashes.moderator(["village", "create"])
    call = await slashes.call(["greed", "status"], user_id=ALICE.player_id, name="alice")
    [hand] = dealer.dealt
    [(_, status_private), (text, private)] = call.said()
    assert status_private and private and hand.params["cards"] in text
    assert slashes.chat.dms == []
    no_leaks(dealer, slashes.chat)
    [entry] = await hands(store, slashes.channel_id)
    assert entry.status == SENT


async def test_a_secret_for_another_player_goes_to_them_by_dm_not_to_the_asker(
    slashes: Slashes, store: SqlStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealer = Dealer(frozenset({"greed.status"}), to=(BOB.player_id, "bob")).install(monkeypatch)
    await slashes.moderator(["village", "create"])
    call = await slashes.call(["greed", "status"], user_id=ALICE.player_id, name="alice")
    [hand] = dealer.dealt
    said = call.said()
    assert [private for _, private in said] == [True]
    assert all(hand.params["cards"] not in text for text, _ in said)
    [(to, dm)] = slashes.chat.dms
    assert to == BOB.player_id and hand.params["cards"] in dm.text
    assert slashes.chat.texts(slashes.channel_id)[-1] == f"【bob】{SENT_BY_DM}"
    asked = [Shown(text, ALICE.player_id) for text, _ in said]
    assert leaks(secret_strings(dealer.dealt), [*shown_on_chat(slashes.chat), *asked]) == []


async def test_a_slash_secret_for_a_player_with_closed_dms_leaves_only_the_notice(
    slashes: Slashes, store: SqlStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealer = Dealer(frozenset({"greed.status"}), to=(BOB.player_id, "bob")).install(monkeypatch)
    slashes.chat.closed_dms.add(BOB.player_id)
    await slashes.moderator(["village", "create"])
    await slashes.call(["greed", "status"], user_id=ALICE.player_id, name="alice")
    assert slashes.chat.dms == []
    assert slashes.chat.texts(slashes.channel_id)[-1].startswith(f"【bob】{DM_FAILED}")
    no_leaks(dealer, slashes.chat)
    [entry] = await hands(store, slashes.channel_id)
    assert entry.status == FAILED


# -- the port on discord.py, against a local stand-in for Discord's API -------------------------

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
BOT_USER = {"id": "999", "username": "greedbot", "discriminator": "0", "avatar": None, "bot": True}
DM_CHANNEL = 777_000_000_000_000_777
CLOSED = 4
GONE = 5


def _answer(data: Any, status: int = 200) -> web.Response:
    # discord.py reads JSON only under exactly this content type (no charset).
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def _user(user_id: int) -> dict[str, Any]:
    return {"id": str(user_id), "username": f"u{user_id}", "discriminator": "0", "avatar": None}


@dataclass
class DiscordApi:
    client: discord.Client
    messages: list[dict[str, Any]]
    """The body of every message the bot posted, as Discord got it."""
    recipient: dict[str, int]


@pytest.fixture
async def discord_api(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[DiscordApi]:
    messages: list[dict[str, Any]] = []
    recipient: dict[str, int] = {}

    async def me(request: web.Request) -> web.Response:
        return _answer(BOT_USER)

    async def application(request: web.Request) -> web.Response:
        return _answer(
            {
                "id": "42",
                "name": "greedbot",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": BOT_USER,
                "verify_key": "0" * 64,
                "flags": 0,
            }
        )

    async def user(request: web.Request) -> web.Response:
        user_id = int(request.match_info["user"])
        if user_id == GONE:
            return _answer({"message": "Unknown User", "code": 10013}, 404)
        return _answer(_user(user_id))

    async def open_dm(request: web.Request) -> web.Response:
        body = await request.json()
        recipient["id"] = int(body["recipient_id"])
        return _answer(
            {
                "id": str(DM_CHANNEL),
                "type": 1,
                "last_message_id": None,
                "recipients": [_user(recipient["id"])],
            }
        )

    async def post(request: web.Request) -> web.Response:
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            body = json.loads(str(form["payload_json"]))
        else:
            body = await request.json()
        if recipient.get("id") == CLOSED:
            return _answer({"message": "Cannot send messages to this user", "code": 50007}, 403)
        messages.append(body)
        return _answer(
            {
                "id": str(DM_CHANNEL + len(messages)),
                "channel_id": request.match_info["channel"],
                "author": BOT_USER,
                "content": body.get("content", ""),
                "timestamp": "2026-12-01T03:00:00+00:00",
                "edited_timestamp": None,
                "tts": False,
                "mention_everyone": False,
                "mentions": [],
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "pinned": False,
                "type": 0,
                "nonce": body.get("nonce"),
            }
        )

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_get("/api/v10/oauth2/applications/@me", application)
    app.router.add_get("/api/v10/users/{user}", user)
    app.router.add_post("/api/v10/users/@me/channels", open_dm)
    app.router.add_post("/api/v10/channels/{channel}/messages", post)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    client = discord.Client(intents=discord.Intents.none())
    async with client:
        await client.login(TOKEN)
        yield DiscordApi(client, messages, recipient)
    await runner.cleanup()


async def test_the_port_sends_a_dm_with_its_nonce_and_pinging_nobody(
    discord_api: DiscordApi,
) -> None:
    port = DiscordPort(discord_api.client)
    posted = await port.send_dm(3, Outgoing("秘札001♠Q♥7", nonce="1234d1"))
    assert posted.channel_id == DM_CHANNEL and discord_api.recipient["id"] == 3
    [body] = discord_api.messages
    assert body["content"] == "秘札001♠Q♥7"
    assert body["nonce"] == "1234d1" and body["enforce_nonce"] is True
    assert body["allowed_mentions"]["parse"] == []
    assert "message_reference" not in body


@pytest.mark.parametrize("user_id", [CLOSED, GONE], ids=["dms-closed", "unknown-user"])
async def test_a_dm_discord_refuses_is_a_refusal_for_good(
    discord_api: DiscordApi, user_id: int
) -> None:
    port = DiscordPort(discord_api.client)
    with pytest.raises(DmRefusedError) as refused:
        await port.send_dm(user_id, Outgoing("秘札002♠Q♥7", nonce="1234d2"))
    assert refused.value.retryable is False
    assert refused.value.status == (403 if user_id == CLOSED else 404)
    assert discord_api.messages == []
