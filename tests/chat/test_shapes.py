"""The checked shapes of reply params (bot/words/shapes.py): every key a writer handles has
one, the replies the village really sent fit theirs, and a reply that does not fit is a bug
told where it is made (raised under the tests, logged in a running village), and falls
back to the "unknown" text where it is rendered."""

from __future__ import annotations

import functools
import json
import logging

import pytest

from bot.chat import catalog_ja
from bot.chat.render import _WRITERS, _writers, made, render, reply_shapes
from bot.games.registry import DEFAULT
from bot.words import shapes
from bot.words.reply import SECRET_PARAMS, Reply, ReplyKind, reply_data
from bot.words.shapes import ShapeError, check
from tests.console.golden import TRANSCRIPTS_DIR, golden_replies

UNKNOWN = catalog_ja.TEXTS["unknown"]


@functools.cache
def golden() -> tuple[Reply, ...]:
    """Every reply the transcripts' replays sent, as their `.out` files keep them (which
    tests/console/test_transcripts.py holds to what a replay prints)."""
    return tuple(
        reply
        for path in sorted(TRANSCRIPTS_DIR.glob("*.txt"))
        for _, reply, _ in golden_replies(path.stem)
    )


def a_throw(**params: object) -> Reply:
    throw = next(reply for reply in golden() if reply.key == "greed.throw")
    return Reply(ReplyKind.THROW, "greed.throw", {**throw.params, **params}, to="alice")


def test_every_key_a_writer_handles_has_a_shape_and_every_shape_a_writer() -> None:
    # The village's own, the tables', each game's and those made from the registry (the
    # help, a day's opening and close, the settings, a village's creation).
    written = {*_WRITERS, *DEFAULT.derived(_writers)}
    assert sorted(written - set(reply_shapes())) == []
    assert sorted(set(reply_shapes()) - written) == []


def test_every_reply_the_transcripts_sent_fits_its_shape() -> None:
    replies = golden()
    assert len({reply.key for reply in replies}) > 150  # most keys, from every game
    misfits = [f"{r.key}: {why}" for r in replies if (why := check(r, reply_shapes()))]
    assert misfits == []


@pytest.mark.parametrize("key", sorted(reply_shapes()))
def test_every_shape_takes_the_names_of_a_secrets_params(key: str) -> None:
    shape = reply_shapes()[key]
    fields = shape.model_fields
    assert fields[SECRET_PARAMS].annotation is not None
    assert not fields[SECRET_PARAMS].is_required()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("turn", True),  # a bool is no count
        ("turn", "2"),  # nor is a number in a string
        ("turn", 2.0),
        ("turn", float("inf")),
        ("turn", None),
        ("faces", "D G"),
        ("options", [{"points": 100, "next": "5", "dice": ["D"]}]),
    ],
)
def test_a_throw_whose_params_do_not_fit_is_told_apart(name: str, value: object) -> None:
    assert check(a_throw(), reply_shapes()) is None
    assert check(a_throw(**{name: value}), reply_shapes()) is not None


def test_a_reply_made_with_params_that_do_not_fit_raises_under_the_tests() -> None:
    assert shapes.STRICT  # tests/conftest.py
    with pytest.raises(ShapeError, match=r"'greed\.throw'"):
        made(a_throw(turn="2"))
    with pytest.raises(ShapeError, match="'day_opened'"):
        made(Reply(ReplyKind.DAY_OPENED, "day_opened", {"day": 2}))


def test_a_running_village_logs_a_reply_that_does_not_fit_and_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(shapes, "STRICT", False)
    broken = a_throw(lap=None)
    with caplog.at_level(logging.ERROR):
        assert made(broken) is broken
        shown = render(broken, "ja")
    assert shown == UNKNOWN.format(key="greed.throw")
    messages = [r.getMessage() for r in caplog.records]
    assert messages[0].startswith("reply 'greed.throw' made with params that do not fit its shape")
    assert messages[1:] == ["cannot render reply 'greed.throw'"]


def test_a_reply_that_fits_is_made_and_kept_as_it_was() -> None:
    # The shape reads the params, never writes them: the outbox keeps and a replay prints
    # exactly the data the village made, defaults and all left out.
    for reply in golden():
        before = json.dumps(reply_data(reply), sort_keys=True)
        assert made(reply) is reply
        render(reply, "en")
        assert json.dumps(reply_data(reply), sort_keys=True) == before


def test_a_key_no_writer_handles_is_not_checked() -> None:
    odd = Reply(ReplyKind.INFO, "no.such.key", {"turn": "x"})
    assert check(odd, reply_shapes()) is None
    assert made(odd) is odd
    assert render(odd, "ja") == UNKNOWN.format(key="no.such.key")


def test_a_day_closed_refusal_has_no_params_but_a_close_names_its_day() -> None:
    refusal = Reply(ReplyKind.REFUSED, "day_closed", {}, to="alice", private=True)
    assert check(refusal, reply_shapes()) is None
    close = Reply(ReplyKind.DAY_CLOSED, "day_closed", {"reason": "schedule", "unfinished": []})
    assert check(close, reply_shapes()) is not None


def test_a_greed_reply_kept_under_its_former_key_is_still_written() -> None:
    """A reply kept in the outbox before Greed's keys took its name is posted after the
    upgrade: it is written as under its key now, not as "no text for the reply"."""
    for now, former in (("greed.throw", "throw"), ("greed.illegal_count", "illegal_count")):
        kept = next(reply for reply in golden() if reply.key == now)
        old = Reply(kept.kind, former, kept.params, to=kept.to, state=kept.state)
        for locale in ("ja", "en"):
            assert render(old, locale) == render(kept, locale) != UNKNOWN.format(key=former)
    tags = Reply(ReplyKind.REFUSED, "message_too_many_tags", {"tags": 7}, to="alice")
    assert render(tags, "ja") != UNKNOWN.format(key="message_too_many_tags")
