"""Gleek's replies as chat text, in the village's language: one writer per reply key.

Writers read only the reply's data, through the lenient param readers, so that data of the
wrong shape shows less rather than failing. Cards are written as the data has them (`Q♥`,
`10♠`) in every language. A public reply whose `state` names who is to act ends with that
line (the village fills it in the last reply of a message only).

The texts are `TEXTS_JA` and `TEXTS_EN`, every key naming the game (`gleek.bid`,
`cmd.gleek.new`), so that they join a village's catalogue without clashing with another
game's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from bot.games.gleek import catalog_en, catalog_ja
from bot.games.gleek.shapes import SHAPES
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


def _cards(t: Text, cards: Any) -> str:
    shown = [plain(c) for c in as_list(cards)]
    return " ".join(shown) if shown else t("gleek.none")


def _who(t: Text, name: Any) -> str:
    return t("gleek.who", name=plain(name)) if name else ""


def _names(reply: Reply) -> list[Any]:
    names = as_list(reply.params.get("names"))
    return names or as_list(as_map(reply.state).get("seats"))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _per_seat(t: Text, reply: Reply, values: Any, signed: bool = True) -> str:
    names = _names(reply)
    parts = []
    for seat, value in enumerate(as_list(values)):
        name = plain(names[seat]) if seat < len(names) else str(seat + 1)
        shown = _signed(as_int(value)) if signed else str(as_int(value))
        parts.append(t("gleek.seat_value", name=name, value=shown))
    return t.texts["gleek.list_sep"].join(parts)


def _next(t: Text, reply: Reply) -> list[str]:
    """Who is to act now, doing what, by when: the last line of a message's last reply."""
    state = as_map(reply.state)
    name = state.get("to_act")
    if not name:
        return []
    phase = plain(state.get("phase"))
    doing = t.texts.get(f"gleek.doing.{phase}", phase)
    deadline = state.get("deadline")
    if deadline:
        return [
            t(
                "gleek.next_by",
                name=plain(name),
                doing=doing,
                when=t.when(deadline, state.get("timezone")),
            )
        ]
    return [t("gleek.next", name=plain(name), doing=doing)]


def _with_next(write: Writer) -> Writer:
    def written(t: Text, reply: Reply) -> list[str]:
        return [*write(t, reply), *_next(t, reply)]

    return written


# -- a deal ------------------------------------------------------------------------------------


def _started(t: Text, reply: Reply) -> list[str]:
    """The start of the table, where its first `dealt` answers `/gleek start`: the seats in
    order and the commitment to the deals, as the village words every table's start."""
    p = reply.params
    if not p.get("started"):
        return []
    seats = t.texts["list_sep"].join(t.name(plain(n)) for n in as_list(p.get("seats")))
    return [
        t("table.started", game=t.word("game", "gleek"), seats=seats or "-", table=p.get("table")),
        t("table.commitment.gleek", commitment=plain(p.get("commitment"))),
    ]


def dealt(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [
        *_started(t, reply),
        t(
            "gleek.dealt",
            deal=as_int(p.get("deal")),
            deals=as_int(p.get("deals")),
            dealer=plain(p.get("dealer")),
            turn_up=plain(p.get("turn_up")),
            trump=plain(p.get("trump")),
        ),
    ]
    paid = as_int(p.get("turn_up_paid"))
    if paid:
        lines.append(t("gleek.dealt.paid", dealer=plain(p.get("dealer")), chips=paid))
    honour = as_int(p.get("turn_up_honour"))
    if honour:
        name = t.texts.get(f"gleek.honour.{plain(p.get('honour_name'))}", "")
        lines.append(
            t("gleek.dealt.honour", dealer=plain(p.get("dealer")), points=honour, name=name)
        )
    lines.append(
        t(
            "gleek.dealt.opening",
            eldest=plain(p.get("eldest")),
            bid=as_int(p.get("opening_bid"), 12),
            stake=as_int(p.get("ruff_stake"), 2),
        )
    )
    return lines


def hand(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [t("gleek.hand", who=_who(t, reply.to), deal=as_int(p.get("deal")))]
    lines.append(t("gleek.hand.cards", cards=_cards(t, p.get("hand"))))
    if p.get("taken"):
        lines.append(t("gleek.hand.taken", cards=_cards(t, p.get("taken"))))
    if p.get("legal"):
        lines.append(t("gleek.hand.legal", cards=_cards(t, p.get("legal"))))
    moves = [t.texts.get(f"gleek.move.{plain(m)}", plain(m)) for m in as_list(p.get("moves"))]
    if moves:
        lines.append(t("gleek.hand.moves", moves=t.texts["gleek.or_sep"].join(moves)))
    return lines


# -- the moves ---------------------------------------------------------------------------------


def _move_line(t: Text, reply: Reply) -> str:
    p = reply.params
    move = plain(p.get("move"))
    who = _who(t, p.get("player") or reply.to)
    if move == "bid":
        return t("gleek.bid.raise", who=who, amount=as_int(p.get("amount")))
    if move == "pass" and reply.key.endswith((".bid", ".timeout")) and "chips" not in p:
        return t("gleek.bid.pass", who=who, amount=as_int(p.get("amount")))
    if move == "discard":
        return t("gleek.exchanged", who=who, count=as_int(p.get("count"), 7))
    if move in ("vie", "see", "raise", "pass"):
        line = t(
            f"gleek.vied.{move}",
            who=who,
            chips=as_int(p.get("chips")),
            pot=as_int(p.get("pot")),
        )
        if p.get("no_ruff"):
            line += t("gleek.vied.no_ruff")
        return line
    return _played_line(t, reply)


def _played_line(t: Text, reply: Reply) -> str:
    p = reply.params
    plays = [as_map(x) for x in as_list(p.get("trick"))]
    trick = " ".join(plain(x.get("card")) for x in plays)
    line = t(
        "gleek.played",
        who=_who(t, p.get("player") or reply.to),
        card=plain(p.get("card")),
        number=as_int(p.get("trick_number")),
        trick=trick,
    )
    honour = as_int(p.get("honour"))
    if honour:
        name = t.texts.get(f"gleek.honour.{plain(p.get('honour_name'))}", "")
        line += t("gleek.played.honour", points=honour, name=name)
    low = as_int(p.get("low_trump"))
    if low:
        line += t("gleek.played.low_trump", chips=low)
    return line


def move(t: Text, reply: Reply) -> list[str]:
    return [_move_line(t, reply)]


def _skipped(t: Text, reply: Reply) -> list[str]:
    """Who played the default now with `/gleek skip` (and why, if they said)."""
    p = reply.params
    if not p.get("skipped_by"):
        return []
    key = "table.skipped" if plain(p.get("reason")) else "table.skipped.no_reason"
    player = plain(p.get("player") or reply.to)
    return [
        t(key, by=plain(p.get("skipped_by")), player=t.name(player), reason=plain(p.get("reason")))
    ]


def timeout(t: Text, reply: Reply) -> list[str]:
    return [
        *_skipped(t, reply),
        t("gleek.timeout", who=_who(t, reply.params.get("player") or reply.to)),
        *move(t, reply),
    ]


def stock_bought(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    payments = [as_map(x) for x in as_list(p.get("payments"))]
    paid = t.texts["gleek.list_sep"].join(
        t("gleek.seat_value", name=plain(x.get("player")), value=_signed(as_int(x.get("chips"))))
        for x in payments
    )
    return [
        t("gleek.stock_bought", buyer=plain(p.get("buyer")), price=as_int(p.get("price"))),
        t("gleek.payments", payments=paid),
    ]


def showdown(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    winner, pot = plain(p.get("winner")), as_int(p.get("pot"))
    if p.get("unseen"):
        return [t("gleek.showdown.unseen", winner=winner, pot=pot)]
    lines = [t("gleek.showdown", winner=winner, pot=pot)]
    for ruff in (as_map(r) for r in as_list(p.get("shown"))):
        key = "gleek.showdown.four_aces" if ruff.get("four_aces") else "gleek.showdown.ruff"
        lines.append(
            t(
                key,
                name=plain(ruff.get("player")),
                suit=plain(ruff.get("suit")),
                cards=_cards(t, ruff.get("cards")),
                value=as_int(ruff.get("value")),
            )
        )
    return lines


def gleeks(t: Text, reply: Reply) -> list[str]:
    lines = []
    for shown in (as_map(g) for g in as_list(reply.params.get("gleeks"))):
        key = "gleek.gleeks.mournival" if shown.get("mournival") else "gleek.gleeks.gleek"
        lines.append(
            t(
                key,
                name=plain(shown.get("player")),
                cards=_cards(t, shown.get("cards")),
                chips=as_int(shown.get("amount")),
            )
        )
    return lines


def trick_won(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    plays = " ".join(plain(as_map(x).get("card")) for x in as_list(p.get("plays")))
    return [
        t(
            "gleek.trick_won",
            number=as_int(p.get("number")),
            winner=plain(p.get("winner")),
            plays=plays,
        )
    ]


def deal_scored(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    names = _names(reply)
    rows = [[t("gleek.score.corner"), *(plain(n) for n in names)]]
    for label, key in (
        ("gleek.scored.tricks", "tricks"),
        ("gleek.scored.points", "points"),
        ("gleek.scored.settlement", "settlement"),
        ("gleek.scored.deal_chips", "deal_chips"),
        ("gleek.scored.chips", "chips"),
    ):
        values = [as_int(v) for v in as_list(p.get(key))]
        shown = [_signed(v) if key in ("settlement", "deal_chips") else str(v) for v in values]
        rows.append([t(label), *shown])
    return [
        t("gleek.deal_scored", deal=as_int(p.get("deal"))),
        *t.code(table_lines(rows, left=[0])),
    ]


def _chips_table(t: Text, reply: Reply, deals: Iterable[Any], totals: Any) -> list[str]:
    names = _names(reply)
    rows = [[t("gleek.score.corner"), *(plain(n) for n in names)]]
    for record in (as_map(d) for d in deals):
        chips = [_signed(as_int(c)) for c in as_list(record.get("chips"))]
        rows.append([t("gleek.score.deal", deal=as_int(record.get("deal"))), *chips])
    rows.append([t("gleek.score.total"), *(_signed(as_int(c)) for c in as_list(totals))])
    return t.code(table_lines(rows, left=[0]))


def game_over(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    key = "gleek.game_over.abandoned" if p.get("abandoned") else "gleek.game_over"
    closed = []
    if p.get("abandoned_by"):
        by, reason = plain(p.get("abandoned_by")), plain(p.get("reason"))
        closed = [t("table.abandoned.standing", game=t.word("game", "gleek"), by=by, reason=reason)]
    lines = [*closed, t(key), *_chips_table(t, reply, as_list(p.get("deals")), p.get("chips"))]
    lines += revealed_lines(t, p, "gleek.seed", "gleek.draws")
    return lines


# -- looking at the table ----------------------------------------------------------------------


def status(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    phase = plain(p.get("phase"))
    lines = [
        t(
            "gleek.status",
            deal=as_int(p.get("deal")),
            deals=as_int(p.get("deals")),
            phase=t.texts.get(f"gleek.phase.{phase}", phase),
            dealer=plain(p.get("dealer")),
            turn_up=plain(p.get("turn_up")),
        )
    ]
    if phase == "vie":
        lines.append(
            t("gleek.status.vie", stake=as_int(p.get("ruff_stake")), pot=as_int(p.get("pot")))
        )
    if phase == "tricks":
        trick = _cards(t, p.get("trick")) if p.get("trick") else t("gleek.none")
        lines.append(t("gleek.status.trick", trick=trick))
    lines.append(
        t("gleek.status.tricks", values=_per_seat(t, reply, p.get("tricks"), signed=False))
    )
    lines.append(t("gleek.status.chips", values=_per_seat(t, reply, p.get("chips"))))
    to_act = p.get("to_act")
    if to_act:
        moves = [t.texts.get(f"gleek.move.{plain(m)}", plain(m)) for m in as_list(p.get("moves"))]
        lines.append(
            t(
                "gleek.status.to_act",
                name=plain(to_act),
                moves=t.texts["gleek.or_sep"].join(moves),
            )
        )
    return lines


def score(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    deals = as_list(p.get("deals"))
    head = t("gleek.score.head", played=len(deals), deals=as_int(p.get("deals_total")))
    return [head, *_chips_table(t, reply, deals, p.get("chips"))]


def log(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [
        t(
            "gleek.log",
            deal=as_int(p.get("deal")),
            dealer=plain(p.get("dealer")),
            turn_up=plain(p.get("turn_up")),
        )
    ]
    if p.get("buyer"):
        lines.append(
            t("gleek.log.buyer", buyer=plain(p.get("buyer")), price=as_int(p.get("price")))
        )
    for trick in (as_map(x) for x in as_list(p.get("tricks"))):
        plays = " ".join(plain(as_map(x).get("card")) for x in as_list(trick.get("plays")))
        lines.append(
            t(
                "gleek.log.trick",
                number=as_int(trick.get("number")),
                plays=plays,
                winner=plain(trick.get("winner")),
            )
        )
    if p.get("scored"):
        lines.append(
            t("gleek.log.points", values=_per_seat(t, reply, p.get("points"), signed=False))
        )
        lines.append(t("gleek.log.chips", values=_per_seat(t, reply, p.get("chips"))))
    return lines


# -- refusals ----------------------------------------------------------------------------------


def refusal(t: Text, reply: Reply) -> list[str]:
    """What was wrong, then what is legal now (for the refused player's eyes)."""
    p = reply.params
    phase = plain(p.get("phase"))
    line = t(
        reply.key,
        who=_who(t, reply.to),
        to_act=plain(p.get("to_act")),
        buyer=plain(p.get("buyer")),
        bid=as_int(p.get("bid")),
        min=as_int(p.get("min")),
        max=as_int(p.get("max"), 40),
        count=as_int(p.get("count")),
        needed=as_int(p.get("needed"), 7),
        cards=plain(p.get("cards")),
        card=plain(p.get("card")),
        suit=plain(p.get("suit")),
        raises=as_int(p.get("raises"), 3),
        move=t.texts.get(f"gleek.move.{plain(p.get('move'))}", plain(p.get("move"))),
        token=plain(p.get("token")),
        amount=plain(p.get("amount")),
        deal=as_int(p.get("deal")),
        played=as_int(p.get("played")),
        phase=t.texts.get(f"gleek.phase.{phase}", phase),
    )
    lines = [line + t("gleek.unchanged")]
    moves = [t.texts.get(f"gleek.move.{plain(m)}", plain(m)) for m in as_list(p.get("moves"))]
    if moves:
        lines.append(t("gleek.legal.moves", moves=t.texts["gleek.or_sep"].join(moves)))
    if p.get("legal"):
        lines.append(t("gleek.legal.cards", cards=_cards(t, p.get("legal"))))
    elif p.get("to_act") and not moves and p.get("to_act") != reply.to:
        lines.append(t("gleek.legal.wait", name=plain(p.get("to_act"))))
    return lines


REFUSAL_KEYS: Final = (
    "gleek.finished",
    "gleek.not_seated",
    "gleek.dealing",
    "gleek.wrong_phase",
    "gleek.not_your_turn",
    "gleek.not_buyer",
    "gleek.bid_too_low",
    "gleek.bid_too_high",
    "gleek.discard_count",
    "gleek.discard_repeated",
    "gleek.card_not_held",
    "gleek.must_follow",
    "gleek.no_bet",
    "gleek.bet_open",
    "gleek.raise_cap",
    "gleek.bad_card",
    "gleek.bad_amount",
    "gleek.one_card",
    "gleek.no_deal",
    "gleek.bad_move",
)


WRITERS: Final[dict[str, Writer]] = {
    "gleek.dealt": _with_next(dealt),
    "gleek.hand": hand,
    "gleek.bid": _with_next(move),
    "gleek.exchanged": _with_next(move),
    "gleek.vied": _with_next(move),
    "gleek.played": _with_next(move),
    "gleek.timeout": _with_next(timeout),
    "gleek.stock_bought": _with_next(stock_bought),
    "gleek.showdown": _with_next(showdown),
    "gleek.gleeks": _with_next(gleeks),
    "gleek.trick_won": _with_next(trick_won),
    "gleek.deal_scored": _with_next(deal_scored),
    "gleek.game_over": _with_next(game_over),
    "gleek.status": status,
    "gleek.score": score,
    "gleek.log": log,
    **dict.fromkeys(REFUSAL_KEYS, refusal),
}
"""Every Gleek reply key and its writer."""

TEXTS: Final = GameTexts(WRITERS, TEXTS_JA, TEXTS_EN, shapes=SHAPES)
"""What the chat renders this game's replies with."""
