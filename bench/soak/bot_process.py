"""The bot as the soak runs it: one process, killed and started again and again.

It is `bot.discord_adapter.client.Bridge` without discord.py: the real VillageService with
its outbox and flood gate on a real database, the real Sender, Relay and CatchUp, talking to
the harness's chat over a unix socket. On start it reads the villages, subscribes to live
messages and catches up at once (as `on_ready` does); each live message is handled in a task
of its own (as discord.py dispatches events), and a loop closes days and sends what is still
pending. `--create` makes the village instead, and exits.

    python -m bench.soak.bot_process DATABASE_URL SOCKET MOMENT_FILE [--create]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import logging
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from sqlalchemy import event

from bench.soak.link import ChatLink
from bench.soak.moment import SENDS, TRANSACTIONS, Moment
from bench.soak.village import GM, GUILD_ID, VILLAGE_ID
from bot.chat.parse import parse_message
from bot.discord_adapter.catchup import CatchUp
from bot.discord_adapter.jobs import jobs_of
from bot.discord_adapter.port import Outgoing, Posted, Seen
from bot.discord_adapter.relay import Relay
from bot.discord_adapter.sender import Sender
from bot.discord_adapter.surface import discord_surface
from bot.storage.engine import make_engine
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import SystemClock
from bot.village.core import Incoming
from bot.village.ports import StoreError
from bot.village.service import VillageService

# As in bot.discord_adapter.client, which is not imported: it would load discord.py into
# every one of the hundred restarts.
CLOSE_GRACE = dt.timedelta(seconds=3)
FLOOD_MEMORY = dt.timedelta(minutes=15)
TICK_SECONDS = 2.0
"""The day loop's pace (the bot's is 5 s): pending replies are swept sooner."""
_logger = logging.getLogger("soak.bot")


class WatchedLink(ChatLink):
    """The chat link, counting the sends under way for the harness."""

    moment: Moment

    async def send(self, channel_id: int, message: Outgoing) -> Posted:
        self.moment.add(SENDS, 1)
        try:
            return await super().send(channel_id, message)
        finally:
            self.moment.add(SENDS, -1)


def watch_transactions(engine: Any, moment: Moment) -> None:
    sync = engine.sync_engine
    event.listen(sync, "begin", lambda _: moment.add(TRANSACTIONS, 1))
    for name in ("commit", "rollback"):
        event.listen(sync, name, lambda _: moment.add(TRANSACTIONS, -1))


class Bot:
    def __init__(self, service: VillageService, link: WatchedLink) -> None:
        self.service = service
        self.link = link
        self.sender = Sender(service, link, discord_surface)
        self.relay = Relay(service, self.sender)
        self.catch_up = CatchUp(service, link, self.relay)
        self.caught_up = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, work: Coroutine[Any, Any, Any], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run(self) -> None:
        await self.relay.refresh()  # setup_hook
        self.link.on_message = lambda seen: self.spawn(self.on_message(seen), "on_message")
        listening = asyncio.create_task(self.link.listen())
        await self.link.ask("subscribe")
        self.spawn(self.on_ready(), "on_ready")
        self.spawn(self.days(), "day loop")
        print("ready", flush=True)
        await listening

    async def on_ready(self) -> None:
        try:
            handled = await self.catch_up.run([GUILD_ID])
            _logger.info("caught up: %d missed messages handled", handled)
        except Exception:
            _logger.exception("catching up failed; the day loop goes on")
        finally:
            self.caught_up.set()
            print("caught up", flush=True)  # the harness's settle waits for it

    async def on_message(self, seen: Seen) -> None:
        try:
            await self.relay.message(seen)
        except Exception:
            # discord.py's own handler: the event is lost, its traceback logged.
            _logger.exception("Ignoring exception in on_message")

    async def days(self) -> None:
        await self.caught_up.wait()
        while True:
            try:
                await self.tick()
            except StoreError as error:  # as the bridge's day loop: one line, no traceback
                _logger.warning("day loop: the database cannot be used now: %s", error)
            except Exception:
                _logger.exception("day loop")
            await asyncio.sleep(TICK_SECONDS)

    async def tick(self) -> None:
        for village_id, answer in (await self.service.tick(None, CLOSE_GRACE)).items():
            await self.sender.deliver(jobs_of(answer, village_id, None, None))
        mine = await self.service.village_ids([GUILD_ID])
        await self.sender.sweep(mine)
        self.service.forget_quiet(dt.datetime.now(dt.UTC) - FLOOD_MEMORY)


def service_on(engine: Any) -> VillageService:
    return VillageService(
        SqlStore(engine), SystemClock(), FairChance(), outbox=True, flood_gate=True
    )


async def create(service: VillageService, link: WatchedLink) -> None:
    """The village, made by its moderator's `/village create`, its opening posted."""
    listening = asyncio.create_task(link.listen())
    incoming = Incoming(
        VILLAGE_ID,
        await link.ask("snowflake"),
        GM,
        dt.datetime.now(dt.UTC),
        parse_message("/village create"),
        guild_id=GUILD_ID,
        via="interaction",
    )
    answer = await service.handle(incoming)
    sender = Sender(service, link, discord_surface)
    await sender.deliver(jobs_of(answer, VILLAGE_ID, None, VILLAGE_ID))
    for delivery in answer.deliveries:
        # The interaction's own answer: Discord shows it to the moderator, not in the chat.
        if delivery.outbox_id is not None and delivery.reply.day_post is None:
            await service.delivered(delivery.outbox_id, None, None)
    listening.cancel()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("socket")
    parser.add_argument("moment", type=Path)
    parser.add_argument("--create", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    moment = Moment(args.moment)
    engine = make_engine(args.database)
    watch_transactions(engine, moment)
    link = await WatchedLink.open(args.socket)
    link.moment = moment
    service = service_on(engine)
    if args.create:
        from bot.storage.migrate import migrate  # alembic: only the first start needs it

        await migrate(engine)
        await create(service, link)
        await engine.dispose()
        return
    await Bot(service, link).run()


if __name__ == "__main__":
    asyncio.run(main())
