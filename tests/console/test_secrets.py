"""A reply only one player may see, in the console: printed while `/as` is that player,
a line saying it is there otherwise. A replay plays every seat: it prints every secret,
marked private and addressed to its only reader."""

from __future__ import annotations

import pytest

from bot.chat.render import render
from bot.console.replay import replay
from bot.console.session import Output
from bot.words.reply import Reply
from tests.console.golden import Block, format_blocks, golden_seeds, parse_golden
from tests.village.secrets import Dealer, leaks, secret_strings, shown_in_console

SIX = "[[greed]]" * 6
LINES = [
    "@clock 2026-12-01T12:00:00+09:00",
    "@dice D G $ R R Eb",
    f"alice: {SIX}",  # nobody set with /as yet
    "/as alice",
    "@dice D G $ R R Eb",
    f"bob: {SIX}",  # bob's hand while alice reads
    "@dice R Eg Eg Eg",
    "[[greed]]" * 4,  # alice's own
    "/as bob",
    "@dice G",
    "alice: [[greed]]",  # alice's again, while bob reads
]


async def run(lines: list[str], every_seat: bool = False) -> list[tuple[int, str, list[Output]]]:
    """The lines as the console shows them (a screen people share), or as a replay prints
    them for every seat."""
    said: list[tuple[int, str, list[Output]]] = []

    def keep(number: int, line: str, outputs: list[Output]) -> None:
        said.append((number, line, outputs))

    await replay(lines, keep, seeds=golden_seeds(), every_seat=every_seat)
    return said


@pytest.fixture
def dealer(monkeypatch: pytest.MonkeyPatch) -> Dealer:
    return Dealer(frozenset({"greed.throw", "greed.sweep"})).install(monkeypatch)


def by_line(said: list[tuple[int, str, list[Output]]]) -> dict[int, list[Output]]:
    return {number: outputs for number, _, outputs in said}


async def test_a_secret_shows_only_while_speaking_as_its_player(dealer: Dealer) -> None:
    outputs = by_line(await run(LINES))
    alice_first, bob_first, alice_second, alice_third = dealer.dealt
    ids = {hand.to: hand.secret_for for hand in dealer.dealt}
    assert ids["alice"] != ids["bob"]

    def hidden(number: int, secret: Reply, name: str) -> None:
        throw, notice = outputs[number]
        assert notice.reply.key == "secret.elsewhere" and notice.reply.secret_for is None
        assert notice.text == f"（{name}だけに見える返信があります。`/as {name}` で見られます）"
        assert notice.as_json()["private"] is False and notice.only_for == ""
        assert secret.params["cards"] not in notice.text + notice.json_line()
        assert throw.as_json()["private"] is False

    hidden(3, alice_first, "alice")
    hidden(6, bob_first, "bob")
    hidden(11, alice_third, "alice")
    _, shown = outputs[8]
    assert shown.reply == alice_second
    assert shown.text == render(alice_second, "ja") and alice_second.params["cards"] in shown.text
    data = shown.as_json()
    assert data["private"] is True and data["params"]["cards"] == alice_second.params["cards"]


async def test_no_console_line_shows_a_secret_to_anyone_else(dealer: Dealer) -> None:
    said = await run(LINES)
    ids = {hand.to: hand.secret_for for hand in dealer.dealt}
    viewer = None
    shown = []
    for _, line, outputs in said:
        if line.startswith("/as "):
            viewer = ids[line[4:]]
        shown += shown_in_console(outputs, viewer)
    secrets = secret_strings(dealer.dealt)
    assert len(secrets) == 4
    assert leaks(secrets, shown) == []
    # Had the console shown alice's hand while bob read, the check would say so.
    [(_, _, [_, notice])] = [s for s in said if s[0] == 11]
    assert leaks(secrets, shown_in_console([notice], ids["bob"])) == []
    faked = Output(dealer.dealt[-1], render(dealer.dealt[-1], "ja"))
    assert len(leaks(secrets, shown_in_console([faked], ids["bob"]))) == 1


async def test_a_replay_prints_every_secret_to_its_only_reader(dealer: Dealer) -> None:
    said = await run(LINES, every_seat=True)
    outputs = [output for _, _, shown in said for output in shown]
    assert all(output.reply.key != "secret.elsewhere" for output in outputs)
    secrets = [output for output in outputs if output.reply.secret_for is not None]
    assert [output.reply for output in secrets] == dealer.dealt
    for output in secrets:
        data = output.as_json()
        assert data["private"] is True and data["to"] == output.reply.to
        assert data["kind"] == "hand" and data["params"]["cards"] in data["text"]
        assert output.only_for == f"（{output.reply.to}だけに見える返信）"
    # Every other reply is public, and says so.
    public = [output for output in outputs if output.reply.secret_for is None]
    assert public and all(o.as_json()["private"] is False and not o.only_for for o in public)
    blocks = [Block(n, line, [o.as_json() for o in shown]) for n, line, shown in said]
    text = format_blocks(blocks)
    marked = [row for row in text.splitlines() if '"private": true' in row]
    assert len(marked) == 4 and all('"key": "test.hand"' in row for row in marked)
    assert format_blocks(parse_golden(text)) == text
