"""Every record the store keeps goes into its row and comes back the same, field by field
(None, JSON, times and bytes among them), on SQLite and PostgreSQL; and a record or a
table that grows apart from the other stops its converter from being made."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import and_, select
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage import rows
from bot.storage import tables as t
from bot.storage.convert import Coded, Converter
from bot.village.records import (
    SENT,
    DayRecord,
    MessageRecord,
    OutboxRecord,
    PlayerDayRecord,
    PlayerRecord,
    StoredEvent,
    TableRecord,
    VillageRecord,
)
from bot.village.settings import VillageSettings

pytestmark = pytest.mark.db

# An instant written in another zone: it comes back the same instant, in UTC.
AT = dt.datetime(2026, 12, 1, 3, 4, 5, 678_901, tzinfo=dt.timezone(dt.timedelta(hours=9)))
LATER = AT + dt.timedelta(days=1, microseconds=1)
BIG = 2**62  # chat ids are 64-bit
SEED = bytes(range(32))
NESTED = {"faces": ["D", "Eg"], "ja": "緑のE", "nested": {"n": [1, 2.5, None, True]}}
SETTINGS = VillageSettings(
    locale="en", name="ひなた村", moderator_role_id=BIG, refusal_ttl=None, period_hours=48
)


def full(village_id: int) -> list[Any]:
    """A record of each kind with every field given, none at its default."""
    return [
        VillageRecord(village_id, "greed", SETTINGS, 3, AT, guild_id=BIG, layout="posts"),
        DayRecord(village_id, 3, SETTINGS, AT, LATER, SEED, "ab" * 32, LATER, 4, BIG),
        PlayerRecord(village_id, BIG, "ＡＬＩＣＥ", AT),
        StoredEvent(village_id, 3, BIG, 2, "ducks", "DiceThrown", NESTED, BIG, AT, 7, 2),
        TableRecord(
            village_id,
            7,
            "ducks",
            3,
            BIG,
            BIG + 1,
            {"deadline": 24, "hands": [1, None]},
            (BIG, 5),
            "playing",
            AT,
            6,
            LATER,
            LATER,
            LATER,
            SEED,
            "cd" * 32,
        ),
        MessageRecord(village_id, BIG, 5, AT, LATER, "throw", BIG + 2),
        OutboxRecord(
            village_id,
            BIG,
            2,
            {"key": "thrown", "params": NESTED},
            "en",
            BIG + 3,
            "interaction",
            AT,
            None,  # numbered by the database
            SENT,
            3,
            BIG + 4,
            LATER,
            "n" * 25,
            "g" * 25,
        ),
        PlayerDayRecord(
            village_id,
            3,
            BIG,
            5,
            -150,
            ({"points": 300, "faces": [1, 5]}, {"points": 0}),
            True,
            BIG,
            7,
            "ducks",
            {"hands": 2, "rounds": [1, 2]},
        ),
    ]


def bare(village_id: int) -> list[Any]:
    """A record of each kind with every field that may be None None, the rest empty or
    at its default."""
    return [
        VillageRecord(village_id, "greed", VillageSettings(), 1, AT),
        DayRecord(village_id, 1, VillageSettings(), AT, LATER, SEED, "ab" * 32),
        PlayerRecord(village_id, 5, "", AT),
        StoredEvent(village_id, 1, 0, 1, "greed", "VillageCreated", {}, None, AT),
        TableRecord(village_id, 1, "greed", 1, 5, None, {}, (), "seating", AT),
        MessageRecord(village_id, 1, 5, AT, AT, "ignored"),
        OutboxRecord(village_id, None, 0, {}, "ja", None, "village", AT),
        PlayerDayRecord(village_id, 1, 5, 0, 0),
    ]


CONVERTERS: dict[type[Any], Converter[Any]] = {
    VillageRecord: rows.VILLAGES,
    DayRecord: rows.DAYS,
    PlayerRecord: rows.PLAYERS,
    StoredEvent: rows.EVENTS,
    TableRecord: rows.TABLES,
    MessageRecord: rows.MESSAGES,
    OutboxRecord: rows.REPLIES,
    PlayerDayRecord: rows.SCORES,
}


def test_every_record_the_store_keeps_has_a_converter_and_a_sample() -> None:
    kinds = [type(record) for record in full(1)]
    assert kinds == [type(record) for record in bare(1)] == list(CONVERTERS)
    for kind, converter in CONVERTERS.items():
        assert converter.kind is kind
        assert converter.fields == tuple(field.name for field in dataclasses.fields(kind))


@pytest.mark.parametrize("record", full(1), ids=lambda record: type(record).__name__)
def test_the_full_samples_give_every_field(record: Any) -> None:
    # A field a record gains keeps its default here, and the round trip would not try it:
    # give it a value in `full`.
    for field in dataclasses.fields(record):
        value = getattr(record, field.name)
        if field.name == "outbox_id":
            continue  # the database numbers it
        assert value is not None, field.name
        if field.default is not dataclasses.MISSING:
            assert value != field.default, field.name
        if field.default_factory is not dataclasses.MISSING:
            assert value != field.default_factory(), field.name


async def _round_trip(engine: AsyncEngine, records: list[Any]) -> None:
    async with engine.begin() as connection:
        for record in records:
            converter = CONVERTERS[type(record)]
            table = converter.table
            statement = table.insert()
            if table.autoincrement_column is not None:
                statement = statement.returning(table.autoincrement_column)
            result = await connection.execute(statement, converter.values(record))
            if table.autoincrement_column is None:
                where = [c == getattr(record, c.key) for c in table.primary_key]
            else:
                number = result.scalar_one()
                where = [table.autoincrement_column == number]
                if "outbox_id" in converter.fields:
                    record = dataclasses.replace(record, outbox_id=number)
            # Both readers: by the columns' names, and by their places.
            by_name = (await connection.execute(select(table).where(and_(*where)))).one()
            by_place = (await connection.execute(select(*converter.columns).where(*where))).one()
            for back in (converter.record(by_name), converter.from_values(tuple(by_place))):
                for field in dataclasses.fields(record):
                    want, got = getattr(record, field.name), getattr(back, field.name)
                    assert got == want, f"{type(record).__name__}.{field.name}"
                    # bytes, not a memoryview (which equals them); a tuple, not a list.
                    assert type(got) is type(want), f"{type(record).__name__}.{field.name}"
                    if isinstance(got, dt.datetime):
                        assert got.tzinfo is dt.UTC
                assert back == record


@pytest.mark.parametrize("samples", [full, bare])
async def test_every_record_comes_back_from_its_row_as_it_went_in(
    engine: AsyncEngine,
    village_id: int,
    other_village_id: int,
    samples: Callable[[int], list[Any]],
) -> None:
    village, *rest = samples(village_id)
    # The village every other row belongs to, then the rows of the same sample.
    await _round_trip(engine, [village])
    await _round_trip(engine, rest)
    # The other sample's village too (both villages' columns are tried).
    other = (bare if samples is full else full)(other_village_id)[0]
    await _round_trip(engine, [other])


@dataclasses.dataclass(frozen=True)
class WiderPlayer:
    village_id: int
    player_id: int
    name: str
    joined_at: dt.datetime
    nickname: str = ""


@dataclasses.dataclass(frozen=True)
class NarrowerMessage:
    village_id: int
    message_id: int
    player_id: int
    sent_at: dt.datetime
    received_at: dt.datetime
    place_id: int | None = None


def test_a_field_with_no_column_stops_its_converter() -> None:
    with pytest.raises(TypeError, match="nickname"):
        Converter(WiderPlayer, t.Player)


def test_a_column_no_field_writes_stops_its_converter() -> None:
    # The message's outcome has no default: a row without it could not be written.
    with pytest.raises(TypeError, match="outcome"):
        Converter(NarrowerMessage, t.Message)


def test_a_coded_field_the_record_lacks_stops_its_converter() -> None:
    with pytest.raises(TypeError, match="seats"):
        Converter(PlayerRecord, t.Player, seats=Coded(read=tuple))
