"""The slash commands, made from the village's command registry: `/greed …` and `/village …`
with typed options, choices, autocomplete for players and days, and Japanese names.

Discord does not hold every client to an option's range, and a server's admins may change
who sees a command: the village checks every value and every moderator right itself.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
import io
import keyword
import logging
from collections.abc import Callable
from typing import Any, Final

import discord
from discord import app_commands

from bot.chat.render import catalog, render
from bot.discord_adapter.gateway import NO_PINGS
from bot.discord_adapter.jobs import Job, jobs_of
from bot.discord_adapter.port import snowflake_time
from bot.discord_adapter.sender import Sender
from bot.discord_adapter.snowflakes import ignored, out_of_range
from bot.discord_adapter.surface import discord_surface, jump_url
from bot.discord_adapter.translator import name, text
from bot.village.core import Author, Incoming
from bot.village.day.transparency import MAX_EXPORT
from bot.village.records import BY_INTERACTION, DROPPED
from bot.village.registry import Argument, Command, commands_of
from bot.village.replies import Answer
from bot.village.requests import CommandRequest, Request
from bot.village.service import VillageService
from bot.words.reply import refused

_logger = logging.getLogger(__name__)

ANSWER_WINDOW: Final = 2.0
"""Seconds to answer a slash command before deferring it (Discord waits three)."""
MAX_CHOICES: Final = 25


def where(interaction: discord.Interaction) -> tuple[int, int | None, bool]:
    """The village channel of an interaction, its post when in a thread, and whether the
    village is a forum."""
    channel = interaction.channel
    parent = getattr(channel, "parent", None)
    if parent is not None:
        return parent.id, interaction.channel_id, isinstance(parent, discord.ForumChannel)
    parent_id = getattr(channel, "parent_id", None)
    if isinstance(parent_id, int):  # a thread whose channel is not in the cache (rare)
        return parent_id, interaction.channel_id, False
    channel_id = interaction.channel_id or 0
    return channel_id, None, isinstance(channel, discord.ForumChannel)


async def where_exactly(interaction: discord.Interaction) -> tuple[int, int | None, bool]:
    """`where`, asking Discord what a thread's channel is when the cache does not know: a
    village made in a post must know whether it is a forum's."""
    village_id, place_id, forum = where(interaction)
    if place_id is not None and getattr(interaction.channel, "parent", None) is None:
        try:
            parent = await interaction.client.fetch_channel(village_id)
        except discord.HTTPException:
            return village_id, place_id, forum
        forum = isinstance(parent, discord.ForumChannel)
    return village_id, place_id, forum


def unkeepable(interaction: discord.Interaction) -> list[str]:
    """The ids of an interaction that no database column can hold (`snowflakes.py`): its
    own, its channel's (and a thread's channel's), its server's, its user's."""
    return out_of_range(
        interaction=interaction.id,
        channel=interaction.channel_id,
        parent=getattr(interaction.channel, "parent_id", None),
        guild=interaction.guild_id,
        user=interaction.user.id,
    )


def author_of(interaction: discord.Interaction) -> Author:
    user = interaction.user
    # The permissions Discord sent with the interaction: the member's, resolved in the
    # channel (Manage Server counts wherever it was granted).
    permissions = interaction.permissions
    roles = getattr(user, "_roles", None)
    role_ids = frozenset(int(r) for r in roles) if roles is not None else frozenset()
    return Author(
        user.id,
        getattr(user, "display_name", user.name),
        permissions.manage_guild or permissions.administrator,
        role_ids,
    )


class Slash:
    """Runs slash commands through the village service and answers them."""

    def __init__(self, service: VillageService, sender: Sender) -> None:
        self.service = service
        self.sender = sender
        self.on_village: Callable[[int], None] = lambda village_id: None
        """Told when a command made a channel a village."""

    async def run(
        self, interaction: discord.Interaction, command: Command, values: dict[str, Any]
    ) -> None:
        if ignored(f"interaction {interaction.id} /{command.path}", unkeepable(interaction)):
            return  # Discord tells its user that the bot did not answer
        village_id, place_id, forum = (
            await where_exactly(interaction)
            if command.path == "village create"
            else where(interaction)
        )
        deferred = False
        if command.slow:
            await interaction.response.defer(ephemeral=True, thinking=True)
            deferred = True
        try:
            args = await _arguments(command, values)
        except _FileTooLargeError:
            language = "ja" if interaction.locale is discord.Locale.japanese else "en"
            await _say(interaction, refusal_text("export_unreadable", language, limit=MAX_EXPORT))
            return
        if command.path == "village create" and "name" not in args:
            # Named after the channel it makes a village of: in a forum, the forum.
            channel = interaction.channel
            named = getattr(channel, "parent", None) or channel
            args["name"] = getattr(named, "name", "") or ""
        # A move sent as a command (`/greed end`) too: the service has the game read it.
        request: Request = CommandRequest(command.group, command.name, args, f"/{command.path}")
        incoming = Incoming(
            village_id,
            interaction.id,
            author_of(interaction),
            interaction.created_at,
            request,
            interaction.guild_id,
            place_id,
            forum,
            via=BY_INTERACTION,
        )
        handling = asyncio.ensure_future(self.service.handle(incoming))
        done, _ = await asyncio.wait({handling}, timeout=None if deferred else ANSWER_WINDOW)
        if not done:
            # Running late (a busy database): hold the interaction before Discord drops it.
            await interaction.response.defer(ephemeral=True, thinking=True)
            deferred = True
        answer = await handling
        if any(r.key == "village_created" for r in answer.replies):
            self.on_village(village_id)
        _logger.info(
            "village %s channel %s interaction %s by %s: /%s → %s",
            village_id,
            interaction.channel_id,
            interaction.id,
            interaction.user.id,
            command.path,
            ", ".join(r.key for r in answer.replies) or "no reply",
        )
        await self.respond(interaction, answer, incoming, deferred)

    async def respond(
        self,
        interaction: discord.Interaction,
        answer: Answer,
        incoming: Incoming,
        deferred: bool,
    ) -> None:
        """Answers to the asker through the interaction; a day's announcements in the day's
        place. After a defer (which is private) a public answer is posted in the channel.
        A secret goes ephemeral to its own player; one for somebody else goes by DM (the
        sender's way), since the asker must not see it."""
        jobs = jobs_of(answer, incoming.village_id, None, incoming.place)
        here = [job for job in jobs if job.reply.day_post is None]
        announced = [job for job in jobs if job.reply.day_post is not None]
        to_channel: list[Job] = []
        responded = deferred
        answered = False
        for job in here:
            secret_for = job.reply.secret_for
            if secret_for is not None and secret_for != interaction.user.id:
                to_channel.append(job)
                continue
            if deferred and not job.reply.private:
                to_channel.append(job)
                continue
            try:
                await self._answer(interaction, job, first=not responded)
                responded = answered = True
            except discord.HTTPException as error:
                _logger.warning("interaction %s: cannot answer: %s", interaction.id, error)
                if job.reply.private:
                    await self._drop(job)
                else:
                    to_channel.append(job)
        posted = await self.sender.deliver([*to_channel, *announced])
        if answered:
            return
        first = next((p for p in posted if p is not None), None)
        key = "answer.posted" if first is not None else "answer.nothing"
        place = ""
        if first is not None and incoming.guild_id is not None:
            place = jump_url(incoming.guild_id, first.channel_id, first.message_id)
        text = catalog(answer.locale, self.service.games)[key].format(place=place)
        try:
            if responded:
                await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
            else:
                await interaction.response.send_message(
                    text, ephemeral=True, allowed_mentions=NO_PINGS
                )
        except discord.HTTPException as error:
            _logger.info("interaction %s: no acknowledgement: %s", interaction.id, error)

    async def _answer(self, interaction: discord.Interaction, job: Job, *, first: bool) -> None:
        shown: int | None = None
        for index, piece in enumerate(await self.sender.pieces(job)):
            files = [discord.File(io.BytesIO(data), name) for name, data in piece.files]
            if first and index == 0:
                response = await interaction.response.send_message(
                    piece.text, ephemeral=job.reply.private, files=files, allowed_mentions=NO_PINGS
                )
                message_id = getattr(response, "message_id", None)
                shown = message_id if isinstance(message_id, int) else None
            else:
                await interaction.followup.send(
                    piece.text, ephemeral=job.reply.private, files=files, allowed_mentions=NO_PINGS
                )
        if job.outbox_id is not None:
            # When its asker saw it: a move made by command is followed by the next by
            # message, which the double-post rule measures against this moment. Discord's
            # own time where it says which message the answer became; else the bot's, now.
            shown_at = snowflake_time(shown) if shown is not None else dt.datetime.now(dt.UTC)
            await self.service.delivered(job.outbox_id, shown, shown_at)

    async def _drop(self, job: Job) -> None:
        if job.outbox_id is not None:
            await self.service.undeliverable(job.outbox_id, DROPPED, 1)

    async def players(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if ignored(f"autocomplete {interaction.id}", unkeepable(interaction)):
            return []
        village_id, _, _ = where(interaction)
        wanted = current.strip().lower()
        choices = [
            app_commands.Choice(
                name=player.name[:100] or str(player.player_id), value=str(player.player_id)
            )
            for player in await self.service.players(village_id)
            if wanted in player.name.lower() or wanted == str(player.player_id)
        ]
        return choices[:MAX_CHOICES]

    async def days(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        if ignored(f"autocomplete {interaction.id}", unkeepable(interaction)):
            return []
        village_id, _, _ = where(interaction)
        last = await self.service.last_day(village_id)
        shown = [n for n in range(last, 0, -1) if str(n).startswith(current.strip())]
        return [app_commands.Choice(name=f"{n}d", value=n) for n in shown[:MAX_CHOICES]]


async def _arguments(command: Command, values: dict[str, Any]) -> dict[str, str]:
    """Option values as the text the village reads (it checks them all again)."""
    args: dict[str, str] = {}
    for argument in command.arguments:
        value = values.get(parameter_name(argument.name))
        if value is None:
            continue
        if isinstance(value, discord.Role):
            # A role option cannot say "none": @everyone, which no village would make its
            # moderators, means that.
            args[argument.name] = "off" if value.is_default() else str(value.id)
        elif isinstance(value, discord.Attachment):
            args[argument.name] = await _attached_text(value)
        else:
            args[argument.name] = str(value)
    return args


class _FileTooLargeError(Exception):
    pass


async def _attached_text(attachment: discord.Attachment) -> str:
    if attachment.size > MAX_EXPORT:
        raise _FileTooLargeError()
    data = await attachment.read()
    return data.decode("utf-8", errors="replace")


async def _say(interaction: discord.Interaction, text: str) -> None:
    """A private line, whether or not the interaction was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)


# -- building the tree -------------------------------------------------------------------------


def parameter_name(argument: str) -> str:
    """The callback's parameter for an argument: a Python keyword (`pass:`, Regidice's
    dice passed on) gets an underscore, and the option keeps the argument's own name."""
    return f"{argument}_" if keyword.iskeyword(argument) else argument


def _annotation(argument: Argument) -> Any:
    if argument.kind == "role":
        return discord.Role
    if argument.kind == "file":
        return discord.Attachment
    if argument.kind == "day":
        return app_commands.Range[int, 1, None]
    if argument.kind == "number":
        return app_commands.Range[int, argument.low, argument.high]
    return str


def build_command(spec: Command, slash: Slash) -> app_commands.Command[Any, ..., None]:
    """One slash command from its registry entry: options, choices, autocomplete, texts."""
    games = slash.service.games
    english = catalog("en", games)
    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    descriptions: dict[str, app_commands.locale_str] = {}
    renames: dict[str, app_commands.locale_str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    for argument in spec.arguments:
        parameters.append(
            inspect.Parameter(
                parameter_name(argument.name),
                inspect.Parameter.KEYWORD_ONLY,
                annotation=_annotation(argument),
                default=inspect.Parameter.empty if argument.required else None,
            )
        )
        # A game may word an argument its own way (Regidice's `dice:` is no Ducks promotion).
        own = f"arg.{spec.group}.{argument.name}"
        key = own if own in english else f"arg.{argument.name}"
        descriptions[parameter_name(argument.name)] = text(f"{key}.text", games)
        renames[parameter_name(argument.name)] = name(key, argument.name)
        if argument.kind == "choice":
            choices[parameter_name(argument.name)] = [
                app_commands.Choice(
                    name=name(
                        f"choice.{argument.name}.{value}",
                        english[f"choice.{argument.name}.{value}"],
                    ),
                    value=value,
                )
                for value in argument.choices
            ]

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await slash.run(interaction, spec, values)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_rename__ = renames  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    key = f"{spec.group}.{spec.name}"
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name(f"slash.{key}", spec.name.split()[-1]),
        description=text(f"cmd.{key}", games),
        callback=callback,
    )
    for argument in spec.arguments:
        if argument.kind == "player":
            command.autocomplete(argument.name)(slash.players)
        elif argument.kind == "day":
            command.autocomplete(argument.name)(slash.days)
    return command


def build_groups(slash: Slash) -> list[app_commands.Group]:
    """`/greed` and `/village` (with `/village day …`), in servers only."""
    in_servers = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
    groups: dict[str, app_commands.Group] = {}
    # The command table of the games the village service hosts.
    games = slash.service.games
    table = commands_of(games)
    for group in table.groups:
        groups[group] = app_commands.Group(
            name=name(f"slash.{group}", group),
            description=text(f"slash.group.{group}", games),
            allowed_contexts=in_servers,
        )
    for spec in table.commands:
        parent = groups[spec.group]
        words = spec.name.split()
        if len(words) == 2:
            sub = f"{spec.group} {words[0]}"
            if sub not in groups:
                groups[sub] = app_commands.Group(
                    name=name(f"slash.{words[0]}", words[0]),
                    description=text(f"slash.group.{words[0]}", games),
                    parent=parent,
                )
            parent = groups[sub]
        parent.add_command(build_command(spec, slash))
    return [groups[group] for group in table.groups]


def refusal_text(key: str, locale: str, **params: Any) -> str:
    """A refusal the adapter gives itself, before the village hears of the command."""
    return render(refused(key, **params), locale, discord_surface(None, {}, 0))
