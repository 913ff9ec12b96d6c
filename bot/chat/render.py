"""Turn the village's replies into chat text in the village's language (ja or en)."""

from __future__ import annotations

import datetime as dt
import logging
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.chat import catalog_en, catalog_ja
from bot.engine.greed import UnknownFaceError, best_split, parse_faces
from bot.engine.greed.faces import counts
from bot.village.replies import Reply, ReplyKind

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "Link",
    "display_width",
    "format_faces",
    "no_link",
    "render",
]

Link = Callable[[int | None], str]
"""Turns a chat message id into text pointing at it (`#12` on the console, a URL on Discord)."""

CATALOGS: Final[Mapping[str, Mapping[str, str]]] = {
    "ja": catalog_ja.TEXTS,
    "en": catalog_en.TEXTS,
}
LOCALES: Final = tuple(CATALOGS)
DEFAULT_LOCALE: Final = "ja"  # the game's home audience

_logger = logging.getLogger(__name__)

_TOKENS: Final = {"$": "$", "g": "G", "r": "R", "eg": "Eg", "eb": "Eb", "d": "D"}
_SINGLES: Final = ("single_d", "single_g")  # written as letters (DGG), the way the forum does
_SETTING_FIELDS: Final = ("variant", "turns", "threshold", "timezone", "update", "period")
_SETTING_NAMES: Final = {"variant": "rules"}  # the rule variant is set with `rules:`
_APPLIES_NOW: Final = ("locale",)  # every other setting waits for the next day


def no_link(message_id: int | None) -> str:
    """No link at all: for output that cannot point at a chat message."""
    return ""


def format_faces(tokens: Sequence[str], locale: str) -> str:
    """The faces of a throw, the two E's told apart by a colour mark and a word."""
    return _Text(_catalog(locale), no_link).faces(tokens)


def render(reply: Reply, locale: str, link: Link = no_link) -> str:
    """The text of `reply` in `locale` ("ja" or "en"; anything else falls back to "ja")."""
    t = _Text(_catalog(locale), link)
    writer = _WRITERS.get(reply.key)
    if writer is None:
        return t("unknown", key=reply.key)
    try:
        lines = writer(t, reply)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        # A reply whose data has the wrong shape must not reach a player as a traceback.
        _logger.exception("cannot render reply %r", reply.key)
        return t("unknown", key=reply.key)
    return "\n".join(lines)


def display_width(text: str) -> int:
    """Columns `text` takes in a monospace font: wide (W/F) characters take two."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def _catalog(locale: str) -> Mapping[str, str]:
    return CATALOGS.get(locale, CATALOGS[DEFAULT_LOCALE])


# -- reading params ---------------------------------------------------------------------------


def _int(value: Any, default: int = 0) -> int:
    if value is None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _plain(value: Any, sep: str = ", ") -> str:
    """A param as text for people: lists joined, nothing for None (never a Python repr)."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return sep.join(_plain(v) for v in value)
    return str(value)


# -- the words shared by every reply -----------------------------------------------------------


class _Text:
    """One locale's catalogue with the small formatters every reply uses."""

    def __init__(self, texts: Mapping[str, str], link: Link) -> None:
        self.texts = texts
        self.link = link

    def __call__(self, key: str, /, **values: Any) -> str:
        return self.texts[key].format(**values)

    def word(self, group: str, value: Any) -> str:
        """A catalogue word (`variant.house`), or the value itself when it has none."""
        return self.texts.get(f"{group}.{value}", _plain(value))

    def pts(self, points: Any) -> str:
        return self("pts", n=_int(points))

    def who(self, name: str | None) -> str:
        return self("who", name=name) if name else ""

    def faces(self, tokens: Iterable[Any]) -> str:
        shown = []
        for raw in tokens:
            token = _TOKENS.get(unicodedata.normalize("NFKC", str(raw)).strip().lower())
            face = self.texts[f"face.{token}"] if token else str(raw)
            shown.append(self("die", face=face))
        return self.texts["dice_sep"].join(shown)

    def label(self, combinations: Sequence[Any]) -> str:
        """Combinations as players write them: named ones, then single D's and G's (DGG)."""
        named = [self.word("combo", c) for c in combinations if c not in _SINGLES]
        singles = "".join(
            self.word("combo", c) for single in _SINGLES for c in combinations if c == single
        )
        return "+".join([*named, singles] if singles else named)

    def dice_label(self, dice: Sequence[Any]) -> str:
        """The combinations a set of taken dice makes (a take always uses every die)."""
        try:
            faces = parse_faces([str(d) for d in dice])
        except UnknownFaceError:
            return self.faces(dice)
        split = best_split(counts(faces))
        if split is None or not split.combinations:
            return self.faces(dice)
        return self.label([c.key for c in split.combinations])

    def take(self, take: Mapping[str, Any]) -> str:
        combinations = _list(take.get("combinations"))
        label = (
            self.label(combinations) if combinations else self.dice_label(_list(take.get("dice")))
        )
        return self("take", label=label, points=self.pts(take.get("points")))

    def counts(self, numbers: Iterable[Any]) -> str:
        shown = [self("count", n=_int(n)) for n in numbers]
        return self.texts["or_sep"].join(shown) if shown else self("no_moves")

    def moves(self, numbers: Iterable[Any], turn_end: str | None) -> str:
        parts = [self.counts(numbers)]
        if turn_end:
            parts.append(turn_end)
        return self.texts["sep"].join(parts)

    def names(self, values: Iterable[Any]) -> str:
        return self.texts["list_sep"].join(_plain(v) for v in values)

    def linked(self, line: str, message_id: Any) -> str:
        target = self.link(message_id if isinstance(message_id, int) else None)
        return f"{line} {target}" if target else line

    def when(self, iso: Any, zone_name: Any = None) -> str:
        """A moment in the village's time zone, or in its own offset when none is given."""
        try:
            moment = dt.datetime.fromisoformat(str(iso))
        except ValueError:
            return _plain(iso)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        zone: dt.tzinfo | None = None
        label = ""
        if zone_name:
            try:
                zone, label = ZoneInfo(str(zone_name)), str(zone_name)
            except (ZoneInfoNotFoundError, ValueError):
                zone = None
        if zone is None:
            zone = moment.tzinfo
            minutes = int((moment.utcoffset() or dt.timedelta(0)).total_seconds()) // 60
            sign = "-" if minutes < 0 else "+"
            hours, rest = divmod(abs(minutes), 60)
            label = f"UTC{sign}{hours:02d}:{rest:02d}" if minutes else "UTC"
        local = moment.astimezone(zone)
        return self(
            "time",
            year=local.year,
            month=local.month,
            day=local.day,
            weekday=self.texts["weekdays"].split()[local.weekday()],
            hour=f"{local.hour:02d}",
            minute=f"{local.minute:02d}",
            zone=label,
        )

    def rules(self, rules: Mapping[str, Any]) -> str:
        return self(
            "rules_line",
            variant=self.word("variant", rules.get("variant", "official")),
            turns=_int(rules.get("turns")),
            threshold=self.pts(rules.get("threshold")),
        )


# -- where a player stands (from a reply's `state`) --------------------------------------------


def _points_line(t: _Text, state: Mapping[str, Any]) -> str:
    return t(
        "play.points",
        turn_points=t.pts(state.get("turn_points")),
        held=t.pts(state.get("held")),
        day=t.pts(state.get("day_points")),
        total=t.pts(state.get("total_points")),
    )


def _day_line(t: _Text, state: Mapping[str, Any]) -> str:
    return t(
        "play.day_points",
        day=t.pts(state.get("day_points")),
        total=t.pts(state.get("total_points")),
    )


def _turn_end_clause(
    t: _Text, state: Mapping[str, Any], best: Mapping[str, Any] | None, threshold: Any
) -> str | None:
    """Whether TE is allowed now and what it would bank; None where TE is not a question."""
    if state.get("can_end"):
        total = t.pts(_int(state.get("turn_points")) + _int(state.get("best_take")))
        if best:
            return t("te.allowed", take=t.take(best), total=total)
        return t("te.allowed_plain", total=total)
    if _int(state.get("throw")) == 0:
        # A lap start after a sweep is forced; a turn's start has nothing to end yet.
        return t("te.forced") if _int(state.get("lap"), 1) > 1 else None
    if threshold is not None:
        return t("te.below", threshold=t.pts(threshold))
    return t("te.below_unknown")


def _next_line(
    t: _Text,
    state: Mapping[str, Any],
    best: Mapping[str, Any] | None = None,
    threshold: Any = None,
) -> str:
    if state.get("finished"):
        return t("day_done", turns=_int(state.get("turns_per_day")))
    clause = _turn_end_clause(t, state, best, threshold)
    return t("next", moves=t.moves(_list(state.get("legal_counts")), clause))


def _after_turn(t: _Text, state: Mapping[str, Any]) -> str:
    """What follows a finished turn: the next turn's first throw, or the day is done."""
    if state.get("finished") or state.get("turn") is None:
        return t("day_done", turns=_int(state.get("turns_per_day")))
    counts = _list(state.get("legal_counts")) or [6]
    return t("next_turn", turn=_int(state.get("turn")), counts=t.counts(counts))


def _standing(t: _Text, state: Mapping[str, Any] | None) -> list[str]:
    if not state:
        return []
    if state.get("finished") or state.get("turn") is None:
        return [t("day_done", turns=_int(state.get("turns_per_day"))), _day_line(t, state)]
    turn, lap, throw = _int(state.get("turn")), _int(state.get("lap"), 1), _int(state.get("throw"))
    if throw == 0 and lap == 1:
        where = t("standing.start", turn=turn)
    elif throw == 0:
        where = t("standing.lap_start", turn=turn, lap=lap)
    else:
        faces = t.faces(_list(state.get("faces")))
        where = t("standing.pos", turn=turn, lap=lap, throw=throw, faces=faces)
    played = t(
        "standing.turns",
        played=_int(state.get("turns_played")),
        turns=_int(state.get("turns_per_day")),
    )
    return [
        where,
        _points_line(t, state),
        played,
        _next_line(t, state, None, state.get("threshold")),
    ]


# -- play ------------------------------------------------------------------------------------


def _head(t: _Text, reply: Reply) -> str:
    p = reply.params
    return t(
        "play.head",
        who=t.who(reply.to),
        turn=_int(p.get("turn")),
        lap=_int(p.get("lap"), 1),
        throw=_int(p.get("throw")),
        faces=t.faces(_list(p.get("faces"))),
    )


def _previous_take(t: _Text, reply: Reply, key: str = "play.take") -> list[str]:
    take = _map(reply.params.get("take"))
    return [t(key, take=t.take(take))] if take else []


def _option(t: _Text, option: Mapping[str, Any]) -> str:
    combinations = _list(option.get("combinations"))
    label = t.label(combinations) if combinations else t.dice_label(_list(option.get("dice")))
    return t(
        "play.option",
        label=label,
        points=t.pts(option.get("points")),
        next=_int(option.get("next")),
    )


def _options(t: _Text, options: Iterable[Any]) -> str:
    return t.texts["or_sep"].join(_option(t, _map(o)) for o in options)


def _threshold(reply: Reply) -> Any:
    # Not in today's params; used as soon as the village adds it to the reply or its state.
    return reply.params.get("threshold", (reply.state or {}).get("threshold"))


def _throw(t: _Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    lines = [_head(t, reply), *_previous_take(t, reply)]
    options = _list(p.get("options"))
    if options:
        lines.append(t("play.options", options=_options(t, options)))
    if state:
        best = _map(p.get("best_take")) or None
        lines += [_points_line(t, state), _next_line(t, state, best, _threshold(reply))]
    return lines


def _sweep(t: _Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    take = {"dice": _list(p.get("faces")), "points": p.get("sweep_points")}
    lines = [
        _head(t, reply),
        *_previous_take(t, reply),
        t("sweep.result", take=t.take(take), lap=_int(p.get("next_lap"), 2)),
    ]
    if state:
        counts = _list(state.get("legal_counts")) or [6]
        lines += [_points_line(t, state), t("sweep.next", counts=t.counts(counts))]
    return lines


def _greed_out(t: _Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    turn, lost, day_lost = _int(p.get("turn")), _int(p.get("lost")), _int(p.get("day_lost"))
    lines = [_head(t, reply), *_previous_take(t, reply)]
    if lost:
        lines.append(t("greed_out.result_lost", turn=turn, lost=t.pts(lost)))
    else:
        lines.append(t("greed_out.result", turn=turn))
    if day_lost:
        variant = t.word("variant", p.get("variant", "house"))
        lines.append(t("greed_out.day_lost", variant=variant, day_lost=t.pts(day_lost)))
    if state:
        lines += [_day_line(t, state), _after_turn(t, state)]
    return lines


def _turn_end(t: _Text, reply: Reply) -> list[str]:
    p, state = reply.params, reply.state
    turn, score, lost = _int(p.get("turn")), _int(p.get("score")), _int(p.get("lost"))
    if p.get("forced") and p.get("faces"):
        # House rules: a sweep after the turn's first throw ends the turn instead of a lap.
        sweep = {"dice": _list(p.get("faces")), "points": p.get("sweep_points")}
        variant = t.word("variant", p.get("variant", "house"))
        lines = [
            _head(t, reply),
            *_previous_take(t, reply),
            t("turn_end.forced", take=t.take(sweep), variant=variant),
        ]
        if score == 0 and lost > 0:
            lines.append(t("turn_end.forced_short", turn=turn, lost=t.pts(lost)))
        else:
            lines.append(t("turn_end.score", turn=turn, score=t.pts(score)))
    else:
        lines = [
            t("turn_end.head", who=t.who(reply.to), turn=turn),
            *_previous_take(t, reply, "turn_end.take"),
            t("turn_end.score", turn=turn, score=t.pts(score)),
        ]
    if state:
        lines += [_day_line(t, state), _after_turn(t, state)]
    return lines


def _double_post(t: _Text, reply: Reply) -> list[str]:
    dice = t("count", n=_int(reply.params.get("dice")))
    return [t("double_post", who=t.who(reply.to), counts=dice)]


# -- refusals ----------------------------------------------------------------------------------


def _illegal_count(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    turn_end = t("te.short") if p.get("can_end") else None
    return [
        t("illegal_count", who=t.who(reply.to), asked=_int(p.get("asked"))),
        t("legal_moves", moves=t.moves(_list(p.get("legal")), turn_end)),
    ]


def _turn_end_refused(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    key = f"turn_end_refused.{p.get('reason')}"
    if key not in t.texts:
        key = "turn_end_refused"
    return [
        t(key, who=t.who(reply.to), held=t.pts(p.get("held")), threshold=t.pts(p.get("threshold"))),
        t("legal_moves", moves=t.counts(_list(p.get("legal")))),
    ]


def _no_turns_left(t: _Text, reply: Reply) -> list[str]:
    return [t("no_turns_left", who=t.who(reply.to), turns=_int(reply.params.get("turns_per_day")))]


def _bad_setting(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    key = "bad_setting" if _plain(p.get("value")) else "bad_setting.no_value"
    values = {name: _plain(p.get(name)) for name in ("setting", "value", "allowed")}
    return [t(key, who=t.who(reply.to), **values)]


def _simple(key: str, *names: str) -> Callable[[_Text, Reply], list[str]]:
    """A one-line reply filled from the named params, as plain text."""

    def write(t: _Text, reply: Reply) -> list[str]:
        values = {name: _plain(reply.params.get(name)) for name in names}
        return [t(key, who=t.who(reply.to), **values)]

    return write


# -- information -------------------------------------------------------------------------------


def _village_created(t: _Text, reply: Reply) -> list[str]:
    return [t("village_created", game=t.word("game", reply.params.get("game", "greed")))]


def _status(t: _Text, reply: Reply) -> list[str]:
    state = reply.state or {}
    player = _plain(reply.params.get("player") or reply.to)
    return [t("status.head", player=player, day=_int(state.get("day"))), *_standing(t, state)]


def _log_event(t: _Text, event: Mapping[str, Any]) -> str:
    kind = event.get("type")
    if kind == "DiceSetAside":
        return t.take(event)
    if kind == "LapStarted":
        return t("log.lap", lap=_int(event.get("lap")))
    if kind == "GreedOut":
        day_lost = _int(event.get("day_points_lost"))
        if day_lost:
            return t("log.greed_out_day", day_lost=t.pts(day_lost))
        return t("log.greed_out")
    if kind == "TurnEnded":
        score, lost = _int(event.get("score")), _int(event.get("lost"))
        if not event.get("forced"):
            return t("log.turn_end", score=t.pts(score))
        if score == 0 and lost > 0:
            return t("log.turn_end_forced_zero", lost=t.pts(lost))
        return t("log.turn_end_forced", score=t.pts(score))
    if kind == "TurnUnfinished":
        return t("log.unfinished", lost=t.pts(event.get("turn_points_lost")))
    if kind == "DayClosed":
        return t("log.day_closed")
    return _plain(kind)


def _log_line(t: _Text, step: Mapping[str, Any], zone: Any) -> str:
    line = t(
        "log.line",
        turn=_plain(step.get("turn")) or "-",
        lap=_plain(step.get("lap")) or "-",
        throw=_plain(step.get("throw")) or "-",
        faces=t.faces(_list(step.get("faces"))),
    )
    events = [_log_event(t, _map(e)) for e in _list(step.get("then"))]
    arrow = t.texts["log.then"]
    if events:
        line += arrow + arrow.join(events)
    line = t.linked(line, step.get("message_id"))
    voided = _map(step.get("voided"))
    if voided:
        line = t(
            "log.voided",
            line=line,
            by=_plain(voided.get("by_name") or voided.get("by")),
            at=t.when(voided.get("at"), zone),
            reason=_plain(voided.get("reason")),
        )
    return line


def _log(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    steps = _list(p.get("steps"))
    head = t("log.head", player=_plain(p.get("player") or reply.to), day=_int(p.get("day")))
    if not steps:
        return [head, t("log.empty")]
    # No time zone in the log's params yet: times then show in UTC, labelled as such.
    zone = p.get("timezone")
    return [head, *(_log_line(t, _map(step), zone) for step in steps)]


def _score(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    options = [_map(o) for o in _list(p.get("options"))]
    lines = [t("score.head", faces=t.faces(_list(p.get("faces"))))]
    if p.get("greed_out") or not options:
        return [*lines, t("score.greed_out")]
    best = max(options, key=lambda o: _int(o.get("points")))
    if p.get("sweep"):
        return [*lines, t("score.sweep", take=t.take(best))]
    return [
        *lines,
        t("play.options", options=_options(t, options)),
        t("score.te", take=t.take(best)),
    ]


def _who_acted(params: Mapping[str, Any]) -> str:
    # `by` is the moderator's id in the stored event; `by_name` is what people read.
    return _plain(params.get("by_name") or params.get("by"))


def _rolled_back(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    target = _map(p.get("target"))
    where = t(
        "rollback.pos",
        turn=_int(target.get("turn")),
        lap=_int(target.get("lap"), 1),
        throw=_int(target.get("throw"), 1),
    )
    line = t(
        "rolled_back",
        by=_who_acted(p),
        player=_plain(p.get("player") or reply.to),
        pos=where,
        count=_int(p.get("throws_voided")),
        reason=_plain(p.get("reason")),
    )
    return [line, *_standing(t, reply.state)]


def _restored(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    line = t(
        "restored",
        by=_who_acted(p),
        player=_plain(p.get("player") or reply.to),
        count=_int(p.get("throws_restored")),
        reason=_plain(p.get("reason")),
    )
    return [line, *_standing(t, reply.state)]


def _setting_name(t: _Text, field: str) -> str:
    return t.word("setting", _SETTING_NAMES.get(field, field))


def _setting_value(t: _Text, field: str, value: Any) -> str:
    if field == "variant":
        return t.word("variant", value)
    if field == "threshold":
        return t.pts(value)
    if field in ("turns", "period"):
        return t(f"value.{field}", n=_int(value))
    if field == "locale":
        return t.word("locale", value)
    return _plain(value)


def _settings(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    day = _int(p.get("day"))
    current, following = _map(p.get("current")), _map(p.get("next"))
    changed = [_plain(c) for c in _list(p.get("changed"))]
    lines = [
        t("settings.head", day=day),
        t.rules(current),
        t(
            "settings.schedule",
            # The language changes at once, so the one in force is the new one.
            locale=_setting_value(t, "locale", following.get("locale", current.get("locale"))),
            timezone=_plain(current.get("timezone")),
            update=_plain(current.get("update")),
            period=_setting_value(t, "period", current.get("period")),
        ),
    ]
    if changed:
        lines.append(t("settings.changed", names=t.names(_setting_name(t, c) for c in changed)))
        later = [c for c in changed if c not in _APPLIES_NOW]
        now = [c for c in changed if c in _APPLIES_NOW]
        if later:
            names = t.names(_setting_name(t, c) for c in later)
            lines.append(t("settings.from_next", names=names, next_day=day + 1))
        if now:
            lines.append(t("settings.now", names=t.names(_setting_name(t, c) for c in now)))
    diffs = [
        t(
            "settings.diff",
            name=_setting_name(t, field),
            old=_setting_value(t, field, current.get(field)),
            new=_setting_value(t, field, following.get(field)),
        )
        for field in _SETTING_FIELDS
        if following and current.get(field) != following.get(field)
    ]
    if diffs:
        lines += [t("settings.diff_head", next_day=day + 1), *diffs]
    return lines


def _day_extended(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    closes = t.when(p.get("closes_at"), p.get("timezone"))
    return [t("day_extended", day=_int(p.get("day")), closes=closes)]


def _pad(text: str, width: int, right: bool) -> str:
    space = " " * max(0, width - display_width(text))
    return space + text if right else text + space


def _standings(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    rows = [_map(r) for r in _list(p.get("rows"))]
    days = max([_int(p.get("days")), *(len(_list(r.get("days"))) for r in rows)])
    head = t("standings.head", days=_int(p.get("days")))
    if not rows:
        return [head, t("standings.empty")]
    table = [
        [
            t("standings.rank"),
            t("standings.player"),
            *(t("standings.day", day=n) for n in range(1, days + 1)),
            t("standings.total"),
        ]
    ]
    for row in rows:
        points = _list(row.get("days"))
        points += [0] * (days - len(points))
        # A backtick in a name would end the code block early.
        name = " ".join(_plain(row.get("player")).replace("`", "'").split())
        table.append(
            [
                str(_int(row.get("rank"))),
                name,
                *(str(_int(n)) for n in points),
                str(_int(row.get("total"))),
            ]
        )
    widths = [max(display_width(cells[i]) for cells in table) for i in range(len(table[0]))]
    lines = [
        "  ".join(_pad(cell, widths[i], right=i != 1) for i, cell in enumerate(cells))
        for cells in table
    ]
    return [head, "```", *lines, "```"]


# -- memo and days -----------------------------------------------------------------------------


def _memo_term(t: _Text, turn: Mapping[str, Any]) -> str:
    score, day_lost = _int(turn.get("score")), _int(turn.get("day_lost"))
    # A house-rule greed out wipes the day's bank: showing it keeps the sum adding up.
    return t("memo.wiped", score=score, lost=day_lost) if day_lost > 0 else str(score)


def _memo(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    points, total = _int(p.get("points")), _int(p.get("total"))
    turns = [_map(turn) for turn in _list(p.get("turns"))]
    days = [_map(d) for d in _list(p.get("days"))]
    today = (
        "+".join(_memo_term(t, turn) for turn in turns) + f"={points}"
        if turns
        else t("memo.no_turns")
    )
    overall = "+".join(str(_int(d.get("points"))) for d in days) + f"={total}"
    lines = [
        t("memo.head", player=_plain(p.get("player") or reply.to), day=_int(p.get("day"))),
        t.linked(t("memo.final", points=t.pts(points)), p.get("message_id")),
        today,
        t("memo.overall", points=t.pts(total)),
        overall,
        "--",
    ]
    for d in days:
        line = t("memo.day", day=_int(d.get("day")), points=t.pts(d.get("points")))
        lines.append(t.linked(line, d.get("message_id")))
    return lines


def _day_opened(t: _Text, reply: Reply) -> list[str]:
    p = reply.params
    return [
        t("day_opened.head", day=_int(p.get("day"))),
        t("day_opened.closes", closes=t.when(p.get("closes_at"), p.get("timezone"))),
        t.rules(_map(p.get("rules"))),
        t("day_opened.commitment", commitment=_plain(p.get("commitment"))),
        t("day_opened.explain"),
    ]


def _day_closed(t: _Text, reply: Reply) -> list[str]:
    if reply.kind == ReplyKind.REFUSED:  # the same key refuses a move on a closed day
        return [t("day_closed.refused", who=t.who(reply.to))]
    p = reply.params
    day = _int(p.get("day"))
    by = _plain(p.get("by"))
    if p.get("reason") == "advanced" and by:
        lines = [t("day_closed.head_by", day=day, by=by)]
    else:
        lines = [t("day_closed.head", day=day)]
    unfinished = _list(p.get("unfinished"))
    if unfinished:
        lines.append(t("day_closed.unfinished", names=t.names(unfinished)))
    lines += [
        t("day_closed.seed", seed=_plain(p.get("seed"))),
        t("day_closed.verify", commitment=_plain(p.get("commitment")), day=day),
    ]
    return lines


_WRITERS: Final[Mapping[str, Callable[[_Text, Reply], list[str]]]] = {
    # play
    "throw": _throw,
    "sweep": _sweep,
    "greed_out": _greed_out,
    "turn_end": _turn_end,
    "double_post": _double_post,
    # refusals
    "illegal_count": _illegal_count,
    "turn_end_refused": _turn_end_refused,
    "no_turns_left": _no_turns_left,
    "no_village": _simple("no_village"),
    "village_exists": _simple("village_exists"),
    "moderators_only": _simple("moderators_only", "command"),
    "unknown_player": _simple("unknown_player", "player"),
    "missing_argument": _simple("missing_argument", "argument", "command"),
    "bad_number": _simple("bad_number", "argument", "value"),
    "unknown_day": _simple("unknown_day", "day", "last"),
    "unknown_face": _simple("unknown_face", "face"),
    "score_dice": _simple("score_dice", "dice"),
    "rollback_target": _simple("rollback_target", "player", "turn", "lap", "throw"),
    "nothing_to_restore": _simple("nothing_to_restore", "player"),
    "nothing_to_roll_back": _simple("nothing_to_roll_back", "player"),
    "reason_too_long": _simple("reason_too_long", "limit"),
    "bad_setting": _bad_setting,
    "unknown_setting": _simple("unknown_setting", "setting", "allowed"),
    "unknown_command": _simple("unknown_command", "command", "known"),
    # The parser's limit on tags is fixed at six; the `limit` param is the message length.
    "message_too_many_tags": _simple("message_too_many_tags", "tags"),
    "message_tags_and_turn_end": _simple("message_tags_and_turn_end", "tags"),
    "message_too_long": _simple("message_too_long", "limit"),
    "store_unavailable": _simple("store_unavailable"),
    # information
    "village_created": _village_created,
    "status": _status,
    "log": _log,
    "score": _score,
    "rolled_back": _rolled_back,
    "restored": _restored,
    "settings": _settings,
    "day_extended": _day_extended,
    "standings": _standings,
    # memo and days
    "memo": _memo,
    "day_opened": _day_opened,
    "day_closed": _day_closed,
}
