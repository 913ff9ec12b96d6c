"""`node web/verify/cli.mjs` and `greedbot verify` give the same verdict on every export of
this run, on tampered copies of each, and on hostile files: the same exit code, the same
problems in the same order, and the same facts for each (which throw, what the seed gives,
what was recorded, which numbers are missing)."""

from __future__ import annotations

import copy
import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.cli.errors import CliError
from bot.cli.fairness_tools import read_record
from bot.console.replay import replay
from bot.games.greed.fair import verify_record
from bot.storage.opening import MEMORY
from bot.village.table_record import verify_table
from tests.web.conftest import ENDINGS, GAMES, PAGE, TRANSCRIPTS, missing, node

Doc = dict[str, Any]
FACES = ["$", "G", "R", "Eg", "Eb", "D"]
FACTS = (
    "what",
    "reason",
    "player_id",
    "throw_seq",
    "message_id",
    "expected",
    "recorded",
    "missing",
    "last",
    "uses",
    "count",
    "throw",
    "actual",
    "posted",
    "draws",
    "digest",
    "stated_draws",
    "stated_digest",
)


def python_verdict(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[Doc]]:
    code = main(["verify", str(path)])
    capsys.readouterr()
    if code == 2:
        return code, []
    try:
        document = read_record(path)
    except CliError:
        return 2, []
    _, mismatches = verify_table(document) if "table_id" in document else verify_record(document)
    return code, [{"what": m.what, **m.params} for m in mismatches]


def node_verdict(path: Path) -> tuple[int, list[Doc]]:
    binary = node()
    assert binary is not None
    run = subprocess.run(
        [binary, str(PAGE / "cli.mjs"), "--json", str(path)], capture_output=True, text=True
    )
    assert run.stderr == ""
    report = json.loads(run.stdout)
    return run.returncode, list(report.get("mismatches", []))


def facts(mismatches: list[Doc]) -> list[Doc]:
    """What both verifiers state of each problem; their English wording may differ."""
    return [{k: m[k] for k in FACTS if k in m and k != "error"} for m in mismatches]


def flip(seed: str) -> str:
    return ("1" if seed[0] == "0" else "0") + seed[1:]


def wide(d: Doc) -> str:
    """The first face of the first throw in full-width letters, as a phone may type it."""
    return "".join(chr(ord(c) + 0xFEE0) for c in d["throws"][0]["faces"][0])


def next_face(face: str) -> str:
    return FACES[(FACES.index(face) + 1) % 6]


def tampered(exports: dict[str, Path]) -> dict[str, tuple[Doc, str]]:
    """name → (document, the verdict it must get)."""
    docs = {name: json.loads(path.read_text(encoding="utf-8")) for name, path in exports.items()}
    out: dict[str, tuple[Doc, str]] = {}

    def change(name: str, how: Callable[[Doc], None], verdict: str, base: str) -> None:
        document = copy.deepcopy(docs[base])
        how(document)
        out[name] = (document, verdict)

    for game in GAMES:
        out[game] = (docs[game], "ok")
        out[f"{game}_open"] = (docs[f"{game}_open"], "not_revealed")
        change(f"{game}_seed", lambda d: d.update(seed=flip(d["seed"])), "failed", game)
        change(f"{game}_scripted", lambda d: d.update(scripted=True), "scripted", game)
        change(f"{game}_upper", lambda d: d.update(commitment=d["commitment"].upper()), "ok", game)

    def face(d: Doc) -> None:
        d["throws"][1]["faces"][2] = next_face(d["throws"][1]["faces"][2])

    def swap(d: Doc) -> None:
        deck = [x for x in d["draws"] if x["draw"].get("shuffle")][2]["outcome"]
        deck[0], deck[43] = deck[43], deck[0]

    def die(d: Doc) -> None:
        d["draws"][0]["outcome"][1] = (d["draws"][0]["outcome"][1] + 3) % 6

    change("greed_face", face, "failed", "greed")
    change("greed_gap", lambda d: d["throws"].pop(0), "failed", "greed")
    change("greed_twice", lambda d: d["throws"].append(d["throws"][-1]), "failed", "greed")
    change("greed_seq0", lambda d: d["throws"][0].update(throw_seq=0), "failed", "greed")
    change("greed_seven", lambda d: d["throws"][0]["faces"].append("D"), "failed", "greed")
    change(
        "greed_text",
        lambda d: d["throws"][0].update(player_id=str(d["throws"][0]["player_id"])),
        "ok",
        "greed",
    )
    change("greed_width", lambda d: d["throws"][0]["faces"].__setitem__(0, wide(d)), "ok", "greed")
    change("gleek_swap", swap, "failed", "gleek")
    change("gleek_twice", lambda d: d["draws"].append(d["draws"][1]), "failed", "gleek")
    change("regidice_die", die, "failed", "regidice")
    change("ducks_die", die, "failed", "ducks")
    change("ducks_gap", lambda d: d["draws"].pop(1), "failed", "ducks")
    change("ducks_no_message", lambda d: d["draws"][0].update(message_id=None), "failed", "ducks")
    change("ducks_no_outcome", lambda d: d["draws"][0].update(outcome=None), "failed", "ducks")
    change(
        "ducks_huge", lambda d: d["draws"][0].update(draw={"dice": [6, 10**9]}), "failed", "ducks"
    )
    change("ducks_game", lambda d: d.update(game="chess"), "failed", "ducks")
    change("ducks_not_hex", lambda d: d.update(seed="zz"), "failed", "ducks")
    change("greed_not_hex", lambda d: d.update(seed="abc"), "failed", "greed")
    change("greed_empty_seed", lambda d: d.update(seed=""), "failed", "greed")
    change("greed_throws", lambda d: d.update(throws=5), "failed", "greed")
    change(
        "greed_rows",
        lambda d: d.update(throws=[7, None, "DR", {"player_id": []}]),
        "failed",
        "greed",
    )
    change("greed_day_game", lambda d: d.update(game="chess"), "unreadable", "greed")
    change("greed_table_game", lambda d: d.update(game="ducks"), "unreadable", "greed")
    change("gleek_true", lambda d: d["draws"][1].update(label=[True, 0]), "unreadable", "gleek")
    for ending in ENDINGS:
        out[ending] = (docs[ending], "ok")
    # Records cut short, each keeping the count and digest posted with its seed: the seed
    # alone cannot tell, the digest does.
    for name, cut, base in TRUNCATIONS:
        change(name, cut, "failed", base)
    return out


def _last_throw_gone(d: Doc) -> None:
    """A player's last throw taken out: their numbers still run without a gap."""
    player = d["throws"][0]["player_id"]
    last = max(i for i, t in enumerate(d["throws"]) if t["player_id"] == player)
    d["throws"].pop(last)


def _faces_cut(d: Doc) -> None:
    """A throw of six dice cut to its first three faces: the seed gives those three too."""
    throw = next(t for t in d["throws"] if len(t["faces"]) == 6)
    del throw["faces"][3:]


def _last_deal_gone(d: Doc) -> None:
    last = max(i for i, x in enumerate(d["draws"]) if x["draw"].get("shuffle"))
    d["draws"].pop(last)


def _die_gone(d: Doc) -> None:
    """A die taken out of a roll: its label and its value both."""
    roll = next(x for x in d["draws"] if len(x["outcome"]) > 1)
    roll["outcome"].pop()
    roll["label"].pop()
    roll["draw"]["dice"][1] -= 1


TRUNCATIONS: list[tuple[str, Callable[[Doc], None], str]] = [
    ("greed_last_throw_gone", _last_throw_gone, "greed"),
    ("greed_faces_cut", _faces_cut, "greed"),
    ("ducks_last_rolls_gone", lambda d: d["draws"].__delitem__(slice(-2, None)), "ducks"),
    ("gleek_last_deal_gone", _last_deal_gone, "gleek"),
    ("regidice_die_gone", _die_gone, "regidice"),
]


@pytest.fixture(scope="module")
def cases(exports: dict[str, Path]) -> dict[str, tuple[Doc, str]]:
    return tampered(exports)


NAMES = sorted(
    [f"{g}{s}" for g in GAMES for s in ("", "_open", "_seed", "_scripted", "_upper")]
    + ["greed_face", "greed_gap", "greed_twice", "greed_seq0", "greed_seven", "greed_text"]
    + ["greed_width", "gleek_swap", "gleek_twice", "regidice_die", "ducks_die", "ducks_gap"]
    + ["ducks_no_message", "ducks_no_outcome", "ducks_huge", "ducks_game", "ducks_not_hex"]
    + ["greed_not_hex", "greed_empty_seed", "greed_throws", "greed_rows", "greed_day_game"]
    + ["greed_table_game", "gleek_true"]
    + list(ENDINGS)
    + [name for name, _, _ in TRUNCATIONS]
)
EXIT = {"ok": 0, "failed": 1, "scripted": 1, "not_revealed": 1, "unreadable": 2}


@pytest.mark.parametrize("name", NAMES)
def test_both_verifiers_agree(
    name: str, cases: dict[str, tuple[Doc, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if node() is None:
        missing("Node verifier suite", "node is not installed")
    document, verdict = cases[name]
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    python_code, python_problems = python_verdict(path, capsys)
    node_code, node_problems = node_verdict(path)
    assert (python_code, node_code) == (EXIT[verdict], EXIT[verdict])
    assert facts(node_problems) == facts(python_problems)
    if verdict == "failed":
        assert python_problems, name
    if name in CUT_SHORT:
        # Only the digest posted with the seed tells that something is missing.
        assert [m["what"] for m in python_problems] == ["digest"], python_problems


CUT_SHORT = frozenset(name for name, _, _ in TRUNCATIONS)


@pytest.mark.parametrize("ending", sorted(ENDINGS))
async def test_every_ending_verifies_in_the_bot_and_posts_its_digest(ending: str) -> None:
    """The village's own check of each ended record holds, and the end's reveal states the
    count and digest of its draws, which the record's export carries too."""
    lines = (TRANSCRIPTS / f"{ENDINGS[ending]}.txt").read_text(encoding="utf-8").splitlines()
    said: list[dict[str, Any]] = []
    await replay(lines, lambda _, __, outputs: said.extend(o.as_json() for o in outputs), MEMORY)
    checks = [r for r in said if r["key"] in ("greed.verify", "table.verify")]
    assert checks and all(r["params"].get("ok") for r in checks), checks
    [export] = [r for r in said if r["key"] in ("greed.export", "table.export")][-1:]
    document = export["params"]["document"]
    # The reveals of what was exported: a table's end, or a day's close. (A clock that
    # jumps past a table's last deadline also closes the days that fell due after it.)
    of_a_day = export["key"] == "greed.export"
    revealed = [
        r
        for r in said
        if r["params"].get("draw_digest")
        and "document" not in r["params"]
        and (r["key"] == "day_closed") == of_a_day
    ]
    assert revealed, "the end posts the count and digest of the draws"
    posted = revealed[-1]["params"]
    assert (posted["draw_count"], posted["draw_digest"]) == (
        document["draw_count"],
        document["draw_digest"],
    )


@pytest.mark.parametrize(
    "text",
    ["", "{", "[1]", '{"a": NaN}', "[" * 5000 + "]" * 5000, '{"a": 1' + "0" * 150 + "}"],
    ids=["empty", "cut", "array", "nan", "deep", "digits"],
)
def test_both_refuse_what_is_no_record(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if node() is None:
        missing("Node verifier suite", "node is not installed")
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert python_verdict(path, capsys)[0] == 2
    assert node_verdict(path)[0] == 2
