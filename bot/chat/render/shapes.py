"""The shape of the params of every reply the village itself sends (`bot.words.shapes`), beside
their writers (`info`, `days`, `tables`): its refusals, its announcements and the replies
about a table, whatever its game. Each game names its own keys' shapes in its package."""

from __future__ import annotations

from typing import Any, Final, Self

from pydantic import Field, model_validator

from bot.words.shapes import Flag, Int, Loose, Params, Part, Shapes, Str

# -- refusals ----------------------------------------------------------------------------------


class CommandParams(Params):
    command: Str


class ArgumentParams(Params):
    argument: Str
    command: Str


class BadNumberParams(Params):
    argument: Str
    value: Str


class UnknownArgumentParams(ArgumentParams):
    allowed: Str


class UnknownCommandParams(CommandParams):
    known: Str


class TooManyValuesParams(CommandParams):
    values: Str
    takes: Int


class ValuesNeedKeysParams(CommandParams):
    keys: Str


class PlayerParams(Params):
    player: Str


class AmbiguousPlayerParams(PlayerParams):
    ids: list[Str]


class DayParams(Params):
    day: Int


class UnknownDayParams(DayParams):
    last: Int


class LimitParams(Params):
    limit: Int


class BadSettingParams(Params):
    setting: Str
    value: Str | None = None
    allowed: Str
    game: Str | None = None
    """The game whose setting it is, where it names the setting its own way."""


class UnknownSettingParams(Params):
    setting: Str
    allowed: Str


class FileUnreadableParams(Params):
    path: Str
    why: Str


class FloodParams(Params):
    messages: Int
    seconds: Int


class PlayElsewhereParams(DayParams):
    post: Int | None
    """The day's own post, where the day is played."""


class NameParams(Params):
    name: Str


# -- information -------------------------------------------------------------------------------


class VillageCreatedParams(Params):
    game: Str
    layout: Str | None = None


class SettingsParams(Params):
    day: Int
    current: dict[Str, Any]
    next: dict[Str, Any]
    """The values from the next day on (the village's own settings are in force now)."""
    changed: tuple[Str, ...] = ()
    game: Str | None = None
    """The village's day game, whose words the rules are in."""


class StandingsRow(Part):
    rank: Int
    player: Str
    total: Int = 0
    days: tuple[Int, ...] = ()
    games: dict[Str, Int] = Field(default_factory=dict)
    tables: dict[Str, Int] = Field(default_factory=dict)
    figures: dict[Str, Any] | None = None
    """A game that sums its tables up its own way (Regidice: wins, best and mean progress)."""


class DayPost(Part):
    day: Int
    post_id: Int | None = None


class StandingsParams(Params):
    days: Int
    rows: list[StandingsRow]
    name: Str | None = None
    game: Str | None = None
    games: tuple[Str, ...] = ()
    apart: tuple[Str, ...] = ()
    headline: dict[Str, Str] = Field(default_factory=dict)
    figures: tuple[Str, ...] = ()
    posts: tuple[DayPost, ...] = ()


# -- a day's announcements ---------------------------------------------------------------------


class DayOpenedParams(DayParams):
    closes_at: Str
    timezone: Str | None = None
    commitment: Str
    rules: dict[Str, Any]
    game: Str | None = None
    """The village's day game, whose words the rules are in (found by their keys when left
    out)."""


class DayClosedParams(Params):
    """A day's close; the same key with no params refuses a move on a closed day."""

    day: Int | None = None
    reason: Str | None = None
    by: Str | None = None
    unfinished: tuple[Str, ...] = ()
    seed: Str | None = None
    commitment: Str | None = None
    draw_count: Int | None = None
    draw_digest: Str | None = None
    game: Str | None = None
    """The village's day game, whose command checks the day (the default one when left
    out)."""

    @model_validator(mode="after")
    def _a_close_names_its_day(self) -> Self:
        if self.model_fields_set - {"secret_params"} and (self.day is None or not self.commitment):
            raise ValueError("a day's close names its day and its commitment")
        return self


class DayExtendedParams(DayParams):
    closes_at: Str
    timezone: Str | None = None


# -- a table, whatever its game ----------------------------------------------------------------


class TableParams(Params):
    game: Str


class TableRefusalParams(TableParams):
    """A table refusal in one line: the game, and the table or the seats where it says."""

    table: Int | None = None
    seats: Int | None = None


class OpenedParams(TableParams):
    table: Int
    settings: dict[Str, Any]


class JoinedParams(TableParams):
    seat: Int


class SettingsShownParams(TableParams):
    settings: dict[Str, Any]


class StartedParams(TableParams):
    table: Int
    commitment: Str


class SkippedParams(TableParams):
    by: Str
    player: Str | None = None
    """None: a step that waits for several players at once was closed (Regidice)."""
    reason: Str | None = None


class AbandonedParams(TableParams):
    by: Str
    reason: Str | None = None
    standing: Flag = False
    """The game's played parts stand: the game says which in the reply that follows."""
    seed: Str | None = None
    draw_count: Int | None = None
    draw_digest: Str | None = None


class TableRolledBackParams(TableParams):
    by: Str
    round: Int
    player: Str | None
    rolls_voided: Int
    reason: Str | None = None


class TableRollbackTargetParams(TableParams):
    round: Int
    player: Str | None


class TableExportParams(TableParams):
    table: Int
    draws: Int
    closed: Flag
    filename: Str
    document: dict[Str, Any]


class TableVerifyParams(Params):
    game: Str | None
    table: Int | None
    """None (both): an attached file that does not name them."""
    draws: Int
    ok: Flag
    scripted: Flag = False
    attached: Flag = False
    mismatches: list[dict[Str, Any]]


class TableSeatsParams(TableParams):
    low: Int
    high: Int
    seated: Int


TABLE_REFUSALS: Final = (
    "no_table",
    "no_table_number",
    "table_exists",
    "already_seated",
    "table_full",
    "not_seated",
    "table_started",
    "table_not_playing",
    "opener_only",
    "table_not_ended",
    "table.double_post",
)

SHAPES: Final[Shapes] = {
    # refusals
    "no_village": Loose,
    "village_exists": Loose,
    "moderators_only": CommandParams,
    "unknown_player": PlayerParams,
    "missing_argument": ArgumentParams,
    "bad_number": BadNumberParams,
    "unknown_day": UnknownDayParams,
    "nothing_to_restore": PlayerParams,
    "nothing_to_roll_back": PlayerParams,
    "reason_too_long": LimitParams,
    "bad_setting": BadSettingParams,
    "file_unreadable": FileUnreadableParams,
    "unknown_setting": UnknownSettingParams,
    "unknown_argument": UnknownArgumentParams,
    "bad_text": ArgumentParams,
    "no_arguments": ArgumentParams,
    "unknown_command": UnknownCommandParams,
    "too_many_values": TooManyValuesParams,
    "values_need_keys": ValuesNeedKeysParams,
    "message_too_long": LimitParams,
    "store_unavailable": Loose,
    "play_elsewhere": PlayElsewhereParams,
    "post_not_open": DayParams,
    "ambiguous_player": AmbiguousPlayerParams,
    "flood": FloodParams,
    "edited": Loose,
    "message_use_slash": Loose,
    "export_unreadable": LimitParams,
    "internal_error": Loose,
    # information
    "village_created": VillageCreatedParams,
    "settings": SettingsParams,
    "day_extended": DayExtendedParams,
    "standings": StandingsParams,
    "help": Loose,
    # a day
    "day_opened": DayOpenedParams,
    "day_closed": DayClosedParams,
    "day_not_closed": DayParams,
    # what a chat shows in place of a reply only one player may see
    "secret.sent_by_dm": Loose,
    "secret.dm_failed": Loose,
    "secret.elsewhere": NameParams,
    "secret.only_for": NameParams,
    # a table
    "table.opened": OpenedParams,
    "table.joined": JoinedParams,
    "table.left": TableParams,
    "table.closed": TableParams,
    "table.settings": SettingsShownParams,
    "table.configured": SettingsShownParams,
    "table.waiting": SettingsShownParams,
    "table.started": StartedParams,
    "table.abandoned": AbandonedParams,
    "table.skipped": SkippedParams,
    "table_seats": TableSeatsParams,
    "table.rolled_back": TableRolledBackParams,
    "table.export": TableExportParams,
    "table.verify": TableVerifyParams,
    "table_rollback_target": TableRollbackTargetParams,
    **dict.fromkeys(TABLE_REFUSALS, TableRefusalParams),
}
"""The shape of each of the village's reply keys; `render` checks a reply against it, or
against its game's (`GameTexts.shapes`), before its writer runs."""
