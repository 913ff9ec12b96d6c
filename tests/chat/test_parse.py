"""What a typed message means: throws, Turn Ends, commands, refusals and chatter."""

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.chat.parse import (
    MAX_LENGTH,
    TOO_LONG,
    Chatter,
    CommandRequest,
    GamePlay,
    Parsed,
    Unplayable,
    parse_message,
)
from bot.games.api import Play, Unreadable
from bot.games.greed import EndTurn
from bot.games.greed.grammar import TAGS_AND_TURN_END, TOO_MANY_TAGS
from bot.games.greed.moves import ThrowDice

TAG = "[[greed]]"


def throws(dice: int) -> GamePlay:
    """What a message that throws `dice` dice parses to."""
    return GamePlay("greed", Play((ThrowDice(dice),), tagged=True, tags=dice))


def turn_end() -> GamePlay:
    return GamePlay("greed", Play((EndTurn(),), tagged=False))


def refused(reason: str, tags: int) -> GamePlay:
    """Greed tags that throw nothing: too many, or with a Turn End."""
    return GamePlay("greed", Unreadable(reason, tagged=True, tags=tags))


def thrown(parsed: Parsed) -> int | None:
    """The dice a parsed message throws, if it throws."""
    if isinstance(parsed, GamePlay) and isinstance(parsed.reading, Play):
        (move,) = parsed.reading.moves
        if isinstance(move, ThrowDice):
            return move.dice
    return None


# -- throws ----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(1, 7))
def test_each_tag_throws_one_die(count: int) -> None:
    assert parse_message(TAG * count) == throws(count)


@pytest.mark.parametrize("count", range(1, 7))
def test_tags_separated_by_text_and_lines_are_all_counted(count: int) -> None:
    assert parse_message("\n".join(f"go {TAG} go" for _ in range(count))) == throws(count)


@pytest.mark.parametrize("count", [7, 8, 12])
def test_more_than_six_tags_are_refused(count: int) -> None:
    assert parse_message(TAG * count) == refused(TOO_MANY_TAGS, count)


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("［［ｇｒｅｅｄ］］", 1),
        ("[[ＧＲＥＥＤ]]", 1),
        ("［［ｇｒｅｅｄ］］［［ｇｒｅｅｄ］］[[greed]]", 3),
        ("﹇﹇greed﹈﹈", 1),
        ("[[GREED]]", 1),
        ("[[Greed]][[gReEd]]", 2),
        ("[[ greed ]]", 1),
        ("[[   greed]]", 1),
        ("[[\tgreed\n]]", 1),
        ("[[　greed　]]", 1),  # ideographic spaces
        ("[[greed]] let's go", 1),
        ("[[greed]] steak", 1),
        ("here we go [[greed]][[greed]]!", 2),
        ("[[greed]]、お願いします", 1),
        ("[[[greed]]]", 1),
        ("[[greed]] côte", 1),
        ("[[greed]] return ended", 1),
        ("[[greed]] 🎲🎲", 1),
    ],
)
def test_tags_are_matched_loosely(text: str, dice: int) -> None:
    assert parse_message(text) == throws(dice)


@pytest.mark.parametrize(
    "text",
    ["[ [greed] ]", "[greed]", "[[gree d]]", "[[greedy]]", "[[greed]", "greed", "[[ g r e e d ]]"],
)
def test_near_misses_are_not_tags(text: str) -> None:
    assert parse_message(text) == Chatter()


# -- code and quotes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"`{TAG}`", Chatter()),
        (f"``{TAG}``", Chatter()),
        (f"`` ` {TAG} ``", Chatter()),
        (f"`{TAG}` {TAG}", throws(1)),
        (f"type `{TAG}{TAG}` to throw two", Chatter()),
        (f"```{TAG}```", Chatter()),
        (f"```\n{TAG}\n```", Chatter()),
        (f"```md\n{TAG}\n{TAG}\n```\n{TAG}", throws(1)),
        (f"```\n{TAG}", Chatter()),
        (f"{TAG}\n```\n{TAG}{TAG}", throws(1)),
        (f"> {TAG}", Chatter()),
        (f">{TAG}", Chatter()),
        (f"   > {TAG}", Chatter()),
        (f"＞ {TAG}", Chatter()),
        (f"> {TAG}\n{TAG}{TAG}", throws(2)),
        (f"> {TAG}{TAG}{TAG}{TAG}{TAG}{TAG}{TAG}\n{TAG}", throws(1)),
        (f">>> {TAG}", Chatter()),
        (f"{TAG}\n>>> {TAG}\n{TAG}\n{TAG}", throws(1)),
        (f"> ```\n{TAG}\n``` {TAG}", Chatter()),
        ("[[gr`x`eed]]", Chatter()),
        (f"`a` {TAG} `b`", throws(1)),
        (f"a ` lone backtick {TAG}", throws(1)),
    ],
)
def test_code_and_quoted_text_never_throw(text: str, expected: object) -> None:
    assert parse_message(text) == expected


# -- zero-width characters -------------------------------------------------------------------


@pytest.mark.parametrize("zero_width", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
def test_zero_width_characters_cannot_hide_a_tag(zero_width: str) -> None:
    assert parse_message(f"[{zero_width}[gre{zero_width}ed]{zero_width}]") == throws(1)


@pytest.mark.parametrize("zero_width", ["\u200b", "\ufeff"])
def test_zero_width_characters_cannot_hide_a_turn_end(zero_width: str) -> None:
    assert parse_message(f"{zero_width}T{zero_width}E{zero_width}") == turn_end()


def test_zero_width_characters_alone_are_chatter() -> None:
    assert parse_message("\u200b\u200c\u200d\u2060\ufeff") == Chatter()


# -- Turn End --------------------------------------------------------------------------------

TURN_END_WORDS = [
    "TE",
    "te",
    "Te",
    "ＴＥ",
    "ターンエンド",
    "ﾀｰﾝｴﾝﾄﾞ",
    "turn end",
    "Turn End",
    "TURN END",
    "turn   end",
    "turn\tend",
    "turnend",
    "ｔｕｒｎ ｅｎｄ",
]
MARKS = ["", "!", "！", "。", ".", "｡", "．", "!!", "！！！", "!。", " !"]


@pytest.mark.parametrize("mark", MARKS)
@pytest.mark.parametrize("word", TURN_END_WORDS)
def test_every_turn_end_spelling_with_every_mark_ends_the_turn(word: str, mark: str) -> None:
    assert parse_message(f"  {word}{mark}\n") == turn_end()


@pytest.mark.parametrize(
    "text",
    [
        "/greed end",
        "/GREED END",
        "/Greed  End",
        "  /greed end  ",
        "／greed end",
        "／ｇｒｅｅｄ　ｅｎｄ",
    ],
)
def test_greed_end_command_is_a_turn_end(text: str) -> None:
    assert parse_message(text) == turn_end()


@pytest.mark.parametrize(
    "text",
    [
        "I will TE later",
        "TE later",
        "te amo",
        "TE?",
        "TEE",
        "ATE",
        "turn ended",
        "ターンエンドします",
        "`TE`",
        "> TE",
        ">>> TE",
        "```TE```",
        "**TE**",
        "T E",
    ],
)
def test_turn_end_inside_other_text_is_chatter(text: str) -> None:
    assert parse_message(text) == Chatter()


@pytest.mark.parametrize("text", [f"> {TAG}\nTE", f"`{TAG}` TE", f"```\n{TAG}\n```\nTE"])
def test_turn_end_next_to_quoted_or_code_tags_ends_the_turn(text: str) -> None:
    assert parse_message(text) == turn_end()


@pytest.mark.parametrize(
    ("text", "tags"),
    [
        (f"{TAG}{TAG} TE", 2),
        (f"TE\n{TAG}", 1),
        (f"{TAG}TE", 1),
        (f"{TAG} TE!", 1),
        (f"{TAG}\nターンエンド", 1),
        (f"{TAG}ターンエンドします", 1),
        (f"{TAG} turn end", 1),
        (f"I'll TE after this {TAG}", 1),
        (f"次はTEで {TAG}", 1),
        (f"{TAG} /greed end", 1),
        ("［［ｇｒｅｅｄ］］ＴＥ", 1),
        (TAG * 7 + " TE", 7),
    ],
)
def test_tags_with_a_turn_end_are_refused(text: str, tags: int) -> None:
    assert parse_message(text) == refused(TAGS_AND_TURN_END, tags)


def test_quoted_turn_end_does_not_stop_a_throw() -> None:
    assert parse_message(f"> TE\n{TAG}") == throws(1)


# -- commands --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group", "name", "args"),
    [
        ("/greed status", "greed", "status", {}),
        ("/village day next", "village", "day next", {}),
        ("/village   day\textend  ", "village", "day extend", {}),
        ("/VILLAGE Day Next", "village", "day next", {}),
        ("/village create", "village", "create", {}),
        ("/greed", "greed", "", {}),
        (
            "/village config rules:house turns:3",
            "village",
            "config",
            {"rules": "house", "turns": "3"},
        ),
        ("/village config update:21:30", "village", "config", {"update": "21:30"}),
        ("/greed score faces:$ G R Eg Eb D", "greed", "score", {"faces": "$ G R Eg Eb D"}),
        (
            "/greed rollback player:<@123456> turn:2 reason:he posted twice by mistake",
            "greed",
            "rollback",
            {"player": "<@123456>", "turn": "2", "reason": "he posted twice by mistake"},
        ),
        (
            "/greed rollback reason:posted   twice  player:<@!42> turn:2",
            "greed",
            "rollback",
            {"reason": "posted   twice", "player": "<@!42>", "turn": "2"},
        ),
        ("/greed status player:Alice Smith", "greed", "status", {"player": "Alice Smith"}),
        ("/greed log day:1 day:2", "greed", "log", {"day": "2"}),
        ("/greed log DAY:1 Player:Bob", "greed", "log", {"day": "1", "player": "Bob"}),
        ("/greed log day:", "greed", "log", {"day": ""}),
        ("/greed end player:<@1>", "greed", "end", {"player": "<@1>"}),
        ("/greed end now", "greed", "end now", {}),
        (
            "/greed rollback reason:see https://example.com/a?b=c turn:1",
            "greed",
            "rollback",
            {"reason": "see https://example.com/a?b=c", "turn": "1"},
        ),
        (
            "/greed rollback reason: https://example.com/x",
            "greed",
            "rollback",
            {"reason": "https://example.com/x"},
        ),
        (
            "/greed rollback reason:line one\nline two",
            "greed",
            "rollback",
            {"reason": "line one\nline two"},
        ),
        ("/greed status player:Ｂｏｂ", "greed", "status", {"player": "Bob"}),
        ("／village standings", "village", "standings", {}),
        ("/foo bar baz:qux", "foo", "bar", {"baz": "qux"}),
        ("/greed snake_case_key:1", "greed", "", {"snake_case_key": "1"}),
    ],
)
def test_commands_are_split_into_group_name_and_arguments(
    text: str, group: str, name: str, args: dict[str, str]
) -> None:
    parsed = parse_message(text)
    assert isinstance(parsed, CommandRequest)
    assert (parsed.group, parsed.name, parsed.args) == (group, name, args)


def test_command_raw_is_the_normalised_stripped_text() -> None:
    parsed = parse_message("  ／greed status player:Ｂｏｂ\u200b  ")
    assert parsed == CommandRequest(
        "greed", "status", {"player": "Bob"}, "/greed status player:Bob"
    )


def test_command_requests_can_be_hashed() -> None:
    assert len({parse_message("/greed odds"), parse_message("/greed odds")}) == 1


def test_tags_in_a_command_do_not_throw() -> None:
    assert isinstance(parse_message(f"/greed status {TAG}"), CommandRequest)


@pytest.mark.parametrize("text", ["/", "/ ", " / ", "/ greed status", "/\n"])
def test_a_slash_without_a_group_is_chatter(text: str) -> None:
    assert parse_message(text) == Chatter()


# -- limits and odd input --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", [TAG * 223, "x" * (MAX_LENGTH + 1), "/greed status " + "a" * MAX_LENGTH, "TE" * 1001]
)
def test_over_long_messages_are_refused(text: str) -> None:
    assert parse_message(text) == Unplayable(TOO_LONG)


def test_a_message_at_the_length_limit_is_parsed() -> None:
    assert parse_message(TAG + " " * (MAX_LENGTH - len(TAG))) == throws(1)


@pytest.mark.parametrize("text", ["", " ", "\n\n", "\t ", "　", "hello", "こんにちは"])
def test_empty_and_ordinary_messages_are_chatter(text: str) -> None:
    assert parse_message(text) == Chatter()


@pytest.mark.parametrize(
    "text",
    [
        "👨\u200d👩\u200d👧 [[greed]]",
        "🏳️\u200d🌈",
        "e\u0301\u0301\u0301 TE",
        "T\u0301E",
        "\u202e[[greed]]\u202c",
        "\u200f\u200e TE",
        "مرحبا [[greed]]",
        "﷽" * 200,
        "\x00\x01\x7f",
        "\ud800",
        "𝕋𝔼",
        "`" * 50,
        ">" * 50,
        "[" * 1000,
    ],
)
def test_emoji_and_odd_unicode_do_not_crash(text: str) -> None:
    assert_agrees_with_its_tags(text)


def test_mathematical_letters_normalise_to_a_turn_end() -> None:
    assert parse_message("𝕋𝔼") == turn_end()


# -- properties ------------------------------------------------------------------------------

MARKDOWN_PIECES = st.sampled_from(
    [
        TAG,
        "[[",
        "]]",
        "greed",
        "`",
        "``",
        "```",
        ">",
        ">>> ",
        "\n",
        " ",
        "TE",
        "!",
        "/",
        ":",
        "key:",
        "https://",
        "ターンエンド",
        "\u200b",
        "［",
        "x",
    ]
)
TEXTS = st.one_of(st.text(), st.lists(MARKDOWN_PIECES, max_size=60).map("".join))


def flat(text: str) -> str:
    """`text` as the parser reads its characters: NFKC, zero-width characters dropped."""
    text = unicodedata.normalize("NFKC", text)
    for invisible in "\u200b\u200c\u200d\u2060\ufeff":
        text = text.replace(invisible, "")
    return text


def shown_tags(text: str) -> int:
    """The tags written anywhere in `text`, quoted or in code too."""
    return len(re.findall(r"\[\[\s*greed\s*\]\]", flat(text), re.IGNORECASE))


def assert_agrees_with_its_tags(text: str) -> None:
    """What a message parses to never claims more tags than it has, throws 1 to 6 dice
    only, and is a command only when it starts with a slash."""
    parsed = parse_message(text)
    written = shown_tags(text)
    dice = thrown(parsed)
    if dice is not None:
        assert 1 <= dice <= min(written, 6)
    elif isinstance(parsed, Unplayable):
        assert parsed.reason == TOO_LONG and len(text) > MAX_LENGTH
    elif isinstance(parsed, CommandRequest):
        assert flat(text).strip().startswith("/")
    elif isinstance(parsed, GamePlay) and parsed.game == "greed":
        reading = parsed.reading
        if isinstance(reading, Unreadable):
            assert 1 <= reading.tags <= written
            assert reading.reason in (TOO_MANY_TAGS, TAGS_AND_TURN_END)
            assert (reading.reason == TOO_MANY_TAGS) == (reading.tags > 6)
        else:
            assert parsed == turn_end()
    elif isinstance(parsed, GamePlay):
        # No Greed tag: the words of a table game (a Ducks roll tag, `パス`) are read there.
        assert written == 0 and parsed.game == "ducks"
    else:
        assert isinstance(parsed, Chatter)


@given(TEXTS)
@settings(max_examples=400)
def test_any_text_parses_to_a_result_its_tags_allow(text: str) -> None:
    assert_agrees_with_its_tags(text)


@given(TEXTS)
@settings(max_examples=400)
def test_text_without_a_bracket_never_throws(text: str) -> None:
    # Not a plain '[' check: '［' and '﹇' become '[' under NFKC and do throw.
    if "[" not in unicodedata.normalize("NFKC", text):
        assert thrown(parse_message(text)) is None


@given(TEXTS)
@settings(max_examples=400)
def test_quoting_every_line_never_throws(text: str) -> None:
    quoted = "\n".join("> " + line for line in text.split("\n"))
    assert thrown(parse_message(quoted)) is None


def test_a_reason_is_free_text_to_the_end_of_the_command() -> None:
    parsed = parse_message("/greed rollback player:alice turn:2 reason:see above: wrong channel")
    assert isinstance(parsed, CommandRequest)
    assert parsed.args == {"player": "alice", "turn": "2", "reason": "see above: wrong channel"}


@pytest.mark.parametrize("code", ["``````", "`x`", "``x``", "```\nx\n```"])
def test_code_between_the_halves_of_a_tag_makes_no_tag(code: str) -> None:
    # Code is not read, and what is left of it joins nothing: no tag is written here.
    assert isinstance(parse_message(f"[[GREED{code}]]"), Chatter)
    assert isinstance(parse_message(f"[[ducks{code}]]"), Chatter)
    assert thrown(parse_message(f"[[greed]]{code}[[greed]]")) == 2
