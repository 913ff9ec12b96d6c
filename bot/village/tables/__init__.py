"""Tables of several seats (Ducks, Gleek, Regidice), by command family: taking seats and the
start (`seats`), play (`moves`), looking at a table (`looking`), moderators (`moderator`,
`rollback`), the time limit (`time_limit`); what they share is `seated` (the table as a
command sees it, and its guards), `telling` (the replies) and `commit` (the writes).

The names below are what the rest of the village calls.
"""

from bot.village.tables.looking import deal_log, export, hand, score, status, verify
from bot.village.tables.moderator import abandon, skip
from bot.village.tables.moves import command_move, move_command, play_message
from bot.village.tables.rollback import rollback
from bot.village.tables.seated import Seated, refused_at_table
from bot.village.tables.seats import configure, join, leave, open_table, start
from bot.village.tables.time_limit import MAX_DEFAULTS_PER_TICK, expire_due

__all__ = [
    "MAX_DEFAULTS_PER_TICK",
    "Seated",
    "abandon",
    "command_move",
    "configure",
    "deal_log",
    "expire_due",
    "export",
    "hand",
    "join",
    "leave",
    "move_command",
    "open_table",
    "play_message",
    "refused_at_table",
    "rollback",
    "score",
    "skip",
    "start",
    "status",
    "verify",
]
