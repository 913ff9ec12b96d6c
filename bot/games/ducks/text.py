"""Ducks' replies as chat text, in the village's language: one writer per reply key.

Writers read only the reply's data, through the lenient param readers, so that data of the
wrong shape shows less rather than failing. Players are named from the data's `names`, else
the `seats` of the reply's state when they are names, else by seat number.

The texts are `TEXTS_JA` and `TEXTS_EN`, every key naming the game (`ducks.roll`,
`cmd.ducks.new`), so that they join a village's catalogue without clashing with another
game's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import zip_longest
from typing import Any, Final

from bot.games.ducks import catalog_en, catalog_ja
from bot.games.ducks.shapes import SHAPES
from bot.words.reply import Reply
from bot.words.text import (
    GameTexts,
    Text,
    Writer,
    as_int,
    as_list,
    as_map,
    plain,
    revealed_lines,
    table_lines,
)

TEXTS_JA: Final[Mapping[str, str]] = catalog_ja.TEXTS
TEXTS_EN: Final[Mapping[str, str]] = catalog_en.TEXTS


# -- names and dice ------------------------------------------------------------------------------


def _names(reply: Reply) -> list[Any]:
    names = as_list(reply.params.get("names"))
    if names:
        return names
    seats = as_list(as_map(reply.state).get("seats"))
    return seats if all(isinstance(s, str) for s in seats) else []


def _name(t: Text, reply: Reply, seat: Any) -> str:
    if isinstance(seat, bool) or not isinstance(seat, int):
        return plain(seat)
    names = _names(reply)
    if 0 <= seat < len(names):
        return plain(names[seat])
    return t("ducks.seat", n=seat + 1)


def _mover(t: Text, reply: Reply) -> str:
    """The player the reply is to, as the opening `【name】`."""
    return t("ducks.who", name=reply.to or _name(t, reply, reply.params.get("seat")))


def _listed(t: Text, reply: Reply, seats: Iterable[Any]) -> str:
    return t.texts["ducks.list_sep"].join(t("ducks.name", name=_name(t, reply, s)) for s in seats)


def _faces(t: Text, boss: Any, whites: Iterable[Any]) -> str:
    shown = t.texts["ducks.white_sep"].join(t("ducks.white", face=as_int(w)) for w in whites)
    return t("ducks.faces", boss=t("ducks.boss", face=as_int(boss)), whites=shown)


def _promotion(values: Iterable[Any]) -> str:
    return "+".join(str(v) for v in sorted(as_int(v) for v in values))


def _hand(t: Text, bucket: list[Any], values: list[Any], category: Any) -> str:
    """A bucket in promotion order, a wild 2 with the value it counts as, then the hand."""
    if not bucket:
        return t("ducks.bucket_empty")
    dice = []
    for face, value in zip_longest(bucket, values[: len(bucket)]):
        face, value = as_int(face), as_int(value, as_int(face))
        dice.append(str(face) if value == face else t("ducks.wild", face=face, value=value))
    name = t.texts.get(f"ducks.category.{category}", plain(category))
    return t("ducks.hand", dice="+".join(dice), category=name)


def _params_hand(t: Text, p: Mapping[str, Any]) -> str:
    return _hand(t, as_list(p.get("bucket")), as_list(p.get("bucket_values")), p.get("hand"))


def _points(t: Text, n: Any) -> str:
    return t.counted("ducks.points", as_int(n))


def _totals(t: Text, reply: Reply, totals: list[Any]) -> str:
    """Every seat's total; a seat that left is marked, since it cannot win."""
    left = as_list(reply.params.get("left"))
    shown = [
        t(
            "ducks.total_left" if seat in left else "ducks.total",
            name=_name(t, reply, seat),
            points=_points(t, n),
        )
        for seat, n in enumerate(totals)
    ]
    return t("ducks.totals", totals=t.texts["ducks.sep"].join(shown))


# -- the lines every reply about a turn has ----------------------------------------------------


def _head(t: Text, reply: Reply, key: str, who: str) -> str:
    p = reply.params
    place = {"who": who, "round": as_int(p.get("round")), "rounds": as_int(p.get("rounds"))}
    roll = as_int(p.get("roll"))
    if roll and p.get("boss") is not None:
        faces = _faces(t, p.get("boss"), as_list(p.get("whites")))
        return t(key, roll=roll, faces=faces, **place)
    return t(f"{key}_no_roll", **place)


def _bucket(t: Text, p: Mapping[str, Any]) -> str:
    return t(
        "ducks.bucket",
        hand=_params_hand(t, p),
        out=as_int(p.get("out")),
        set_aside=as_int(p.get("set_aside")),
    )


def _choices(t: Text, p: Mapping[str, Any], key: str = "ducks.next") -> list[str]:
    """Every legal promotion, then the legal moves with the words to type (`key` says them:
    what comes next, or what is legal now)."""
    lines = []
    promotions = [plain(v) for v in as_list(p.get("promotions"))]
    if promotions:
        lines.append(t("ducks.promotions", promotions=t.texts["ducks.or_sep"].join(promotions)))
    words = _moves(t, p)
    if words:
        lines.append(t(key, moves=words))
    if promotions and "promote" in as_list(p.get("moves")):
        lines.append(t("ducks.combined", example=promotions[0]))
    return lines


def _moves(t: Text, p: Mapping[str, Any]) -> str:
    promotions = as_list(p.get("promotions"))
    example = plain(promotions[0]) if promotions else "5"
    return t.texts["ducks.sep"].join(
        t(f"ducks.move.{m}", example=example)
        for m in as_list(p.get("moves"))
        if f"ducks.move.{m}" in t.texts
    )


def _what_follows(t: Text, reply: Reply) -> list[str]:
    """After a turn: the round's end, then the next turn or the game's end."""
    p = reply.params
    lines = []
    if p.get("scored_round"):
        lines.append(t("ducks.round_over", round=as_int(p.get("scored_round"))))
    if p.get("finished"):
        lines.append(t("ducks.game_over_line"))
    elif p.get("next_seat") is not None:
        name = _name(t, reply, p.get("next_seat"))
        lines.append(t("ducks.next_turn", name=name, round=as_int(p.get("next_round"))))
    return lines


# -- play ------------------------------------------------------------------------------------------


def _ending(t: Text, p: Mapping[str, Any], kind: str, promotion: str) -> list[str]:
    if kind == "stop":
        cause = plain(p.get("cause")) or "player"
        key = f"ducks.result.stop.{cause}"
        if key not in t.texts:
            key = "ducks.result.stop.player"
        return [t(key, hand=_params_hand(t, p), promotion=promotion)]
    lost = _promotion_order(as_list(p.get("lost")))
    if kind == "bust":
        return [t("ducks.result.bust", lost=lost) if lost else t("ducks.result.bust_empty")]
    cause = "left" if p.get("cause") == "left" else "time"
    lines = [t(f"ducks.result.forfeit.{cause}")]
    if lost:
        lines.append(t("ducks.lost", lost=lost))
    return lines


def _promotion_order(bucket: list[Any]) -> str:
    """A lost bucket as it was promoted."""
    return "+".join(str(as_int(v)) for v in bucket)


def play(t: Text, reply: Reply) -> list[str]:
    """A roll, a promotion, a pass, a stop, a bust or a forfeit: the turn as it now stands."""
    p = reply.params
    kind = reply.key.rpartition(".")[2]
    promotion = _promotion(as_list(p.get("promoted")))
    rolled, passed = bool(p.get("rolled")), bool(p.get("passed"))
    lines = [_head(t, reply, "ducks.head", _mover(t, reply))]
    if rolled and promotion:
        lines.append(t("ducks.before.promote", promotion=promotion))
    if rolled and passed:
        lines.append(t("ducks.before.pass"))
    if kind == "no_promotion":
        lines.append(t("ducks.result.no_promotion"))
    elif kind == "promote":
        lines.append(t("ducks.result.promote", promotion=promotion))
    elif kind == "pass":
        lines.append(t("ducks.result.pass"))
    elif kind in ("stop", "bust", "forfeit"):
        if kind == "bust" and passed and not rolled:
            lines.append(t("ducks.result.pass_bust"))
        lines += _ending(t, p, kind, promotion)
    lines.append(_bucket(t, p))
    choices = _choices(t, p)
    return [*lines, *choices] if choices else [*lines, *_what_follows(t, reply)]


def left(t: Text, reply: Reply) -> list[str]:
    """A player left the table after the start."""
    p = reply.params
    seat = p.get("left_seat", p.get("seat"))
    lines = [t("ducks.left", who=t("ducks.who", name=reply.to or _name(t, reply, seat)))]
    if p.get("ended"):
        kind = "stop" if p.get("phase") == "stopped" else "forfeit"
        lines += _ending(t, p, kind, "")
    if p.get("finished") and not p.get("scored_round"):
        lines.append(t("ducks.left_early", round=as_int(p.get("round"))))
        return lines
    return [*lines, *_what_follows(t, reply)]


def status(t: Text, reply: Reply) -> list[str]:
    """`/ducks status`: the turn in progress, what may be done and the chances of rolling on."""
    p = reply.params
    if p.get("finished"):
        lines = [t("ducks.status.finished")]
        winners = as_list(p.get("winners"))
        if winners:
            lines.append(t("ducks.score.winners", winners=_listed(t, reply, winners)))
        totals = as_list(p.get("totals"))
        return [*lines, _totals(t, reply, totals)] if totals else lines
    who = t("ducks.who", name=_name(t, reply, p.get("seat")))
    lines = [_head(t, reply, "ducks.status.head", who), _bucket(t, p), *_choices(t, p)]
    odds = as_map(p.get("chances"))
    if odds:
        key = (
            "ducks.status.chances_after_pass" if odds.get("after_pass") else "ducks.status.chances"
        )
        lines.append(
            t(
                key,
                white=t.counted("ducks.white_dice", as_int(odds.get("dice"))),
                promotion=_percent(t, odds.get("promotion")),
                bust=_percent(t, odds.get("bust")),
            )
        )
    return lines


def _percent(t: Text, value: Any) -> str:
    try:
        share = float(value)
    except (TypeError, ValueError):
        share = 0.0
    return t("ducks.percent", value=f"{share:.1%}")


# -- rounds and the game ----------------------------------------------------------------------


def round_end(t: Text, reply: Reply) -> list[str]:
    """A round's hands, best first, with their points; the totals; who opens the next round."""
    p = reply.params
    lines = [
        t("ducks.round_end.head", round=as_int(p.get("round")), rounds=as_int(p.get("rounds")))
    ]
    rank = 0
    for entry in as_list(p.get("ranking")):
        entry = as_map(entry)
        cell = as_map(entry.get("cell"))
        name = _name(t, reply, entry.get("seat"))
        points = _points(t, entry.get("points"))
        if cell.get("result") == "made":
            rank += 1
            hand = _cell_text(t, cell)
            lines.append(t("ducks.round_end.rank", rank=rank, name=name, hand=hand, points=points))
        else:
            lines.append(t("ducks.round_end.goose_egg", name=name, points=points))
    if p.get("next_round") is None:
        return lines  # the last round: the game's end follows at once, with the totals
    lines.append(_totals(t, reply, as_list(p.get("totals"))))
    if p.get("next_seat") is not None:
        name = _name(t, reply, p.get("next_seat"))
        lines.append(t("ducks.round_end.next", round=as_int(p.get("next_round")), name=name))
    return lines


def game_end(t: Text, reply: Reply) -> list[str]:
    """The winners (equal totals share the win) and the totals."""
    p = reply.params
    winners = as_list(p.get("winners"))
    totals = as_list(p.get("totals"))
    best = as_int(winners[0]) if winners else -1
    points = _points(t, totals[best]) if 0 <= best < len(totals) else ""
    if not winners:
        lines = [t("ducks.game_end.plain")]
    else:
        key = "ducks.game_end.shared" if len(winners) > 1 else "ducks.game_end.head"
        lines = [t(key, winners=_listed(t, reply, winners), points=points)]
    if p.get("early"):
        lines.append(t("ducks.game_end.early", played=as_int(p.get("rounds_played"))))
    lines.append(_totals(t, reply, totals))
    # The village adds the table's seed at the end: every roll can be checked now.
    lines += revealed_lines(t, p, "ducks.seed", "ducks.draws")
    return lines


def _cell_text(t: Text, cell: Mapping[str, Any]) -> str:
    result = cell.get("result")
    if result == "made":
        return _hand(t, as_list(cell.get("bucket")), as_list(cell.get("values")), cell.get("hand"))
    return t("ducks.score.waiting") if result == "waiting" else t("ducks.score.goose_egg")


def score(t: Text, reply: Reply) -> list[str]:
    """The score table: per round a hand line and a points line, then the totals."""
    p = reply.params
    totals = as_list(p.get("totals"))
    seats = as_int(p.get("seats"), len(totals))
    rounds = [as_map(r) for r in as_list(p.get("rounds"))]
    played = sum(1 for r in rounds if r.get("points") is not None)
    rows = [[t("ducks.score.corner"), *(_name(t, reply, s) for s in range(seats))]]
    for record in rounds:
        number = as_int(record.get("round"))
        cells = [as_map(c) for c in as_list(record.get("cells"))]
        hands = [_cell_text(t, cells[s]) if s < len(cells) else "" for s in range(seats)]
        rows.append([t("ducks.score.hands", round=number), *hands])
        points = as_list(record.get("points"))
        if points:
            shown = [str(as_int(points[s])) if s < len(points) else "" for s in range(seats)]
            rows.append([t("ducks.score.points", round=number), *shown])
    shown_totals = [str(as_int(totals[s])) if s < len(totals) else "" for s in range(seats)]
    rows.append([t("ducks.score.total"), *shown_totals])
    head = t("ducks.score.head", rounds=as_int(p.get("rounds_total")), played=played)
    lines = [head, *t.code(table_lines(rows, left=range(seats + 1)))]
    winners = as_list(p.get("winners"))
    if p.get("finished") and winners:
        lines.append(t("ducks.score.winners", winners=_listed(t, reply, winners)))
    return lines


# -- refused ------------------------------------------------------------------------------------


def _legal(t: Text, reply: Reply, own_turn: bool) -> list[str]:
    """What is legal now: the mover's choices, or whose turn it is."""
    p = reply.params
    if p.get("finished"):
        return []
    if own_turn:
        return [*_choices(t, p, "ducks.legal"), t("ducks.nothing_changed")]
    seat = p.get("turn_seat", p.get("next_seat"))
    if seat is None:
        return []
    return [t("ducks.turn_is", name=_name(t, reply, seat), round=as_int(p.get("round")))]


def _refusal(key: str, own_turn: bool) -> Writer:
    """A refused move: what was wrong, then what is legal."""

    def write(t: Text, reply: Reply) -> list[str]:
        p = reply.params
        variant = f"{key}.{p.get('reason')}"
        line = t(
            variant if variant in t.texts else key,
            who=_mover(t, reply),
            turn=_name(t, reply, p.get("turn_seat")),
            values=_promotion(as_list(p.get("values"))),
            whites=" ".join(str(as_int(w)) for w in as_list(p.get("whites"))),
            boss=as_int(p.get("boss")),
            tags=as_int(p.get("tags")),
            dice=plain(p.get("dice")),
        )
        return [line, *_legal(t, reply, own_turn)]

    return write


def malformed(t: Text, reply: Reply) -> list[str]:
    """A message that tries to play but cannot be read: the forms, and whose turn it is."""
    lines = _refusal("ducks.malformed", own_turn=False)(t, reply)
    words = _moves(t, reply.params)
    if words and not reply.params.get("finished"):
        lines.append(t("ducks.legal", moves=words))
    return lines


WRITERS: Final[dict[str, Writer]] = {
    **{f"ducks.{kind}": play for kind in ("roll", "no_promotion", "promote", "pass")},
    **{f"ducks.{kind}": play for kind in ("stop", "bust", "forfeit")},
    "ducks.left": left,
    "ducks.status": status,
    "ducks.round_end": round_end,
    "ducks.game_end": game_end,
    "ducks.score": score,
    "ducks.malformed": malformed,
    "ducks.not_your_turn": _refusal("ducks.not_your_turn", own_turn=False),
    "ducks.not_seated": _refusal("ducks.not_seated", own_turn=False),
    "ducks.seat_left": _refusal("ducks.seat_left", own_turn=False),
    "ducks.roll_pending": _refusal("ducks.roll_pending", own_turn=False),
    "ducks.game_over": _refusal("ducks.game_over", own_turn=False),
    "ducks.roll_first": _refusal("ducks.roll_first", own_turn=True),
    "ducks.already_promoted": _refusal("ducks.already_promoted", own_turn=True),
    "ducks.must_pass": _refusal("ducks.must_pass", own_turn=True),
    "ducks.stop_not_allowed": _refusal("ducks.stop_not_allowed", own_turn=True),
    "ducks.bad_promotion": _refusal("ducks.bad_promotion", own_turn=True),
    "ducks.bad_dice": _refusal("ducks.bad_dice", own_turn=False),
}
"""Every Ducks reply key and its writer."""

TEXTS: Final = GameTexts(WRITERS, TEXTS_JA, TEXTS_EN, shapes=SHAPES)
"""What the chat renders this game's replies with."""
