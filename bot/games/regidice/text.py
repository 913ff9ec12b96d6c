"""Regidice's replies as chat text, in the village's language: one writer per reply key.

Writers read only the reply's data, through the lenient param readers, so that data of the
wrong shape shows less rather than failing. A die is written pip + colour (`5r`; in Japanese
`5赤`), `*` marking a locked one. A public reply whose `state` has a deadline ends with who
the step waits for and by when (the village fills it in the last reply of a message only).

The texts are `TEXTS_JA` and `TEXTS_EN`, every key naming the game (`regidice.declared`,
`cmd.regidice.new`), so that they join a village's catalogue without clashing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from bot.games.regidice import catalog_en, catalog_ja
from bot.games.regidice.shapes import SHAPES
from bot.words.reply import Reply
from bot.words.text import GameTexts, Text, Writer, as_int, as_list, as_map, plain, revealed_lines

TEXTS_JA: Final[Mapping[str, str]] = catalog_ja.TEXTS
TEXTS_EN: Final[Mapping[str, str]] = catalog_en.TEXTS

_TOKEN: Final = re.compile(r"([1-6])([rbyk])(\*?)")


def _die(t: Text, token: Any) -> str:
    match = _TOKEN.fullmatch(plain(token))
    if match is None:
        return plain(token)
    pips, colour, locked = match.groups()
    return t("regidice.die", pips=pips, colour=t.texts[f"regidice.colour_letter.{colour}"]) + (
        locked
    )


def _dice(t: Text, tokens: Any) -> str:
    shown = [_die(t, x) for x in as_list(tokens)]
    return " ".join(shown) if shown else t("regidice.none")


def _who(t: Text, name: Any) -> str:
    return t("regidice.who", name=plain(name)) if name else ""


def _word(t: Text, group: str, value: Any) -> str:
    return t.texts.get(f"regidice.{group}.{plain(value)}", plain(value))


def declaration_text(t: Text, declaration: Any) -> str:
    d = as_map(declaration)
    if not d:
        return t("regidice.none")
    action = _word(t, "action", d.get("action"))
    if d.get("number") is not None:
        text = t("regidice.declare.number", action=action, number=as_int(d.get("number")))
    elif d.get("colour") is not None:
        text = t(
            "regidice.declare.cast",
            action=action,
            colour=_word(t, "colour", d.get("colour")),
            parity=_word(t, "parity", d.get("parity")),
        )
    else:
        text = action
    return text + (t("regidice.collided") if d.get("collided") else "")


def _enemy(t: Text, enemy: Any) -> str:
    e = as_map(enemy)
    pips = " ".join(str(as_int(p)) for p in as_list(e.get("pips")))
    return t(
        "regidice.enemy",
        number=as_int(e.get("number")),
        pips=pips,
        defence=as_int(e.get("defence")),
        hp=as_int(e.get("hp")),
        attack=as_int(e.get("attack")),
    )


def _next(t: Text, reply: Reply) -> list[str]:
    """Whom the step waits for, and by when: the last line of a message's last reply."""
    state = as_map(reply.state)
    waiting = [plain(n) for n in as_list(state.get("waiting_for"))]
    if not waiting or state.get("result"):
        return []
    deadline = state.get("deadline")
    if not deadline:
        # Only a message's last reply has it: the others would say the same line again.
        return []
    step = _word(t, "step", state.get("step"))
    names = t.texts["regidice.list_sep"].join(t("regidice.name", name=n) for n in waiting)
    return [
        t("regidice.next_by", names=names, step=step, when=t.when(deadline, state.get("timezone")))
    ]


def _round(t: Text, number: int, limit: Any) -> str:
    """A round's number with the table's limit (`3/17`): the limit is what a team
    fights against, so every round's announcement and the status show how near it is."""
    rounds = as_int(limit)
    return t("regidice.round_of", round=number, rounds=rounds) if rounds else str(number)


def _with_next(write: Writer) -> Writer:
    def written(t: Text, reply: Reply) -> list[str]:
        return [*write(t, reply), *_next(t, reply)]

    return written


# -- submissions -------------------------------------------------------------------------------


def _submission_line(t: Text, reply: Reply) -> str:
    p = reply.params
    who = _who(t, p.get("player") or reply.to)
    move = plain(p.get("move"))
    if move == "declare":
        return t(
            "regidice.declared", who=who, declaration=declaration_text(t, p.get("declaration"))
        )
    if move == "act":
        boosts = [as_map(b) for b in as_list(p.get("boosts"))]
        if boosts:
            listed = t.texts["regidice.list_sep"].join(
                t("regidice.boost", name=plain(b.get("player")), die=_die(t, b.get("die")))
                for b in boosts
            )
            return t("regidice.boosted", who=who, boosts=listed)
        return t("regidice.acted", who=who)
    lose = [_die_or_colour(t, x) for x in as_list(p.get("lose"))]
    passes = [_die(t, x) for x in as_list(p.get("passes"))]
    parts = []
    if lose:
        parts.append(t("regidice.prepared.lose", dice=" ".join(lose)))
    if passes:
        parts.append(t("regidice.prepared.pass", dice=" ".join(passes)))
    what = t.texts["regidice.sep"].join(parts) or t("regidice.prepared.nothing")
    return t("regidice.prepared", who=who, what=what)


def _die_or_colour(t: Text, value: Any) -> str:
    text = plain(value)
    if text in ("r", "b", "y", "k"):
        return _word(t, "colour", text)
    return _die(t, text)


def submission(t: Text, reply: Reply) -> list[str]:
    return [_submission_line(t, reply)]


def timeout(t: Text, reply: Reply) -> list[str]:
    return [
        t("regidice.timeout", who=_who(t, reply.params.get("player") or reply.to)),
        _submission_line(t, reply),
    ]


def hand(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [
        t("regidice.hand", who=_who(t, reply.to), round=as_int(p.get("round"))),
        t("regidice.hand.dice", dice=_dice(t, p.get("hand"))),
    ]
    if p.get("declaration"):
        lines.append(
            t("regidice.hand.declaration", declaration=declaration_text(t, p.get("declaration")))
        )
    if p.get("passable"):
        lines.append(t("regidice.hand.passable", dice=_dice(t, p.get("passable"))))
    return lines


# -- announcements -----------------------------------------------------------------------------


def round_started(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = []
    for paid in (as_map(x) for x in as_list(p.get("paid"))):
        lines.append(
            t("regidice.paid", name=plain(paid.get("player")), dice=_dice(t, paid.get("dice")))
        )
    for passed in (as_map(x) for x in as_list(p.get("passed"))):
        lines.append(
            t(
                "regidice.passed",
                name=plain(passed.get("player")),
                to=plain(passed.get("to")),
                dice=_dice(t, passed.get("dice")),
            )
        )
    lines.append(
        t(
            "regidice.round_started",
            round=_round(t, as_int(p.get("round")), as_map(reply.state).get("rounds")),
            lead=plain(p.get("lead")),
        )
    )
    lines.append(_enemy(t, p.get("enemy")))
    return lines


def revealed(t: Text, reply: Reply) -> list[str]:
    lines = [t("regidice.revealed", round=as_int(reply.params.get("round")))]
    for player in (as_map(x) for x in as_list(reply.params.get("players"))):
        lines.append(
            t(
                "regidice.revealed.player",
                name=plain(player.get("player")),
                rolled=_dice(t, player.get("rolled")),
                declaration=declaration_text(t, player.get("declaration")),
                hand=_dice(t, player.get("hand")),
            )
        )
    return lines


def _split(parts: Iterable[Any]) -> str:
    return " ".join("+".join(str(as_int(p)) for p in as_list(part)) for part in parts)


def resolved(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [t("regidice.resolved")]
    for result in (as_map(r) for r in as_list(p.get("results"))):
        action = plain(result.get("action"))
        key = f"regidice.result.{action}"
        if result.get("spell"):
            key = f"regidice.result.spell.{plain(result.get('spell'))}"
        lines.append(
            t(
                key if key in t.texts else "regidice.result.other",
                name=plain(result.get("player")),
                value=as_int(result.get("value")),
                split=_split(as_list(result.get("split"))) or "-",
                action=_word(t, "action", action),
            )
        )
    for heal in (as_map(h) for h in as_list(p.get("heals"))):
        if not as_list(heal.get("dice")):
            continue  # the pool had nothing to give
        lines.append(
            t("regidice.healed", name=plain(heal.get("player")), dice=_dice(t, heal.get("dice")))
        )
    if "damage" in p:
        after = " ".join(str(as_int(x)) for x in as_list(p.get("enemy_after")))
        lines.append(t("regidice.damage", damage=as_int(p.get("damage")), pips=after))
    if "loss" in p:
        if as_int(p.get("loss")) > 0:
            lines.append(
                t(
                    "regidice.suffer",
                    attack=as_int(p.get("attack")),
                    blocked=as_int(p.get("blocked")),
                    loss=as_int(p.get("loss")),
                    target=plain(p.get("target")),
                )
            )
        else:
            lines.append(
                t(
                    "regidice.no_loss",
                    attack=as_int(p.get("attack")),
                    blocked=as_int(p.get("blocked")),
                )
            )
    return lines


def enemy_defeated(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [t("regidice.defeated", enemy=as_int(p.get("enemy")))]
    spoils = [as_map(s) for s in as_list(p.get("spoils"))]
    taken = [s for s in spoils if s.get("player")]
    if taken:
        listed = t.texts["regidice.list_sep"].join(
            t("regidice.spoil", die=_die(t, s.get("die")), name=plain(s.get("player")))
            for s in taken
        )
        lines.append(t("regidice.spoils", spoils=listed))
    elif spoils:
        lines.append(t("regidice.spoils_to_pool", dice=_dice(t, [s.get("die") for s in spoils])))
    if p.get("next"):
        lines.append(_enemy(t, p.get("next")))
    return lines


def ended(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    result = plain(p.get("result"))
    reason = plain(p.get("reason"))
    key = f"regidice.{result}.{reason}" if reason else f"regidice.{result}"
    lines = [
        t(
            key if key in t.texts else "regidice.ended",
            progress=as_int(p.get("progress")),
            defeated=as_int(p.get("defeated")),
            rounds=as_int(p.get("rounds")),
        ),
        t(
            "regidice.record",
            progress=as_int(p.get("progress")),
            defeated=as_int(p.get("defeated")),
            rounds=as_int(p.get("rounds")),
        ),
    ]
    lines += revealed_lines(t, p, "regidice.seed", "regidice.draws")
    return lines


# -- looking at the table ----------------------------------------------------------------------


def status(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    lines = [
        t(
            "regidice.status",
            round=_round(t, as_int(p.get("round")), p.get("rounds")),
            step=_word(t, "step", p.get("step")),
            lead=plain(p.get("lead")),
            progress=as_int(p.get("progress")),
        )
    ]
    if p.get("enemy"):
        lines.append(_enemy(t, p.get("enemy")))
    lines.append(
        t(
            "regidice.status.injured",
            dice=" ".join(_word(t, "colour", c) for c in as_list(p.get("injured")))
            or t("regidice.none"),
        )
    )
    for player in (as_map(x) for x in as_list(p.get("players"))):
        counts = as_map(player.get("dice"))
        shown = " ".join(
            f"{_word(t, 'colour', c)}{as_int(counts.get(c))}" for c in ("r", "b", "y", "k")
        )
        declared = player.get("declaration")
        line = t("regidice.status.player", name=plain(player.get("name")), dice=shown)
        if declared:
            line += t("regidice.status.declared", declaration=declaration_text(t, declared))
        lines.append(line)
    return [*lines, *_next(t, reply)]


def score(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    return [
        t(
            "regidice.record",
            progress=as_int(p.get("progress")),
            defeated=as_int(p.get("defeated")),
            rounds=as_int(p.get("rounds")),
        )
    ]


def log(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    before = " ".join(str(as_int(x)) for x in as_list(p.get("enemy_before")))
    after = " ".join(str(as_int(x)) for x in as_list(p.get("enemy_after")))
    lines = [
        t(
            "regidice.log",
            round=as_int(p.get("round")),
            lead=plain(p.get("lead")),
            enemy=as_int(p.get("enemy")),
            before=before,
            after=after,
        )
    ]
    results = {plain(r.get("player")): r for r in (as_map(x) for x in as_list(p.get("results")))}
    for d in (as_map(x) for x in as_list(p.get("declarations"))):
        name = plain(d.get("player"))
        result = as_map(results.get(name))
        lines.append(
            t(
                "regidice.log.player",
                name=name,
                declaration=declaration_text(t, d),
                value=as_int(result.get("value")),
            )
        )
    if p.get("defeated"):
        lines.append(t("regidice.defeated", enemy=as_int(p.get("enemy"))))
    elif as_int(p.get("loss")) > 0:
        lines.append(
            t("regidice.log.loss", target=plain(p.get("target")), loss=as_int(p.get("loss")))
        )
    return lines


# -- refusals ----------------------------------------------------------------------------------


def refusal(t: Text, reply: Reply) -> list[str]:
    p = reply.params
    listed = {
        key: (
            " ".join(plain(x) for x in as_list(p.get(key)))
            if isinstance(p.get(key), list)
            else plain(p.get(key))
        )
        for key in ("free", "actions", "names", "boosts")
    }
    listed["castable"] = t.texts["regidice.list_sep"].join(
        _word(t, "colour", c) for c in as_list(p.get("castable"))
    )
    for key in ("held", "passable", "dice"):
        # Dice in a refusal are written as every other reply writes them (`5赤`).
        if isinstance(p.get(key), list):
            listed[key] = _dice(t, p.get(key))
    line = t(
        _refusal_key(reply),
        who=_who(t, reply.to),
        action=_word(t, "action", p.get("action")),
        wants=_word(t, "wants", p.get("wants")),
        value=plain(p.get("value")),
        number=as_int(p.get("number")),
        colour=_word(t, "colour", p.get("colour")),
        parity=_word(t, "parity", p.get("parity")),
        by=plain(p.get("by")),
        die=_die(t, p.get("die")),
        holder=plain(p.get("holder")),
        pips=as_int(p.get("pips")),
        ones=as_int(p.get("ones")),
        boost=plain(p.get("boost")),
        name=plain(p.get("name")),
        target=plain(p.get("target")),
        named=as_int(p.get("named")),
        loss=as_int(p.get("loss")),
        result=plain(p.get("result")),
        left=as_int(p.get("left")),
        move=_word(t, "move", p.get("move")),
        wanted=_word(t, "move", p.get("wanted")),
        round=as_int(p.get("round")),
        played=as_int(p.get("played")),
        **listed,
    )
    return [line + t("regidice.unchanged")]


def _refusal_key(reply: Reply) -> str:
    # Nobody is the target this round: there is no one to name.
    if reply.key == "regidice.lose_not_target" and not reply.params.get("target"):
        return "regidice.lose_not_target.none"
    return reply.key


REFUSAL_KEYS: Final = (
    "regidice.finished",
    "regidice.not_player",
    "regidice.rolling",
    "regidice.wrong_step",
    "regidice.unknown_action",
    "regidice.value_missing",
    "regidice.value_extra",
    "regidice.value_ill_formed",
    "regidice.solo_value",
    "regidice.number_taken",
    "regidice.collection_taken",
    "regidice.key_needed",
    "regidice.die_ill_formed",
    "regidice.colour_ill_formed",
    "regidice.boost_ill_formed",
    "regidice.name_unknown",
    "regidice.die_not_held",
    "regidice.colour_not_held",
    "regidice.boost_not_animal",
    "regidice.boost_own_die",
    "regidice.boost_above_six",
    "regidice.boost_beyond_ones",
    "regidice.colour_not_cast",
    "regidice.colour_not_castable",
    "regidice.take_not_heal",
    "regidice.pass_solo",
    "regidice.pass_spent",
    "regidice.pass_lowers",
    "regidice.lose_not_target",
    "regidice.lose_count",
    "regidice.no_round",
    "regidice.bad_move",
)


WRITERS: Final[dict[str, Writer]] = {
    "regidice.declared": _with_next(submission),
    "regidice.acted": _with_next(submission),
    "regidice.boosted": _with_next(submission),
    "regidice.prepared": _with_next(submission),
    "regidice.timeout": _with_next(timeout),
    "regidice.hand": hand,
    "regidice.round_started": _with_next(round_started),
    "regidice.revealed": _with_next(revealed),
    "regidice.resolved": _with_next(resolved),
    "regidice.enemy_defeated": _with_next(enemy_defeated),
    "regidice.won": ended,
    "regidice.lost": ended,
    "regidice.ended": ended,
    "regidice.status": status,
    "regidice.score": score,
    "regidice.log": log,
    **dict.fromkeys(REFUSAL_KEYS, refusal),
}
"""Every Regidice reply key and its writer."""

TEXTS: Final = GameTexts(WRITERS, TEXTS_JA, TEXTS_EN, shapes=SHAPES)
"""What the chat renders this game's replies with."""
