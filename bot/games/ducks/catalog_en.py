"""The English texts of Ducks in a Bucket's replies."""

from collections.abc import Mapping
from typing import Final

# Templates are filled with `str.format`: a value never goes through the template engine
# itself, so a player name with braces in it is shown as typed.
TEXTS: Final[Mapping[str, str]] = {
    # -- words ---------------------------------------------------------------------------------
    "ducks.seat": "seat {n}",
    "ducks.who": "[{name}] ",
    "ducks.name": "{name}",
    "ducks.boss": "[Boss {face}]",
    "ducks.white": "[{face}]",
    "ducks.white_sep": " ",
    "ducks.faces": "{boss} {whites}",
    "ducks.sep": " · ",
    "ducks.or_sep": " / ",
    "ducks.list_sep": ", ",
    "ducks.wild": "{face}→{value}",
    "ducks.category.five_of_a_kind": "five of a kind",
    "ducks.category.four_of_a_kind": "four of a kind",
    "ducks.category.straight": "straight",
    "ducks.category.full_house": "full house",
    "ducks.category.three_of_a_kind": "three of a kind",
    "ducks.category.two_pair": "two pair",
    "ducks.category.one_pair": "one pair",
    "ducks.category.high_card": "high card",
    "ducks.hand": "{dice} {category}",
    "ducks.goose_egg": "goose egg",
    "ducks.points": "{n} pts",
    "ducks.points.one": "{n} pt",
    "ducks.white_dice": "{n} white dice",
    "ducks.white_dice.one": "{n} white die",
    "ducks.percent": "{value}",
    # -- a turn --------------------------------------------------------------------------------
    "ducks.head": "{who}Round {round}/{rounds}, roll {roll}: {faces}",
    "ducks.head_no_roll": "{who}Round {round}/{rounds}, no roll yet",
    "ducks.bucket": "Bucket: {hand} · {out} left to roll · {set_aside} set aside",
    "ducks.bucket_empty": "empty",
    "ducks.promotions": "Promotions: {promotions}",
    "ducks.next": "Next: {moves}",
    "ducks.move.promote": "promote (name the dice: `promote {example}`)",
    "ducks.move.pass": "pass (`pass`, one white die is set aside)",
    "ducks.move.roll": "roll (`[[ducks]]`)",
    "ducks.move.stop": "stop (`stop`)",
    "ducks.combined": "To promote and roll at once: `promote {example} [[ducks]]`",
    "ducks.next_turn": "Next: {name}'s turn (round {round})",
    "ducks.round_over": "Round {round} is over (score table: `/ducks score`).",
    "ducks.game_over_line": "The game is over.",
    "ducks.before.promote": "Promoted {promotion} from the previous roll, then rolled.",
    "ducks.before.pass": "Passed on the previous roll (one white die set aside), then rolled.",
    "ducks.result.no_promotion": ("No promotion possible. One white die is set aside; roll again."),
    "ducks.result.promote": "Promoted {promotion}.",
    "ducks.result.pass": "Pass: one white die is set aside; roll again.",
    "ducks.result.pass_bust": "Pass: the last white die is set aside.",
    "ducks.result.stop.player": "Stop! Your hand this round: {hand}",
    "ducks.result.stop.auto": (
        "Promoted {promotion}. No white die is left to roll, so the turn stops by itself. "
        "Your hand this round: {hand}"
    ),
    "ducks.result.stop.time": "Time is up: stopped with the bucket. Hand this round: {hand}",
    "ducks.result.stop.left": "Left the table: stopped with the bucket. Hand this round: {hand}",
    "ducks.result.bust": (
        "Bust! No white die is left to roll. The bucket's {lost} is lost: a goose egg (0 pts)."
    ),
    "ducks.result.bust_empty": "Bust! No white die is left to roll: a goose egg (0 pts).",
    "ducks.result.forfeit.time": "Time is up: the turn is forfeited, a goose egg (0 pts).",
    "ducks.result.forfeit.left": "Left the table: the turn is forfeited, a goose egg (0 pts).",
    "ducks.lost": "(the bucket's {lost} is lost)",
    # -- the table -----------------------------------------------------------------------------
    "ducks.left": "{who}left the table. Their later turns are goose eggs and are skipped.",
    "ducks.left_early": (
        "Only one player is left, so the game ends here (round {round} is not scored)."
    ),
    "ducks.status.head": "{who}to move · Round {round}/{rounds}, roll {roll}: {faces}",
    "ducks.status.head_no_roll": "{who}to move · Round {round}/{rounds}, no roll yet",
    "ducks.status.chances": (
        "Rolling {white}: a promotion {promotion} · busting before the next promotion {bust}"
    ),
    "ducks.status.chances_after_pass": (
        "After a pass you roll {white}: a promotion {promotion} · "
        "busting before the next promotion {bust}"
    ),
    "ducks.status.finished": "This game is over.",
    "ducks.totals": "Totals: {totals}",
    "ducks.total": "{name} {points}",
    "ducks.total_left": "{name} {points} (left)",
    "ducks.round_end.head": "Round {round}/{rounds} results",
    "ducks.round_end.rank": "{rank}. {name}: {hand} → {points}",
    "ducks.round_end.goose_egg": "–  {name}: goose egg → {points}",
    "ducks.round_end.next": "Round {round} is next; {name} rolls first.",
    "ducks.game_end.head": "Game over! Winner: {winners} ({points} in total)",
    "ducks.game_end.shared": "Game over! Shared win: {winners} ({points} each)",
    "ducks.game_end.plain": "Game over!",
    "ducks.draws": (
        "All {count} rolls of the table, digest sha256: {digest}"
        " (when a check of the table's record shows this same digest, no roll is missing from it)"
    ),
    "ducks.seed": "Seed: {seed} (`/ducks verify` checks every roll against it)",
    "ducks.game_end.early": (
        "Fewer than two players were left, so the game ended after {played} rounds "
        "(the round in progress is not scored)."
    ),
    "ducks.score.head": "Score table ({played} of {rounds} rounds played)",
    "ducks.score.corner": "",
    "ducks.score.hands": "R{round} hand",
    "ducks.score.points": "R{round} pts",
    "ducks.score.total": "Total",
    "ducks.score.waiting": "",
    "ducks.score.goose_egg": "–",
    "ducks.score.winners": "Winners: {winners}",
    # -- refused ---------------------------------------------------------------------------------
    "ducks.turn_is": "It is {name}'s turn (round {round}).",
    "ducks.legal": "Legal now: {moves}",
    "ducks.nothing_changed": "Nothing was changed.",
    "ducks.not_your_turn": "{who}It is {turn}'s turn. Please wait for yours.",
    "ducks.game_over": "{who}This game is over.",
    "ducks.not_seated": "{who}You have no seat at this table.",
    "ducks.seat_left": "{who}You have left this table.",
    "ducks.roll_pending": "{who}The previous roll is still waiting for its dice.",
    "ducks.roll_first": "{who}Promote and pass come after a roll: roll first.",
    "ducks.already_promoted": ("{who}You already promoted from this roll: one promotion per roll."),
    "ducks.must_pass": (
        "{who}To roll without promoting, say `pass` first (one white die is set aside). "
        "`pass [[ducks]]` does both."
    ),
    "ducks.stop_not_allowed": "{who}You may stop only right after a roll you promoted from.",
    "ducks.bad_promotion": "{who}{values} cannot be promoted.",
    "ducks.bad_promotion.empty": "{who}Name the dice to promote (`promote 2 3`).",
    "ducks.bad_promotion.not_rolled": (
        "{who}{values} cannot be promoted: a face not rolled, or named more often than rolled "
        "(white dice: {whites})."
    ),
    "ducks.bad_promotion.single_not_boss": (
        "{who}{values} cannot be promoted: a single die must equal the Boss ({boss})."
    ),
    "ducks.bad_promotion.mixed": (
        "{who}{values} cannot be promoted: a promotion is a match (dice equal to the Boss) "
        "or a sum, not both."
    ),
    "ducks.bad_promotion.not_sum": (
        "{who}{values} cannot be promoted: the dice do not total the Boss ({boss})."
    ),
    "ducks.bad_dice": (
        "{who}`dice:` takes the faces to promote, 1 to 6, one to five of them (`dice:2 3`); "
        "“{dice}” cannot be read."
    ),
    "ducks.malformed": "{who}That message could not be read. Nothing was rolled.",
    "ducks.malformed.too_many_tags": (
        "{who}One `[[ducks]]` per message ({tags} found). Nothing was rolled."
    ),
    "ducks.malformed.tag_and_stop": (
        "{who}`[[ducks]]` and stop cannot go together. Nothing was rolled."
    ),
    "ducks.malformed.unreadable": (
        "{who}That message could not be read. Write `promote 2 3`, `pass`, `stop` or "
        "`[[ducks]]` (combined: `promote 5 [[ducks]]`, `promote 6 6 stop`). Nothing was rolled."
    ),
    # -- the game's name, and its commands on Discord and in the help --------------------------
    "game.ducks": "Ducks in a Bucket",
    "slash.ducks": "ducks",
    "slash.group.ducks": "Ducks in a Bucket tables",
    "slash.ducks.new": "new",
    "slash.ducks.config": "config",
    "slash.ducks.join": "join",
    "slash.ducks.leave": "leave",
    "slash.ducks.start": "start",
    "slash.ducks.roll": "roll",
    "slash.ducks.promote": "promote",
    "slash.ducks.pass": "pass",
    "slash.ducks.stop": "stop",
    "slash.ducks.status": "status",
    "slash.ducks.score": "score",
    "slash.ducks.skip": "skip",
    "slash.ducks.abandon": "abandon",
    "cmd.ducks.new": "Open a Ducks table in this channel (or thread) and take its first seat",
    "cmd.ducks.config": "See or change the table's settings before it starts (opener, moderator)",
    "cmd.ducks.join": "Take the next seat (before the start, up to 6)",
    "cmd.ducks.leave": "Leave the table (after the start, your turns score nothing)",
    "cmd.ducks.start": "Fix the seats and begin (2-6 players; opener or moderator)",
    "cmd.ducks.roll": "Roll the Boss and your white dice in play (same as [[ducks]])",
    "cmd.ducks.promote": "Promote a set of this roll's white dice into your bucket",
    "cmd.ducks.pass": "Promote nothing (a white die is set aside; roll again)",
    "cmd.ducks.stop": "End your turn with your bucket as your hand",
    "cmd.ducks.status": "The turn in progress, its moves and chances",
    "cmd.ducks.score": "The score table",
    "cmd.ducks.skip": "Apply the time limit to the turn in progress now (moderators)",
    "cmd.ducks.abandon": "Close the table with no winner (moderators; the opener before the start)",
    "choice.game.ducks": "Ducks in a Bucket",
    "game_short.ducks": "Ducks",
    "slash.ducks.rollback": "rollback",
    "cmd.ducks.rollback": "Void a turn and go back to its start (moderators)",
    "slash.ducks.export": "export",
    "slash.ducks.verify": "verify",
    "cmd.ducks.export": "Export the table's record (every draw) as JSON",
    "cmd.ducks.verify": "Check an ended table's draws against its seed (or an attached export)",
}
