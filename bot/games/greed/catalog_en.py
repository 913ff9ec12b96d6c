"""Greed's texts in English: faces, combinations, the replies to a move, where a player
stands, the odds and the score calculator."""

from collections.abc import Mapping
from typing import Final

# Filled with `str.format`, like the village's catalogue they join.
TEXTS: Final[Mapping[str, str]] = {
    "die": "{face}",
    "dice_sep": " ",
    "face.$": "$",
    "face.G": "G",
    "face.R": "R",
    "face.Eg": "E🟩green",
    "face.Eb": "E⬛black",
    "face.D": "D",
    "combo.six_of_a_kind": "Six of a kind",
    "combo.greed": "Greed",
    "combo.diamond": "Diamond",
    "combo.silver": "Silver",
    "combo.gold": "Gold",
    "combo.ruby": "Ruby",
    "combo.emerald": "Emerald",
    "combo.ebony": "Ebony",
    "combo.single_d": "D",
    "combo.single_g": "G",
    "variant.official": "official rules",
    "variant.house": "house rules",
    "variant.revised": "revised house rules",
    "game.greed": "Greed",
    "take": "{label} {points}",
    "count": "`[[greed]]×{n}`",
    "rules_line": "Rules: {variant} · {turns} turns a day · Turn End from {threshold} held",
    "play.head": "{who}Turn {turn}, lap {lap}, throw {throw}: {faces}",
    "play.take": "Set aside from the previous throw: {take}",
    "play.options": "Takes: {options}",
    "play.option": "{label} {points} → throw {next}",
    "play.points": "This turn {turn_points} · held {held} · today {day} · overall {total}",
    "play.day_points": "Today {day} · overall {total}",
    "next": "Next: {moves}",
    "te.allowed": "Turn End allowed (takes {take}, the turn banks {total})",
    "te.allowed_plain": "Turn End allowed (the turn banks {total})",
    "te.below": "no Turn End yet (held below {threshold})",
    "te.below_unknown": "no Turn End yet (held points below the threshold)",
    "te.forced": "no Turn End (forced lap)",
    "te.short": "Turn End",
    "sweep.result": "Sweep! {take}: every die scored, lap {lap} is forced",
    "sweep.next": "Next: {counts} only (a forced lap allows no Turn End)",
    "greed_out.result": "Greed out! Turn {turn} scores 0",
    "greed_out.result_lost": "Greed out! Turn {turn} scores 0 ({lost} lost)",
    "greed_out.day_lost": "Under {variant}, today's banked {day_lost} are lost too",
    "turn_end.head": "{who}Turn {turn}: Turn End!",
    "turn_end.take": "Set aside: {take}",
    "turn_end.score": "Turn {turn} scores {score}",
    "turn_end.forced": (
        "Sweep: {take}. Under {variant} only a turn's first throw starts a lap, "
        "so the turn ends here"
    ),
    "turn_end.forced_short": (
        "Held points did not reach the threshold: turn {turn} scores 0 ({lost} lost)"
    ),
    "next_turn": "Next: turn {turn}, {counts}",
    "day_done": "All {turns} turns of today are played",
    "double_post": (
        "{who}The same throw was posted twice ({counts}, sent before the previous result was "
        "answered). The first one counts; this one is ignored."
    ),
    "legal_moves": "Legal now: {moves}",
    "no_moves": "no throw is possible now",
    "illegal_count": "{who}{asked} dice cannot be thrown now. Nothing was thrown.",
    "turn_end_refused": "{who}Turn End is not allowed now.",
    "turn_end_refused.nothing_thrown": (
        "{who}Turn End is not allowed: this turn has no throw yet."
    ),
    "turn_end_refused.forced_lap": (
        "{who}Turn End is not allowed: every die scored, so the next lap must be thrown "
        "with six dice."
    ),
    "turn_end_refused.below_threshold": (
        "{who}Turn End is not allowed: held {held} is below the threshold of {threshold}."
    ),
    "no_turns_left": (
        "{who}All {turns} turns of today are played. You can throw again when the next day opens."
    ),
    "status.head": "[{player}] status on day {day}",
    "standing.pos": "Turn {turn}, lap {lap}, throw {throw}: {faces}",
    "standing.start": "Turn {turn}, before its first throw",
    "standing.lap_start": "Turn {turn}, lap {lap}, before its first throw (six dice)",
    "standing.turns": "{played} of {turns} turns played",
    "score.head": "{faces} scores",
    "score.greed_out": "Nothing scores: a greed out (0 pts).",
    "score.sweep": (
        "Sweep! Every die scores: take {take} and throw six dice for the next lap (no Turn End)"
    ),
    "score.te": "A Turn End would take {take} (if held reaches the threshold)",
    "odds.head": "{who}Odds and expected scores (turn points so far {points})",
    "odds.throw": (
        "Next throw, {dice} dice: greed out {greed_out} · sweep {sweep} · expected turn score {ev}"
    ),
    "odds.option": "{option}: greed out {greed_out} · sweep {sweep} · expected {value}",
    "odds.te": "Turn End: banks {points}",
    "odds.no_te": "Turn End: not allowed yet (held points below the threshold)",
    "odds.advice": "Best move: {move}",
    "odds.not_official": (
        "Note: these figures are for the official rules. Under {variant} a greed out also "
        "loses today's banked points, so be more careful."
    ),
    "log.head": "[{player}] day {day} log",
    "log.empty": "No throws yet.",
    "log.line": "T{turn} lap {lap} throw {throw}: {faces}",
    "log.then": " → ",
    "log.lap": "sweep, on to lap {lap}",
    "log.greed_out": "greed out",
    "log.greed_out_day": "greed out (today's {day_lost} lost too)",
    "log.turn_end": "Turn End (turn scores {score})",
    "log.turn_end_forced": "turn ends (turn scores {score})",
    "log.turn_end_forced_zero": "turn ends at 0 (below the threshold, {lost} lost)",
    "log.unfinished": "unfinished when the day closed ({lost} lost)",
    "log.day_closed": "day closed",
    "log.voided": "[voided] {line} (voided by {by} at {at}; reason: {reason})",
    "rollback.pos": "turn {turn} (lap {lap}, throw {throw})",
    "rolled_back": (
        "{by} rolled {player} back to before {pos}. Throws voided: {count}. Reason: {reason}"
    ),
    "restored": "{by} undid {player}'s last rollback. Throws restored: {count}. Reason: {reason}",
    "memo.head": "[{player}] day {day} score memo",
    "memo.final": "Final score: {points}",
    "memo.so_far": "Score so far: {points} (today's play goes on)",
    "memo.overall": "Overall: {points}",
    "memo.day": "{day}d: {points}",
    "memo.no_turns": "(no turns played)",
    "memo.no_turn_finished": "(no turn finished yet)",
    "memo.wiped": "{score}(-{lost})",
    "verify.ok": (
        "✅ Day {day} verified: the seed matches the commitment and every throw "
        "(throws checked: {throws}) re-derives exactly from it."
    ),
    "verify.failed": "❌ Day {day} does not verify. Problems: {count}; throws checked: {throws}.",
    "verify.scripted": ("This day used typed-in (scripted) dice, so it cannot verify as fair."),
    "export.closed": (
        "Day {day} record (throws: {throws}): {filename}. The seed is revealed: check every "
        "throw with `greedbot verify {filename}` or `/greed verify day:{day}`."
    ),
    "export.open": (
        "Day {day} record (throws: {throws}): {filename}. The seed stays secret until the day "
        "closes: export again then, and check every throw with `greedbot verify {filename}` "
        "or `/greed verify day:{day}`."
    ),
    "stats.head_all": "Face counts, all days ({total} dice)",
    "stats.head_day": "Face counts, day {day} ({total} dice)",
    "stats.empty": "No throws yet.",
    "stats.columns": "name $ G R E🟩 E⬛ D total χ² p",
    "stats.village": "village",
    "stats.p": (
        "p is the chance that fair dice would look at least this uneven. About 1 day in 100 "
        "shows p < 0.01 by pure chance, so one small p proves nothing."
    ),
    "stats.caution": (
        "Only a p that stays tiny day after day is suspicious; with few throws the test "
        "says little."
    ),
    "cmd.greed.status": "Where a player stands: day, turn, lap, points, legal moves",
    "cmd.greed.end": "Turn End (the same as posting TE)",
    "cmd.greed.log": "Every throw of a player's day, voided ones marked",
    "cmd.greed.memo": "The score memo",
    "cmd.greed.odds": "Chances and expected scores for your position",
    "cmd.greed.score": "What a throw is worth (e.g. faces:$ Eg Eg D G G)",
    "cmd.greed.rollback": "Roll a player's day back to before a throw (logged with a reason)",
    "cmd.greed.restore": "Undo the last rollback",
    "cmd.greed.verify": "Check a closed day's dice against its seed (or an attached export)",
    "cmd.greed.help": "The commands",
    "slash.greed": "greed",
    "slash.greed.status": "status",
    "slash.greed.end": "end",
    "slash.greed.log": "log",
    "slash.greed.memo": "memo",
    "slash.greed.odds": "odds",
    "slash.greed.score": "score",
    "slash.greed.rollback": "rollback",
    "slash.greed.restore": "restore",
    "slash.greed.verify": "verify",
    "slash.greed.help": "help",
    "slash.group.greed": "Play Greed, read the record, check the dice",
    "arg.faces": "faces",
    "arg.faces.text": "Faces: $ G R Eg Eb D, separated by spaces",
    "arg.turn": "turn",
    "arg.turn.text": "The turn to go back to",
    "arg.lap": "lap",
    "arg.lap.text": "The lap to go back to (lap 1 when left out)",
    "arg.throw": "throw",
    "arg.throw.text": "The throw to go back to (throw 1 when left out)",
    # -- refusals of a throw or a command, and the game's name ----------------------------
    "greed.unknown_face": (
        "{who}“{face}” is not a face. Faces are written $ G R Eg Eb D (Eg = green E, Eb = black E)."
    ),
    "greed.score_dice": "{who}Give 1 to 6 dice (you gave {dice}).",
    "greed.too_many_tags": (
        "{who}That message has {tags} `[[greed]]` tags; at most 6 dice are thrown at once. "
        "Nothing was thrown."
    ),
    "greed.tags_and_turn_end": (
        "{who}That message has both `[[greed]]` tags and a Turn End. Nothing was thrown: "
        "post either the throw or the Turn End."
    ),
    "choice.game.greed": "Greed",
    # How a player joins, as the village's creation says it (`village_created`).
    "greed.join": "Post six `[[greed]]` tags to join and start your first turn.",
    "greed.join.posts": (
        "post six `[[greed]]` tags in the day's post to join and start your first turn."
    ),
    "greed.rollback_target": (
        "{who}{player} has no turn {turn}, lap {lap}, throw {throw} in the current day. "
        "Nothing was changed."
    ),
    # A day's record checked: the count of a throw's faces, as Greed allows it.
    "verify.detail.faces.count.greed": (
        "player {player_id}, throw {throw_seq}: {count} faces recorded (1 to 6 allowed)"
    ),
    # Greed's rules as a village sets them (`/village config rules: turns: threshold:`).
    "allowed.rules": "official, house, revised",
    "allowed.turns": "1-20",
    "allowed.threshold": "0-100000, in steps of 50",
    "setting.rules": "rules",
    "setting.turns": "turns",
    "setting.threshold": "Turn End threshold",
    "value.turns": "{n} turns",
    "arg.rules": "rules",
    "arg.rules.text": "The rules (from the next day)",
    "arg.turns": "turns",
    "arg.turns.text": "Turns a day, 1-20 (from the next day)",
    "arg.threshold": "threshold",
    "arg.threshold.text": "Held points a Turn End needs, in steps of 50 (from the next day)",
    "choice.rules.official": "official rules",
    "choice.rules.house": "house rules",
    "choice.rules.revised": "revised house rules",
    "setting.variant": "rules",
    "greed.day_closed": "{who}This day is closed. Nothing was thrown.",
}
