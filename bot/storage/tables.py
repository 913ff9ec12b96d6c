"""The schema. Alembic migrations own it; this module mirrors it for queries and checks."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# SQLite keeps 64-bit integers in INTEGER, and only an INTEGER PRIMARY KEY autoincrements.
Id = BigInteger().with_variant(Integer(), "sqlite")


DAY_TABLES_FROM = 2**40
"""Where players' day tables are numbered from: far above any number a village's players
open tables up to (the migration 0006 sets the same)."""


class UtcDateTime(TypeDecorator[dt.datetime]):
    """Aware UTC datetimes on every database (SQLite has no time zone type)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: dt.datetime | None, dialect: Dialect) -> Any:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: the village stores aware UTC times only")
        value = value.astimezone(dt.UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> dt.datetime | None:
        if value is None:
            return None
        assert isinstance(value, dt.datetime)
        return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Village(Base):
    __tablename__ = "village"

    village_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    guild_id: Mapped[int | None] = mapped_column(BigInteger)
    game: Mapped[str] = mapped_column(String(32))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    day: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    layout: Mapped[str] = mapped_column(String(16), server_default="channel")
    next_table: Mapped[int] = mapped_column(BigInteger, default=1, server_default="1")
    """The number the next table a player opens takes (1, 2, 3 … in each village). Taken by
    `UPDATE … RETURNING`, so that two tables made at once never wait on the village's
    highest number (0005)."""
    next_day_table: Mapped[int] = mapped_column(
        BigInteger, default=DAY_TABLES_FROM, server_default=str(DAY_TABLES_FROM)
    )
    """The number the next player's day table takes, the same way: from `DAY_TABLES_FROM`
    up, so that the tables players open and name keep the small numbers (0006)."""


class VillageDay(Base):
    __tablename__ = "village_day"
    __table_args__ = (
        ForeignKeyConstraint(["village_id"], ["village.village_id"]),
        Index("ix_village_day_open", "closed_at", "closes_at"),
    )

    village_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    day: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    opened_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    closes_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    closed_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    seed: Mapped[bytes] = mapped_column(LargeBinary(32))
    commitment: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer, default=0)
    post_id: Mapped[int | None] = mapped_column(BigInteger)


class Player(Base):
    __tablename__ = "player"
    __table_args__ = (ForeignKeyConstraint(["village_id"], ["village.village_id"]),)

    village_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    player_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(100))
    joined_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)


class GameTable(Base):
    """A table: one game played by its seats in one place, with its own event stream.
    A Greed day is a one-seat table per player and day."""

    __tablename__ = "game_table"
    __table_args__ = (
        ForeignKeyConstraint(["village_id"], ["village.village_id"]),
        Index("ix_game_table_day", "village_id", "day", "opener_id"),
        Index("ix_game_table_place", "village_id", "place_id", "status"),
        Index("ix_game_table_deadline", "deadline_at"),
        # A player's day table (no place) is one per day and game: two first throws of one
        # player at once make it once (0005).
        Index(
            "uq_game_table_day_opener",
            "village_id",
            "day",
            "opener_id",
            "game",
            unique=True,
            sqlite_where=text("place_id IS NULL"),
            postgresql_where=text("place_id IS NULL"),
        ),
    )

    village_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    table_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    game: Mapped[str] = mapped_column(String(32))
    day: Mapped[int] = mapped_column(Integer)
    opener_id: Mapped[int] = mapped_column(BigInteger)
    place_id: Mapped[int | None] = mapped_column(BigInteger)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[int]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    opened_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    started_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    ended_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    deadline_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    seed: Mapped[bytes | None] = mapped_column(LargeBinary(32))
    commitment: Mapped[str | None] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer)


class Event(Base):
    """The append-only event table: rows are inserted, never updated or deleted (a trigger
    refuses both). `(village_id, table_id, version)` is a table stream's optimistic lock;
    the village's own stream (no table) is locked by `(village_id, day, version)`."""

    __tablename__ = "event"
    __table_args__ = (
        Index(
            "uq_event_table_version",
            "village_id",
            "table_id",
            "version",
            unique=True,
            sqlite_where=text("table_id IS NOT NULL"),
            postgresql_where=text("table_id IS NOT NULL"),
        ),
        Index(
            "uq_event_village_version",
            "village_id",
            "day",
            "version",
            unique=True,
            sqlite_where=text("table_id IS NULL"),
            postgresql_where=text("table_id IS NULL"),
        ),
        ForeignKeyConstraint(["village_id"], ["village.village_id"]),
        Index("ix_event_village_id_day", "village_id", "day"),
    )

    event_id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    village_id: Mapped[int] = mapped_column(BigInteger)
    day: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[int | None] = mapped_column(BigInteger)
    player_id: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(32))
    type: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    recorded_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    codec: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """The version of the game's codec that wrote `type` and `data`; the events stored
    before it was kept are of version 1, the only one any game wrote then (0007)."""


class Message(Base):
    """Messages processed, keyed by the chat platform's id: each is handled at most once."""

    __tablename__ = "message"
    __table_args__ = (ForeignKeyConstraint(["village_id"], ["village.village_id"]),)

    village_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    message_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    player_id: Mapped[int] = mapped_column(BigInteger)
    sent_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    received_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    outcome: Mapped[str] = mapped_column(String(32))
    place_id: Mapped[int | None] = mapped_column(BigInteger)


class TableScore(Base):
    """Score projection of a player at a table, written in the transaction of its events."""

    __tablename__ = "table_score"
    __table_args__ = (
        ForeignKeyConstraint(["village_id"], ["village.village_id"]),
        Index("ix_table_score_player", "village_id", "player_id", "day"),
    )

    village_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    table_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    player_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    day: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(32))
    version: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)
    """What the game keeps besides the points (Greed: the day's finished turns)."""
    finished: Mapped[bool] = mapped_column(Boolean)
    ended_message_id: Mapped[int | None] = mapped_column(BigInteger)


class Outbox(Base):
    """Replies kept until the chat adapter has delivered them (written with what they answer)."""

    __tablename__ = "outbox"
    __table_args__ = (
        ForeignKeyConstraint(["village_id"], ["village.village_id"]),
        Index("ix_outbox_pending", "status", "village_id", "outbox_id"),
        Index("ix_outbox_message", "village_id", "message_id", "seq"),
    )

    outbox_id: Mapped[int] = mapped_column(Id, primary_key=True, autoincrement=True)
    village_id: Mapped[int] = mapped_column(BigInteger)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    seq: Mapped[int] = mapped_column(Integer)
    reply: Mapped[dict[str, Any]] = mapped_column(JSON)
    locale: Mapped[str] = mapped_column(String(8))
    place_id: Mapped[int | None] = mapped_column(BigInteger)
    via: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[dt.datetime] = mapped_column(UtcDateTime)
    status: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer)
    posted_id: Mapped[int | None] = mapped_column(BigInteger)
    posted_at: Mapped[dt.datetime | None] = mapped_column(UtcDateTime)
    nonce: Mapped[str | None] = mapped_column(String(25))
    group_nonce: Mapped[str | None] = mapped_column(String(25))


metadata = Base.metadata


def _plain(model: type[Base]) -> Table:
    table = model.__table__
    assert isinstance(table, Table)
    return table


# The tables as plain tables, named once: the statements the store builds by hand (a
# throw's, a close's, the bulk reads) name them, and skip the ORM's bookkeeping.
VILLAGE = _plain(Village)
DAY = _plain(VillageDay)
PLAYER = _plain(Player)
TABLE = _plain(GameTable)
EVENT = _plain(Event)
MESSAGE = _plain(Message)
SCORE = _plain(TableScore)
OUTBOX = _plain(Outbox)
