"""`greedbot discord run` and `greedbot discord sync`: the bot's process, and publishing its
slash commands."""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from contextlib import AsyncExitStack

import aiohttp
import discord

from bot import collector
from bot.config import EXAMPLE_TOKEN, Settings
from bot.discord_adapter.client import Bridge, command_tree, make_client
from bot.discord_adapter.limits import AnnouncedLimits
from bot.discord_adapter.translator import CatalogueTranslator
from bot.storage.errors import unavailable
from bot.storage.migrate import SchemaBehindError
from bot.storage.opening import open_store
from bot.village.chance import FairChance
from bot.village.clock import SystemClock
from bot.village.ports import Store
from bot.village.service import VillageService

_logger = logging.getLogger(__name__)

SETUP_ERROR = 2
UNREACHABLE = 1
DATABASE_UNREACHABLE = 3
"""The database, not Discord: the same code as every greedbot command's database failure."""
# Three dot-separated parts of URL-safe base64: the shape of every bot token.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}")


class SetupError(Exception):
    """The bot cannot start as configured: one line for the operator, exit code 2."""


def token_of(settings: Settings) -> str:
    token = settings.token()
    if not token:
        raise SetupError("DISCORD_TOKEN is not set: put the bot's token in .env (see .env.example)")
    if token == EXAMPLE_TOKEN:
        # The token itself is never shown, not even this one.
        raise SetupError(
            "DISCORD_TOKEN is still the placeholder of .env.example: put the bot's token in "
            ".env (Developer Portal → your application → Bot → Reset Token)"
        )
    if not _TOKEN.fullmatch(token):
        raise SetupError(
            "DISCORD_TOKEN does not look like a bot token: copy it from the Developer Portal "
            "(your application → Bot → Reset Token) into .env"
        )
    return token


def configure_logging(settings: Settings) -> None:
    """One line per event, at the configured level; the token is never logged."""
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # discord.py's gateway chatter stays at warnings unless asked for; so does Alembic's, which
    # would otherwise come before greedbot's own line when the schema cannot be brought up.
    if settings.log_level != "DEBUG":
        logging.getLogger("discord").setLevel(logging.WARNING)
        logging.getLogger("alembic").setLevel(logging.WARNING)
    # A village bot has no voice: the warning that voice is not installed says nothing.
    logging.getLogger("discord.client").addFilter(
        lambda record: "voice will NOT be supported" not in record.getMessage()
    )


def service_for(store: Store, settings: Settings) -> VillageService:
    return VillageService(
        store,
        SystemClock(),
        FairChance(),
        outbox=True,
        flood_gate=True,
        defaults={"locale": settings.locale, "timezone": settings.timezone},
    )


class DatabaseUnreachableError(Exception):
    """The database could not be used at start-up (before Discord is reached at all)."""


async def _run(settings: Settings, token: str) -> None:
    async with AsyncExitStack() as stack:
        try:
            store = await stack.enter_async_context(open_store(settings.database()))
        except SchemaBehindError:
            raise
        except Exception as error:
            if isinstance(error, OSError) or unavailable(error):
                raise DatabaseUnreachableError(f"cannot use the database: {error}") from None
            raise
        limits = AnnouncedLimits()
        client = make_client(settings, limits)
        service = service_for(store, settings)
        bridge = Bridge(
            client,
            service,
            tick_seconds=settings.tick_seconds,
            verify_page=settings.verify_page_url,
            limits=limits,
        )
        collector.settle()  # everything is loaded: the collector need not walk it again
        try:
            async with client:
                await client.start(token)
        finally:
            await bridge.close()


def _explained(error: BaseException) -> str | None:
    """The one line an operator needs for what stopped the bot from starting; None for
    anything else."""
    if isinstance(error, SetupError | SchemaBehindError):
        return str(error)
    if isinstance(error, discord.LoginFailure):
        return "Discord refused the token: copy a fresh one into .env"
    if isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError):
        return f"cannot reach Discord ({type(error).__name__}: {error}); is the network up?"
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return (
            "switch on the Message Content intent (Developer Portal → your application → "
            "Bot → Privileged Gateway Intents): players throw by writing [[greed]] in "
            "messages, which the bot cannot read without it"
        )
    return None


def run(settings: Settings) -> int:
    """Run the bot until it is stopped."""
    try:
        token = token_of(settings)
        configure_logging(settings)
        asyncio.run(_run(settings, token))
    except KeyboardInterrupt:
        return 0
    except (
        SetupError,
        discord.LoginFailure,
        discord.PrivilegedIntentsRequired,
    ) as error:
        print(f"greedbot: {_explained(error)}", file=sys.stderr)
        return SETUP_ERROR
    except SchemaBehindError as error:
        # The database refuses the work: as `greedbot migrate` and README say, exit 3.
        print(f"greedbot: {_explained(error)}", file=sys.stderr)
        return DATABASE_UNREACHABLE
    except DatabaseUnreachableError as error:
        print(f"greedbot: {str(error).splitlines()[0]}", file=sys.stderr)
        return DATABASE_UNREACHABLE
    except (TimeoutError, aiohttp.ClientError, OSError) as error:
        # The network or Discord itself: worth trying again (the container restarts).
        print(f"greedbot: {_explained(error)}", file=sys.stderr)
        return UNREACHABLE
    return 0


async def _sync(settings: Settings, token: str, guild_id: int | None, clear: bool) -> int:
    client = discord.Client(intents=discord.Intents.none())
    # Never connected: no command runs here, the tree only needs the commands' shape.
    async with open_store(settings.database(), migrated=False) as store:
        service = service_for(store, settings)
        tree = command_tree(client, service)
        await tree.set_translator(CatalogueTranslator(service.games))
        async with client:
            await client.login(token)
            if guild_id is None:
                synced = await tree.sync()
            else:
                guild = discord.Object(guild_id)
                if clear:
                    # The server then sees only the commands published everywhere.
                    tree.clear_commands(guild=guild)
                else:
                    tree.copy_global_to(guild=guild)
                synced = await tree.sync(guild=guild)
        return len(synced)


def sync(settings: Settings, guild_id: int | None, *, clear: bool = False) -> int:
    """Publish the slash commands: to one server at once (for trying them), or everywhere;
    `clear` removes a server's own copy again."""
    try:
        token = token_of(settings)
        count = asyncio.run(_sync(settings, token, guild_id, clear))
    except (SetupError, discord.LoginFailure) as error:
        print(f"greedbot: {_explained(error)}", file=sys.stderr)
        return SETUP_ERROR
    except (TimeoutError, aiohttp.ClientError, OSError) as error:
        print(f"greedbot: {_explained(error)}", file=sys.stderr)
        return UNREACHABLE
    except discord.HTTPException as error:
        print(f"greedbot: Discord refused the commands: {error}", file=sys.stderr)
        return 1
    if clear:
        print(f"server {guild_id} has no commands of its own any more")
        return 0
    where = f"server {guild_id} (at once)" if guild_id else "every server (may take up to an hour)"
    print(f"{count} command groups published to {where}")
    return 0
