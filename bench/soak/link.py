"""The bot's end of the soak's chat: the `ChatPort` the sender and the catch-up use, and the
live messages (the gateway's `on_message`), over one unix socket."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
from collections.abc import Callable
from typing import Any

from bench.soak.wire import outgoing_data, posted_of, seen_of
from bot.discord_adapter.port import Bucket, Outgoing, PortError, Posted, Seen


class ChatLink:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._reader = reader
        self._writer = writer
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self.on_message: Callable[[Seen], None] = lambda _: None
        self._buckets: dict[int, Bucket] = {}
        self.closed = asyncio.Event()

    @classmethod
    async def open(cls, path: str) -> ChatLink:
        reader, writer = await asyncio.open_unix_connection(path, limit=2**26)
        return cls(reader, writer)

    async def listen(self) -> None:
        """Read answers and live messages until the chat goes away."""
        try:
            while raw := await self._reader.readline():
                data = json.loads(raw)
                if "event" in data:
                    self.on_message(seen_of(data["seen"]))
                    continue
                future = self._waiting.pop(data["id"], None)
                if future is not None and not future.done():
                    future.set_result(data["result"])
        finally:
            self.closed.set()
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(PortError("the chat is gone"))

    async def ask(self, op: str, **args: Any) -> Any:
        if self.closed.is_set():
            raise PortError("the chat is gone")
        request_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = future
        self._writer.write(json.dumps({"id": request_id, "op": op, **args}).encode() + b"\n")
        await self._writer.drain()
        return await future

    # -- the port ----------------------------------------------------------------------

    async def send(self, channel_id: int, message: Outgoing) -> Posted:
        # As discord.py does: a post beyond the channel's limit waits the time it is told,
        # and is sent again (with the same nonce).
        while True:
            answer = await self.ask("send", channel_id=channel_id, message=outgoing_data(message))
            if "retry_after" in answer:
                await asyncio.sleep(answer["retry_after"])
                continue
            heard = answer["bucket"]
            now = dt.datetime.now(dt.UTC)
            after = dt.timedelta(seconds=heard["reset_after"])
            before = self._buckets.get(channel_id)
            window = max(after, before.window) if before is not None else after
            self._buckets[channel_id] = Bucket(
                heard["limit"], heard["remaining"], now, now + after, window
            )
            return posted_of(answer["posted"])

    async def send_dm(self, user_id: int, message: Outgoing) -> Posted:
        raise PortError("the soak's players take no secrets", retryable=False)

    async def create_post(self, forum_id: int, title: str, message: Outgoing) -> Posted:
        raise PortError("the soak's village is a plain channel", retryable=False)

    async def find_post(self, forum_id: int, title: str) -> int | None:
        return None

    async def lock_post(self, post_id: int) -> bool:
        return False

    async def history(self, channel_id: int, after_id: int) -> list[Seen]:
        found = await self.ask("history", channel_id=channel_id, after_id=after_id)
        return [seen_of(data) for data in found]

    async def latest_id(self, channel_id: int) -> int | None:
        found = await self.ask("latest_id", channel_id=channel_id)
        return None if found is None else int(found)

    def bucket(self, channel_id: int) -> Bucket | None:
        return self._buckets.get(channel_id)
