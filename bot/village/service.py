"""The village service: one entry point for every message, from Discord or the console.

Whatever a message does, it counts once: its effects, the record that it was handled and the
replies it gets are written in one transaction. Its answer carries everything a chat adapter
needs to post it, so that no adapter reads the store itself.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import itertools
import logging
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.fairness.seed import new_seed
from bot.games.api import Play
from bot.games.registry import DEFAULT, Registry
from bot.village import days, overdue, tables
from bot.village.core import Author, Call, Core, Incoming, Refusal
from bot.village.day.play import play
from bot.village.flood import FloodGate, Verdict
from bot.village.inputs import clean_name, unusable
from bot.village.ports import (
    ChanceSource,
    Clock,
    DuplicateMessage,
    OperatorError,
    Store,
    StoreError,
)
from bot.village.records import (
    SENT,
    DayRecord,
    OutboxRecord,
    PlayContext,
    PlayerRecord,
    TableContext,
    VillageRecord,
)
from bot.village.registry import Command, CommandTable, commands_of
from bot.village.replies import Answer, Delivery
from bot.village.requests import (
    MAX_LENGTH,
    Chatter,
    CommandRequest,
    Edited,
    GamePlay,
    Parsed,
    Request,
    Unplayable,
)
from bot.words.reply import Reply, ReplyKind, refused

_logger = logging.getLogger(__name__)

# Requests that play, whatever they throw: what the flood gate counts.
_PLAY = (GamePlay, Unplayable)


@dataclass(frozen=True, slots=True)
class DayPlace:
    """Where a village's day is announced and played."""

    village_id: int
    day: int
    in_posts: bool
    post_id: int | None
    """The day's post, once opened (forum villages); the village channel otherwise."""
    title: str
    """What the day's post is called: the village's name and the day (`〈name〉 3d`)."""
    previous_post_id: int | None
    """The day before's post, which is locked once this one is open."""
    guild_id: int | None


@dataclass(frozen=True, slots=True)
class Watch:
    """A place of a village the adapter reads missed messages of (its channel, today's post,
    a table's thread), and after which message."""

    village_id: int
    guild_id: int | None
    place_id: int
    after_message_id: int
    locale: str


class VillageService:
    def __init__(
        self,
        store: Store,
        clock: Clock,
        dice: ChanceSource,
        games: Registry = DEFAULT,
        default_game: str | None = None,
        *,
        outbox: bool = False,
        flood_gate: bool = False,
        defaults: Mapping[str, Any] | None = None,
        seeds: Callable[[], bytes] = new_seed,
    ) -> None:
        """`outbox`: keep replies until the adapter has delivered them, and judge double
        posts by the chat's clock. `flood_gate`: limit how fast a player may post (where
        messages carry the chat's own times; a transcript's all share one). `games`: the
        games the village hosts, which its commands and replies are made from;
        `default_game`: the day game a new village plays (None: the registry's first)."""
        self.games = games
        self.commands: CommandTable = commands_of(games)
        self.core = Core(
            store, clock, dice, games, default_game, outbox, dict(defaults or {}), seeds
        )
        self._gate = FloodGate() if flood_gate else None
        self._known: dict[int, VillageRecord] = {}
        """The villages as last read: the flood gate's limits, without a read of its own."""

    # -- messages ------------------------------------------------------------------------

    async def handle(self, incoming: Incoming) -> Answer:
        """Everything the village answers to one message. Never raises for bad input."""
        request = incoming.request
        if isinstance(request, Chatter):
            return Answer()
        author = incoming.author
        name = clean_name(author.name)
        if name != author.name:
            incoming = replace(incoming, author=replace(author, name=name))
        try:
            deliveries = await self._handle(incoming)
        except StoreError:
            # Nothing was written: no die is drawn or lost, the player just posts again.
            deliveries = [Delivery(refused("store_unavailable", to=incoming.author.name))]
        except OperatorError:
            raise
        except Exception:
            # A bug must not reach the chat as a traceback; the transaction was rolled back.
            _logger.exception(
                "village %s message %s: unexpected error", incoming.village_id, incoming.message_id
            )
            deliveries = [Delivery(refused("internal_error", to=incoming.author.name))]
        # Play changes no setting, and a command reads its village first (and drops it
        # when it may change the settings): the village as this process last read it will do.
        return await self._answer(incoming.village_id, deliveries, fresh=False)

    async def _handle(self, incoming: Incoming) -> list[Delivery]:
        try:
            return await self._route(incoming)
        except Refusal as refusal:
            return await self._refuse(incoming, refusal)

    async def _route(self, incoming: Incoming) -> list[Delivery]:
        request = incoming.request
        if isinstance(request, Edited):
            return await self._edited(incoming, request.now)
        if isinstance(request, _PLAY):
            verdict = self._flood(incoming)
            if verdict is Verdict.IGNORE:
                return await self._flooded(incoming)
            if verdict is Verdict.NOTICE:
                settings = self._known[incoming.village_id].settings
                raise Refusal(
                    "flood", messages=settings.flood_messages, seconds=settings.flood_seconds
                )
        if isinstance(request, GamePlay):
            return await self._play(incoming, request)
        if isinstance(request, Unplayable):
            raise Refusal(f"message_{request.reason}", limit=MAX_LENGTH)
        assert isinstance(request, CommandRequest)
        return await self._command(incoming, request)

    async def _play(self, incoming: Incoming, request: GamePlay) -> list[Delivery]:
        """A table game's move goes to the player's table; the day game's to their day."""
        if request.game in self.games.table_games:
            return await tables.play_message(self.core, incoming, request.reading, request.game)
        if len(self.games.day_games) > 1 and not await self._day_game_here(incoming, request):
            return []  # another day game's words: chatter in a village that plays another
        return await play(self.core, incoming, request.reading)

    async def _day_game_here(self, incoming: Incoming, request: GamePlay) -> bool:
        """Whether the village plays the day game whose words the message has (asked only
        of a registry with several day games: each village plays one of them)."""
        village = self._known.get(incoming.village_id) or await self.core.villages.get_village(
            incoming.village_id
        )
        return village is None or village.game == request.game

    def _flood(self, incoming: Incoming) -> Verdict:
        village = self._known.get(incoming.village_id)
        if village is None or self._gate is None:
            return Verdict.PLAY  # not read by this process yet: the next message is counted
        return self._gate.check(
            incoming.village_id,
            incoming.author.player_id,
            incoming.sent_at,
            village.settings.flood_messages,
            village.settings.flood_seconds,
        )

    async def _flooded(self, incoming: Incoming) -> list[Delivery]:
        """No reply, but recorded: the same message read again later stays ignored."""
        with contextlib.suppress(DuplicateMessage):
            await self.core.unit(
                lambda unit: unit.ledger.record_message(unit.message(incoming, "ignored"))
            )
        return []

    async def _edited(self, incoming: Incoming, now: Parsed) -> list[Delivery]:
        """An edit never throws. Tags edited into a message no village has seen get one
        short notice; a message handled already keeps what it did (the log has it)."""
        if not isinstance(now, _PLAY):
            return []
        if (
            isinstance(now, GamePlay)
            and now.game in self.games.table_games
            and not now.reading.tagged
        ):
            # A table game's words without its roll tag are chatter from anyone not seated.
            return []
        core = self.core
        village = await core.villages.get_village(incoming.village_id)
        if village is None:
            return []
        if await core.ledger.get_message(village.village_id, incoming.message_id) is not None:
            return []
        notice = Reply(ReplyKind.IGNORED, "edited", to=incoming.author.name)
        try:
            return await core.settle(village, [notice], incoming)
        except DuplicateMessage:
            return []

    async def _command(self, incoming: Incoming, request: CommandRequest) -> list[Delivery]:
        core = self.core
        found = self.commands.resolve(request)
        if found is None:
            raise _unknown(self.commands, request)
        command, request = found
        if command.handler is None:  # a day game's move typed as a command (a turn's end)
            _check_arguments(command, request)
            # The game reads the command as the message it stands for.
            typed = self.games.games[command.group].read(f"/{command.path}")
            assert isinstance(typed, Play), command.path
            return await play(core, incoming, typed)
        if command.handler is tables.move_command:
            # A move typed as a command is played as a move in the chat is: read (or not
            # at all, after a move there) and written as a throw is.
            ready = functools.partial(self._ready, command, request)
            return await tables.command_move(core, incoming, request, ready)
        context: PlayContext | None = None
        placed: TableContext | None = None
        if command.group in self.games.table_games:
            # The village, its day, whether the message was handled and the table of the
            # place, in one read: a table has its stream, the author's day table is not read.
            placed = await core.table_log.table_context(
                incoming.village_id, incoming.message_id, incoming.place
            )
        else:
            # The village, its day, whether the message was handled and the author's day
            # table, in one read (as for a throw).
            context = await core.day_log.play_context(
                incoming.village_id, incoming.message_id, incoming.author.player_id
            )
        read = placed or context
        village = read.village if read is not None else None
        if village is None and not command.anywhere:
            raise Refusal("no_village")
        closing: list[Delivery] = []
        if read is not None and village is not None:
            if read.handled:
                return []  # handled already: a command counts once
            if _due(read.day, core.clock.now()):
                closing = await days.catch_up(core, village)
                # Read again: a day may have closed, here or in another process.
                village = await core.villages.get_village(village.village_id)
                read = context = placed = None
            elif not command.settings:
                # The answer's language and limits: the village as just read. A command
                # that changes the settings has its village read again after it.
                self._known[village.village_id] = village
        if command.moderator and not core.is_moderator(village, incoming.author):
            raise Refusal("moderators_only", command=command.path)
        _check_arguments(command, request)
        table = None if placed is None else (placed.table,)
        call = Call(incoming, request, village, context, table)
        handler = command.handler
        tries = itertools.count()

        async def run(unit: Core) -> list[Delivery]:
            # Tried again after another writer moved first: the table is read afresh.
            replies = await handler(unit, call if next(tries) == 0 else replace(call, table=None))
            here = village or await unit.villages.get_village(incoming.village_id)
            replies = _privacy(command, replies)
            if here is None:  # asked outside a village: nowhere to keep it
                return [Delivery(reply, None, seq) for seq, reply in enumerate(replies)]
            return await unit.settle(here, replies, incoming)

        try:
            # A command that changes nothing records its message and answer by themselves.
            return closing + await (run(core) if command.answers_only else core.unit(run))
        except DuplicateMessage:
            return closing
        finally:
            if command.settings or read is None:
                self._known.pop(incoming.village_id, None)
            if command.settings or command.moderator or closing:
                # The settings, the day or a player's table may have changed: moves read.
                core.plays.forget(incoming.village_id)

    def _ready(self, command: Command, request: CommandRequest, read: TableContext) -> bool:
        """What `_command` asks of a command before its handler, asked of a move typed as a
        command once its village is read (no move is a moderator's): its arguments, and
        whether its day must close first (False)."""
        _check_arguments(command, request)
        if _due(read.day, self.core.clock.now()):
            return False
        self._known[read.village.village_id] = read.village
        return True

    async def _refuse(self, incoming: Incoming, refusal: Refusal) -> list[Delivery]:
        """The refusal, with where the speaker stands; recorded, so that it counts once too."""
        core = self.core
        author = incoming.author
        village = await core.villages.get_village(incoming.village_id)
        reply = refused(refusal.key, to=author.name, **refusal.params)
        game = _table_game(self.games, incoming.request)
        if village is not None and game is not None:
            reply = await tables.refused_at_table(core, village, incoming, game, reply)
        elif village is not None and _about_the_day(self.games, incoming.request):
            reply = replace(reply, state=await core.standing_of(village, author))
        if village is None:
            return [Delivery(reply)]  # no village to keep it in
        try:
            return await core.settle(village, [reply], incoming)
        except DuplicateMessage:
            return []

    async def _answer(
        self, village_id: int, deliveries: list[Delivery], *, fresh: bool = True
    ) -> Answer:
        village = None if fresh else self._known.get(village_id)
        try:
            village = village or await self.core.villages.get_village(village_id)
        except StoreError:
            village = self._known.get(village_id)
        if village is None:  # no village: the operator's language for new ones
            return Answer(tuple(deliveries), str(self.core.defaults.get("locale", "ja")))
        self._known[village_id] = village
        return Answer(
            tuple(deliveries),
            village.settings.locale,
            village.settings.refusal_ttl,
            guild_id=village.guild_id,
        )

    # -- the day loop --------------------------------------------------------------------

    async def tick(
        self,
        owns: Callable[[VillageRecord], bool] | None = None,
        grace: dt.timedelta = dt.timedelta(0),
    ) -> dict[int, Answer]:
        """Close the days and apply the tables' time limits that are due (in the villages
        this process `owns`, `grace` after their time), in the order they fell due; what to
        post in each village. Never raises: the loop that calls it must keep running through
        a database outage or a bug."""
        try:
            # Days and tables together, each village's in the order they fell due.
            posts = await overdue.tick(self.core, owns, grace)
            for village_id in posts:
                # A day may have closed there: its moves read the new one. (Where only a
                # table moved on, forgetting costs the next move one read.)
                self.core.plays.forget(village_id)
            return {v: await self._answer(v, d) for v, d in posts.items()}
        except OperatorError:
            raise
        except StoreError:
            return {}  # the next tick tries again
        except Exception:
            _logger.exception("closing the days and applying the time limits that are due")
            return {}

    async def due_by(self, village_id: int, by: dt.datetime) -> Answer:
        """Apply what fell due in the village by `by`, in order (its day's close, its tables'
        time limits): the catch-up calls it before it handles a message sent at `by` while
        the bot was away. Never raises: when it cannot, the message finds its day due and
        closes it itself, and the next tick applies the rest."""
        try:
            deliveries = await overdue.village_due(self.core, village_id, by)
            if deliveries:
                self.core.plays.forget(village_id)  # a day may have closed: moves read it
            return await self._answer(village_id, deliveries)
        except OperatorError:
            raise
        except StoreError:
            pass
        except Exception:
            _logger.exception("village %s: applying what fell due by %s", village_id, by)
        return Answer((), str(self.core.defaults.get("locale", "ja")))

    def forget_quiet(self, before: dt.datetime) -> None:
        """Let the flood gate forget players quiet since `before`: a bot that runs for months
        keeps only the recent ones in memory."""
        if self._gate is not None:
            self._gate.forget_before(before)

    # -- what adapters ask -------------------------------------------------------------------

    async def pending(self, village_ids: Collection[int] | None = None) -> list[OutboxRecord]:
        """Replies kept but not yet delivered, oldest first (after a restart, say)."""
        return await self.core.ledger.pending_outbox(village_ids)

    async def delivered(
        self, outbox_id: int, posted_id: int | None, posted_at: dt.datetime | None
    ) -> bool:
        """Record where a reply went. False when the database cannot take it now: the reply
        then stays pending and is sent again later with the same nonce, which Discord
        recognises for a while, so a short outage posts nothing twice."""
        return await self._mark(outbox_id, SENT, posted_id, posted_at)

    async def grouped(self, outbox_ids: list[int], nonce: str) -> None:
        """Record, before it is sent, that these replies go out together in one post under
        `nonce`. Raises StoreError when the database cannot take it now: the post is then
        not made (each reply goes on its own, under its own nonce)."""
        await self.core.ledger.group_outbox(outbox_ids, nonce)

    async def undeliverable(self, outbox_id: int, status: str, attempts: int) -> bool:
        """`dropped` (a private answer whose slash command expired) or `failed` (the chat
        refuses it for good: the channel is gone, the bot may not post there, a secret's
        player takes no DMs)."""
        return await self._mark(outbox_id, status, attempts=attempts)

    async def _mark(
        self,
        outbox_id: int,
        status: str,
        posted_id: int | None = None,
        posted_at: dt.datetime | None = None,
        attempts: int | None = None,
    ) -> bool:
        # Posted (or given up) whether or not the database takes the record now.
        self.core.answers.marked(outbox_id, status, posted_at)
        try:
            await self.core.ledger.mark_outbox(outbox_id, status, posted_id, posted_at, attempts)
        except StoreError as error:
            _logger.warning("reply %s: cannot record it as %s now: %s", outbox_id, status, error)
            return False
        return True

    async def day_place(self, village_id: int, day: int) -> DayPlace | None:
        villages = self.core.villages
        village = await villages.get_village(village_id)
        found = await villages.get_day(village_id, day)
        if village is None or found is None:
            return None
        before = await villages.get_day(village_id, day - 1) if day > 1 else None
        name = village.settings.name or str(village_id)
        return DayPlace(
            village_id,
            day,
            village.in_posts,
            found.post_id if village.in_posts else village_id,
            f"〈{name}〉 {day}d",
            before.post_id if before is not None and village.in_posts else None,
            village.guild_id,
        )

    async def post_opened(self, village_id: int, day: int, post_id: int) -> None:
        """The day's post exists: play moves there."""
        await self.core.villages.set_day_post(village_id, day, post_id)
        self.core.plays.forget(village_id)  # the day's place changed: moves read it

    async def watch_list(self, guild_ids: Collection[int] | None = None) -> list[Watch]:
        """Every place to read missed messages from, and after which message: each village's
        channel (or today's post), then the thread or post of each of its open tables that
        is not one of those, from the last message handled in that thread."""
        villages, ledger = self.core.villages, self.core.ledger
        village_ids = await villages.village_ids(guild_ids)
        known: dict[int, VillageRecord] = {}
        watches: dict[int, list[Watch]] = {}
        for village_id in village_ids:
            village = await villages.get_village(village_id)
            if village is None:
                continue
            known[village_id] = village
            watches[village_id] = []
            day = await villages.get_day(village_id, village.day)
            place = (day.post_id if day is not None else None) if village.in_posts else village_id
            if place is None:
                continue
            last = await ledger.last_message_id(village_id)
            watches[village_id].append(
                Watch(village_id, village.guild_id, place, last, village.settings.locale)
            )
        watched = {watch.place_id for found in watches.values() for watch in found}
        asked = None if guild_ids is None else village_ids
        for village_id, place, last in await ledger.table_places(asked):
            village = known.get(village_id)
            if village is None or place in watched:
                continue
            watched.add(place)
            watches[village_id].append(
                Watch(village_id, village.guild_id, place, last, village.settings.locale)
            )
        return [watch for found in watches.values() for watch in found]

    async def message_places(self, village_id: int, message_ids: Collection[int]) -> dict[int, int]:
        """Where these messages were posted, for links to them."""
        return await self.core.ledger.message_places(village_id, message_ids)

    async def players(self, village_id: int) -> list[PlayerRecord]:
        """The village's players (autocomplete, the console's names)."""
        return await self.core.villages.players(village_id)

    async def guild_of(self, village_id: int) -> int | None:
        village = await self.core.villages.get_village(village_id)
        return None if village is None else village.guild_id

    async def village_ids(self, guild_ids: Collection[int] | None = None) -> set[int]:
        """Every village channel (of these servers)."""
        return set(await self.core.villages.village_ids(guild_ids))

    async def last_day(self, village_id: int) -> int:
        village = await self.core.villages.get_village(village_id)
        return 0 if village is None else village.day

    async def last_message_id(self, village_id: int) -> int:
        return await self.core.ledger.last_message_id(village_id)


def _privacy(command: Command, replies: list[Reply]) -> list[Reply]:
    """A command whose answer concerns only the caller answers privately (a handler may
    already have said so for one of its replies)."""
    if not command.private:
        return replies
    return [replace(reply, private=True) for reply in replies]


def _unknown(commands: CommandTable, request: CommandRequest) -> Refusal:
    if request.group in commands.groups:
        return Refusal(
            "unknown_command",
            command=f"{request.group} {request.name}".strip(),
            known=commands.known(request.group),
        )
    return Refusal(
        "unknown_command",
        command=f"{request.group} {request.name}".strip(),
        known=", ".join(f"/{group} …" for group in commands.groups),
    )


def _due(day: DayRecord | None, now: dt.datetime) -> bool:
    """The village's day may have to close before a command is answered (or is in a
    state only the day loop sorts out)."""
    return day is None or not day.is_open or day.closes_at <= now


def _check_arguments(command: Command, request: CommandRequest) -> None:
    """Refuse an argument the command does not take, rather than silently ignore it, and
    one it needs that is missing (the settings commands check their own), and a value with
    characters no reply or database may carry."""
    for key, value in request.args.items():
        if unusable(value):
            raise Refusal("bad_text", argument=key, command=command.path)
    if command.settings:
        return
    allowed = {a.name for a in command.arguments}
    extra = sorted(set(request.args) - allowed)
    if extra:
        if not allowed:
            raise Refusal("no_arguments", argument=extra[0], command=command.path)
        raise Refusal(
            "unknown_argument",
            argument=extra[0],
            command=command.path,
            allowed=", ".join(f"{key}:" for key in sorted(allowed)),
        )
    for argument in command.arguments:
        if argument.required and not (request.args.get(argument.name) or "").strip():
            raise Refusal("missing_argument", argument=argument.name, command=request.path)


__all__ = ["Answer", "Author", "DayPlace", "Incoming", "VillageService", "Watch"]


def _table_game(games: Registry, request: Request) -> str | None:
    """The table game a refused request was about (a table's message or command), so that
    the refusal shows that table as it stands."""
    if isinstance(request, Edited):
        request = request.now
    if isinstance(request, GamePlay) and request.game in games.table_games:
        return request.game
    if isinstance(request, CommandRequest) and request.group in games.table_games:
        return request.group
    return None


def _about_the_day(games: Registry, request: Request) -> bool:
    """Whether a refused request was about the speaker's day (a move, a day command), so that
    the refusal carries where they stand; a table's refusals and the village's do not."""
    if isinstance(request, Edited):
        request = request.now
    if isinstance(request, GamePlay):
        return request.game in games.day_games
    if isinstance(request, CommandRequest):
        return request.group in games.day_games
    return isinstance(request, Unplayable)
