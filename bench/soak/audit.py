"""After a phase: the database and the chat compared, message by message.

- every committed throw answered exactly once in the chat (each reply of its message posted
  once, under its nonce, with the text that was kept for it);
- nothing applied twice (no message with two throws, or events in two tables);
- nothing half-applied (a message with events has its processed-message record, its kept
  replies and its score row);
- the score rows equal a replay of the events through the game's own code;
- every player message handled (recorded, or at least answered: told to try again).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from bench.soak.chat import BotPost, Chat, Swallowed
from bench.soak.village import GUILD_ID, VILLAGE_ID
from bot.chat.render import render
from bot.discord_adapter.jobs import job_of
from bot.discord_adapter.surface import discord_surface
from bot.storage import tables as t
from bot.storage.engine import make_engine
from bot.storage.rows import REPLIES
from bot.storage.store import SqlStore
from bot.village.chance import FairChance
from bot.village.clock import SystemClock
from bot.village.records import PENDING
from bot.village.service import VillageService
from bot.village.stream import DRAW_SEQ, read_stream
from bot.words.reply import refused


def refusal_texts(key: str, names: list[str], locale: str = "ja") -> frozenset[str]:
    """What a player reads for a refusal that keeps nothing: `store_unavailable` (the
    database could not take the message: try again) or `internal_error` (a bug)."""
    surface = discord_surface(GUILD_ID, {}, VILLAGE_ID)
    return frozenset(render(refused(key, to=name), locale, surface) for name in names)


@dataclass(slots=True)
class Audit:
    messages_sent: int = 0
    messages_recorded: int = 0
    throws: int = 0
    """Throws committed in the event log."""
    answers_kept: int = 0
    lost_throws: list[int] = field(default_factory=list)
    """Messages whose committed throw was never shown in the chat."""
    lost_answers: list[int] = field(default_factory=list)
    """Kept replies (outbox ids) never posted."""
    lost_detail: list[str] = field(default_factory=list)
    swallowed_examples: list[Swallowed] = field(default_factory=list)
    swallowed_answers: list[int] = field(default_factory=list)
    """Kept replies whose nonce the chat had already seen on another post for the same
    message (a "try again", an internal error, none of them kept): Discord shows that post
    instead, and the reply is never seen."""
    unhandled: list[int] = field(default_factory=list)
    """Player messages neither recorded nor answered."""
    double_applied: list[int] = field(default_factory=list)
    duplicate_posts: list[str] = field(default_factory=list)
    """Nonces posted more than once."""
    half_applied: list[str] = field(default_factory=list)
    projection_mismatches: list[str] = field(default_factory=list)
    told_to_retry: int = 0
    internal_errors: int = 0
    """Messages answered only with `internal_error` (their tracebacks count as crashes)."""
    retried_then_applied: list[int] = field(default_factory=list)
    """Messages answered "try again" that a later catch-up handled all the same."""
    unrecorded_answers: list[str] = field(default_factory=list)
    """Posts answering a message with nothing kept for it, other than "try again"."""
    tables_replayed: int = 0
    shared_posts: int = 0
    """Posts that carried several replies together (a busy channel)."""
    replies_shared: int = 0
    delivered_twice_applied_once: int = 0
    pairs_handled: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    @property
    def lost(self) -> int:
        # A lost throw is a lost answer too: counted once, as the throw.
        answers = set(self.lost_answers) | set(self.swallowed_answers)
        return len(answers) + len(self.unhandled)

    @property
    def double(self) -> int:
        return len(self.double_applied) + len(self.duplicate_posts) + len(self.unrecorded_answers)


def _nonce(entry: Any) -> str:
    """The nonce of the post that carries a kept reply: the shared post it was recorded to
    go out in, or a post of its own."""
    if entry.group_nonce is not None:
        return str(entry.group_nonce)
    nonce = job_of(REPLIES.record(entry), GUILD_ID).nonce
    assert nonce is not None
    return nonce


async def audit(url: str, chat: Chat, retry: frozenset[str], broken: frozenset[str]) -> Audit:
    engine = make_engine(url)
    try:
        return await _audit(SqlStore(engine), chat, retry, broken)
    finally:
        await engine.dispose()


@dataclass(frozen=True, slots=True)
class Records:
    """The village as the database holds it after the phase."""

    events: list[Any]
    messages: dict[int, Any]
    outbox: list[Any]
    scores: dict[tuple[int, int], Any]


async def _records(store: SqlStore) -> Records:
    async with store.engine.connect() as connection:

        async def rows(table: Any, *order: Any) -> list[Any]:
            query = select(table).where(table.village_id == VILLAGE_ID).order_by(*order)
            return list((await connection.execute(query)).all())

        events = await rows(t.Event, t.Event.event_id)
        messages = {row.message_id: row for row in await rows(t.Message)}
        outbox = await rows(t.Outbox, t.Outbox.outbox_id)
        scores = {(row.table_id, row.player_id): row for row in await rows(t.TableScore)}
    return Records(events, messages, outbox, scores)


async def _audit(
    store: SqlStore, chat: Chat, retry: frozenset[str], broken: frozenset[str]
) -> Audit:
    found = Audit()
    records = await _records(store)
    found.messages_sent = len(chat.player_messages())
    found.messages_recorded = len(records.messages)
    found.outcomes = Counter(row.outcome for row in records.messages.values())
    draws = _applied(found, records)
    _answers(found, records, chat, retry, broken, draws)
    _handled(found, records, chat, draws)
    await _replay(store, found, records.scores)
    return found


def _applied(found: Audit, records: Records) -> Counter[int]:
    """Throws by message; a message applied twice (two throws, or events in two tables, or
    its replies kept twice); a message half applied (events without their message record,
    their replies or a score row as recent as they are)."""
    draws: Counter[int] = Counter()
    tables_of: defaultdict[int, set[int | None]] = defaultdict(set)
    last_version: dict[int, int] = {}
    player_of: dict[int, int] = {}
    for row in records.events:
        if row.message_id is not None:
            tables_of[row.message_id].add(row.table_id)
            draws[row.message_id] += DRAW_SEQ in row.data
        if row.table_id is not None:
            last_version[row.table_id] = max(last_version.get(row.table_id, 0), row.version)
            player_of[row.table_id] = row.player_id
    found.throws = sum(draws.values())
    found.double_applied = sorted(m for m in tables_of if draws[m] > 1 or len(tables_of[m]) > 1)
    answered = {entry.message_id for entry in records.outbox}
    for message_id in tables_of:
        if message_id not in records.messages:
            found.half_applied.append(f"message {message_id}: events without its record")
        if message_id not in answered:
            found.half_applied.append(f"message {message_id}: events without its replies")
    for table_id, version in last_version.items():
        score = records.scores.get((table_id, player_of[table_id]))
        if score is None or score.version < version:
            found.half_applied.append(f"table {table_id}: events past its score row")
    for (message_id, seq), n in Counter((e.message_id, e.seq) for e in records.outbox).items():
        if message_id is not None and n > 1:
            found.double_applied.append(message_id)
            found.half_applied.append(f"message {message_id} reply {seq} kept {n} times")
    return draws


def _answers(
    found: Audit,
    records: Records,
    chat: Chat,
    retry: frozenset[str],
    broken: frozenset[str],
    draws: Counter[int],
) -> None:
    """Every kept reply posted once, under its nonce, with its own text; and what the chat
    shows that nothing was kept for (a "try again", or an answer out of nowhere)."""
    posted_as: defaultdict[str, list[BotPost]] = defaultdict(list)
    for post in chat.posts:
        if post.nonce is not None and "." not in post.nonce:  # a long reply's first piece
            posted_as[post.nonce].append(post)
    # A kept reply whose send was answered with an earlier post of its nonce: a "try again"
    # or an internal error posted first for the same message (never kept, so never the
    # kept reply's own text). The other way round, a refusal sent after the answer was
    # posted, is harmless: the chat shows the answer.
    unkept = retry | broken
    lost_sends = [s for s in chat.swallowed if s.shown in unkept and s.meant not in unkept]
    swallowed = {s.nonce for s in lost_sends}
    found.swallowed_examples = lost_sends[:5]
    found.answers_kept = len(records.outbox)
    # A reply planned for a post of its own carries its own nonce as its post's.
    shared = [
        entry.group_nonce
        for entry in records.outbox
        if entry.group_nonce is not None and entry.group_nonce != entry.nonce
    ]
    found.replies_shared = len(shared)
    found.shared_posts = len(set(shared) & set(posted_as))
    expected: set[str] = set()
    for entry in records.outbox:
        nonce = _nonce(entry)
        expected.add(nonce)
        posted = posted_as.get(nonce, [])
        if len(posted) > 1:
            found.duplicate_posts.append(nonce)
        if entry.status == PENDING or not posted:
            found.lost_answers.append(entry.outbox_id)
            found.lost_detail.append(
                f"{entry.outbox_id} ({entry.reply.get('key')}, {entry.status}, {entry.via}, "
                f"message {entry.message_id} reply {entry.seq}, nonce {nonce})"
            )
        elif nonce in swallowed:
            found.swallowed_answers.append(entry.outbox_id)
        else:
            continue
        if entry.message_id is not None and draws[entry.message_id]:
            found.lost_throws.append(entry.message_id)
    for nonce, posts in posted_as.items():
        # The first post under the nonce is what the players saw: "try again" alone, or
        # several players' "try again" gathered into one post while the channel was busy.
        told = posts[0].told(retry) or []
        found.retried_then_applied.extend(m for m in told if m in records.messages)
        if nonce in expected or nonce.startswith("h"):  # `h…`: the history is unreadable
            continue
        if all(post.told(retry) is not None for post in posts):
            found.told_to_retry += len(told)
        elif all(post.told(unkept) is not None for post in posts):
            found.internal_errors += 1
        else:
            found.unrecorded_answers.append(nonce)


def _handled(found: Audit, records: Records, chat: Chat, draws: Counter[int]) -> None:
    """Every player message recorded or at least answered; the messages delivered twice
    applied once; both messages of each pair handled."""
    answered = chat.answered()

    def handled(message_id: int) -> bool:
        return message_id in records.messages or message_id in answered

    found.unhandled = [m.message_id for m in chat.player_messages() if not handled(m.message_id)]
    found.delivered_twice_applied_once = sum(
        1 for m in chat.twice if draws[m] <= 1 and m not in found.double_applied
    )
    found.pairs_handled = sum(1 for a, b in chat.paired if handled(a) and handled(b))


async def _replay(store: SqlStore, found: Audit, scores: dict[tuple[int, int], Any]) -> None:
    """Each day table's score row against its events replayed with the game's code."""
    core = VillageService(store, SystemClock(), FairChance()).core
    village = await store.get_village(VILLAGE_ID)
    assert village is not None
    game = core.game(village)
    days = {}
    for (table_id, player_id), row in scores.items():
        day = days.get(row.day) or await store.get_day(VILLAGE_ID, row.day)
        assert day is not None
        days[row.day] = day
        view = read_stream(
            game, day.settings.rules, await store.load_stream(VILLAGE_ID, day.day, player_id)
        )
        closed = True if day.closed_at is not None else None
        replayed = core.score_row(
            village, day, player_id, view.state, view.version, None, finished=closed
        )
        # Through JSON both, as the row was stored: tuples read back as lists.
        stored = (row.points, row.version, row.finished, _json(row.detail.get("turns", [])))
        again = (replayed.points, replayed.version, replayed.finished, _json(replayed.turns))
        found.tables_replayed += 1
        if stored != again:
            found.projection_mismatches.append(
                f"table {table_id} (day {row.day}, player {player_id}): stored {stored[:3]}, "
                f"replayed {again[:3]}"
            )


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))
