"""The English texts of the bot's replies, for villages that play in English."""

from collections.abc import Mapping
from typing import Final

# The same keys as the Japanese catalogue (a test holds them equal); filled with `str.format`.
TEXTS: Final[Mapping[str, str]] = {
    # -- common words (each game's own words, its moves and refusals are in its catalogue) -----
    "locale.ja": "Japanese",
    "locale.en": "English",
    "pts": "{n} pts",
    "pts.one": "{n} pt",
    "sep": " · ",
    "list_sep": ", ",
    "or_sep": " / ",
    "who": "[{name}] ",
    "name": "[{name}]",
    "time": "{weekday} {year}-{month:0>2}-{day:0>2} {hour}:{minute} ({zone})",
    "weekdays": "Mon Tue Wed Thu Fri Sat Sun",
    # -- ignored and refused ---------------------------------------------------------------------
    "day_closed.refused": "{who}This day is closed. Nothing was thrown.",
    "no_village": (
        "{who}This channel is not a village. A moderator can make it one with `/village create`."
    ),
    "village_exists": "{who}This channel is already a village.",
    "moderators_only": "{who}`/{command}` is for moderators only. Nothing was changed.",
    "unknown_player": "{who}There is no player “{player}” in this village.",
    "missing_argument": "{who}`/{command}` needs `{argument}:`.",
    "bad_number": "{who}`{argument}:` takes a number (“{value}” is not one).",
    "unknown_day": "{who}There is no day {day}: days go from 1 to {last}.",
    "nothing_to_restore": (
        "{who}{player}'s last recorded action is not a rollback: there is nothing to restore."
    ),
    "nothing_to_roll_back": "{who}{player} has not thrown today: there is nothing to roll back.",
    "reason_too_long": "{who}Keep the reason within {limit} characters.",
    "file_unreadable.missing": (
        "{who}There is no file {path}: check where the export was written, and its name."
    ),
    "file_unreadable.folder": "{who}{path} is a folder: name the exported JSON file.",
    "file_unreadable.not_utf8": "{who}The file {path} is not UTF-8 text.",
    "file_unreadable.unreadable": "{who}The file {path} cannot be read (no permission, maybe).",
    "bad_setting": "{who}{setting} cannot be “{value}”. Allowed: {allowed}",
    "bad_setting.no_value": "{who}{setting} cannot be changed: {allowed}",
    "allowed.locale": "ja, en",
    "allowed.timezone": "a time zone name such as Asia/Tokyo",
    "allowed.update": "HH:00 or HH:30",
    "allowed.period": "24, 48, 72 (hours)",
    "allowed.name": "1-80 characters",
    "allowed.modrole": (
        "a role (@role or its id), or off (on Discord, pick @everyone to remove it)"
    ),
    "allowed.refusal_ttl": "5-3600 (seconds), or off",
    "allowed.flood": "N/M (more than N play messages in M seconds, N 1-60, M 1-600), or off",
    "unknown_setting": "{who}There is no setting “{setting}”. Settings: {allowed}",
    "unknown_argument": (
        "{who}/{command} takes no “{argument}:”. It takes: {allowed}. Nothing was changed."
    ),
    "bad_text": (
        "{who}The “{argument}:” of /{command} holds characters that cannot be used "
        "(control characters or broken ones). Nothing was changed."
    ),
    "no_arguments": (
        "{who}/{command} takes nothing after it (no “{argument}:”). Nothing was changed."
    ),
    "too_many_values": (
        "{who}/{command} got more values than it takes (left over: {values}); it takes {takes} "
        "without keys. Nothing was changed."
    ),
    "values_need_keys": (
        "{who}/{command} takes its values with their keys ({keys}). Nothing was changed."
    ),
    "unknown_command": "{who}There is no command `/{command}`. Commands: {known}",
    "message_too_long": (
        "{who}That message is too long (at most {limit} characters). Nothing was thrown."
    ),
    "store_unavailable": (
        "{who}The database cannot be reached. Nothing was thrown and no points were lost; "
        "try again in a moment."
    ),
    # -- information -----------------------------------------------------------------------------
    # {join}: how a player joins, in the day game's words (its `<game>.join` text).
    "village_created": "This channel is now a {game} village. {join}",
    "settings.head": "Village settings (day {day})",
    "settings.schedule": (
        "Language: {locale} · time zone: {timezone} · update at {update} · days last {period}"
    ),
    "settings.changed": "Changed: {names}",
    "settings.from_next": "Takes effect on day {next_day}: {names}.",
    "settings.now": "Takes effect now: {names}.",
    "settings.diff_head": "From day {next_day}:",
    "settings.diff": "- {name}: {old} → {new}",
    "setting.locale": "language",
    "setting.timezone": "time zone",
    "setting.update": "update time",
    "setting.period": "day length",
    "value.period": "{n} h",
    "day_extended": "Day {day} is extended. It now closes {closes}.",
    "standings.head": "Standings (through day {days})",
    "standings.rank": "rank",
    "standings.player": "player",
    "standings.day": "{day}d",
    "standings.total": "total",
    "standings.tables": "tables",
    "standings.apart": "{game} (apart)",
    "standings.empty": "No players yet.",
    "standings.posts": "Each day's post: {posts}",
    "standings.post": "{day}d {post}",
    # -- memo and days ---------------------------------------------------------------------------
    "day_opened.head": "━━ Day {day} opens ━━",
    "day_opened.closes": "Closes: {closes}",
    "day_opened.commitment": "Dice commitment sha256: {commitment}",
    "day_opened.explain": (
        "(Today's dice come from a secret seed with this hash. The seed is revealed when the "
        "day closes, so anyone can check every throw.)"
    ),
    "day_closed.head": "━━ Day {day} closed ━━",
    "day_closed.head_by": "━━ Day {day} closed (by {by}) ━━",
    "day_closed.unfinished": "Unfinished turns score 0: {names}",
    "day_closed.draws": (
        "All {count} throws of the day, digest sha256: {digest}"
        " (when a check of the day's record shows this same digest, no throw is missing from it)"
    ),
    "day_closed.seed": "Seed revealed: {seed}",
    "day_closed.verify": (
        "Check that sha256(seed) is {commitment}, and every throw with {command}."
    ),
    # -- checking the dice ---------------------------------------------------------------------
    "verify.mismatch": "- {what}: {detail}",
    "verify.detail.seed.not_revealed": "the seed is not revealed yet (the day is still open)",
    "verify.detail.seed.not_hex": "the seed is not hex",
    "verify.detail.commitment": (
        "sha256 of the revealed seed is {actual}, but the commitment posted was {posted}"
    ),
    "verify.detail.faces": (
        "player {player_id}, throw {throw_seq} (message {message_id}): "
        "the seed gives {expected}, the record says {recorded}"
    ),
    "verify.detail.faces.count": (
        "player {player_id}, throw {throw_seq}: {count} faces recorded, more or fewer than "
        "the game draws"
    ),
    "verify.detail.throw_seq": "player {player_id}, throw number {throw_seq}: numbers start at 1",
    "verify.detail.duplicate": (
        "player {player_id}, throw {throw_seq} is recorded {uses} times (a number is never reused)"
    ),
    "verify.detail.gap": "player {player_id}: no record of throw {missing} (numbers run to {last})",
    "verify.detail.digest": (
        "the record says it holds {stated_draws} draws of digest {stated_digest}, but what it "
        "holds is {draws} draws of digest {digest}: a draw was taken out, cut short or changed"
    ),
    "verify.detail.scripted": "some faces were typed in, not derived from the seed",
    "verify.detail.format": "the record cannot be read ({error})",
    "verify.detail.format.row": "draw #{throw} cannot be read ({error})",
    "verify.more": "- and {count} more",
    "verify.page": (
        "Check it in a browser too (nothing to install; the file is sent nowhere): <{url}>"
    ),
    "verify.page_local": (
        "Check it in a browser too: download the `web/verify` folder from the bot's "
        "repository, open its `index.html` in your browser and pick the export file (nothing "
        "to install; the file is sent nowhere)."
    ),
    "verify.what.seed": "seed",
    "verify.what.commitment": "commitment",
    "verify.what.faces": "faces",
    "verify.what.throw_seq": "throw number",
    "verify.what.duplicate": "duplicate",
    "verify.what.gap": "gap",
    "verify.what.scripted": "scripted faces",
    "verify.what.digest": "digest",
    "verify.what.format": "format",
    "export.inline": "Save the JSON below as {filename} to check it.",
    "day_not_closed": (
        "{who}Day {day} is still open, so its seed is still secret. Verify it after the day "
        "closes (`/village export day:{day}` works now, but without the seed)."
    ),
    "internal_error": (
        "{who}Something went wrong on the bot's side, so this message was not handled. Nothing "
        "was thrown. If it keeps happening, tell a moderator."
    ),
    "unknown": "(no text for the reply {key})",
    # -- places, floods, edits (chat platforms) --------------------------------------------------
    "village_created.posts": (
        "This forum is now a {game} village. Each day gets a post of its own: {join}"
    ),
    "play_elsewhere": "{who}You cannot throw here. Day {day} is played in {post}",
    "post_not_open": (
        "{who}Day {day}'s post is being opened. Nothing was thrown: post in it in a moment."
    ),
    "ambiguous_player": (
        "{who}More than one player goes by “{player}”: {ids}. Name them with a mention or their id."
    ),
    "flood": (
        "{who}You are posting too fast (at most {messages} messages in {seconds} seconds). "
        "Your messages are ignored for a moment, and no dice are thrown: read the answer "
        "before you post again."
    ),
    "edited": (
        "{who}An edited message never throws (the message is recorded as it was first "
        "posted). Post a new message to throw."
    ),
    "message_use_slash": (
        "{who}Commands are slash commands here: type `/` and pick one. Nothing was done."
    ),
    "export_unreadable": (
        "{who}The attached file is not a day record (the JSON of `/village export`, at most "
        "{limit} bytes)."
    ),
    "history_unreadable": (
        "I may not read this channel's history (the Read Message History permission), so I "
        "cannot answer what was posted while I was away. An admin can grant the permission."
    ),
    "answer.posted": "✅ Posted in {place}.",
    "answer.nothing": "Nothing to do: it was done already.",
    "verify.attached_ours": "The attached record matches the commitment this village posted.",
    "verify.attached_not_ours": (
        "⚠ The attached record does not match the commitment this village posted for that "
        "day (only the file's own consistency was checked)."
    ),
    "verify.attached_other": (
        "The attached record is another village's (its own consistency was checked)."
    ),
    "settings.village": (
        "Village name: {name} · moderator role: {modrole} · refusals delete themselves: "
        "{refusal_ttl} · flood limit: {flood}"
    ),
    "setting.name": "village name",
    "setting.modrole": "moderator role",
    "setting.refusal_ttl": "refusal deletion",
    "setting.flood": "flood limit",
    "value.none": "none",
    "value.seconds": "after {n} s",
    "value.keep": "never",
    "value.no_limit": "none",
    "value.flood": "{messages} messages in {seconds} s",
    # -- help and the commands -----------------------------------------------------------------
    "help.head": "Commands ([ ] may be left out):",
    "help.line": "{usage} {text}",
    "help.moderators": "For moderators:",
    "cmd.village.create": "Make this channel (or forum) a village",
    "cmd.village.config": "Show the settings; moderators change them",
    "cmd.village.day next": "Close today now and open the next day",
    "cmd.village.day extend": "Give today 24 more hours",
    "cmd.village.standings": "Every player's day scores and total, with a chart",
    "cmd.village.export": "A day's record as JSON",
    "cmd.village.stats": "Face counts and a fairness test",
    # Slash command names (Discord's English names are the commands' own).
    "slash.village": "village",
    "slash.day": "day",
    "slash.village.create": "create",
    "slash.village.config": "config",
    "slash.village.day next": "next",
    "slash.village.day extend": "extend",
    "slash.village.standings": "standings",
    "slash.village.export": "export",
    "slash.village.stats": "stats",
    "slash.group.village": "The village and its days",
    "slash.group.day": "Move the day on (moderators)",
    "arg.player": "player",
    "arg.player.text": "A player (pick one, or a mention or id)",
    "arg.day": "day",
    "arg.day.text": "Which day",
    "arg.reason": "reason",
    "arg.reason.text": "Why (it stays in the log)",
    "arg.export": "export",
    "arg.export.text": "A JSON file from /village export",
    "arg.locale": "locale",
    "arg.locale.text": "The village's language (at once)",
    "arg.timezone": "timezone",
    "arg.timezone.text": "Time zone, e.g. Asia/Tokyo (from the next day)",
    "arg.update": "update",
    "arg.update.text": "When days change, HH:00 or HH:30 (from the next day)",
    "arg.period": "period",
    "arg.period.text": "How long a day lasts (from the next day)",
    "arg.name": "name",
    "arg.name.text": "The village's name (a forum titles each day's post with it)",
    "arg.modrole": "modrole",
    "arg.modrole.text": "Members with this role are moderators too",
    "arg.refusal_ttl": "refusal_ttl",
    "arg.refusal_ttl.text": "Seconds before a refusal deletes itself, 5-3600, or off",
    "arg.flood": "flood",
    "arg.flood.text": "N/M: more than N play messages in M seconds are ignored; or off",
    "choice.locale.ja": "Japanese",
    "choice.locale.en": "English",
    "choice.period.24": "24 hours",
    "choice.period.48": "48 hours",
    "choice.period.72": "72 hours",
    # -- tables ----------------------------------------------------------------------------------
    "table.opened": (
        "{who}opened a {game} table (table {table}). "
        "`/{tag} join` to take a seat, `/{tag} start` to begin (the opener or a moderator)."
    ),
    "table.settings_line": "Settings: {settings}",
    "table.setting": "{name} {value}",
    "table.setting.rounds": "rounds",
    "table.setting.wild": "wild ducks",
    "table.setting.deals": "deals",
    "table.setting.deadline": "time limit (hours)",
    "table.value.rounds.n": "one per player",
    "table.value.rounds.2n": "two per player",
    "table.value.wild.true": "on",
    "table.value.wild.false": "off",
    "table.value.deadline.none": "off",
    "table.seats_line": "Seats: {seats}",
    "table.joined": "{who}took seat {seat} at the {game} table.",
    "table.left": "{who}left the {game} table.",
    "table.closed": "{who}left and the {game} table is empty, so it is closed.",
    "table.settings": "{who}the {game} table's settings.",
    "table.configured": "{who}changed the {game} table's settings.",
    "table.waiting": "The {game} table is taking seats (not started yet).",
    "table.started": "{game} begins at table {table}! Seats in order: {seats}",
    "table.commitment": (
        "Dice seal sha256: {commitment} (the seed is revealed when "
        "the game ends, so anyone can check every roll)"
    ),
    "table.first": "{who}moves first. Roll with `[[{tag}]]`.",
    "table.abandoned": (
        "{by} closed the {game} table (no winner; its points do not count in the "
        "standings). Reason: {reason}"
    ),
    "table.skipped": "{by} skipped {player}'s turn (as if their time ran out). Reason: {reason}",
    "table.skipped.step": "{by} closed the step now (as if its time ran out). Reason: {reason}",
    "table.skipped.step_no_reason": "{by} closed the step now (as if its time ran out).",
    "table.abandoned.standing": "{by} closed the {game} table. Reason: {reason}",
    "table.draws": (
        "All {count} draws of the table, digest sha256: {digest}"
        " (when a check of the table's record shows this same digest, no draw is missing from it)"
    ),
    "table.seed": "Seed: {seed}",
    "table_seats": "{who}{game} is played by {low} to {high} players ({seated} seated now).",
    "table_seats.exact": "{who}{game} is played by exactly {low} players ({seated} seated now).",
    "table.skipped.no_reason": "{by} skipped {player}'s turn (as if their time ran out).",
    "no_table_number": (
        "{who}There is no {game} table {table} in this village (a table's number is in the "
        "reply that opened it, and in its export's file name)."
    ),
    "no_table": "{who}There is no {game} table here. Open one with `/{tag} new`.",
    "table_exists": "{who}There is a table here already: one table per channel or thread.",
    "already_seated": "{who}You are seated at the {game} table already.",
    "table_full": "{who}The {game} table is full ({seats} seats).",
    "not_seated": (
        "{who}You are not seated at the {game} table. Before it starts, `/{tag} join` takes a seat."
    ),
    "table_started": "{who}The {game} table has started: seats and settings are fixed.",
    "table_not_playing": "{who}The {game} table has not started yet, or is over.",
    "opener_only": (
        "{who}Only whoever opened the table, or a moderator, may do that. Nothing was changed."
    ),
    # -- table commands (Discord) ------------------------------------------------------------
    "arg.rounds": "rounds",
    "arg.rounds.text": "N (one per player) or 2N (two per player)",
    "arg.wild": "wild",
    "arg.wild.text": "Whether 2s in the bucket are wild",
    "arg.deadline": "deadline",
    "arg.deadline.text": "Hours to finish a turn (1-168, or off)",
    "arg.dice": "dice",
    "arg.dice.text": "The faces to promote (e.g. 5 5, 2+3)",
    "choice.rounds.N": "one per player",
    "choice.rounds.2N": "two per player",
    "choice.wild.on": "on",
    "choice.wild.off": "off",
    "standings.head_game": "Standings ({game} only)",
    "arg.game": "game",
    "arg.game.text": "Rank by this game's points only",
    "table.rolled_back": (
        "{by} took the {game} table back to the start of {who}'s turn in round {round}"
        " ({rolls} rolls voided). Reason: {reason}"
    ),
    "table.rolled_back.next": "{who}'s turn: roll again with fresh dice (and a fresh time limit).",
    "table_rollback_target": "{who}There is no turn of {player} in round {round} yet.",
    "arg.round": "round",
    "arg.round.text": "The round to go back to (the current one if left out)",
    # -- secrets (a hidden hand, a secret roll) --------------------------------------------------
    "secret.sent_by_dm": "{who}What only you may see was sent to you by DM.",
    "secret.dm_failed": (
        "{who}What only you may see could not be sent by DM. Allow DMs from server members and "
        "ask again with the slash command (it is not written here)."
    ),
    "secret.elsewhere": "(a reply only {name} may see; `/as {name}` shows it)",
    "secret.only_for": "(to {name} only)",
    "table.export.closed": (
        "The record of {game} table {table} (draws: {draws}; its seed revealed). File: {filename}"
    ),
    "table.export.open": (
        "The record of {game} table {table} (draws: {draws}). The seed is revealed when the "
        "table ends. File: {filename}"
    ),
    "table.verify.ok": (
        "✅ {game} table {table}: the seed matches its seal and every draw matches the seed "
        "(draws checked: {draws})."
    ),
    "table.verify.failed": "❌ {game} table {table}: draws checked: {draws}; mismatches: {count}.",
    "table.verify.detail.faces": (
        "draw {throw_seq} (message {message_id}): the seed gives {expected}, recorded "
        "{recorded} (values from 0)"
    ),
    "table.verify.detail.duplicate": "draw {throw_seq} is recorded {uses} times",
    "table.verify.detail.gap": "no record of draw {missing} (numbers run to {last})",
    "table_not_ended": "{who}The {game} table has not ended: its seed is revealed when it does.",
    "arg.table": "table",
    "arg.table.text": "The table's number (the last one here if left out)",
    "allowed.rounds": "N (one per player) or 2N (two per player)",
    "allowed.wild": "on or off",
    "allowed.deadline": "1-168 (hours), or off",
    "table.double_post": (
        "{who}A roll sent before the previous result was posted is a double post: ignored "
        "(the first one counts)."
    ),
}
