"""The soak's Markdown report, ending with its one-line verdict."""

from __future__ import annotations

import datetime as dt

from bench.machine import machine
from bench.soak.fuzz import Fuzzed
from bench.soak.phase import PhaseResult, Plan


def _n(value: int) -> str:
    return f"{value:,}"


def verdict(phases: list[PhaseResult], fuzzed: list[Fuzzed]) -> tuple[str, bool]:
    lost = sum(p.audit.lost for p in phases)
    double = sum(p.audit.double for p in phases)
    crashes = sum(p.crash_count for p in phases)
    half = sum(len(p.audit.half_applied) for p in phases)
    mismatches = sum(len(p.audit.projection_mismatches) for p in phases)
    failures = sum(len(f.failures) for f in fuzzed)
    kills = sum(p.kills.moments.total() for p in phases)
    restarts = sum(p.kills.restarts for p in phases)
    pg = sum(len(p.outages) for p in phases)
    inputs = sum(f.inputs for f in fuzzed)
    line = (
        f"soak: {lost} lost, {double} double-applied, {crashes} crashes; "
        f"{_n(kills)} kills, {_n(restarts)} restarts, {pg} PostgreSQL restarts, "
        f"{_n(inputs)} inputs"
    )
    extra = []
    if half:
        extra.append(f"{half} half-applied")
    if mismatches:
        extra.append(f"{mismatches} projection mismatches")
    if failures:
        extra.append(f"{failures} fuzz failures")
    if extra:
        line += " (" + ", ".join(extra) + ")"
    return line, not (lost or double or crashes or half or mismatches or failures)


def report(phases: list[PhaseResult], fuzzed: list[Fuzzed], plan: Plan, seconds: float) -> str:
    out: list[str] = []
    add = out.append
    add(f"#### {dt.date.today().isoformat()}: {machine()}\n")
    add(
        f"{plan.players} players on fair dice, each posting every {plan.pace.pause[0]:g}–"
        f"{plan.pace.pause[1]:g} s after reading the bot's answer; the whole soak took "
        f"{seconds / 60:.1f} minutes.\n"
    )
    add("##### The bot killed (SIGKILL) under load\n")
    add(
        "| database | kills | restarts | killed mid-transaction / mid-send / between | "
        "messages sent | seen live / only by catch-up | throws committed | lost | "
        "double-applied | half-applied | projection mismatches | crashes |"
    )
    add("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for p in phases:
        m = p.kills.moments
        mid_tx = sum(v for k, v in m.items() if "transaction" in k)
        mid_send = sum(v for k, v in m.items() if "send" in k)
        a = p.audit
        add(
            f"| {p.name} | {m.total()} | {p.kills.restarts} | {mid_tx} / {mid_send} / "
            f"{m['between']} | {_n(a.messages_sent)} | {_n(p.chat.live)} / {_n(p.chat.missed)} "
            f"| {_n(a.throws)} | {a.lost} | {a.double} | {len(a.half_applied)} | "
            f"{len(a.projection_mismatches)} | {p.crash_count} |"
        )
    add("")
    for p in phases:
        a = p.audit
        add(
            f"- {p.name}: {_n(a.messages_recorded)} messages recorded "
            f"({', '.join(f'{k} {_n(v)}' for k, v in a.outcomes.most_common(6))}); "
            f"{_n(a.answers_kept)} replies kept, {_n(p.chat.nonce_hits)} sends taken again "
            f"under their nonce (a retry after a kill or an outage, posted once); "
            f"{_n(a.replies_shared)} replies went out together in {_n(a.shared_posts)} shared "
            f"posts, and {_n(p.chat.refused)} posts met the channel's limit (a 429); "
            f"{a.tables_replayed} score rows replayed; settled in {p.settled_in:.0f} s after "
            f"the final restart; phase {p.seconds / 60:.1f} min."
        )
    add("")
    outages = [(p, o) for p in phases for o in p.outages]
    if outages:
        add("##### PostgreSQL stopped and started under play (the bot not restarted)\n")
        add("| # | mode | down | players told to retry | play resumed after the start |")
        add("|---|---|---|---|---|")
        for number, (_, o) in enumerate(outages, 1):
            back = "did not resume" if o.resumed_after is None else f"{o.resumed_after:.2f} s"
            add(f"| {number} | {o.mode} | {o.down_seconds:.1f} s | {o.told_to_retry} | {back} |")
        add("")
        for p in phases:
            if p.outages:
                add(
                    f"Players saw {_n(sum(o.told_to_retry for o in p.outages))} answers "
                    f'`store_unavailable` ("try again") while it was down; '
                    f"{p.audit.told_to_retry} messages got no other answer (no reply kept "
                    f"for them). Of the messages told to retry, "
                    f"{len(p.audit.retried_then_applied)} were recorded all the same by the "
                    f"catch-up of a later start, with or without a reply "
                    f"({sum(m in p.audit.lost_throws for m in p.audit.retried_then_applied)} "
                    f"of them throws whose answer never showed). "
                    f"{p.audit.internal_errors} messages got only `internal_error`. "
                    f"{sum(o.resumed_after is not None for o in p.outages)} of the "
                    f"{len(p.outages)} outages ended with play going on in the same bot "
                    f"process.\n"
                )
    add("##### Delivered twice, and two at once\n")
    add(
        "| database | same message delivered twice at once | applied once | "
        "two messages of one player in the same instant | both handled |"
    )
    add("|---|---|---|---|---|")
    for p in phases:
        add(
            f"| {p.name} | {len(p.chat.twice)} | {p.audit.delivered_twice_applied_once} | "
            f"{len(p.chat.paired)} | {p.audit.pairs_handled} |"
        )
    add("")
    add("##### Fuzz\n")
    add("| what | inputs | failures |")
    add("|---|---|---|")
    for f in fuzzed:
        add(f"| {f.where} | {_n(f.inputs)} | {len(f.failures)} |")
    add("")
    problems = _problems(phases, fuzzed)
    if problems:
        add("##### What went wrong\n")
        out.extend(f"- {problem}" for problem in problems)
        add("")
    add(verdict(phases, fuzzed)[0])
    return "\n".join(out)


def _problems(phases: list[PhaseResult], fuzzed: list[Fuzzed]) -> list[str]:
    found = []
    for p in phases:
        a = p.audit
        for label, items in (
            ("committed throws never shown (messages)", sorted(set(a.lost_throws))),
            ("kept replies never posted (outbox id, reply, status, way, nonce)", a.lost_detail),
            (
                "kept replies never seen: their nonce was already taken by an earlier post "
                'for the same message, a "try again" or an internal error (outbox ids)',
                a.swallowed_answers,
            ),
            ("player messages never handled", a.unhandled),
            ("messages applied twice", a.double_applied),
            ("replies posted twice (nonces)", a.duplicate_posts),
            ("answers posted with nothing kept for them (nonces)", a.unrecorded_answers),
            ("half-applied", a.half_applied),
            ("projection mismatches", a.projection_mismatches),
        ):
            if items:
                shown = ", ".join(str(i) for i in items[:8])
                more = f" and {len(items) - 8} more" if len(items) > 8 else ""
                found.append(f"{p.name}: {len(items)} {label}: {shown}{more}")
        for crash in p.crashes:
            found.append(f"{p.name}: bot process {crash.pid} exited with {crash.code}")
        for source, count in p.tracebacks.items():
            found.append(f"{p.name}: {count} tracebacks after `{source}` (log: {p.log})")
        for s in p.audit.swallowed_examples:
            found.append(
                f"{p.name}: nonce {s.nonce} showed {s.shown[:60]!r} where the bot meant "
                f"{s.meant[:60]!r}"
            )
    for f in fuzzed:
        for failure in f.failures[:5]:
            found.append(f"fuzz {f.where}: {failure[:200]}")
    return found
