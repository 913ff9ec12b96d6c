"""The village service: one entry point for every message, from Discord or the console."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping

from bot.chat import parse
from bot.chat.parse import CommandRequest, ThrowRequest, TurnEndRequest
from bot.village import commands, config, days, transparency
from bot.village.core import Author, Core, Incoming, Refusal
from bot.village.game import Game
from bot.village.games import GAMES
from bot.village.memo import standings_params
from bot.village.play import play
from bot.village.ports import Clock, DiceSource, OperatorError, Store, StoreError
from bot.village.records import VillageRecord
from bot.village.replies import Reply, ReplyKind, refused

_logger = logging.getLogger(__name__)

CommandHandler = Callable[[Core, VillageRecord, Incoming, CommandRequest], Awaitable[list[Reply]]]

VILLAGE_GROUP = "village"


class VillageService:
    def __init__(
        self,
        store: Store,
        clock: Clock,
        dice: DiceSource,
        games: Mapping[str, Game] | None = None,
        default_game: str = "greed",
    ) -> None:
        self.core = Core(store, clock, dice, games or GAMES)
        self.default_game = default_game

    async def handle(self, incoming: Incoming) -> list[Reply]:
        """Everything the village answers to one message. Never raises for bad input."""
        request = incoming.request
        if isinstance(request, parse.Chatter):
            return []
        try:
            return await self._handle(incoming)
        except Refusal as refusal:
            reply = refused(refusal.key, to=incoming.author.name, **refusal.params)
            await self._remember(incoming, reply)
            return [reply]
        except StoreError:
            # Nothing was written: no die is drawn or lost, the player just posts again.
            return [refused("store_unavailable", to=incoming.author.name)]
        except OperatorError:
            raise
        except Exception:
            # A bug must not reach the chat as a traceback; the transaction was rolled back.
            _logger.exception("message %s in village %s", incoming.message_id, incoming.village_id)
            return [refused("internal_error", to=incoming.author.name)]

    async def tick(self) -> dict[int, list[Reply]]:
        """Close the days that are due; what to post in each village."""
        try:
            return await days.tick(self.core)
        except StoreError:
            return {}  # the next tick tries again

    async def _remember(self, incoming: Incoming, reply: Reply) -> None:
        try:
            if await self.core.store.get_village(incoming.village_id) is not None:
                await self.core.remember(incoming, [reply])
        except StoreError:
            pass

    async def _handle(self, incoming: Incoming) -> list[Reply]:
        core = self.core
        request = incoming.request
        # Play is the hot path: one transaction that reads and writes all it needs.
        if isinstance(request, ThrowRequest):
            return await play(core, incoming, request.dice)
        if isinstance(request, TurnEndRequest):
            return await play(core, incoming, None)
        village = await core.store.get_village(incoming.village_id)
        if isinstance(request, CommandRequest) and (request.group, request.name) == (
            VILLAGE_GROUP,
            "create",
        ):
            return await days.create_village(
                core,
                incoming.village_id,
                self.default_game,
                incoming.author,
                incoming.guild_id,
                request.args,
            )
        if village is None:
            raise Refusal("no_village")
        if await core.store.get_message(village.village_id, incoming.message_id) is not None:
            return []  # processed already: a message counts once
        village, closing = await days.catch_up(core, village)
        return closing + await self._dispatch(village, incoming)

    async def _dispatch(self, village: VillageRecord, incoming: Incoming) -> list[Reply]:
        request = incoming.request
        if isinstance(request, parse.Refusal):
            raise Refusal(f"message_{request.reason}", tags=request.tags, limit=parse.MAX_LENGTH)
        assert isinstance(request, CommandRequest)
        game_group = self.core.game(village).key
        if (request.group, request.name) == (game_group, "end") and not request.args:
            return await play(self.core, incoming, None)
        replies = await self._command(village, incoming, request)
        if not any(r.key in _RECORDED_WITH_EVENTS for r in replies):
            await self.core.remember(incoming, replies)
        return replies

    async def _command(
        self, village: VillageRecord, incoming: Incoming, command: CommandRequest
    ) -> list[Reply]:
        core = self.core
        author = incoming.author
        game_group = core.game(village).key
        _check_arguments(command, game_group)
        if command.group == game_group:
            if command.name == "score":
                return commands.score(command)
            handler = _GAME_COMMANDS.get(command.name)
            if handler is None:
                raise Refusal(
                    "unknown_command",
                    command=f"{game_group} {command.name}".strip(),
                    known=", ".join([*sorted(_GAME_COMMANDS), "end", "score"]),
                )
            return await handler(core, village, incoming, command)
        if command.group == VILLAGE_GROUP:
            if command.name == "config":
                return await config.configure(core, village, author, command.args)
            if command.name == "day next":
                return await days.advance(core, village, author)
            if command.name == "day extend":
                return await days.extend(core, village, author)
            if command.name == "standings":
                params = await standings_params(core, village, village.day)
                return [Reply(ReplyKind.INFO, "standings", params)]
            handler = _VILLAGE_COMMANDS.get(command.name)
            if handler is None:
                raise Refusal(
                    "unknown_command",
                    command=f"village {command.name}".strip(),
                    known="create, config, day next, day extend, standings, export, stats",
                )
            return await handler(core, village, incoming, command)
        raise Refusal(
            "unknown_command",
            command=f"{command.group} {command.name}".strip(),
            known=f"/{game_group} …, /village …",
        )


# The arguments each command takes; `village create` and `config` take the settings, which
# their own check names.
_ARGUMENTS: dict[tuple[str, str], frozenset[str]] = {
    ("game", "status"): frozenset({"player"}),
    ("game", "log"): frozenset({"player", "day"}),
    ("game", "memo"): frozenset({"player"}),
    ("game", "score"): frozenset({"faces"}),
    ("game", "rollback"): frozenset({"player", "turn", "lap", "throw", "reason"}),
    ("game", "restore"): frozenset({"player", "reason"}),
    ("game", "odds"): frozenset(),
    ("game", "verify"): frozenset({"day"}),
    ("game", "end"): frozenset(),
    (VILLAGE_GROUP, "day next"): frozenset(),
    (VILLAGE_GROUP, "day extend"): frozenset(),
    (VILLAGE_GROUP, "standings"): frozenset(),
    (VILLAGE_GROUP, "export"): frozenset({"day"}),
    (VILLAGE_GROUP, "stats"): frozenset({"day"}),
}


def _check_arguments(command: CommandRequest, game_group: str) -> None:
    """Refuse an argument the command does not take, rather than silently ignore it."""
    group = "game" if command.group == game_group else command.group
    allowed = _ARGUMENTS.get((group, command.name))
    if allowed is None:
        return  # an unknown command, or one that checks its own (settings)
    extra = sorted(set(command.args) - allowed)
    if extra:
        raise Refusal(
            "unknown_argument",
            argument=extra[0],
            command=f"{command.group} {command.name}",
            allowed=", ".join(f"{key}:" for key in sorted(allowed)) or "-",
        )


# These commands record their message in the same transaction as their events.
_RECORDED_WITH_EVENTS = frozenset({"rolled_back", "restored"})

_GAME_COMMANDS: dict[str, CommandHandler] = {
    "status": commands.status,
    "log": commands.log,
    "memo": commands.memo,
    "rollback": commands.rollback,
    "restore": commands.restore,
    "odds": transparency.odds,
    "verify": transparency.verify,
}

_VILLAGE_COMMANDS: dict[str, CommandHandler] = {
    "export": transparency.export,
    "stats": transparency.stats,
}

__all__ = ["Author", "Incoming", "VillageService"]
