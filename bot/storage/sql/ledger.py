"""The SQL store's messages handled and replies kept (`bot.village.ports.Ledger`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import (
    BigInteger,
    DateTime,
    Integer,
    String,
    and_,
    bindparam,
    exists,
    func,
    select,
    true,
)
from sqlalchemy.dialects.postgresql import ARRAY

from bot.storage import streams
from bot.storage import tables as t
from bot.storage.batch import answer_statement
from bot.storage.errors import key_taken
from bot.storage.lane import ConnectionStatements
from bot.storage.marks import Mark
from bot.storage.rows import MESSAGES, REPLIES
from bot.storage.sql.base import SqlBase, _on_driver
from bot.storage.tables import OUTBOX
from bot.village.ports import DuplicateMessage
from bot.village.records import (
    PENDING,
    TABLE_PLAYING,
    TABLE_SEATING,
    AnswerPosted,
    MessageRecord,
    OutboxRecord,
)


class SqlLedger(SqlBase):
    """`bot.village.ports.Ledger` in SQL."""

    # -- messages ------------------------------------------------------------------------

    async def record_message(self, message: MessageRecord) -> None:
        values = MESSAGES.values(message)
        if self._bound is None:  # a transaction by itself, on the driver
            with _on_driver():
                await self._lane.execute(streams.MESSAGE_INSERT, values)
            return
        try:
            await (await self._bound.connection()).execute(streams.MESSAGE_INSERT, values)
        except Exception as error:
            if key_taken(error):
                raise DuplicateMessage(message.message_id) from None
            raise

    async def answer(self, message: MessageRecord, entries: Sequence[OutboxRecord]) -> list[int]:
        if self._bound is not None or not entries:
            await self.record_message(message)
            return await self.add_outbox(entries)
        # A transaction by itself, on the driver: on PostgreSQL one statement.
        with _on_driver():
            if self._lane.dialect == "postgresql":
                params = MESSAGES.prefixed("m_")(message)
                for n, entry in enumerate(entries):
                    params.update(REPLIES.prefixed(f"o{n}_")(entry))
                row = await self._lane.row(answer_statement(len(entries)), params)
                assert row is not None  # a SELECT of a scalar subquery: always one row
                return [int(i) for i in row["outbox_ids"]]
            async with self._lane.transaction() as run:
                await run.write(streams.MESSAGE_INSERT, MESSAGES.values(message))
                return await streams.keep_replies(run, entries)

    async def get_message(self, village_id: int, message_id: int) -> MessageRecord | None:
        async with self._transaction() as session:
            row = await session.get(t.Message, (village_id, message_id))
            return None if row is None else MESSAGES.record(row)

    async def message_places(self, village_id: int, message_ids: Collection[int]) -> dict[int, int]:
        if not message_ids:
            return {}
        async with self._transaction() as session:
            rows = await session.execute(
                select(t.Message.message_id, t.Message.place_id).where(
                    t.Message.village_id == village_id,
                    t.Message.message_id.in_(list(message_ids)),
                    t.Message.place_id.is_not(None),
                )
            )
            return {int(m): int(p) for m, p in rows if p is not None}

    async def table_places(
        self, village_ids: Collection[int] | None = None
    ) -> list[tuple[int, int, int]]:
        """Each open table's place and the highest message id handled in it, for every
        village asked about at once. The message table keeps where each message was posted
        (NULL for the village channel itself, hence the COALESCE), so this is the last
        message handled *there*, not the village's last anywhere: a thread's catch-up starts
        from its own last move. Day tables of the village's game have no place and match
        nothing."""
        handled_at = func.coalesce(t.Message.place_id, t.Message.village_id)
        query = (
            select(t.GameTable.village_id, t.GameTable.place_id, func.max(t.Message.message_id))
            .join(
                t.Message,
                and_(
                    t.Message.village_id == t.GameTable.village_id,
                    handled_at == t.GameTable.place_id,
                ),
            )
            .where(
                t.GameTable.status.in_([TABLE_SEATING, TABLE_PLAYING]),
                t.GameTable.place_id.is_not(None),
            )
            .group_by(t.GameTable.village_id, t.GameTable.place_id)
            .order_by(t.GameTable.village_id, t.GameTable.place_id)
        )
        if village_ids is not None:
            if not village_ids:
                return []
            query = query.where(t.GameTable.village_id.in_(list(village_ids)))
        async with self._transaction() as session:
            rows = await session.execute(query)
            return [(int(v), int(p), int(m)) for v, p, m in rows if p is not None]

    async def last_message_id(self, village_id: int) -> int:
        """The highest message id the village has seen (the console numbers on from it)."""
        async with self._transaction() as session:
            messages = await session.scalar(
                select(func.max(t.Message.message_id)).where(t.Message.village_id == village_id)
            )
            events = await session.scalar(
                select(func.max(t.Event.message_id)).where(t.Event.village_id == village_id)
            )
            return max(int(messages or 0), int(events or 0))

    # -- the outbox ----------------------------------------------------------------------

    async def add_outbox(self, entries: Sequence[OutboxRecord]) -> list[int]:
        if not entries:
            return []
        async with self._transaction() as session:
            return await streams.keep_replies(
                ConnectionStatements(await session.connection()), entries
            )

    async def pending_outbox(
        self, village_ids: Collection[int] | None = None
    ) -> list[OutboxRecord]:
        query = select(t.Outbox).where(t.Outbox.status == PENDING)
        if village_ids is not None:
            query = query.where(t.Outbox.village_id.in_(list(village_ids)))
        async with self._transaction() as session:
            rows = await session.scalars(query.order_by(t.Outbox.outbox_id))
            return [REPLIES.record(row) for row in rows]

    async def mark_outbox(
        self,
        outbox_id: int,
        status: str,
        posted_id: int | None = None,
        posted_at: dt.datetime | None = None,
        attempts: int | None = None,
    ) -> None:
        mark = Mark(outbox_id, status, posted_id, posted_at, attempts)
        if self._bound is not None:  # part of the unit
            connection = await self._bound.connection()
            await connection.execute(_MARK, _mark_values(mark))
            return
        # On Discord, one for every reply posted: recorded with those asked for meanwhile.
        await self._marks.record(mark)

    async def _write_marks(self, marks: Sequence[Mark]) -> None:
        """Replies' records in one statement on PostgreSQL, in one transaction on SQLite;
        neither waits for the disk (`_MARKS`, `Lane.transaction`)."""
        with _on_driver():
            if self._lane.dialect == "postgresql":
                await self._lane.execute(
                    _MARKS,
                    {
                        "outbox_ids": [m.outbox_id for m in marks],
                        "statuses": [m.status for m in marks],
                        "posted_ids": [m.posted_id for m in marks],
                        "posted_ats": [m.posted_at for m in marks],
                        "attempts": [m.attempts for m in marks],
                    },
                )
                return
            # Not waiting for the disk, as on PostgreSQL.
            async with self._lane.transaction(durable=False) as run:
                await run.execute_many(_MARK, [_mark_values(m) for m in marks])

    async def group_outbox(self, outbox_ids: Sequence[int], nonce: str) -> None:
        # Waits for the disk, unlike the records of posted replies: a group forgotten by a
        # crashed database could be sent again as other groups, under other nonces.
        async with self._transaction() as session:
            await session.execute(
                OUTBOX.update()
                .where(OUTBOX.c.outbox_id.in_(list(outbox_ids)))
                .values(group_nonce=nonce)
            )

    async def first_answer(self, village_id: int, message_id: int) -> AnswerPosted | None:
        row = await self._row(_FIRST_ANSWER, {"v": village_id, "m": message_id})
        return None if row is None else AnswerPosted(row["status"], row["posted_at"])


_MARK = (
    OUTBOX.update()
    .where(OUTBOX.c.outbox_id == bindparam("outbox"))
    .values(status=bindparam("status"), posted_id=bindparam("posted_id"))
    .values(posted_at=bindparam("posted_at"))
    .values(attempts=func.coalesce(bindparam("attempts", type_=Integer), OUTBOX.c.attempts))
)
"""A reply's fate recorded (with the attempts it took, when given)."""


def _marks() -> Any:
    """Replies' fates recorded in one statement, from arrays of their columns (PostgreSQL).

    Committed without waiting for the write-ahead log to reach the disk, which is most of a
    small write's time: a record a crash of the database may lose (its last fraction of a
    second). The reply then looks pending and is posted again under its nonce, which the
    chat recognises, as after any record that could not be written. Everything a throw
    writes waits for the disk."""
    given = (
        func.unnest(
            bindparam("outbox_ids", type_=ARRAY(BigInteger)),
            bindparam("statuses", type_=ARRAY(String)),
            bindparam("posted_ids", type_=ARRAY(BigInteger)),
            bindparam("posted_ats", type_=ARRAY(DateTime(timezone=True))),
            bindparam("attempts", type_=ARRAY(Integer)),
        )
        .table_valued("outbox_id", "status", "posted_id", "posted_at", "attempts")
        .render_derived("given")
    )
    unhurried = select(func.set_config("synchronous_commit", "off", true()).label("set"))
    return (
        OUTBOX.update()
        .where(
            OUTBOX.c.outbox_id == given.c.outbox_id,
            exists(select(unhurried.cte("unhurried").c.set)),
        )
        .values(
            status=given.c.status,
            posted_id=given.c.posted_id,
            posted_at=given.c.posted_at,
            attempts=func.coalesce(given.c.attempts, OUTBOX.c.attempts),
        )
    )


_MARKS = _marks()


def _mark_values(mark: Mark) -> dict[str, Any]:
    return {
        "outbox": mark.outbox_id,
        "status": mark.status,
        "posted_id": mark.posted_id,
        "posted_at": mark.posted_at,
        "attempts": mark.attempts,
    }


_FIRST_ANSWER = (
    select(OUTBOX.c.status, OUTBOX.c.posted_at)
    .where(OUTBOX.c.village_id == bindparam("v"), OUTBOX.c.message_id == bindparam("m"))
    .order_by(OUTBOX.c.seq)
    .limit(1)
)
